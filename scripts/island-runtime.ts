import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

/**
 * Astro's island script (the `<astro-island>` element, 4.4 KB, 1.7 KB brotli) as a cached file
 * instead of inline in every page with an island. Inline, it took a ninth of those pages' first
 * 14 KB and came again with each page; as a file it is fetched once, with the islands' modules,
 * after the first paint (`after-paint-load.ts` lists it with the page's other module scripts), and
 * then comes from the cache.
 *
 * Nothing runs an island before it anyway: every island waits for the first paint or the
 * visitor's first touch (`islands/lib/hydrate-*.ts`). What the visitor types, ticks or sends before
 * it arrives is recorded from the start by the inline directive (`typed-before-hydration.ts`).
 */

/** The script as Astro writes it in a page (`astro/dist/runtime/server/scripts.js`). */
const INLINE = `<script>${islandScript}</script>`;

/** What only Astro's island script contains: a page still carrying it inline fails the build. */
const DEFINES_ISLAND = 'customElements.define("astro-island"';

const RUNTIME_URL = `/_astro/astro-island.${createHash('sha256').update(islandScript).digest('base64url').slice(0, 8)}.js`;

/** The served address of the island script's file, named by its content as Vite names assets. */
export function islandRuntimeUrl(): string {
  return RUNTIME_URL;
}

/**
 * Writes the island script's file into the site built in `distDir` (before its files are listed
 * for compression) and returns the page step that links it in place of the inline script.
 */
export function islandRuntimeLinker(distDir: string): (html: string) => string {
  const url = islandRuntimeUrl();
  mkdirSync(join(distDir, '_astro'), { recursive: true });
  writeFileSync(join(distDir, url), islandScript);
  const tag = `<script type="module" src="${url}"></script>`;
  return (html) => {
    const linked = html.replace(INLINE, tag);
    if (linked.includes(DEFINES_ISLAND))
      throw new Error("A page carries Astro's island script in a form the build does not recognise.");
    return linked;
  };
}
