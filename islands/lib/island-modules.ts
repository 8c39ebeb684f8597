/**
 * Fetches an island's modules (its `data-modules`: its component, its renderer and everything they
 * import statically, written by `scripts/modulepreload.ts`) side by side, without running them, so
 * that hydrating waits for no chain of round trips. A module the page already preloads is skipped.
 *
 * Inlined in the pages by the directives that use it: it stays small and imports nothing.
 */
export function preloadIslandModules(element: HTMLElement): void {
  for (const url of (element.dataset['modules'] ?? '').split(' ')) {
    if (url === '' || document.head.querySelector(`link[href="${CSS.escape(url)}"]`) !== null) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
}
