import type { Request } from 'express';
import type { TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromTag } from '../../contracts/languages.ts';
import { createTexts, type FrenchTexts, PLURAL_SUFFIX, type PluralBase } from '../../locales/resources.ts';

/** The groups of the API's answers (`locales/<lang>/api.json`): one per module that answers. */
export type ApiGroup = keyof FrenchTexts['api'];

/**
 * A module's messages: each key of its group, mapped to the full i18next key. Modules read their
 * texts through one (`apiMessages('claims')`), so `keyof typeof claimMessages` types their keys.
 */
export type MessageCatalog<Key extends string> = Readonly<Record<Key, string>>;

const texts = createTexts(['api']);

/** The messages of one group of `locales/fr/api.json` (plural forms folded to their key). */
export function apiMessages<Group extends ApiGroup>(
  group: Group,
): MessageCatalog<PluralBase<keyof FrenchTexts['api'][Group] & string>> {
  const keys = Object.keys(texts.getResourceBundle(DEFAULT_LANGUAGE, 'api')[group] as object);
  const bases = [...new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')))];
  return Object.fromEntries(bases.map((key) => [key, `${group}.${key}`])) as MessageCatalog<
    PluralBase<keyof FrenchTexts['api'][Group] & string>
  >;
}

const translators = new Map<Language, TFunction>();

/** The `api` translator of a language, made once (answers are translated on every refusal). */
function fixedTranslator(lang: Language): TFunction {
  let t = translators.get(lang);
  if (t === undefined) {
    t = texts.getFixedT(lang, 'api');
    translators.set(lang, t);
  }
  return t;
}

/** A message in a language, through the one i18next configuration (`locales/i18n.ts`). */
export function translate<Key extends string>(
  catalog: MessageCatalog<Key>,
  key: Key,
  lang: Language,
  values: Record<string, string | number> = {},
): string {
  const fullKey: string = catalog[key];
  return String(fixedTranslator(lang)(fullKey, { ...values }));
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

/**
 * The messages every API shares (group `common`): the envelope of a refused request, the problems
 * of a field, a limit reached, a cross-site write. Infrastructure (`errors.ts`, `security/`) reads
 * them here, so it imports no feature's messages.
 */
export const commonMessages = apiMessages('common');
