// @ts-check
import { fileURLToPath } from 'node:url';
import base from '../astro.config.mjs';

/**
 * The bench's build of the site (bench/site-build.ts): the project's configuration as is, plus two
 * switches that exist only here, never in the production build:
 * - BENCH_EMPTY_LAYOUT=1 resolves the pages' layout to bench/EmptyLayout.astro, which renders an
 *   empty body: the same routes, built for the floor the real build is compared with;
 * - BENCH_BRANDS=N builds the neutral brand and the first N partners only (BENCH_QUICK, and the
 *   address-search journey, whose site is built with its geocoder and N=0);
 * - BENCH_CACHE_DIR keeps Astro's and Vite's caches there, away from node_modules' shared ones.
 */

const EMPTY_LAYOUT = fileURLToPath(new URL('./EmptyLayout.astro', import.meta.url));
const ALL_BRANDS = 'return [brands.neutral, ...brands.partners];';

/** @returns {import('vite').Plugin} */
function benchSwitches() {
  const emptyLayout = process.env.BENCH_EMPTY_LAYOUT === '1';
  const brandCount = process.env.BENCH_BRANDS;
  return {
    name: 'bench-switches',
    enforce: 'pre',
    resolveId(source) {
      if (emptyLayout && source.endsWith('/layouts/BaseLayout.astro')) return EMPTY_LAYOUT;
      return null;
    },
    transform(code, id) {
      if (brandCount === undefined || !id.endsWith('/site/lib/brands.ts')) return null;
      if (!code.includes(ALL_BRANDS)) throw new Error(`BENCH_BRANDS: site/lib/brands.ts no longer has "${ALL_BRANDS}"`);
      return code.replace(ALL_BRANDS, `return [brands.neutral, ...brands.partners.slice(0, ${Number(brandCount)})];`);
    },
  };
}

const cacheDir = process.env.BENCH_CACHE_DIR;

export default {
  ...base,
  ...(cacheDir ? { cacheDir: `${cacheDir}/astro` } : {}),
  vite: {
    ...base.vite,
    ...(cacheDir ? { cacheDir: `${cacheDir}/vite` } : {}),
    plugins: [...(base.vite?.plugins ?? []), benchSwitches()],
  },
};
