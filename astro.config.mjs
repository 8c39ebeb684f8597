// @ts-check
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import { islandChunks } from './scripts/island-chunks.ts';
import { leanPreloadHelper } from './scripts/lean-preload-helper.ts';
import { inlineScript } from './scripts/inline-script.ts';
import { finishBuiltSite } from './scripts/built-pages.ts';

/**
 * The origins of the configured URL variables among `names` (unset ones are skipped). A value
 * that is not an absolute http(s) URL stops the build with one line naming the variable.
 * @param {string[]} names
 */
function configuredOrigins(names) {
  return names.flatMap((name) => {
    const value = process.env[name];
    if (value === undefined || value === '') return [];
    const url = URL.canParse(value) ? new URL(value) : undefined;
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`${name} must be an absolute http(s):// URL (got "${value}").`);
    }
    return [url.origin];
  });
}

/** Origins of optional third-party scripts, allowed by the pages' CSP only when configured. */
const thirdPartyOrigins = configuredOrigins(['PUBLIC_CHAT_WIDGET_URL', 'PUBLIC_ANALYTICS_URL']);

/**
 * APIs the islands call; same origin unless configured otherwise (the specification's `{host}`). The
 * address search is a third-party geocoder, only ever called with fetch (no script, no style).
 */
const apiOrigins = configuredOrigins(['PUBLIC_PARTNER_API_URL', 'PUBLIC_STATS_URL', 'PUBLIC_ADDRESS_SEARCH_URL']);

/** A chat widget loads its own styles, fonts and pictures: its origin is allowed for them too. */
const thirdParty = thirdPartyOrigins.map((origin) => ` ${origin}`).join('');

const connectSources = ["'self'", ...apiOrigins, ...thirdPartyOrigins].join(' ');

/**
 * The public origin the canonical and hreflang links are absolute on: PUBLIC_SITE_URL,
 * else this machine on PORT (4321 by default), as `server/config.ts` defaults it for mail links.
 */
function siteOrigin() {
  const [configured] = configuredOrigins(['PUBLIC_SITE_URL']);
  if (configured !== undefined) return configured;
  const port = process.env.PORT?.trim() || '4321';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535 (got "${port}").`);
  }
  return `http://localhost:${port}`;
}

/** The back office's page stylesheet up to this size is inlined in each of its pages' `<head>`. */
const INLINE_PAGE_STYLESHEET_BYTES = 96 * 1024;

/** The customer pages' stylesheet, named after their page `site/pages/[...path].astro`: `_astro/_..<hash>.css`. */
const CUSTOMER_STYLESHEET = /^_astro\/_\.\.[^/]*\.css$/;

/**
 * Which assets become part of what refers to them. Logos stay files (cached once, shared by every
 * page) instead of data: URIs in each page. The customer pages' stylesheet stays a file: after the
 * build, `scripts/critical-css.ts` inlines in each page only the rules its first screen can use,
 * and the page links the file once it has painted (`scripts/after-paint-load.ts`). The back
 * office's page stylesheet (Astro asks with its output name, `_astro/….css`) is inlined in its
 * pages, and the CSP allows it by the hash Astro adds; its editor stylesheet (over 200 kB) stays a
 * file. Anything else follows Vite's default (4 kB).
 * @param {string} file
 * @param {Buffer} content
 */
function inlineAsset(file, content) {
  if (file.endsWith('.svg')) return false;
  if (CUSTOMER_STYLESHEET.test(file)) return false;
  if (file.startsWith('_astro/') && file.endsWith('.css')) return content.length <= INLINE_PAGE_STYLESHEET_BYTES;
  return undefined;
}

export default defineConfig({
  site: siteOrigin(),
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  // Pages rendered 8 at a time: rendering is one thread either way, but each page's folder and file
  // writes then overlap the next pages' rendering instead of adding up (4,328 pages; on a machine
  // whose disk answers slowly, route generation took 12.9 s one page at a time, 9.2 s so).
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 8 },
  integrations: [
    react(),
    {
      // `client:interaction`: server-rendered forms hydrate on the visitor's first touch or when idle after the load.
      name: 'hydrate-on-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'interaction',
            entrypoint: fileURLToPath(new URL('./islands/lib/hydrate-on-interaction.ts', import.meta.url)),
          });
          // `client:afterpaint`: islands rendered in the browser only (the wizard steps) load right after the first paint.
          addClientDirective({
            name: 'afterpaint',
            entrypoint: fileURLToPath(new URL('./islands/lib/hydrate-after-paint.ts', import.meta.url)),
          });
        },
      },
    },
    {
      // Each page with its module preloads, its first screen's CSS and only its own CSP hashes, then
      // brotli and gzip copies beside each text file, which the server (or a CDN) sends as is.
      name: 'finish-built-site',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          const count = await finishBuiltSite(fileURLToPath(dir));
          logger.info(`${count} files finished and precompressed (brotli and gzip)`);
        },
      },
    },
  ],
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: inlineAsset },
    plugins: [islandChunks(), leanPreloadHelper(), inlineScript()],
  },
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        /** @type {`connect-src ${string}`} */ (`connect-src ${connectSources} ws: wss:`),
        /** @type {`img-src ${string}`} */ (`img-src 'self' data:${thirdParty}`),
        /** @type {`font-src ${string}`} */ (`font-src 'self'${thirdParty}`),
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        ...(thirdPartyOrigins.length > 0
          ? [/** @type {`frame-src ${string}`} */ (`frame-src ${thirdPartyOrigins.join(' ')}`)]
          : []),
      ],
      scriptDirective: { resources: ["'self'", ...thirdPartyOrigins] },
      styleDirective: { resources: ["'self'", ...thirdPartyOrigins] },
    },
  },
});
