import { UNSENT_PAGE_MAX_AGE_MS } from '../../contracts/live-report.ts';
import type { PageReport, UnsentPage } from './unsent-pages.ts';

/**
 * The live client's side of the pages kept by the tab's earlier pages (unsent-pages.ts, in the
 * loader): read back, checked and sent when the socket connects.
 */

function readUnsent(key: string): UnsentPage[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
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

/** How long ago, in milliseconds, `at` was: undefined past what the server accepts. */
export function msAgo(at: number, now = Date.now()): number | undefined {
  const ago = Math.max(0, Math.round(now - at));
  return ago <= UNSENT_PAGE_MAX_AGE_MS ? ago : undefined;
}

/**
 * The pages kept by the tab's earlier pages (and those this page sent without a confirmation
 * yet), oldest first, with how long ago each was shown; they leave the store. Pages older than
 * the server accepts are dropped.
 */
export function takeUnsentPages(report: PageReport, now = Date.now()): { page: string; seenMsAgo: number }[] {
  const stored = readUnsent(report.key);
  if (stored.length > 0) {
    try {
      sessionStorage.removeItem(report.key);
    } catch {
      // No storage: nothing was read either.
    }
  }
  report.taken = [...report.taken, ...stored];
  return report.taken.flatMap(({ page, at }) => {
    const seenMsAgo = msAgo(at, now);
    return seenMsAgo === undefined ? [] : [{ page, seenMsAgo }];
  });
}

/** The server confirmed this page's report, and with it the pages sent before it. */
export function markPageReported(report: PageReport): void {
  report.reported = true;
  report.taken = [];
}
