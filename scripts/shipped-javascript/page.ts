import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { modulesLoadedAfterPaint } from '../after-paint-load.ts';

/**
 * The JavaScript a built page ships: what it loads before any interaction, and its gzipped bytes.
 * Read by the size budgets of the browser tests (tests/e2e/size.test.ts, seo.test.ts) and printed
 * by the bench (bench/site-build.ts, page-weight.ts): both import it from here.
 */

/** A returning visitor on a page without island loads at most this much JavaScript (gzip) before `load`. */
export const STATIC_PAGE_JAVASCRIPT_GOAL_BYTES = 5 * 1024;

/** Script types a browser executes (a JSON island such as the consent configuration is data, not code). */
const EXECUTABLE_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The value of one attribute in a tag's attribute text, quoted either way. */
function attributeOf(attributes: string, name: string): string | undefined {
  const match = attributes.match(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The file under `distDir` a script address points to, resolved as the browser does from the
 * address of the document or chunk that names it; undefined for another origin or a bare name.
 */
function builtFileOf(specifier: string, fromUrl: URL, distDir: string): string | undefined {
  if (!/^(?:\/|\.{1,2}\/)/.test(specifier) || specifier.startsWith('//')) return undefined;
  const url = new URL(specifier, fromUrl);
  return join(distDir, decodeURIComponent(url.pathname));
}

/** The address a built file is served at (`dist/_astro/a.js` → `/_astro/a.js`). */
function servedUrlOf(file: string, distDir: string): URL {
  return new URL(`/${relative(distDir, file).split(sep).join('/')}`, 'http://portal.invalid');
}

/**
 * Static imports of a module: `import … from "x"`, `import "x"`, `export … from "x"`. A dynamic
 * `import("x")` has a parenthesis before its string, so code loaded on interaction is left out.
 */
const STATIC_IMPORT = /(?<![\w$.])(?:import|from)\s*(["'])([^"'\n]+)\1/g;

/**
 * The JavaScript a page loads before any interaction: its inline scripts (module or classic, such
 * as Astro's island runtime), its `src` scripts and module preloads, those its loader adds after the
 * first paint (scripts/after-paint-load.ts), the component and renderer of
 * each `astro-island`, and recursively every static import of those. Dynamic `import()` is not
 * followed: that code waits for the visitor.
 */
export function javascriptOf(page: string, distDir: string): { inline: string[]; files: string[] } {
  return collectJavascript(page, distDir, []);
}

/** `javascriptOf`, plus `extraModules` (built chunks) and their static imports. */
export function collectJavascript(
  page: string,
  distDir: string,
  extraModules: readonly string[],
): { inline: string[]; files: string[] } {
  const html = readFileSync(page, 'utf8');
  const pageUrl = servedUrlOf(page, distDir);
  const inline: string[] = [];
  const queue: string[] = [];
  const enqueue = (specifier: string | undefined, fromUrl: URL) => {
    const file = specifier === undefined ? undefined : builtFileOf(specifier, fromUrl, distDir);
    if (file !== undefined) queue.push(file);
  };
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!EXECUTABLE_SCRIPT_TYPES.has((attributeOf(attributes, 'type') ?? '').trim().toLowerCase())) continue;
    const src = attributeOf(attributes, 'src');
    if (src !== undefined) enqueue(src, pageUrl);
    else if (body.trim() !== '') inline.push(body);
  }
  for (const [, attributes = ''] of html.matchAll(/<link\b([^>]*)>/gi))
    if (attributeOf(attributes, 'rel')?.toLowerCase() === 'modulepreload')
      enqueue(attributeOf(attributes, 'href'), pageUrl);
  for (const url of modulesLoadedAfterPaint(html)) enqueue(url, pageUrl);
  for (const [, attributes = ''] of html.matchAll(/<astro-island\b([^>]*)>/gi))
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url'])
      enqueue(attributeOf(attributes, name), pageUrl);
  for (const source of inline) for (const match of source.matchAll(STATIC_IMPORT)) enqueue(match[2], pageUrl);
  queue.push(...extraModules);

  const files = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.has(file) || !existsSync(file)) continue;
    files.add(file);
    const fileUrl = servedUrlOf(file, distDir);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) enqueue(match[2], fileUrl);
  }
  return { inline, files: [...files] };
}

/** One piece of a page's JavaScript and its gzipped bytes. */
export interface JavascriptPiece {
  /** `/_astro/x.js` for a file; for an inline script, its rank and first characters. */
  name: string;
  /** Gzip bytes at level 9, each piece on its own. */
  bytes: number;
}

/** Each piece of JavaScript a page ships with its gzipped bytes, largest first. */
export function shippedJavascript(page: string, distDir: string): JavascriptPiece[] {
  const { inline, files } = javascriptOf(page, distDir);
  const gzipBytes = (source: string) => gzipSync(source, { level: 9 }).length;
  return [
    ...inline.map((source, index) => ({
      name: `inline script ${index + 1} (${source.trim().slice(0, 32)}…)`,
      bytes: gzipBytes(source),
    })),
    ...files.map((file) => ({
      name: servedUrlOf(file, distDir).pathname,
      bytes: gzipBytes(readFileSync(file, 'utf8')),
    })),
  ].sort((a, b) => b.bytes - a.bytes);
}

/** Gzipped bytes of the JavaScript a page ships. */
export function shippedJavascriptBytes(page: string, distDir: string): number {
  return shippedJavascript(page, distDir).reduce((total, piece) => total + piece.bytes, 0);
}
