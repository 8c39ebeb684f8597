import 'vanilla-cookieconsent/dist/cookieconsent.css';
import * as CookieConsent from 'vanilla-cookieconsent';

/**
 * The cookie-consent banner (vanilla-cookieconsent). Refusing is one click, like accepting, with
 * buttons of equal weight. Third-party tags load only when configured and consented to.
 */
interface ConsentConfig {
  privacyUrl: string;
  chatWidgetUrl: string;
  analyticsUrl: string;
  text: Record<
    | 'title'
    | 'description'
    | 'acceptAll'
    | 'rejectAll'
    | 'manage'
    | 'save'
    | 'close'
    | 'preferencesTitle'
    | 'necessaryTitle'
    | 'necessaryText'
    | 'analyticsTitle'
    | 'analyticsText'
    | 'supportTitle'
    | 'supportText'
    | 'more',
    string
  >;
}

const element = document.getElementById('consent-config');
if (element?.textContent) {
  const config = JSON.parse(element.textContent) as ConsentConfig;
  const lang = document.documentElement.lang;
  const { text } = config;

  const loaded = new Set<string>();
  function loadScript(url: string): void {
    if (!url || loaded.has(url)) return;
    loaded.add(url);
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    document.head.append(script);
  }
  function loadConsentedTags(): void {
    if (CookieConsent.acceptedCategory('analytics')) loadScript(config.analyticsUrl);
    if (CookieConsent.acceptedCategory('support')) loadScript(config.chatWidgetUrl);
  }

  void CookieConsent.run({
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
    onConsent: loadConsentedTags,
    onChange: loadConsentedTags,
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
}
