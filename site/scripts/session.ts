import { isLanguage } from '../../contracts/languages.ts';
import { enterPage, storedLanguage } from '../../islands/session/page-session.ts';
import { languageToMoveTo } from './language.ts';

/**
 * Runs on every page: applies `?lang=`, the first-visit language, and records company and language.
 * A 404 page stays where it is: moving would replace the address the visitor typed with `/xx/404`.
 */
const { company = '', lang = 'fr', route = '' } = document.body.dataset;
if (isLanguage(lang) && route === '404') enterPage(company, lang);
else if (isLanguage(lang)) {
  const url = new URL(window.location.href);
  const target = languageToMoveTo({
    pageLang: lang,
    queryLang: url.searchParams.get('lang'),
    storedLang: storedLanguage(),
    browserLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
  const link = target ? document.querySelector<HTMLAnchorElement>(`a[data-lang-link="${target}"]`) : null;
  url.searchParams.delete('lang');
  if (target && link) {
    enterPage(company, target);
    window.location.replace(`${link.pathname}${url.search}${url.hash}`);
  } else {
    enterPage(company, lang);
    if (window.location.search.includes('lang='))
      window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  }
}
