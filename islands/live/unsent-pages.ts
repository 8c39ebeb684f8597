import { UNSENT_PAGE_MAX_AGE_MS } from '../../contracts/live-report.ts';

/**
 * The pages this tab showed but left before the server confirmed their live report (a step that
 * moves on by itself, a slow phone, a page left before it was idle or just as its report went, no
 * network): each is kept in sessionStorage when the page is hidden, and the tab's next page that
 * connects sends them, oldest first, before its own (live-client.ts). Without them the live view
 * and the funnel would miss the visitor's quickest pages: a report sent as the page closes its
 * socket may never be handled. One the server did take is sent again then, at the time it was
 * shown, and counted once (REVISIT_MS). Only the path and when it was shown are kept.
 *
 * Part of the loader every page carries (site/scripts/live.ts), which hands `unsentPages` to the
 * live client: imported by the loader alone, it stays in the loader's file.
 */

const UNSENT_KEY = 'portal.live.unsent';
/** The most pages kept: a socket may send a burst of 30 events (server/live/socket.ts). */
const MAX_UNSENT_PAGES = 10;

interface UnsentPage {
  page: string;
  /** When the page was shown (ms since the epoch, this device's clock). */
  at: number;
}

/** Whether the server confirmed this page's report since it was last shown. */
let reported = false;
/** Pages of earlier pages taken from the store and sent, until the server confirms this page's report. */
let taken: UnsentPage[] = [];
/**
 * When this page was shown: when the loader ran, or its return from the back-forward cache. Not
 * the navigation's start: the page before may still report itself after that (its socket opens
 * while this page loads), and the history must list it first.
 */
let shownAt = Date.now();

function readUnsent(): UnsentPage[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(UNSENT_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is UnsentPage =>
            typeof entry?.page === 'string' && typeof entry?.at === 'number' && Number.isFinite(entry.at),
        )
      : [];
  } catch {
    return [];
  }
}

function writeUnsent(pages: UnsentPage[]): void {
  try {
    if (pages.length === 0) sessionStorage.removeItem(UNSENT_KEY);
    else sessionStorage.setItem(UNSENT_KEY, JSON.stringify(pages.slice(-MAX_UNSENT_PAGES)));
  } catch {
    // No storage: a page left before it connected stays unreported.
  }
}

/** The server confirmed this page's report, and with it the pages sent before it. */
function markPageReported(): void {
  reported = true;
  taken = [];
}

/** This page is shown again from the back-forward cache: a new visit, not reported yet. */
export function markPageShownAgain(): void {
  reported = false;
  shownAt = Date.now();
}

/** Whether the server confirmed this page's report since it was last shown. */
function isPageReported(): boolean {
  return reported;
}

/**
 * The page is being left: kept for the next page, with the earlier pages it sent, unless the
 * server confirmed them.
 */
export function keepPageIfUnreported(page: string): void {
  if (reported) return;
  writeUnsent([...taken, ...readUnsent(), { page, at: shownAt }]);
  taken = [];
}

/** How long ago, in milliseconds, `at` was: undefined past what the server accepts. */
function msAgo(at: number, now: number): number | undefined {
  const ago = Math.max(0, Math.round(now - at));
  return ago <= UNSENT_PAGE_MAX_AGE_MS ? ago : undefined;
}

/**
 * The pages kept by the tab's earlier pages (and those this page sent without a confirmation
 * yet), oldest first, with how long ago each was shown; they leave the store. Pages older than
 * the server accepts are dropped.
 */
function takeUnsentPages(now = Date.now()): { page: string; seenMsAgo: number }[] {
  const stored = readUnsent();
  if (stored.length > 0) writeUnsent([]);
  taken = [...taken, ...stored];
  return taken.flatMap(({ page, at }) => {
    const seenMsAgo = msAgo(at, now);
    return seenMsAgo === undefined ? [] : [{ page, seenMsAgo }];
  });
}

/** What the live client reads and marks of this page's report (startLiveClient's `unsent`). */
export interface UnsentPages {
  isPageReported(): boolean;
  markPageReported(): void;
  takeUnsentPages(): { page: string; seenMsAgo: number }[];
  /** How long ago this page was shown, in milliseconds (undefined past what the server accepts). */
  pageSeenMsAgo(): number | undefined;
}

export const unsentPages: UnsentPages = {
  isPageReported,
  markPageReported,
  takeUnsentPages: () => takeUnsentPages(),
  pageSeenMsAgo: () => msAgo(shownAt, Date.now()),
};
