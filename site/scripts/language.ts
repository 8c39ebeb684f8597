import { LANGUAGE_COOKIE_ATTRIBUTES, LANGUAGE_COOKIE } from '../../contracts/language-choice.ts';
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

/**
 * The language a click chooses: the `data-lang-link` of the link of the language menu or of the
 * footer's list it lands in, else undefined.
 */
export function chosenLanguage(target: EventTarget | null): Language | undefined {
  const link = target instanceof Element ? target.closest<HTMLElement>('a[data-lang-link]') : null;
  const chosen = link?.dataset['langLink'];
  return isLanguage(chosen) ? chosen : undefined;
}

/**
 * The `document.cookie` assignment that records the language the visitor chose, so the server, the
 * CDN and the inline script answer every unprefixed URL in it.
 */
export function languageCookie(lang: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; ${LANGUAGE_COOKIE_ATTRIBUTES}${secure ? '; Secure' : ''}`;
}
