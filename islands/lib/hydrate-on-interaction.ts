import type { ClientDirective } from 'astro';
import { preloadIslandModules, runIslandModules } from './island-modules.ts';
import { nextTask } from './next-task.ts';
import { whenPageStyled } from './page-styled.ts';
import { takeOverWatch, watchTypingBeforeDirective } from './typed-before-hydration.ts';

/**
 * `client:interaction`: an island's JavaScript is fetched and run when the visitor first reaches
 * for it (a press, a touch, a key, the focus inside it) or once the page has loaded, its whole
 * stylesheet has arrived (after the first paint) and the browser is idle, whichever comes first.
 * The server-rendered island paints with the page and takes typing from the start; nothing of the
 * island competes with the first paint on a slow phone. What is typed, ticked or sent meanwhile is
 * recorded (`typed-before-hydration.ts`) and replayed by the island when it runs.
 *
 * `client:interaction="key key…"`: an island whose only work at load is to read those storage keys
 * (what this tab typed, the claim the visitor follows) and the address's query or fragment (a
 * link's parameters) starts when idle only if one of the keys is there or the address has a query
 * or a fragment; otherwise (and with `""`, for the keys) its modules are fetched when idle and it
 * runs at the first touch. Its first render (a long task on a slow phone) then never competes with
 * a page nobody touched. The keys are the value's words: each byte counts in the first 14 KB.
 *
 * Astro inlines this in the pages that use it: it stays small and imports no framework.
 */

/** What the visitor does first when they reach for a form. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The longest wait for the browser to be idle after the load (then the island runs anyway). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Whether the address carries parameters, or this browser holds one of `keys`, in this tab's
 * storage or its own (refused storage holds nothing).
 */
function somethingAtLoad(keys: readonly string[]): boolean {
  if (window.location.search !== '' || window.location.hash !== '') return true;
  try {
    return keys.some((key) => localStorage.getItem(key) !== null || sessionStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/** The islands of this directive, as Astro writes them. */
const ISLANDS = 'astro-island[client="interaction"]';

// From the page's parse on (Astro inlines this before the first island): the island script that
// calls the directive below arrives after the first paint.
watchTypingBeforeDirective(ISLANDS, INTERACTIONS);

const hydrateOnInteraction: ClientDirective = (load, options, element) => {
  /** The localStorage or sessionStorage keys that give the island something to do at load (all, if none is named). */
  const startsWhenStored = typeof options.value === 'string' ? options.value.split(' ').filter(Boolean) : undefined;
  let started = false;
  const { reached } = takeOverWatch(element);
  const start = (): void => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) element.removeEventListener(type, start, true);
    preloadIslandModules(element);
    // Once the page's whole stylesheet is there too: what the form draws next (errors, steps) is styled.
    // Its modules run one per task (`runIslandModules`), its first render in a task after them.
    void runIslandModules(element)
      .then(() => Promise.all([load(), whenPageStyled()]))
      .then(([hydrate]) => nextTask().then(hydrate))
      // Astro reports a failed island itself. A submit stays held: sent natively, the form would
      // put what was typed in the address of a page that cannot use it.
      .catch(() => undefined);
  };
  // The visitor reached for the island before Astro's island script arrived: it starts now.
  if (reached) {
    start();
    return;
  }
  for (const type of INTERACTIONS) element.addEventListener(type, start, { capture: true, passive: true });
  const whenIdle = (): void => {
    preloadIslandModules(element);
    if (startsWhenStored !== undefined && !somethingAtLoad(startsWhenStored)) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(start, 200);
  };
  // After the load and the page's own stylesheet (linked once the first paint is reported): on a
  // fast connection the load can come before the first paint, and nothing of the island may.
  const afterLoad = (): void => void whenPageStyled().then(whenIdle);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
};

export default hydrateOnInteraction;
