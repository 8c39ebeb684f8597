import { nextTask } from './next-task.ts';

/**
 * An island's modules (its `data-modules`: its component, its renderer and everything they import
 * statically, listed by `scripts/modulepreload.ts` in the order a browser discovers them), fetched
 * side by side, then run one by one, the last discovered (imported by the others) first.
 *
 * Inlined in the pages by the directives that use it: it stays small and imports nothing.
 */
const modulesOf = (element: HTMLElement): string[] =>
  (element.dataset['modules'] ?? '').split(' ').filter(Boolean).reverse();

/**
 * Preload links added per task, here and by the page's loader (`scripts/after-paint-load.ts`): on a
 * slow phone (Lighthouse's 4× slowdown) each costs 3 to 10 ms of main thread as it is added, so the
 * twenty-odd of an island added at once would make one long task, and even six in a task came
 * near the 50 ms that make a task long.
 */
export const PRELOADS_PER_TASK = 3;

/**
 * Fetches the island's modules side by side, without running them, so that hydrating waits for no
 * chain of round trips; a module the page already preloads is skipped. `PRELOADS_PER_TASK` links
 * per task.
 */
export function preloadIslandModules(element: HTMLElement): void {
  const urls = modulesOf(element);
  const addSome = (): void => {
    for (const href of urls.splice(0, PRELOADS_PER_TASK))
      if (!document.head.querySelector(`link[href="${CSS.escape(href)}"]`))
        document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    if (urls.length > 0) setTimeout(addSome, 0);
  };
  addSome();
}

/**
 * Runs the island's modules, each in a task of its own: a module graph imported at once is run in
 * one task, over 100 ms on a slow phone, which blocks a press. Astro's `load()` then finds them all
 * run. Settles when done or at the first module that fails, which `load()` then reports as Astro does.
 */
export function runIslandModules(element: HTMLElement): Promise<unknown> {
  return modulesOf(element)
    .reduce<Promise<unknown>>(
      (previous, url) => previous.then(() => import(/* @vite-ignore */ url)).then(nextTask),
      Promise.resolve(),
    )
    .catch(() => undefined);
}
