import 'vanilla-cookieconsent/dist/cookieconsent.css';
import * as CookieConsent from 'vanilla-cookieconsent';

import { type ConsentConfig, loadConsentedTags } from './consent-tags.ts';

/**
 * The cookie-consent banner and its preferences (vanilla-cookieconsent and its 32 kB stylesheet),
 * loaded by `consent.ts` only when they must show: a visitor without a recorded choice, or one who
 * opens the cookie settings. Refusing is one click, like accepting, with buttons of equal weight.
 */
export async function runConsentBanner(config: ConsentConfig): Promise<typeof CookieConsent> {
  const lang = document.documentElement.lang;
  const { text } = config;
  const tagsOfChoice = () =>
    loadConsentedTags(config, {
      analytics: CookieConsent.acceptedCategory('analytics'),
      support: CookieConsent.acceptedCategory('support'),
    });

  await CookieConsent.run({
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
  return CookieConsent;
}
