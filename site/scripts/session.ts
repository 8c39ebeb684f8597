import { enterPage } from '../../islands/session/page-session.ts';
import { pathToMoveTo } from './language.ts';

/**
 * Runs on every page: records the company, applies `?lang=`, and puts the page's own URL in the
 * address bar when the page was negotiated at the unprefixed URL, so a reload or a bookmark keeps
 * its language. A 404 page stays where it is: moving would replace the address the visitor typed
 * with `/xx/404`. Reading a page never changes the visitor's choice: a shared link in another
 * language is read in it, and the next unprefixed URL is again in the language they chose (the
 * choice itself is recorded by the head's inline script, `site/lib/language-choice.ts`).
 */
const { company = '', lang = 'fr', route = '' } = document.body.dataset;
enterPage(company);
if (route !== '404') {
  const url = new URL(window.location.href);
  const pathOf = (target: string) =>
    document.querySelector<HTMLAnchorElement>(`a[data-lang-link="${target}"]`)?.pathname;
  const ownPath = pathOf(lang) ?? url.pathname;
  const targetPath = pathToMoveTo({ pageLang: lang, queryLang: url.searchParams.get('lang'), pathOf });
  url.searchParams.delete('lang');
  if (targetPath) window.location.replace(`${targetPath}${url.search}${url.hash}`);
  else if (ownPath !== window.location.pathname || window.location.search.includes('lang='))
    window.history.replaceState(window.history.state, '', `${ownPath}${url.search}${url.hash}`);
}
