import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBrands } from '../brands/index.ts';
import { headersFile, nginxSiteConf, redirectsFile, type SiteRulesInput } from './cdn/site-rules.ts';

/**
 * Writes into the built site the files a CDN or a static web server reads to answer as the Express
 * site router does: `_redirects` and `_headers` (Netlify, Cloudflare Pages) and `nginx-site.conf`.
 * Run by scripts/ensure-build.ts after `astro build`; alone: `node scripts/cdn-config.ts [dist]`.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The rules' input for the build folder `distDir`, from the brand catalogue. */
async function siteRulesInput(distDir: string): Promise<SiteRulesInput> {
  const brands = await loadBrands();
  return {
    companies: brands.partners.map((brand) => brand.slug),
    formerSlugs: brands.formerSlugs,
    hasFile: (file) => existsSync(join(distDir, file)),
  };
}

/** Writes the three files into `distDir`; returns their names. */
export async function writeCdnConfig(distDir: string): Promise<string[]> {
  const input = await siteRulesInput(distDir);
  const files: [string, string][] = [
    ['_redirects', redirectsFile(input)],
    ['_headers', headersFile(input)],
    ['nginx-site.conf', nginxSiteConf(input)],
  ];
  await Promise.all(files.map(([name, content]) => writeFile(join(distDir, name), content)));
  return files.map(([name]) => name);
}

if (import.meta.main) {
  const distDir = resolve(process.argv[2] ?? join(ROOT, 'dist'));
  try {
    const written = await writeCdnConfig(distDir);
    console.log(`CDN configuration written to ${distDir}: ${written.join(', ')}.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
