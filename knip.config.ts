import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies, checked by `npm run lint` (`knip`). The Astro plugin adds
 * the pages under site/ (and, through them, the islands their components mount), the Vitest plugin
 * the test files and global setups, the Drizzle plugin the database schema.
 */
const config: KnipConfig = {
  entry: [
    'server/index.ts',
    // `npm run …` commands and the tools the tests spawn.
    'scripts/*.ts',
    'bench/*.ts',
    // The bench's own Astro build (`astro build --config bench/astro.config.mjs`, bench/site-build.ts).
    'bench/astro.config.mjs',
    // Brands are found by their file name (readdirSync, import.meta.glob), never imported by name.
    'brands/*.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,cjs,astro}'],
  ignoreDependencies: [
    // Imported at the version lighthouse itself runs Chrome with, so the two never differ.
    'chrome-launcher',
    // Lighthouse's user flows drive a Puppeteer page (bench/inp-flow.ts): the copy lighthouse itself
    // depends on, so its types and protocol are the ones Lighthouse expects.
    'puppeteer-core',
    // The bundler of Astro's Vite: its types (scripts/island-chunks.ts) and builds
    // (scripts/shipped-javascript/wizard.ts) must be those of the copy the site is built with.
    'rolldown',
    // Astro's image service, at Astro's version; the file tests only load it to draw sample pictures.
    'sharp',
  ],
};

export default config;
