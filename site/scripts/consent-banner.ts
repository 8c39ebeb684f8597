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

/** The cookie words of `locales/<lang>/site.json` the preferences show. */
interface CookieTexts {
  acceptAll: string;
  rejectAll: string;
  save: string;
  close: string;
  prefs: { title: string };
  necessary: { title: string; text: string };
  analytics: { title: string; text: string };
  support: { title: string; text: string };
}

/**
 * Each language's cookie words, one small chunk per language loaded with the library: in every
 * page's first response they cost about 250 bytes of its 14 KB, for a visitor who may never open
 * the preferences.
 */
const COOKIE_TEXTS = import.meta.glob<CookieTexts>('../../locales/*/site.json', { import: 'cookies' });

/** The cookie words in `lang` (the page's `<html lang>`), French for a language without its catalogue. */
function cookieTextsIn(lang: string): Promise<CookieTexts> {
  const load = COOKIE_TEXTS[`../../locales/${lang}/site.json`] ?? COOKIE_TEXTS['../../locales/fr/site.json'];
  if (load === undefined) throw new Error('The French site catalogue is missing.');
  return load();
}

let stylesheet: Promise<void> | undefined;

/**
 * Adds the library's stylesheet, which only its preferences need. Linked here rather than
 * imported as CSS, and with the tag loader passed in rather than imported, this chunk depends on
 * no other page chunk: it loads, with its language's words, only when the visitor answers the
 * banner or opens the preferences.
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
  const text = await cookieTextsIn(lang);
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
            title: text.prefs.title,
            acceptAllBtn: text.acceptAll,
            acceptNecessaryBtn: text.rejectAll,
            savePreferencesBtn: text.save,
            closeIconLabel: text.close,
            sections: [
              { title: text.necessary.title, description: text.necessary.text, linkedCategory: 'necessary' },
              { title: text.analytics.title, description: text.analytics.text, linkedCategory: 'analytics' },
              { title: text.support.title, description: text.support.text, linkedCategory: 'support' },
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
