/**
 * How long ago a page a tab left before it could report it may have been seen: such a page is
 * sent by the tab's next page that connects (islands/live/unsent-pages.ts) with `seenMsAgo`
 * (contracts/socket-events.ts `addHistoryPages`); older ones are dropped. Kept apart from the
 * schemas so that the loader every page carries does not bring zod.
 */
export const UNSENT_PAGE_MAX_AGE_MS = 30 * 60_000;
