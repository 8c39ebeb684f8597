import { type ConsentConfig, loadConsentedTags, recordedChoice } from './consent-tags.ts';

/**
 * Runs on every page with a consent banner. A returning visitor whose choice is recorded gets the
 * tags they accepted and nothing more: the banner library and its stylesheet load only when the
 * banner must show (no choice yet) or the visitor opens the cookie settings.
 */
const element = document.getElementById('consent-config');
if (element?.textContent) {
  const config = JSON.parse(element.textContent) as ConsentConfig;
  const loadBanner = () =>
    import('./consent-banner.ts').then(({ runConsentBanner }) => runConsentBanner(config, loadConsentedTags));
  const choice = recordedChoice(document.cookie);
  if (choice === undefined) void loadBanner();
  else {
    loadConsentedTags(config, choice);
    for (const button of document.querySelectorAll('[data-cc="show-preferencesModal"]'))
      button.addEventListener(
        'click',
        () => void loadBanner().then((consent) => consent.showPreferences()),
        // Once loaded, the library answers the button itself.
        { once: true },
      );
  }
}
