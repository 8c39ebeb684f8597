import { atom } from 'nanostores';

/**
 * Between client-file and the page's live socket, which load apart: the island
 * says which claim it shows and when it read it, and is told when to read it again; the live client (live-client.ts,
 * loaded once the page is idle) follows that claim over the socket the page already opens. Free
 * of socket.io, so the island carries a few hundred bytes for it.
 */

/** The claim a page follows: the number and last name it opened it with (what GET sinistres takes). */
export interface WatchedClaim {
  numero: string;
  nom: string;
}

/** The claim client-file shows, or null on other pages. */
export const $watchedClaim = atom<WatchedClaim | null>(null);

/** Whether the socket follows the watched claim now (the server accepted `followClaim`). */
export const $followingLive = atom(false);

/** What the page that shows the claim tells the live client. */
export interface ClaimWatcher {
  /** Reads the claim again (without a spinner; a failure keeps what is shown). */
  readAgain(): void;
  /** When the page last read the claim (ms since 1970, this browser's clock). */
  readAt(): number;
}
const watchers = new Set<ClaimWatcher>();

/**
 * Client-file follows `claim`: the live client follows it over the socket, and the watcher reads
 * it again whenever it may have changed. Returns the stop.
 */
export function watchClaim(claim: WatchedClaim, watcher: ClaimWatcher): () => void {
  const current = $watchedClaim.get();
  if (current?.numero !== claim.numero || current.nom !== claim.nom) $watchedClaim.set(claim);
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
    if (watchers.size === 0) $watchedClaim.set(null);
  };
}

/** How long ago the page read the watched claim (the oldest read, if several watch it), in ms. */
export function msSinceClaimRead(now: number = Date.now()): number {
  const oldest = Math.min(...[...watchers].map((watcher) => watcher.readAt()));
  return Number.isFinite(oldest) ? Math.max(0, Math.round(now - oldest)) : 0;
}

/** The live client heard that the watched claim changed: read it again. */
export function claimMayHaveChanged(): void {
  for (const watcher of watchers) watcher.readAgain();
}
