import { createInstance, type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../contracts/languages.ts';
import { type Namespace, RESOURCES } from './resources.ts';

/**
 * The one i18next configuration of the product (the site's build, the server's answers and mails,
 * the back office). Its rules hold everywhere, the islands' translator included
 * (`islands/lib/translate.ts`, checked against this one by `locales.test.ts`):
 * - `{{name}}` interpolation, not HTML-escaped (Astro, React and the mail renderer escape on output);
 * - plural forms `key_one`, `key_few`, `key_many`, `key_other`, chosen by `count` (Intl.PluralRules);
 * - a text missing in a language falls back to French, a key missing everywhere shows as the key,
 *   and a variable without a value stays visible as `{{name}}`: tests find all three.
 */
export function createTexts(namespaces: readonly Namespace[]): i18n {
  const instance = createInstance();
  void instance.init({
    initAsync: false,
    resources: Object.fromEntries(
      LANGUAGES.map((lang) => [lang, Object.fromEntries(namespaces.map((ns) => [ns, RESOURCES[lang][ns]]))]),
    ),
    supportedLngs: [...LANGUAGES],
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...namespaces],
    defaultNS: namespaces[0] ?? false,
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
  });
  return instance;
}
