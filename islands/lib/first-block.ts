/**
 * What a page draws first from an answer (client-file's whose-turn block, drawn by its inline
 * script: islands/follow-up/turn-frame-inline.ts) is waited for by the page's loader
 * (scripts/after-paint-load.ts, its form for pages with holds): the page leaves, on its global
 * object (`Symbol.for` of this name), a promise settled once that block is on screen, or once
 * the page knows it draws none; the loader links the stylesheet and fetches the page's modules
 * only then, so on a slow network they do not compete with the answer.
 */
export const FIRST_BLOCK = 'portal.firstBlock';

/** The longest the loader waits for the first block after the page is parsed: a slow answer never keeps the rest away. */
export const FIRST_BLOCK_MAX_MS = 1_000;
