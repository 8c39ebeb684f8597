import { negotiatedLanguage } from '../../contracts/language-choice.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../contracts/languages.ts';
import { type CustomerRoute, pagePath } from '../../contracts/routes.ts';

/**
 * The inline script at the very top of the `<head>` of every unprefixed (French) customer page, for
 * hosts that cannot negotiate the language (a static host without rules): a visitor whose chosen
 * language (the `lang` cookie) is another one, or who chose none and whose browser prefers another
 * supported language, is sent to that language's URL (query and hash kept) before any stylesheet or
 * script of the page loads; `?lang=xx` sends any visitor to that language's URL, and `?lang=fr`
 * keeps the French page, as the server does. The server and nginx answer that visitor in their
 * language at once, so the script finds nothing to do there.
 *
 * It runs the source of `negotiatedLanguage` (contracts/language-choice.ts) itself, whitespace
 * removed: the rule exists once.
 */

/** `source` without the whitespace JavaScript does not need (it holds no string with spaces). */
function compact(source: string): string {
  return source
    .replace(/\s+/g, ' ')
    .replace(/ (?=[^\w$])|(?<=[^\w$]) /g, '')
    .trim();
}

/**
 * The local names of `negotiatedLanguage`, shortened in the inline copy: the script sits in every
 * French page's first 14 KB. Each is replaced as a whole word; the tests run the result.
 */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  cookieHeader: 'c',
  acceptLanguage: 'a',
  supported: 'u',
  chosen: 'h',
  bestQuality: 'q',
  best: 'b',
  parts: 'p',
  index: 'i',
  tag: 'g',
  parameters: 'r',
  parameter: 'x',
  quality: 'y',
  match: 'm',
  language: 'l',
};

/** `source` with the local names of SHORT_NAMES shortened. */
function shortened(source: string): string {
  // A spread (`...name`) is a name; any other dot before one makes it a property.
  const spreads = source.replaceAll('...', '\u0000');
  return Object.entries(SHORT_NAMES)
    .reduce((text, [name, short]) => text.replace(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, 'g'), short), spreads)
    .replaceAll('\u0000', '...');
}

/**
 * The URL of the page in any language as `before + lang + after`, from `pagePath` (the one rule of
 * the URLs), checked for every language.
 */
function urlTemplate(company: string, route: CustomerRoute): [string, string] {
  const sample = LANGUAGES[1];
  const segments = pagePath({ company, lang: sample, route }).split('/');
  const at = segments.indexOf(sample);
  const template: [string, string] = [
    `${segments.slice(0, at).join('/')}/`,
    segments.slice(at).join('/').slice(sample.length),
  ];
  for (const lang of LANGUAGES.filter((other) => other !== DEFAULT_LANGUAGE)) {
    if (template.join(lang) !== pagePath({ company, lang, route })) throw new Error(`No URL template for ${route}`);
  }
  return template;
}

/** The script of the French page `route` of `company` (the partner slug, '' for the neutral brand). */
export function languageRedirectScript(company: string, route: CustomerRoute): string {
  const [before, after] = urlTemplate(company, route);
  // `?lang=xx` naming a language is the link's language, as the server reads it (service.ts): that
  // language's URL, `lang=` kept for the page's script to drop; French stays. Else the rule.
  return (
    `(function(n,u,o){var w=((/[?&]lang=([^&]*)/.exec(o.search)||[])[1]||'').toLowerCase(),` +
    `l=u.indexOf(w)<0?n(document.cookie,navigator.languages.join(),u):w!=u[0]&&w;` +
    `if(l)o.replace(${JSON.stringify(before)}+l+${JSON.stringify(after)}+o.search+o.hash)})` +
    `(${shortened(compact(negotiatedLanguage.toString()))},${JSON.stringify(LANGUAGES)},location)`
  );
}
