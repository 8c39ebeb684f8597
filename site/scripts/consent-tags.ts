/** What the page tells the consent scripts (`#consent-config`, written by CookieConsent.astro when a tag is configured). */
export interface ConsentConfig {
  chatWidgetUrl: string;
  analyticsUrl: string;
}

/** The categories a visitor accepted, beyond the necessary ones. */
export interface ConsentChoice {
  analytics: boolean;
  support: boolean;
}

const loaded = new Set<string>();

function loadScript(url: string): void {
  if (!url || loaded.has(url)) return;
  loaded.add(url);
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  document.head.append(script);
}

/** Loads the third-party tags the visitor consented to (each once per page), when configured. */
export function loadConsentedTags(config: ConsentConfig, choice: ConsentChoice): void {
  if (choice.analytics) loadScript(config.analyticsUrl);
  if (choice.support) loadScript(config.chatWidgetUrl);
}

/**
 * Where the head's probe keeps the banner's or the cookie settings' button pressed before the
 * consent script ran (it loads after the first paint), on `document`; the script answers that
 * press, then sets it to null, which stops the recording.
 */
export const CONSENT_EARLY_PRESS = 'portal.consentPress';

/** The revision of the consent the banner asks for; a choice recorded for another one is asked again. */
export const CONSENT_REVISION = 0;

/**
 * The choice recorded in the `cc_cookie` cookie (vanilla-cookieconsent's format), or undefined
 * when there is none, it cannot be read, it has expired or it answers another revision: then the
 * banner must ask.
 */
export function recordedChoice(cookieHeader: string, now = Date.now()): ConsentChoice | undefined {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('cc_cookie='))
    ?.slice('cc_cookie='.length);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as {
      categories?: unknown;
      revision?: unknown;
      expirationTime?: unknown;
    };
    if (!Array.isArray(value.categories) || value.revision !== CONSENT_REVISION) return undefined;
    if (typeof value.expirationTime === 'number' && value.expirationTime <= now) return undefined;
    return { analytics: value.categories.includes('analytics'), support: value.categories.includes('support') };
  } catch {
    return undefined;
  }
}
