import type { TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/languages.ts';
import { createTexts, flatten, type Namespace, RESOURCES } from '../../locales/resources.ts';
import type { CountedMessageKey, MessageKey, Messages } from './types.ts';

export type { MessageKey, Messages } from './types.ts';

/** The namespaces of the customer pages and their islands (the server's are apart). */
const SITE_NAMESPACES = ['site', 'wizard', 'follow-up', 'forms', 'faq'] as const satisfies readonly Namespace[];

/** Every text of the customer pages per language, as flat dotted keys (French is the fallback). */
export const MESSAGES: Record<Language, Messages> = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    Object.assign({}, ...SITE_NAMESPACES.map((ns) => flatten(RESOURCES[lang][ns]))) as Messages,
  ]),
) as Record<Language, Messages>;

/** Translates one key; `vars` fill the `{{name}}` placeholders (and `count` picks the plural form). */
export type Translator = {
  (key: CountedMessageKey, vars: Record<string, string | number> & { count: number }): string;
  (key: MessageKey, vars?: Record<string, string | number>): string;
};

const i18n = createTexts(SITE_NAMESPACES);

/** Each site namespace file holds whole groups (a key's first segment), so a key names its file. */
const NAMESPACE_OF_GROUP = new Map<string, Namespace>(
  SITE_NAMESPACES.flatMap((namespace) =>
    Object.keys(RESOURCES.fr[namespace]).map((group) => [group, namespace] as const),
  ),
);

function namespaceOf(key: string): Namespace | undefined {
  const dot = key.indexOf('.');
  return NAMESPACE_OF_GROUP.get(dot === -1 ? key : key.slice(0, dot));
}

const translators = new Map<Language, Translator>();

/** The translator of a language (created once per language, then reused). */
export function getTranslator(lang: Language): Translator {
  let translator = translators.get(lang);
  if (!translator) {
    const t: TFunction = i18n.getFixedT(lang);
    // A key without variables always reads the same: each is looked up once (a build renders
    // thousands of pages with the same texts).
    const plain = new Map<string, string>();
    translator = (key, vars) => {
      if (vars !== undefined) return String(t(key, { ...vars, ns: namespaceOf(key) }));
      let text = plain.get(key);
      if (text === undefined) {
        text = String(t(key, { ns: namespaceOf(key) }));
        plain.set(key, text);
      }
      return text;
    };
    translators.set(lang, translator);
  }
  return translator;
}

/**
 * The raw (not interpolated) strings an island needs, as a plain serialisable object: either
 * an explicit list of keys, or every key under a prefix (`'cookies'` or `'cookies.'` selects
 * `cookies.title`, `cookies.text`… but not `cookiesX.y`).
 */
export function messagesFor(lang: Language, keys: readonly MessageKey[] | string): Partial<Messages> {
  const messages = MESSAGES[lang];
  const selected = typeof keys === 'string' ? keysUnder(lang, keys) : keys;
  const result: Partial<Messages> = {};
  for (const key of selected) result[key] = messages[key] || MESSAGES[DEFAULT_LANGUAGE][key];
  return result;
}

/** The keys of a language under each prefix asked for, found once per language and prefix. */
const keysByPrefix = new Map<string, readonly MessageKey[]>();

function keysUnder(lang: Language, prefix: string): readonly MessageKey[] {
  const cacheKey = `${lang} ${prefix}`;
  let keys = keysByPrefix.get(cacheKey);
  if (keys === undefined) {
    // The language's own keys too: its plural forms may be others than French's (Polish `_few`).
    keys = (
      [...new Set([...Object.keys(MESSAGES[DEFAULT_LANGUAGE]), ...Object.keys(MESSAGES[lang])])] as MessageKey[]
    ).filter((key) => matchesPrefix(key, prefix));
    keysByPrefix.set(cacheKey, keys);
  }
  return keys;
}

/** The raw strings under any of several prefixes (an island's own keys and the shared ones). */
export function messagesUnder(lang: Language, prefixes: readonly string[]): Partial<Messages> {
  return Object.assign({}, ...prefixes.map((prefix) => messagesFor(lang, prefix))) as Partial<Messages>;
}

function matchesPrefix(key: string, prefix: string): boolean {
  if (prefix === '') return true;
  return key === prefix || key.startsWith(prefix.endsWith('.') ? prefix : `${prefix}.`);
}
