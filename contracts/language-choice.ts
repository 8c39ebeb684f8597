import { LANGUAGES, type Language } from './languages.ts';

/**
 * The first-party cookie that holds the language the visitor chose: written only when they pick a
 * language in the language menu or the footer's list (site/lib/language-choice.ts, before the link is
 * followed), never because a page was read in a language. A language preference, not a tracker: it
 * is exempt from consent (interface personalisation) and the consent code neither lists nor
 * deletes it.
 */
export const LANGUAGE_COOKIE = 'lang';

/** Its attributes: the whole site, one year, sent on top-level navigations from other sites. */
export const LANGUAGE_COOKIE_ATTRIBUTES = 'Path=/; Max-Age=31536000; SameSite=Lax';

/**
 * The one rule that chooses the language of an unprefixed (French) customer page, shared by the
 * server (server/site/service.ts), the inline script at the top of every French page's head
 * (site/lib/language-redirect.ts, which embeds this function's own source: keep it self-contained,
 * without comments or imports inside) and the tests; the CDN rules (scripts/cdn/site-rules.ts)
 * write it in nginx's terms. Prefixed URLs are never negotiated: they are served as asked.
 *
 * - a `lang` cookie naming one of `supported`: the language the visitor chose wins, whatever the
 *   browser prefers;
 * - else the most preferred supported language of `acceptLanguage` (an `Accept-Language` header, or
 *   `navigator.languages` joined with commas), q-values honoured, ties in the order given, `q=0`
 *   refused, a tag read by its first two letters as `languageFromTag` does (`de-CH` → `de`);
 * - French (the first of `supported`) chosen or preferred, or no supported language: undefined.
 */
export function negotiatedLanguage(
  cookieHeader: string,
  acceptLanguage: string,
  supported: readonly string[],
): string | undefined {
  const chosen = /(?:^|;)\s*lang=([^;]*)/.exec(cookieHeader)?.[1] ?? '';
  if (supported.indexOf(chosen) >= 0) return chosen === supported[0] ? undefined : chosen;
  let best: string | undefined;
  let bestQuality = 0;
  const parts = acceptLanguage.split(',');
  for (let index = 0; index < parts.length; index++) {
    const [tag = '', ...parameters] = (parts[index] ?? '').split(';');
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter);
      if (match) quality = Number(match[1]);
    }
    const language = tag.trim().slice(0, 2).toLowerCase();
    if (quality > bestQuality && supported.indexOf(language) >= 0) {
      best = language;
      bestQuality = quality;
    }
  }
  return best === supported[0] ? undefined : best;
}

/** The language to serve instead of French at an unprefixed page, for these request headers. */
export function languageForVisitor(headers: {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}): Exclude<Language, 'fr'> | undefined {
  return negotiatedLanguage(headers.cookie ?? '', headers.acceptLanguage ?? '', LANGUAGES) as
    | Exclude<Language, 'fr'>
    | undefined;
}
