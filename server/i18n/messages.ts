import type { Request } from 'express';
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES, languageFromTag } from '../../contracts/languages.ts';

/** One server message in every interface language (the type refuses a missing language). */
export type Translations = Readonly<Record<Language, string>>;

/** A module's catalogue of server messages: answers of the APIs, never page text. */
export type MessageCatalog<Key extends string> = Readonly<Record<Key, Translations>>;

/**
 * Declares a module's messages, e.g. `server/partner-api/claims/messages.ts`. Each module keeps
 * its own catalogue so modules never edit a shared file; `messages.test.ts` checks every catalogue
 * registered in `ALL_CATALOGS` for untranslated (French-identical) texts.
 */
export function defineMessages<Key extends string>(catalog: MessageCatalog<Key>): MessageCatalog<Key> {
  return catalog;
}

/** `{{name}}` interpolation, as in the site's strings. */
export function translate<Key extends string>(
  catalog: MessageCatalog<Key>,
  key: Key,
  lang: Language,
  values: Record<string, string | number> = {},
): string {
  return catalog[key][lang].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/**
 * The language a request asks its answer in: a `lang` field of the query or body when valid,
 * else the first supported language of `Accept-Language`, else French.
 */
export function requestLanguage(request: Request): Language {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.['lang'];
  if (isLanguage(fromQuery)) return fromQuery;
  const fromBody = (request.body as Record<string, unknown> | undefined)?.['lang'];
  if (isLanguage(fromBody)) return fromBody;
  for (const part of (request.get('accept-language') ?? '').split(',')) {
    const lang = languageFromTag(part.trim());
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/** Texts of a catalogue left identical to French in another language, as `key (lang)`. */
export function untranslatedEntries(
  catalog: MessageCatalog<string>,
  allowed: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  for (const [key, texts] of Object.entries(catalog)) {
    for (const lang of LANGUAGES) {
      if (lang !== 'fr' && texts[lang] === texts.fr && !allowed.has(`${key}:${lang}`))
        problems.push(`${key} (${lang})`);
      if (texts[lang].trim() === '') problems.push(`${key} (${lang}) is empty`);
    }
  }
  return problems;
}
