/**
 * The browser's build-time settings, the `PUBLIC_*` variables typed in `site/env.d.ts`, read here
 * and nowhere else: Vite writes their values into whatever imports this module (islands, site
 * scripts, Astro components and layouts, the service worker's code). An unset or empty setting is
 * '' (or undefined where the reader needs "not configured" as such). The server checks the same
 * variables at start (server/config.ts); `astro.config.mjs` reads its own at build time.
 */
export const publicConfig = {
  /** Origin of the partner API, e.g. `https://api.example.com`; '': the site's own origin. */
  partnerApiUrl: import.meta.env.PUBLIC_PARTNER_API_URL ?? '',
  /** Origin of the statistics service (reports, FAQ assistant, live socket); '': the site's own. */
  statsUrl: import.meta.env.PUBLIC_STATS_URL ?? '',
  /** Base URL of a Photon geocoder for step 4's address field, e.g. `https://photon.komoot.io`; undefined: plain inputs. */
  addressSearchUrl: import.meta.env.PUBLIC_ADDRESS_SEARCH_URL || undefined,
  /** Script URL of the support chat widget, loaded after consent; '': no chat. */
  chatWidgetUrl: import.meta.env.PUBLIC_CHAT_WIDGET_URL ?? '',
  /** Script URL of the analytics tag, loaded after consent; '': no analytics. */
  analyticsUrl: import.meta.env.PUBLIC_ANALYTICS_URL ?? '',
} as const;
