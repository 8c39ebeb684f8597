import { atom } from 'nanostores';

/**
 * Between client-file and the page's live socket (issue 20 item 2), which load apart: the island
 * says which claim it shows and is told when to read it again; the live client (live-client.ts,
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

type ClaimReader = () => void;
const readers = new Set<ClaimReader>();

/**
 * Client-file follows `claim`: the live client follows it over the socket, and `readAgain` runs
 * whenever the claim may have changed (a staff change, a new connection). Returns the stop.
 */
export function watchClaim(claim: WatchedClaim, readAgain: ClaimReader): () => void {
  const current = $watchedClaim.get();
  if (current?.numero !== claim.numero || current.nom !== claim.nom) $watchedClaim.set(claim);
  readers.add(readAgain);
  return () => {
    readers.delete(readAgain);
    if (readers.size === 0) $watchedClaim.set(null);
  };
}

/** The live client heard that the watched claim changed, or may have missed it (a reconnection): read it again. */
export function claimMayHaveChanged(): void {
  for (const read of readers) read();
}
