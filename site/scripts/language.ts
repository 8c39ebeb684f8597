/**
 * Decides, once the page has loaded, whether it should move to another language's URL. The
 * language is chosen before the page loads (by the server, the CDN, or the inline script at the
 * top of the head): what is left here is `?lang=xx`, which the server and nginx redirect, for a
 * static host that cannot. Like a prefixed URL, it is the language of a link, not the visitor's
 * choice: it does not change the `lang` cookie. A language is offered when the page links to its
 * version (`pathOf`, the page's language menu), so this code carries no list of its own. Returns
 * the path to move to, or undefined.
 */
export function pathToMoveTo(input: {
  pageLang: string;
  queryLang: string | null;
  pathOf: (lang: string) => string | undefined;
}): string | undefined {
  const { pageLang, queryLang, pathOf } = input;
  // Two letters, and so safe in the selector that finds the page's link.
  if (!queryLang || !/^[a-z]{2}$/.test(queryLang) || queryLang === pageLang) return undefined;
  return pathOf(queryLang);
}
