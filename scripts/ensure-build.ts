import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCdnConfig } from './cdn-config.ts';

/**
 * Builds the static site only when its inputs changed since the last build: a SHA-256 of every
 * input file (names and contents) and of the PUBLIC_* variables the pages embed, kept in
 * `dist/.build-stamp`.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Everything the pages are built from: code, brands, texts (`locales/`) and shipped content (`content/`). */
const INPUT_DIRECTORIES = ['site', 'brands', 'islands', 'contracts', 'backoffice', 'locales', 'content'];
const INPUT_FILES = [
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
  // Build steps the configuration imports.
  'scripts/island-chunks.ts',
  'scripts/lean-preload-helper.ts',
  'scripts/modulepreload.ts',
  'scripts/critical-css.ts',
  'scripts/csp-hashes.ts',
  'scripts/after-paint-load.ts',
  'scripts/built-pages.ts',
  'scripts/precompress.ts',
];

function filesUnder(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The fingerprint of everything the build reads. */
export function computeBuildStamp(root = ROOT, env: NodeJS.ProcessEnv = process.env): string {
  const files = [
    ...INPUT_DIRECTORIES.flatMap((directory) => filesUnder(join(root, directory))),
    ...INPUT_FILES.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ]
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`file\0${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('PUBLIC_'))
    .sort()) {
    hash.update(`env\0${name}\0${env[name] ?? ''}\0`);
  }
  // Without PUBLIC_SITE_URL, canonical and hreflang links are absolute on http://localhost:PORT.
  if (!env['PUBLIC_SITE_URL']) hash.update(`env\0PORT\0${env['PORT']?.trim() || '4321'}\0`);
  return hash.digest('hex');
}

function runAstroBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The astro launcher runs `node` from PATH: put this Node (24) first.
    const path = [dirname(process.execPath), process.env['PATH'] ?? ''].join(delimiter);
    const child = spawn(join(root, 'node_modules', '.bin', 'astro'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      // Always the production build, whoever asks: a test runner's NODE_ENV=test would build the
      // development React and unminified islands into dist/ (half as much JavaScript again).
      env: { ...process.env, NODE_ENV: 'production', PATH: path },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`astro build failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}

/**
 * Builds the site into `dist/` unless the stamp says it is current, then writes its CDN
 * configuration (scripts/cdn-config.ts). That takes milliseconds, so it is written on every call
 * rather than stamped: a change to its rules or sources takes effect without rebuilding the pages.
 */
export async function ensureBuild(root = ROOT): Promise<'built' | 'up-to-date'> {
  const stampFile = join(root, 'dist', '.build-stamp');
  const stamp = computeBuildStamp(root);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === stamp) {
    console.log('Site is up to date.');
    await writeCdnConfig(join(root, 'dist'));
    return 'up-to-date';
  }
  await runAstroBuild(root);
  await writeCdnConfig(join(root, 'dist'));
  writeFileSync(stampFile, `${stamp}\n`);
  return 'built';
}

if (import.meta.main) {
  try {
    await ensureBuild();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
