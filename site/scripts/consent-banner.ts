import stylesheetUrl from 'vanilla-cookieconsent/dist/cookieconsent.css?url';
import { acceptCategory, acceptedCategory, run, showPreferences } from 'vanilla-cookieconsent';

import type { ConsentChoice, ConsentConfig } from './consent-tags.ts';

/** What the page can do with the consent library once it has loaded. */
export interface ConsentLibrary {
  /** Opens the preferences (per category), with the library's stylesheet. */
  showPreferences: () => Promise<void>;
  /** Records the banner's answer: every category, or the necessary ones only. */
  accept: (answer: 'all' | 'necessary') => void;
}

let stylesheet: Promise<void> | undefined;

/**
 * Adds the library's stylesheet, which only its preferences need. Linked here rather than
 * imported as CSS, and with the tag loader passed in rather than imported, this chunk depends on
 * no other: the page's consent script then imports it without Vite's preload helper (880 B gzip
 * on every page, for a visitor who never opens the preferences).
 */
function linkStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    // The preferences show either way; waiting for their styles only avoids a flash of unstyled text.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

/** How the library tells the page's banner what happened. */
export interface BannerHooks {
  /** A choice is recorded (from the preferences too): the banner hides. */
  answered: () => void;
  /** The preferences closed: a focus they return to the hidden banner goes to the page. */
  refocus: () => void;
}

/**
 * The consent library (vanilla-cookieconsent): it records the visitor's choice in `cc_cookie` and
 * shows the preferences. Its own first-layer banner never shows (`autoShow: false`): the page's
 * banner (CookieConsent.astro) asks, painted with the page.
 */
export async function runConsentLibrary(
  config: ConsentConfig,
  loadConsentedTags: (config: ConsentConfig, choice: ConsentChoice) => void,
  banner: BannerHooks,
): Promise<ConsentLibrary> {
  const lang = document.documentElement.lang;
  const { text } = config;
  const tagsOfChoice = () => {
    banner.answered();
    loadConsentedTags(config, {
      analytics: acceptedCategory('analytics'),
      support: acceptedCategory('support'),
    });
  };

  await run({
    cookie: { name: 'cc_cookie', sameSite: 'Lax', secure: window.location.protocol === 'https:' },
    autoShow: false,
    // Shown to every visitor: a crawler that sees the preferences loses nothing.
    hideFromBots: false,
    guiOptions: {
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {},
      support: {},
    },
    onConsent: tagsOfChoice,
    onChange: tagsOfChoice,
    // The library gives the focus back to the button that opened the preferences once they are hidden.
    onModalHide: () => setTimeout(banner.refocus, 0),
    language: {
      default: lang,
      translations: {
        [lang]: {
          // Never shown (`autoShow: false`): the page's own banner asks.
          consentModal: {},
          preferencesModal: {
            title: text.preferencesTitle,
            acceptAllBtn: text.acceptAll,
            acceptNecessaryBtn: text.rejectAll,
            savePreferencesBtn: text.save,
            closeIconLabel: text.close,
            sections: [
              { title: text.necessaryTitle, description: text.necessaryText, linkedCategory: 'necessary' },
              { title: text.analyticsTitle, description: text.analyticsText, linkedCategory: 'analytics' },
              { title: text.supportTitle, description: text.supportText, linkedCategory: 'support' },
            ],
          },
        },
      },
    },
  });
  return {
    showPreferences: async () => {
      await linkStylesheet();
      showPreferences();
    },
    accept: (answer) => acceptCategory(answer === 'all' ? 'all' : []),
  };
}
