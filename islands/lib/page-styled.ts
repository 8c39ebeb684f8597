/**
 * The customer pages load their whole stylesheet and their own scripts once the first paint is
 * reported (`scripts/after-paint-load.ts`). The page's loader leaves, under this name, a promise
 * that settles once that stylesheet has loaded (or failed to).
 */
export const PAGE_STYLED = 'portal.pageStyled';

/**
 * Settles once the page's whole stylesheet has arrived, so that what an island draws beyond the
 * first screen is styled; at once on a page without the loader (the back office, `astro dev`).
 * Inlined in the pages by the directives that use it: it stays small and imports nothing.
 */
export function whenPageStyled(): Promise<unknown> {
  const styled = (window as unknown as Record<symbol, Promise<unknown> | undefined>)[Symbol.for(PAGE_STYLED)];
  return styled ?? Promise.resolve();
}
