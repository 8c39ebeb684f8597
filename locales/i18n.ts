import { createInstance, type i18n, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../contracts/languages.ts';

/**
 * The one i18next configuration of the product (the site's build, the server's answers and mails,
 * the back office). Its rules hold everywhere, the islands' translator included
 * (`islands/lib/translate.ts`, checked against this one by its test):
 * - `{{name}}` interpolation, not HTML-escaped (Astro, React and the mail renderer escape on output);
 * - plural forms `key_one`, `key_few`, `key_many`, `key_other`, chosen by `count` (Intl.PluralRules);
 * - a text missing in a language falls back to French, a key missing everywhere shows as the key,
 *   and a variable without a value stays visible as `{{name}}`: tests find all three.
 *
 * This module imports no texts: each reader passes the namespaces it loads (`createTexts` in
 * `resources.ts` for the translated ones; the back office its French-only file).
 */
export function configureTexts(resources: Resource, namespaces: readonly string[]): i18n {
  const instance = createInstance();
  void instance.init({
    initAsync: false,
    resources,
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
