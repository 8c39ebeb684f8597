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
const HOLD_MAX_MS = 5_000;

const eventOf = (name: string): string => `portal:released:${name}`;

/** Releases the hold `name`: its islands start now (or after the first paint, if it is still to come). */
export function releaseHold(name: string): void {
  const registry = globalThis as HoldRegistry;
  if (registry[RELEASED] === undefined) registry[RELEASED] = new Set();
  registry[RELEASED].add(name);
  dispatchEvent(new Event(eventOf(name)));
}

/** Runs `then` once the hold `name` is released, or after `maxMs` at the latest. */
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
  setTimeout(once, maxMs);
}
