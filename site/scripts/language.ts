import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES } from '../../contracts/language-choice.ts';
import { isLanguage, type Language } from '../../contracts/languages.ts';

/**
 * Decides, once the page has loaded, whether it should move to another language's URL. The
 * language of a first visit is chosen before the page loads (by the server, the CDN, or the inline
 * script at the top of the head): what is left here is
 * - `?lang=xx`, an explicit request (the server redirects too; this covers a CDN that cannot);
 * - a language stored before the `lang` cookie existed: the server, which cannot read it, may have
 *   negotiated another language at this unprefixed URL; the stored choice wins, once.
 * Returns the language to move to, or undefined to stay.
 */
export function languageToMoveTo(input: {
  pageLang: Language;
  queryLang: string | null;
  storedLang: string;
  hasLanguageCookie: boolean;
  /** Whether the address is the page's own URL (false: a negotiated answer at the unprefixed URL). */
  atOwnUrl: boolean;
}): Language | undefined {
  if (isLanguage(input.queryLang)) return input.queryLang === input.pageLang ? undefined : input.queryLang;
  const { storedLang } = input;
  if (!input.hasLanguageCookie && !input.atOwnUrl && isLanguage(storedLang) && storedLang !== input.pageLang) {
    return storedLang;
  }
  return undefined;
}

/** Whether `cookieHeader` (`document.cookie`) holds the language cookie. */
export function hasLanguageCookie(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE}=`));
}

/**
 * The `document.cookie` assignment that mirrors the language being read, so the server and the
 * CDN, which cannot read localStorage, answer the next unprefixed URL in it.
 */
export function languageCookie(lang: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; ${LANGUAGE_COOKIE_ATTRIBUTES}${secure ? '; Secure' : ''}`;
}
