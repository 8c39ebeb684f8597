import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromTag } from '../../contracts/languages.ts';

/**
 * Decides whether the page should move to another language URL:
 * - `?lang=xx` asks for that language explicitly (the server redirects too; this covers a CDN);
 * - on the first visit (no language stored yet) to an unprefixed (French, default) URL, the
 *   browser's language wins; a URL that names its language was chosen and is kept.
 * Returns the language to move to, or undefined to stay.
 */
export function languageToMoveTo(input: {
  pageLang: Language;
  queryLang: string | null;
  storedLang: string;
  browserLanguages: readonly string[];
}): Language | undefined {
  if (isLanguage(input.queryLang)) return input.queryLang === input.pageLang ? undefined : input.queryLang;
  if (input.storedLang !== '' || input.pageLang !== DEFAULT_LANGUAGE) return undefined;
  for (const tag of input.browserLanguages) {
    const preferred = languageFromTag(tag);
    if (preferred) return preferred === input.pageLang ? undefined : preferred;
  }
  return undefined;
}
