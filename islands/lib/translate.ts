import type { MessageKey, Messages } from '../../site/i18n/types.ts';

/** Translates a key of the strings a page handed to its island; `vars` fill `{{name}}` placeholders. */
export type IslandTranslator = (key: MessageKey, vars?: Readonly<Record<string, string | number>>) => string;

/**
 * The islands' translator. The page passes each island the raw strings of `site/i18n/` it needs
 * (`messagesFor`), in i18next's format; shipping i18next itself to the browser would cost 16 KB
 * gzip for what, in an island, is only `{{placeholder}}` interpolation. A key the page did not pass
 * shows as the key, so a missing string is visible in tests instead of silently empty.
 */
export function createTranslator(messages: Partial<Messages>): IslandTranslator {
  return (key, vars) => {
    const text = messages[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(vars, name) ? String(vars[name]) : whole,
    );
  };
}
