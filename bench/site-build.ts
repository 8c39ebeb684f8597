import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/** The JavaScript a page loads: its module scripts and, recursively, their static imports. */
export function javascriptOf(page: string, distDir: string): { inline: string[]; files: string[] } {
  const html = readFileSync(page, 'utf8');
  const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  const queue = [...html.matchAll(/<script[^>]+src="(\/[^"]+\.js)"/g)].map((match) => join(distDir, match[1] ?? ''));
  // Inline scripts and islands import their chunks too.
  for (const source of [
    ...inline,
    ...[...html.matchAll(/(?:component-url|renderer-url)="(\/[^"]+\.js)"/g)].map((match) => `import "${match[1]}"`),
  ]) {
    for (const match of source.matchAll(/(?:import|from)\s*["'](\/[^"']+\.js)["']/g))
      queue.push(join(distDir, match[1] ?? ''));
  }
  const files = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file) || !existsSync(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      queue.push(join(dirname(file), match[1] ?? ''));
  }
  return { inline, files: [...files] };
}

/** Gzipped bytes of the JavaScript a page ships. */
export function shippedJavascriptBytes(page: string, distDir: string): number {
  const { inline, files } = javascriptOf(page, distDir);
  const sources = [...inline, ...files.map((file) => readFileSync(file, 'utf8'))];
  return sources.reduce((total, source) => total + gzipSync(source, { level: 9 }).length, 0);
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

export function measureSiteBuild(root: string): { pages: number; seconds: number; javascript: Record<string, number> } {
  const started = performance.now();
  const result = spawnSync(join(root, 'node_modules/.bin/astro'), ['build'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('astro build failed; run `npx astro build` to see why.');
  const seconds = (performance.now() - started) / 1000;
  const distDir = join(root, 'dist');
  const pages = htmlPages(distDir).length;
  const javascript: Record<string, number> = {};
  for (const [kind, page] of Object.entries(PAGE_KINDS)) {
    const path = join(distDir, page);
    if (existsSync(path))
      javascript[`${kind} – /${relative(distDir, dirname(path))}`] = shippedJavascriptBytes(path, distDir);
  }
  return { pages, seconds, javascript };
}
