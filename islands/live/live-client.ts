import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SessionSnapshot } from '../../contracts/socket-events.ts';
import { isLanguage } from '../../contracts/languages.ts';
import { STATS_ORIGIN } from '../api/http.ts';
import { CLAIM_DRAFT_KEY } from '../session/claim-draft.store.ts';
import { FOLLOW_UP_KEY } from '../session/follow-up-state.ts';
import {
  $followingLive,
  $watchedClaim,
  claimMayHaveChanged,
  msSinceClaimRead,
  type WatchedClaim,
} from './claim-watch.ts';
import { currentLiveSocketId, rememberLiveSocketId } from './live-id.ts';
import { markPageReported, msAgo, takeUnsentPages } from './resend-pages.ts';
import type { PageReport } from './unsent-pages.ts';

/**
 * The page's live connection (spec 1 §7, spec 3 §3): tells the statistics service which page the
 * visitor sees, with an allow-listed snapshot of the session (brand, language, step,
 * flags; never a name, e-mail, phone or address). Loaded by `site/scripts/live.ts` once the page
 * is idle; a server that does not answer costs the visitor nothing (a few retries, then silence).
 */

/** How often the snapshot is compared with the last one sent (islands change it in this tab). */
const SNAPSHOT_CHECK_MS = 3_000;
/** How long the server may take to answer `followClaim` (it reads the database). */
const FOLLOW_ANSWER_MS = 10_000;
/** Claims already announced by this tab (`newSinistre` once per claim). */
const ANNOUNCED_KEY = 'portal.live.announced';

function readJson(key: string): Record<string, unknown> | null {
  try {
    const text = localStorage.getItem(key);
    const value: unknown = text ? JSON.parse(text) : null;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The allow-listed session snapshot of this page (contracts/socket-events.ts SessionSnapshotSchema). */
function snapshotOf(page: { company: string; lang: string; route: string }): SessionSnapshot {
  const draft = readJson(CLAIM_DRAFT_KEY);
  const followUp = readJson(FOLLOW_UP_KEY);
  const step = /^declare-step([0-5])$/.exec(page.route)?.[1];
  return {
    company: page.company,
    lang: isLanguage(page.lang) ? page.lang : 'fr',
    step: step === undefined ? null : Number(step),
    infosStatus: draft?.['infosStatus'] === 'ok' ? 'ok' : null,
    claimGroupId: typeof draft?.['claimGroup'] === 'number' ? draft['claimGroup'] : null,
    guaranteeType:
      typeof draft?.['guaranteeType'] === 'string' && draft['guaranteeType'] !== ''
        ? draft['guaranteeType'].slice(0, 40)
        : null,
    declaSent: followUp?.['declaSent'] === true,
  };
}

function announcedClaims(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(ANNOUNCED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

export function startLiveClient(options: { company: string; lang: string; route: string; report: PageReport }): void {
  const { report } = options;
  const page = window.location.pathname;
  const where = { company: options.company, lang: options.lang, route: options.route };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(STATS_ORIGIN || undefined, {
    transports: ['websocket'],
    reconnectionAttempts: 5,
    reconnectionDelay: 2_000,
    timeout: 5_000,
  });
  let sent = '';

  socket.on('connect', () => {
    // Pages this tab left before they could report themselves come first, in the order seen.
    const unsent = report.reported ? [] : takeUnsentPages(report);
    // The session's key is its first socket's id: every later page (and reconnection) names it.
    const key = currentLiveSocketId();
    if (key && key !== socket.id) socket.emit('movePage', { id: key, page });
    else if (!key) {
      socket.emit('newconnection', { page: unsent[0]?.page ?? page, navigator: navigator.userAgent.slice(0, 512) });
      if (socket.id) rememberLiveSocketId(socket.id);
    }
    const store = snapshotOf(where);
    sent = JSON.stringify(store);
    // The page is seen once, however often the socket reconnects. Reported until the server
    // confirms it: a page left meanwhile is sent again by the next one (unsent-pages.ts), counted once.
    if (report.reported) socket.emit('updateStore', { store });
    else {
      for (const missed of unsent) socket.emit('addHistoryPages', { ...missed, store });
      const seenMsAgo = msAgo(report.shownAt);
      socket.emit('addHistoryPages', { page, store, ...(seenMsAgo === undefined ? {} : { seenMsAgo }) }, () =>
        markPageReported(report),
      );
    }
    // The claim this tab just declared (the confirmation page shows it).
    const followUp = readJson(FOLLOW_UP_KEY);
    const numero = followUp?.['claimNumber'];
    if (options.route === 'confirmation-sinistre' && followUp?.['declaSent'] === true && typeof numero === 'string') {
      const announced = announcedClaims();
      if (!announced.includes(numero)) {
        socket.emit('newSinistre', { numero });
        try {
          sessionStorage.setItem(ANNOUNCED_KEY, JSON.stringify([...announced, numero].slice(-20)));
        } catch {
          // Announced again on a reload: the server counts it once per record.
        }
      }
    }
  });

  followWatchedClaim(socket);

  window.setInterval(() => {
    if (!socket.connected || document.visibilityState !== 'visible') return;
    const store = snapshotOf(where);
    const text = JSON.stringify(store);
    if (text !== sent) {
      sent = text;
      socket.emit('updateStore', { store });
    }
  }, SNAPSHOT_CHECK_MS);

  // Leaving the page closes the socket at once (the record shows the visitor gone); a page shown
  // again from the back-forward cache is a new visit, reported once its socket is open again.
  window.addEventListener('pagehide', () => socket.close());
  window.addEventListener('pageshow', (event) => {
    // site/scripts/live.ts has marked the page unreported.
    if (event.persisted) socket.connect();
  });
}

/**
 * client-file's claim, followed over this socket: asked at every connection
 * (socket.io forgets a socket's rooms when it reconnects) and whenever the page shows another
 * claim, with how long ago the page read it: the server says whether staff changed it since (the
 * page then reads it again), then sends `claimChanged` at every change. A socket that gave up reconnecting tries again when the
 * page is shown again; the page itself also reads its claim again then (ClientFile.tsx).
 */
function followWatchedClaim(socket: Socket<ServerToClientEvents, ClientToServerEvents>): void {
  const follow = (claim: WatchedClaim | null) => {
    $followingLive.set(false);
    if (!claim || !socket.connected) return;
    socket
      .timeout(FOLLOW_ANSWER_MS)
      .emit(
        'followClaim',
        { numero: claim.numero, nom: claim.nom, readMsAgo: msSinceClaimRead() },
        (error: Error | null, answer) => {
          // Answered for a claim the page has left since: the next request decides.
          if ($watchedClaim.get() !== claim) return;
          const following = error === null && answer?.following === true;
          $followingLive.set(following);
          // Staff changed it between the page's read and now (before it followed, or while the socket was away).
          if (following && answer.changed === true) claimMayHaveChanged();
        },
      );
  };
  socket.on('connect', () => follow($watchedClaim.get()));
  socket.on('disconnect', () => $followingLive.set(false));
  socket.on('claimChanged', () => claimMayHaveChanged());
  $watchedClaim.listen(follow);
  let gaveUp = false;
  socket.io.on('reconnect_failed', () => {
    gaveUp = true;
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !gaveUp || !$watchedClaim.get()) return;
    gaveUp = false;
    socket.connect();
  });
}
