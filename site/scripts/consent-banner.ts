import stylesheetUrl from 'vanilla-cookieconsent/dist/cookieconsent.css?url';
import { acceptedCategory, run, showPreferences } from 'vanilla-cookieconsent';

import type { ConsentChoice, ConsentConfig } from './consent-tags.ts';

/** What the page can do with the banner once it has loaded. */
export interface ConsentBanner {
  showPreferences: () => void;
}

/**
 * Adds the library's stylesheet. Linked here rather than imported as CSS, and with the tag loader
 * passed in rather than imported, this chunk depends on no other: the page's consent script then
 * imports it without Vite's preload helper (880 B gzip on every page, for a returning visitor
 * who never loads the banner).
 */
function linkStylesheet(): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    // The banner shows either way; waiting for its styles only avoids a flash of unstyled text.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/**
 * The cookie-consent banner and its preferences (vanilla-cookieconsent and its 32 kB stylesheet),
 * loaded by `consent.ts` only when they must show: a visitor without a recorded choice, or one who
 * opens the cookie settings. Refusing is one click, like accepting, with buttons of equal weight.
 */
export async function runConsentBanner(
  config: ConsentConfig,
  loadConsentedTags: (config: ConsentConfig, choice: ConsentChoice) => void,
): Promise<ConsentBanner> {
  await linkStylesheet();
  const lang = document.documentElement.lang;
  const { text } = config;
  const tagsOfChoice = () =>
    loadConsentedTags(config, {
      analytics: acceptedCategory('analytics'),
      support: acceptedCategory('support'),
    });

  await run({
    cookie: { name: 'cc_cookie', sameSite: 'Lax', secure: window.location.protocol === 'https:' },
    // Shown to every visitor: a crawler that sees the banner loses nothing, a hidden banner would.
    hideFromBots: false,
    guiOptions: {
      consentModal: { layout: 'box inline', position: 'bottom left', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {},
      support: {},
    },
    onConsent: tagsOfChoice,
    onChange: tagsOfChoice,
    language: {
      default: lang,
      translations: {
        [lang]: {
          consentModal: {
            title: text.title,
            description: `${text.description} <a href="${config.privacyUrl}">${text.more}</a>`,
            acceptAllBtn: text.acceptAll,
            acceptNecessaryBtn: text.rejectAll,
            showPreferencesBtn: text.manage,
          },
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
  return { showPreferences: () => showPreferences() };
}
