import type { Language } from '../../contracts/languages.ts';
import type { CountedMessageKey, MessageKey, Messages } from '../../site/i18n/types.ts';

/** Translates a key of the strings a page handed to its island; `vars` fill `{{name}}` placeholders. */
export type IslandTranslator = {
  (key: CountedMessageKey, vars: Readonly<Record<string, string | number>> & { count: number }): string;
  (key: MessageKey, vars?: Readonly<Record<string, string | number>>): string;
};

/**
 * The islands' translator. The page passes each island the raw texts of `locales/` it needs
 * (`messagesFor`), in i18next's format; shipping i18next itself to the browser would cost 16 KB
 * gzip for what, in an island, is only interpolation and plural choice. It keeps the rules of
 * `locales/i18n.ts` (a `count` picks `key_one`, `key_few`…; a variable without a value stays
 * visible; a key the page did not pass shows as the key), and its test holds it to i18next's own
 * output for every text of every language.
 */
export function createTranslator(messages: Partial<Messages>, lang: Language): IslandTranslator {
  const texts: Partial<Record<string, string>> = messages;
  const plurals = new Intl.PluralRules(lang);
  return (key, vars) => {
    const count = vars?.['count'];
    const plural = typeof count === 'number' ? texts[`${key}_${plurals.select(count)}`] : undefined;
    const text = plural ?? texts[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(vars, name) ? String(vars[name]) : whole,
    );
  };
}
