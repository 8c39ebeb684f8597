import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lets each built page fetch its modules without a chain of round trips. Without help the browser
 * discovers an island's modules only when Astro's island script runs, then each import only once
 * its importer has arrived, a chain of round trips on a slow network.
 *
 * - The page's own `<script type="module">` files are found by the preload scanner; their imports
 *   get a `<link rel="modulepreload">` in the `<head>`, as do the modules of islands that run as
 *   the page loads (`client:only`, `client:load`).
 * - An island that waits for the visitor (`client:interaction`) or for the first paint
 *   (`client:afterpaint`) must not compete with the first paint: its modules, with everything they
 *   import statically, are listed in its `data-modules` attribute instead, which its directive
 *   preloads when it starts (after the load, or right after the first paint), all at once.
 *
 * Code loaded with `import()` (on interaction) is not preloaded.
 */

/** The value of one attribute in a tag's attribute text, quoted either way. */
function attributeOf(attributes: string, name: string): string | undefined {
  const match = attributes.match(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Static imports of a built module: `import … from "x"`, `import "x"`, `export … from "x"` (not `import("x")`). */
const STATIC_IMPORT = /(?<![\w$.])(?:import|from)\s*(["'])([^"'\n]+)\1/g;

/** The directives of islands that must not compete with the first paint (`islands/lib/hydrate-*.ts`). */
const DEFERRED_DIRECTIVES: ReadonlySet<string> = new Set(['interaction', 'afterpaint']);

/** An `<astro-island>` start tag: where it is in the page and the modules it hydrates with. */
interface IslandTag {
  tag: string;
  index: number;
  modules: string[];
  /** Whether it waits (`client:interaction`, `client:afterpaint`) rather than running as the page loads. */
  deferred: boolean;
}

/** Served addresses of the modules a page loads: its module scripts, and each island's component and renderer. */
function pageModules(html: string): { scripts: string[]; islands: IslandTag[] } {
  const scripts: string[] = [];
  const islands: IslandTag[] = [];
  for (const [, attributes = ''] of html.matchAll(/<script\b([^>]*)>/gi)) {
    const src = attributeOf(attributes, 'src');
    if (src !== undefined && attributeOf(attributes, 'type') === 'module') scripts.push(src);
  }
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attributes = match[1] ?? '';
    const modules = ['component-url', 'renderer-url', 'before-hydration-url']
      .map((name) => attributeOf(attributes, name))
      .filter((url): url is string => url !== undefined && url !== '');
    const deferred = DEFERRED_DIRECTIVES.has(attributeOf(attributes, 'client') ?? '');
    islands.push({ tag: match[0], index: match.index, modules, deferred });
  }
  return { scripts, islands };
}

/** Resolves and reads built modules by served address (`/_astro/a.js`), each file read once. */
class ModuleGraph {
  readonly #distDir: string;
  readonly #imports = new Map<string, string[]>();

  constructor(distDir: string) {
    this.#distDir = distDir;
  }

  /** The same-origin modules `url` imports statically, as served addresses; none for a missing file. */
  importsOf(url: string): string[] {
    const known = this.#imports.get(url);
    if (known !== undefined) return known;
    const file = join(this.#distDir, decodeURIComponent(url));
    const imports = existsSync(file)
      ? [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)]
          .map((match) => match[2] ?? '')
          .filter((specifier) => /^(?:\/(?!\/)|\.{1,2}\/)/.test(specifier))
          .map((specifier) => new URL(specifier, `http://site.invalid${url}`).pathname)
      : [];
    this.#imports.set(url, imports);
    return imports;
  }

  /** `roots` and every module they import statically, in the order a browser needs them, without `skipped`. */
  closureOf(roots: readonly string[], skipped: ReadonlySet<string>): string[] {
    const found = new Set<string>(skipped);
    const modules: string[] = [];
    const queue = [...roots];
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (found.has(url)) continue;
      found.add(url);
      modules.push(url);
      queue.push(...this.importsOf(url));
    }
    return modules;
  }

  /**
   * `html` with its preloads: in the `<head>`, the imports of its module scripts and the modules of
   * the islands that run as it loads; on each island that waits, its own modules (`data-modules`).
   */
  withPreloads(html: string): string {
    const { scripts, islands } = pageModules(html);
    const head = this.closureOf(
      [
        ...scripts.flatMap((script) => this.importsOf(script)),
        ...islands.filter((i) => !i.deferred).flatMap((i) => i.modules),
      ],
      new Set(scripts),
    );
    const loaded = new Set([...scripts, ...head]);
    let updated = html;
    for (const island of islands.filter((i) => i.deferred).reverse()) {
      const modules = this.closureOf(island.modules, loaded);
      if (modules.length === 0) continue;
      const tag = island.tag.replace(/>$/, ` data-modules="${modules.join(' ')}">`);
      updated = updated.slice(0, island.index) + tag + updated.slice(island.index + island.tag.length);
    }
    return withModulePreloads(updated, head);
  }
}

/** `html` with a modulepreload link for each of `urls` at the end of its `<head>`. */
function withModulePreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  const links = urls.map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** The page step that adds the modulepreload links to the pages of the site built in `distDir`. */
export function modulePreloader(distDir: string): (html: string) => string {
  const graph = new ModuleGraph(distDir);
  return (html) => graph.withPreloads(html);
}
