/// <reference types="astro/client" />

/** The build-time settings the pages and islands read (README, Configuration). */
interface ImportMetaEnv {
  /** Origin of the partner API; empty: the site's own origin. */
  readonly PUBLIC_PARTNER_API_URL?: string;
  /** Base URL of a Photon geocoder for the address field of step 4; empty: plain inputs. */
  readonly PUBLIC_ADDRESS_SEARCH_URL?: string;
  readonly PUBLIC_CHAT_WIDGET_URL?: string;
  readonly PUBLIC_ANALYTICS_URL?: string;
  readonly PUBLIC_SITE_URL?: string;
  readonly PUBLIC_STATS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A module bundled into one classic script's text, for a page to inline (scripts/inline-script.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
