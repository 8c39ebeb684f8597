import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES } from '../../contracts/language-choice.ts';
import { LANGUAGES } from '../../contracts/languages.ts';

/**
 * The inline script, in every customer page's `<head>`, that records the language the visitor
 * picks in the language menu or the footer's list: a press or a middle click (another tab) on a
 * link carrying `data-lang-link` writes the `lang` cookie before the link is followed, so the
 * server, the CDN and the inline redirect answer every unprefixed URL in it. Inline, because the
 * page's scripts load after its first paint: a visitor who picks a language at once is heard.
 * A right click only opens a menu; a language the site does not have is not written.
 */
export const LANGUAGE_CHOICE_SCRIPT =
  `(function(d){function r(e){var a=e.button<2&&e.target.closest&&e.target.closest('a[data-lang-link]'),` +
  `l=a&&a.getAttribute('data-lang-link');if(l&&${JSON.stringify(LANGUAGES)}.indexOf(l)>=0)` +
  `d.cookie='${LANGUAGE_COOKIE}='+l+'; ${LANGUAGE_COOKIE_ATTRIBUTES}'+(location.protocol==='https:'?'; Secure':'')}` +
  `d.addEventListener('click',r,true);d.addEventListener('auxclick',r,true)})(document)`;
