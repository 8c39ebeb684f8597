/**
 * Links stylesheets when a page needs them. A CSS file imported by a page module would be linked
 * by Astro in the head of every back-office page (they share one route file), so each page links
 * its own (`import url from '….css?url'`) and waits for them before it shows (React's `use`).
 */

const linked = new Map<string, Promise<void>>();

/** Links each stylesheet once; resolves when all have loaded (or failed: the page still shows). */
export function loadStylesheets(...urls: string[]): Promise<void> {
  return Promise.all(
    urls.map((url) => {
      let loading = linked.get(url);
      if (!loading) {
        loading = new Promise<void>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = url;
          link.onload = link.onerror = () => resolve();
          document.head.append(link);
        });
        linked.set(url, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}
