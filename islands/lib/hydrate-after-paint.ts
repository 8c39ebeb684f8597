import type { ClientDirective } from 'astro';
import { afterFirstPaint } from './after-first-paint.ts';
import { afterRelease } from './island-hold.ts';
import { preloadIslandModules, runIslandModules } from './island-modules.ts';
import { nextTask } from './next-task.ts';
import { whenPageStyled } from './page-styled.ts';

/**
 * `client:afterpaint`: an island's JavaScript is fetched and run right after the page's first
 * paint, not before. For the islands whose content depends on what only the browser knows (the
 * draft in localStorage: the wizard steps, the confirmation, client-file, the complaint sent),
 * wrapped in `renderedInBrowser` (`rendered-in-browser.tsx`): the server renders their static
 * frame (the step's heading and question, a placeholder), which paints with the page, then the
 * island mounts the real content at once, without waiting for the visitor.
 *
 * Nothing of the island is requested while the page parses: its modules are listed in its
 * `data-modules` (`scripts/modulepreload.ts`) and fetched side by side once the first frame is
 * painted. Astro inlines this in the pages that use it: it stays small and imports no framework.
 *
 * With a value (`client:afterpaint="<name>"`), the island also waits until the page releases the
 * hold of that name (`island-hold.ts`): client-file's early request first draws the file's
 * first block, with nothing of the island downloading beside it.
 */
const hydrateAfterPaint: ClientDirective = (load, options, element) => {
  const hold = typeof options.value === 'string' ? options.value : '';
  const begin = (): void => {
    preloadIslandModules(element);
    // Drawn once the page's whole stylesheet is there too (it loads after the first paint).
    // Its modules run one per task (`runIslandModules`), its first render in a task after them.
    void runIslandModules(element)
      .then(() => Promise.all([load(), whenPageStyled()]))
      .then(([hydrate]) => nextTask().then(hydrate))
      // Astro reports a failed island itself; the server-rendered placeholder stays.
      .catch(() => undefined);
  };
  const start = (): void => (hold === '' ? begin() : afterRelease(hold, begin));
  // Once the first contentful paint is on screen (`after-first-paint.ts`: a frame callback alone
  // can run before a throttled phone presents its frame; a page that reports no paint, a second
  // after its load). Should that paint come while the page is still parsed, the island starts
  // once the whole page is parsed and the frame after that is drawn: its server-rendered frame
  // has always been on screen before the island draws in its place.
  afterFirstPaint(() => {
    const afterParsedFrame = (): void => {
      requestAnimationFrame(() => setTimeout(start, 0));
    };
    if (document.readyState !== 'loading') afterParsedFrame();
    else
      document.addEventListener('readystatechange', function parsed() {
        if (document.readyState === 'loading') return;
        document.removeEventListener('readystatechange', parsed);
        afterParsedFrame();
      });
  });
};

export default hydrateAfterPaint;
