/**
 * How long ago a page a tab left before it could report it may have been seen: such a page is
 * sent by the tab's next page that connects (islands/live/unsent-pages.ts) with `seenMsAgo`
 * (contracts/socket-events.ts `addHistoryPages`); older ones are dropped. Kept apart from the
 * schemas so that the loader every page carries does not bring zod.
 */
export const UNSENT_PAGE_MAX_AGE_MS = 30 * 60_000;

/**
 * The same page reported twice within this many milliseconds is one visit: a socket that
 * reconnects reports its page again, and a page left before the server confirmed it is sent again
 * by the next page, recorded at nearly the same time (when it was shown).
 */
export const REVISIT_MS = 2_000;
