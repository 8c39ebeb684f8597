import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BrandCatalog, NEUTRAL_BRAND_FILE, parseBrandModules } from './lib/parse.ts';

const BRANDS_DIR = dirname(fileURLToPath(import.meta.url));

/** Brand files are every `brands/*.ts` but this loader; tests sit beside them. */
function isBrandFile(file: string): boolean {
  return file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts');
}

/** The partners' slugs (their files' names), read without loading the files: samples for tests and tools. */
export function partnerSlugs(directory = BRANDS_DIR): [string, ...string[]] {
  const slugs = readdirSync(directory)
    .filter(isBrandFile)
    .map((file) => file.replace(/\.ts$/, ''))
    .filter((slug) => slug !== NEUTRAL_BRAND_FILE)
    .sort();
  const [first, ...rest] = slugs;
  if (first === undefined) throw new Error(`no brand file in ${directory}`);
  return [first, ...rest];
}

/**
 * Loads and validates every brand file from disk (used by the server and the scripts; the
 * Astro build loads the same files through Vite in `site/lib/brands.ts`).
 */
export async function loadBrands(directory = BRANDS_DIR): Promise<BrandCatalog> {
  const files = readdirSync(directory).filter(isBrandFile);
  const modules: Record<string, unknown> = {};
  for (const file of files) {
    modules[file] = await import(pathToFileURL(join(directory, file)).href);
  }
  const logos = new Set(readdirSync(join(directory, 'logos')).filter((file) => file.endsWith('.svg')));
  return parseBrandModules(modules, logos);
}
