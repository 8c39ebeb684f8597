import { isLanguage, type Language } from '../../contracts/languages.ts';
import { enterPage, storedLanguage } from '../../islands/session/page-session.ts';
import { hasLanguageCookie, languageCookie, languageToMoveTo } from './language.ts';

/**
 * Runs on every page: records company and language (localStorage and the `lang` cookie), applies
 * `?lang=`, and puts the page's own URL in the address bar when the page was negotiated at the
 * unprefixed URL, so a reload or a bookmark keeps its language. A 404 page stays where it is:
 * moving would replace the address the visitor typed with `/xx/404`.
 */
function record(company: string, lang: Language): void {
  enterPage(company, lang);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox on many phones
  document.cookie = languageCookie(lang, window.location.protocol === 'https:');
}

const { company = '', lang = 'fr', route = '' } = document.body.dataset;
if (isLanguage(lang) && route === '404') record(company, lang);
else if (isLanguage(lang)) {
  const url = new URL(window.location.href);
  const linkTo = (target: Language) =>
    document.querySelector<HTMLAnchorElement>(`a[data-lang-link="${target}"]`)?.pathname;
  const ownPath = linkTo(lang) ?? url.pathname;
  const target = languageToMoveTo({
    pageLang: lang,
    queryLang: url.searchParams.get('lang'),
    storedLang: storedLanguage(),
    hasLanguageCookie: hasLanguageCookie(document.cookie),
    atOwnUrl: ownPath === url.pathname,
  });
  const targetPath = target ? linkTo(target) : undefined;
  url.searchParams.delete('lang');
  if (target && targetPath) {
    record(company, target);
    window.location.replace(`${targetPath}${url.search}${url.hash}`);
  } else {
    record(company, lang);
    if (ownPath !== window.location.pathname || window.location.search.includes('lang='))
      window.history.replaceState(window.history.state, '', `${ownPath}${url.search}${url.hash}`);
  }
}
