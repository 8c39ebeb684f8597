import { isLanguage, type Language } from '../../contracts/languages.ts';

/**
 * Decides, once the page has loaded, whether it should move to another language's URL. The
 * language is chosen before the page loads (by the server, the CDN, or the inline script at the
 * top of the head): what is left here is `?lang=xx`, which the server and nginx redirect, for a
 * static host that cannot. Like a prefixed URL, it is the language of a link, not the visitor's
 * choice: it does not change the `lang` cookie. Returns the language to move to, or undefined.
 */
export function languageToMoveTo(input: { pageLang: Language; queryLang: string | null }): Language | undefined {
  if (isLanguage(input.queryLang)) return input.queryLang === input.pageLang ? undefined : input.queryLang;
  return undefined;
}
