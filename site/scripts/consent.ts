import type { ConsentLibrary } from './consent-banner.ts';
import { CONSENT_EARLY_PRESS, type ConsentConfig, loadConsentedTags, recordedChoice } from './consent-tags.ts';

/**
 * Runs on every page with a cookie banner. The banner itself is in the page and shows by CSS
 * under `<html data-consent="ask">` (set by the head's probe, `lib/consent-probe.ts`); this script
 * answers its buttons. The consent library (vanilla-cookieconsent, which records the choice in
 * `cc_cookie`) and its 32 kB stylesheet load only when the visitor answers or opens the
 * preferences; a returning visitor whose choice is recorded gets the tags they accepted and
 * nothing more.
 */
const banner = document.getElementById('consent-banner');
if (banner) {
  /** The tags' addresses, in the page only when a tag is configured (CookieConsent.astro). */
  const written = document.getElementById('consent-config')?.textContent;
  const config: ConsentConfig = written
    ? (JSON.parse(written) as ConsentConfig)
    : { chatWidgetUrl: '', analyticsUrl: '' };
  const root = document.documentElement;

  /** A focus left on the hidden banner, or dropped to the body, goes to the page's content. */
  const refocus = () => {
    const focused = document.activeElement;
    if (root.dataset['consent'] !== 'ask' && (focused === document.body || banner?.contains(focused)))
      // The banner's band leaves the top of the page: the content moves up by itself, no scroll.
      document.getElementById('main')?.focus({ preventScroll: true });
  };
  /** Hides the banner once the visitor has answered. */
  const answered = () => {
    if (root.dataset['consent'] !== 'ask') return;
    delete root.dataset['consent'];
    refocus();
  };

  let library: Promise<ConsentLibrary> | undefined;
  const loadLibrary = () => {
    library ??= import('./consent-banner.ts').then(({ runConsentLibrary }) =>
      runConsentLibrary(config, loadConsentedTags, { answered, refocus }),
    );
    return library;
  };

  const choice = recordedChoice(document.cookie);
  if (choice === undefined) root.dataset['consent'] = 'ask';
  else loadConsentedTags(config, choice);

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-consent-answer]')) {
    button.addEventListener('click', () => {
      const answer = button.dataset['consentAnswer'];
      if (answer === 'manage') {
        void loadLibrary().then((consent) => consent.showPreferences());
        return;
      }
      // The banner goes at once; the choice is recorded as soon as the library has loaded.
      answered();
      void loadLibrary().then((consent) => consent.accept(answer === 'all' ? 'all' : 'necessary'));
    });
  }
  for (const button of document.querySelectorAll('[data-cc="show-preferencesModal"]'))
    button.addEventListener(
      'click',
      () => void loadLibrary().then((consent) => consent.showPreferences()),
      // Once loaded, the library answers the button itself.
      { once: true },
    );
  // A button pressed before this script ran (it loads after the first paint), kept by the probe.
  const early = Symbol.for(CONSENT_EARLY_PRESS);
  const store = document as unknown as Record<symbol, unknown>;
  const pressed = store[early];
  store[early] = null;
  if (pressed instanceof HTMLElement && pressed.isConnected) pressed.click();
}
