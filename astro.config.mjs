// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/** Origins of optional third-party scripts, allowed by the pages' CSP only when configured. */
const thirdPartyOrigins = [process.env.PUBLIC_CHAT_WIDGET_URL, process.env.PUBLIC_ANALYTICS_URL]
  .filter((value) => typeof value === 'string' && value.length > 0)
  .map((value) => new URL(/** @type {string} */ (value)).origin);

/** APIs the islands call; same origin unless configured otherwise (DESIGN.md §1, {host}). */
const apiOrigins = [process.env.PUBLIC_PARTNER_API_URL, process.env.PUBLIC_STATS_URL]
  .filter((value) => typeof value === 'string' && value.length > 0)
  .map((value) => new URL(/** @type {string} */ (value)).origin);

const connectSources = ["'self'", ...apiOrigins, ...thirdPartyOrigins].join(' ');

export default defineConfig({
  // Absolute hreflang and canonical links when the public origin is known.
  ...(process.env.PUBLIC_SITE_URL ? { site: process.env.PUBLIC_SITE_URL } : {}),
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [react()],
  devToolbar: { enabled: false },
  // Logos stay files (cached once, shared by every page) instead of data: URIs in each page.
  vite: { build: { assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined) } },
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        /** @type {`connect-src ${string}`} */ (`connect-src ${connectSources} ws: wss:`),
        "img-src 'self' data:",
        "font-src 'self'",
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
      styleDirective: { resources: ["'self'"] },
    },
  },
});
