/**
 * The pages this tab showed but left before the server confirmed their live report (a step that
 * moves on by itself, a slow phone, a page left before it was idle or just as its report went, no
 * network): each is kept in sessionStorage when the page is hidden, and the tab's next page that
 * connects sends them, oldest first, before its own (live-client.ts, resend-pages.ts). Without
 * them the live view and the funnel would miss the visitor's quickest pages: a report sent as the
 * page closes its socket may never be handled. One the server did take is sent again then, at the
 * time it was shown, and counted once (REVISIT_MS). Only the path and when it was shown are kept.
 *
 * Part of the loader every page carries (site/scripts/live.ts), so it holds only what must run
 * from the first moment: keeping the page when it is hidden. Reading the kept pages back comes
 * with the live client, once the page is idle. Imported by the loader alone, it stays in the
 * loader's file.
 */

/** A page kept for the tab's next page. */
export interface UnsentPage {
  page: string;
  /** When the page was shown (ms since the epoch, this device's clock). */
  at: number;
}

/** This page's live report, shared by the loader and the live client (startLiveClient's `report`). */
export interface PageReport {
  /** The sessionStorage key of the pages kept for the tab's next page. */
  readonly key: string;
  /** The most pages kept: a socket may send a burst of 30 events (server/live/socket.ts). */
  readonly most: number;
  /** Whether the server confirmed this page's report since it was last shown. */
  reported: boolean;
  /** Earlier pages taken from the store and sent, until the server confirms this page's report. */
  taken: UnsentPage[];
  /**
   * When this page was shown: when the loader ran, or its return from the back-forward cache.
   * Not the navigation's start: the page before may still report itself after that (its socket
   * opens while this page loads), and the history must list it first.
   */
  shownAt: number;
}

export const pageReport: PageReport = {
  key: 'portal.live.unsent',
  most: 10,
  reported: false,
  taken: [],
  shownAt: Date.now(),
};

/** This page is shown again from the back-forward cache: a new visit, not reported yet. */
export function markPageShownAgain(): void {
  pageReport.reported = false;
  pageReport.shownAt = Date.now();
}

/**
 * The page is being left: kept for the next page, with the earlier pages it sent, unless the
 * server confirmed them. What the store held is checked when it is read (resend-pages.ts).
 */
export function keepPageIfUnreported(page: string): void {
  if (pageReport.reported) return;
  const { key, most, taken, shownAt } = pageReport;
  pageReport.taken = [];
  try {
    let stored: unknown = [];
    try {
      stored = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    } catch {
      // Not ours: replaced.
    }
    const kept = [...taken, ...(Array.isArray(stored) ? stored : []), { page, at: shownAt }];
    sessionStorage.setItem(key, JSON.stringify(kept.slice(-most)));
  } catch {
    // No storage: a page left before it connected stays unreported.
  }
}
