import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './processes.ts';
import { type BenchRow, benchRow } from './results.ts';

/** Every built HTML page under a folder. */
function htmlPages(directory: string): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) pages.push(...htmlPages(path));
    else if (entry.endsWith('.html')) pages.push(path);
  }
  return pages;
}

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
 * as Astro's island runtime), its `src` scripts and module preloads, the component and renderer of
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

/** The kinds of page whose JavaScript is reported, each with one representative built page. */
export const PAGE_KINDS: Record<string, string> = {
  'home (static, no island)': 'veligo/index.html',
  'content page (static)': 'veligo/mentions-legales/index.html',
  'privacy page (no consent banner)': 'veligo/politique-confidentialite/index.html',
  'wizard step': 'veligo/declare-step1/index.html',
  '404 page': 'veligo/404/index.html',
  'back office': 'bo_dashboard/index.html',
};

export interface SiteBuildFigures {
  quick: boolean;
  /** The real build's output: a temporary folder, kept until the caller removes `outRoot`. */
  distDir: string;
  pages: number;
  seconds: number;
  /** The same routes with bench/EmptyLayout.astro as their layout. */
  emptyPages: number;
  emptySeconds: number;
}

/** Seconds of one `astro build` with the bench configuration into `outDir`. */
function timeBuild(outDir: string, cacheDir: string, env: Record<string, string>): number {
  const started = performance.now();
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/astro'),
    ['build', '--config', 'bench/astro.config.mjs', '--outDir', outDir],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, BENCH_CACHE_DIR: cacheDir, ...env } },
  );
  if (result.status !== 0)
    throw new Error(
      `astro build failed (${Object.keys(env).join(', ') || 'real layout'}): ${result.stderr.toString().slice(-1500)}`,
    );
  return (performance.now() - started) / 1000;
}

/**
 * Builds the site twice into folders under `outRoot` (never into dist/, which the server and the
 * tests use): with its layout, then with an empty one, each from an empty cache. BENCH_QUICK
 * builds the neutral brand and one partner only.
 */
export async function measureSiteBuild({
  quick,
  outRoot,
}: {
  quick: boolean;
  outRoot: string;
}): Promise<SiteBuildFigures> {
  const brands: Record<string, string> = quick ? { BENCH_BRANDS: '1' } : {};
  const distDir = join(outRoot, 'site');
  const emptyDir = join(outRoot, 'empty-layout');
  const seconds = timeBuild(distDir, join(outRoot, 'cache-site'), brands);
  const emptySeconds = timeBuild(emptyDir, join(outRoot, 'cache-empty'), { ...brands, BENCH_EMPTY_LAYOUT: '1' });
  return {
    quick,
    distDir,
    pages: htmlPages(distDir).length,
    seconds,
    emptyPages: htmlPages(emptyDir).length,
    emptySeconds,
  };
}

export function siteBuildRows(figures: SiteBuildFigures): BenchRow[] {
  return [
    benchRow(
      `Static site build, ${figures.pages.toLocaleString('en')} pages${figures.quick ? ' (one partner brand)' : ''} (reference: the same ${figures.emptyPages.toLocaleString('en')} routes with an empty layout)`,
      'astro build',
      figures.seconds,
      's',
      { name: 'empty layout', value: figures.emptySeconds },
      { op: '<=', ratio: 1.5 },
    ),
  ];
}

/** The JavaScript each kind of page ships (gzip), printed. */
export function printSiteJavascript(distDir: string): void {
  console.log('  JavaScript shipped (gzip), by kind of page:');
  for (const [kind, page] of Object.entries(PAGE_KINDS)) {
    const path = join(distDir, page);
    if (!existsSync(path)) continue;
    const bytes = shippedJavascriptBytes(path, distDir);
    console.log(
      `    ${`${kind} – /${relative(distDir, dirname(path))}`.padEnd(72)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB`,
    );
  }
}
