import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Adds to each built page a `<link rel="modulepreload">` for every module its islands need before
 * they hydrate: the island's component and renderer, and everything they import statically.
 * Without it the browser discovers an island's modules only when Astro's island script runs, then
 * each import only once its importer has arrived, a chain of round trips on a slow network. The
 * page's own `<script type="module">` files are found by the browser's preload scanner already;
 * their imports are preloaded too. Code loaded with `import()` (on interaction) is not.
 */

/** The value of one attribute in a tag's attribute text, quoted either way. */
function attributeOf(attributes: string, name: string): string | undefined {
  const match = attributes.match(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Static imports of a built module: `import … from "x"`, `import "x"`, `export … from "x"` (not `import("x")`). */
const STATIC_IMPORT = /(?<![\w$.])(?:import|from)\s*(["'])([^"'\n]+)\1/g;

/** Served addresses of the modules a page loads first: island components and renderers, module scripts. */
function pageModules(html: string): { scripts: string[]; islands: string[] } {
  const scripts: string[] = [];
  const islands: string[] = [];
  for (const [, attributes = ''] of html.matchAll(/<script\b([^>]*)>/gi)) {
    const src = attributeOf(attributes, 'src');
    if (src !== undefined && attributeOf(attributes, 'type') === 'module') scripts.push(src);
  }
  for (const [, attributes = ''] of html.matchAll(/<astro-island\b([^>]*)>/gi))
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attributeOf(attributes, name);
      if (url !== undefined && url !== '') islands.push(url);
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

  /**
   * What to preload for a page: the islands' modules and every static import of them and of the
   * module scripts, in the order a browser would need them, without the module scripts themselves.
   */
  preloadsOf(html: string): string[] {
    const { scripts, islands } = pageModules(html);
    const found = new Set<string>(scripts);
    const preloads: string[] = [];
    const queue = [...scripts.flatMap((script) => this.importsOf(script)), ...islands];
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (found.has(url)) continue;
      found.add(url);
      preloads.push(url);
      queue.push(...this.importsOf(url));
    }
    return preloads;
  }
}

/** `html` with a modulepreload link for each of `urls` at the end of its `<head>`. */
function withModulePreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  const links = urls.map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/** Adds the modulepreload links to every page under `distDir`; returns how many pages changed. */
export async function preloadIslandModules(distDir: string): Promise<number> {
  const graph = new ModuleGraph(distDir);
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  let changed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    const updated = withModulePreloads(html, graph.preloadsOf(html));
    if (updated === html) continue;
    await writeFile(file, updated);
    changed += 1;
  }
  return changed;
}
