import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { shippedJavascriptBytes } from '../scripts/shipped-javascript/page.ts';
import { finishedChildrenCpuMs } from './process-cpu.ts';
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

/** The kinds of page whose JavaScript is reported, each with one representative built page. */
const PAGE_KINDS: Record<string, string> = {
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
  /** CPU seconds (user + system) of each build, where they can be read (Linux). */
  cpuSeconds: number | undefined;
  emptyCpuSeconds: number | undefined;
}

/**
 * CPU seconds (user + system) of this process's finished children, Linux only: a build's CPU time
 * depends little on what else the machine runs, unlike its wall time on a shared machine.
 */
function childrenCpuSeconds(): number | undefined {
  const milliseconds = finishedChildrenCpuMs(process.pid);
  return milliseconds === undefined ? undefined : milliseconds / 1000;
}

interface BuildTime {
  seconds: number;
  /** Undefined where the children's CPU time cannot be read. */
  cpuSeconds: number | undefined;
}

/** Wall and CPU seconds of one `astro build` with the bench configuration into `outDir`. */
function timeBuild(outDir: string, cacheDir: string, env: Record<string, string>): BuildTime {
  const cpuBefore = childrenCpuSeconds();
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
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = childrenCpuSeconds();
  return {
    seconds,
    cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  };
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
  const real = timeBuild(distDir, join(outRoot, 'cache-site'), brands);
  const empty = timeBuild(emptyDir, join(outRoot, 'cache-empty'), { ...brands, BENCH_EMPTY_LAYOUT: '1' });
  return {
    quick,
    distDir,
    pages: htmlPages(distDir).length,
    seconds: real.seconds,
    cpuSeconds: real.cpuSeconds,
    emptyPages: htmlPages(emptyDir).length,
    emptySeconds: empty.seconds,
    emptyCpuSeconds: empty.cpuSeconds,
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
    // The goal is wall time on a quiet machine; on a shared one, CPU time says what the build costs.
    ...(figures.cpuSeconds === undefined || figures.emptyCpuSeconds === undefined
      ? []
      : [
          benchRow(
            'Static site build, CPU time (user + system) of the same two builds',
            'astro build',
            figures.cpuSeconds,
            's',
            { name: 'empty layout', value: figures.emptyCpuSeconds },
          ),
        ]),
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
