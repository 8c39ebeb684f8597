/**
 * A page's hold on one of its islands: an island written `client:afterpaint="<name>"` starts after
 * the first paint and once the page has released the hold of that name (`releaseHold`), so that
 * what the page draws first is not slowed by the island's own download. Used by client-file, whose
 * early request draws the file's first block before the island loads (islands/follow-up/early-claim.ts).
 * Imported by the directive, which Astro inlines in the pages: it stays small and imports nothing.
 */

/** The released holds, on the page's global object (a registered symbol: the directive and the islands are built apart). */
const RELEASED = Symbol.for('portal.releasedHolds');

type HoldRegistry = { [RELEASED]?: Set<string> };

/** The longest an island waits for its hold once the page has painted: a page script that failed never keeps it away. */
export const HOLD_MAX_MS = 5_000;

/** The event a released hold sends on the page's global object: this, then its name. */
export const RELEASED_EVENT = 'portal:released:';

const eventOf = (name: string): string => `${RELEASED_EVENT}${name}`;

/** Releases the hold `name`: its islands start now (or after the first paint, if it is still to come). */
export function releaseHold(name: string): void {
  const registry = globalThis as HoldRegistry;
  if (registry[RELEASED] === undefined) registry[RELEASED] = new Set();
  registry[RELEASED].add(name);
  dispatchEvent(new Event(eventOf(name)));
}

/**
 * When the page first painted (what the browser reports, else now), in `performance.now()` time:
 * the bound of a hold counts from there, however late its island's directive runs (Astro's island
 * script comes after the first paint, on client-file once the holds are released or timed out).
 */
function firstPaintTime(): number {
  return performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now();
}

/** Runs `then` once the hold `name` is released, or `maxMs` after the first paint at the latest. */
export function afterRelease(name: string, then: () => void, maxMs = HOLD_MAX_MS): void {
  if ((globalThis as HoldRegistry)[RELEASED]?.has(name)) {
    then();
    return;
  }
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    removeEventListener(eventOf(name), once);
    then();
  };
  addEventListener(eventOf(name), once);
  setTimeout(once, Math.max(0, firstPaintTime() + maxMs - performance.now()));
}

/**
 * The holds of this page's islands: the value of each `client:afterpaint="<name>"`, read from the
 * options Astro writes on the island as its own script reads them.
 */
function holdsOfPage(): string[] {
  return [...document.querySelectorAll('astro-island[client="afterpaint"]')].flatMap((island) => {
    try {
      const { value } = JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown };
      return typeof value === 'string' && value !== '' ? [value] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Runs `then` once every hold of the page's islands is released (each after `HOLD_MAX_MS` at the
 * latest), at once on a page without any: the page's background work (the live report, the
 * service worker) then never competes with what the page draws first.
 */
export function afterPageHolds(then: () => void): void {
  const holds = holdsOfPage();
  let waiting = holds.length;
  if (waiting === 0) then();
  for (const name of holds)
    afterRelease(name, () => {
      waiting -= 1;
      if (waiting === 0) then();
    });
}
