import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/languages.ts';
import da from './da.ts';
import de from './de.ts';
import en from './en.ts';
import es from './es.ts';
import fr from './fr.ts';
import it from './it.ts';
import nl from './nl.ts';
import pl from './pl.ts';
import pt from './pt.ts';
import type { MessageKey, Messages } from './types.ts';

export type { MessageKey, Messages } from './types.ts';

/** Every interface string, per language (French is the reference and the fallback). */
export const MESSAGES: Record<Language, Messages> = { fr, en, de, es, it, nl, pl, da, pt };

/** Translates one key; `vars` fill the `{{name}}` placeholders. */
export type Translator = (key: MessageKey, vars?: Record<string, string | number>) => string;

/**
 * One i18next instance for the whole process, initialised synchronously (all resources are
 * bundled, nothing is loaded). Keys are flat ("home.hero.title"), so the key and namespace
 * separators are off; values are not HTML-escaped here because Astro escapes on output.
 */
const i18n = createInstance();
void i18n.init({
  initAsync: false,
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: MESSAGES[lang] }])),
  supportedLngs: [...LANGUAGES],
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  ns: ['translation'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
});

const translators = new Map<Language, Translator>();

/** The translator of a language (created once per language, then reused). */
export function getTranslator(lang: Language): Translator {
  let translator = translators.get(lang);
  if (!translator) {
    const t: TFunction = i18n.getFixedT(lang);
    translator = (key, vars) => String(vars ? t(key, vars) : t(key));
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
  const selected: MessageKey[] =
    typeof keys === 'string'
      ? (Object.keys(messages) as MessageKey[]).filter((key) => matchesPrefix(key, keys))
      : [...keys];
  const result: Partial<Messages> = {};
  for (const key of selected) result[key] = messages[key] || MESSAGES[DEFAULT_LANGUAGE][key];
  return result;
}

/** The raw strings under any of several prefixes (an island's own keys and the shared ones). */
export function messagesUnder(lang: Language, prefixes: readonly string[]): Partial<Messages> {
  return Object.assign({}, ...prefixes.map((prefix) => messagesFor(lang, prefix))) as Partial<Messages>;
}

function matchesPrefix(key: string, prefix: string): boolean {
  if (prefix === '') return true;
  return key === prefix || key.startsWith(prefix.endsWith('.') ? prefix : `${prefix}.`);
}
