/**
 * The interface languages, French first: French is the default and has no URL prefix.
 * Shared by the site, the islands, the server (mail, error messages) and the back office.
 */
export const LANGUAGES = ['fr', 'en', 'de', 'es', 'it', 'nl', 'pl', 'da', 'pt'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'fr';

/** Narrows any string (a URL segment, `?lang=`, `navigator.language`) to a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The supported language of a browser tag such as `en-GB`, or undefined. */
export function languageFromTag(tag: string | null | undefined): Language | undefined {
  const primary = tag?.slice(0, 2).toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/**
 * Date display pattern per language (spec 1 §5): da and nl dd-MM-yyyy; de and pl dd.MM.yyyy;
 * en MM/dd/yyyy; all others dd/MM/yyyy.
 */
export const DATE_PATTERNS: Record<Language, 'dd-MM-yyyy' | 'dd.MM.yyyy' | 'MM/dd/yyyy' | 'dd/MM/yyyy'> = {
  fr: 'dd/MM/yyyy',
  en: 'MM/dd/yyyy',
  de: 'dd.MM.yyyy',
  es: 'dd/MM/yyyy',
  it: 'dd/MM/yyyy',
  nl: 'dd-MM-yyyy',
  pl: 'dd.MM.yyyy',
  da: 'dd-MM-yyyy',
  pt: 'dd/MM/yyyy',
};

/** Formats a calendar date (no time) the way the given language shows it. */
export function formatDate(date: Date, lang: Language): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const yyyy = String(date.getFullYear());
  return DATE_PATTERNS[lang].replace('dd', dd).replace('MM', mm).replace('yyyy', yyyy);
}

/** Parses a date typed or stored in the language's pattern; undefined when it is not a real date. */
export function parseDate(text: string, lang: Language): Date | undefined {
  const pattern = DATE_PATTERNS[lang];
  const separator = pattern[2] ?? '/';
  const parts = text.trim().split(separator);
  if (parts.length !== 3) return undefined;
  const order = pattern.split(separator);
  const value = (token: string) => Number(parts[order.indexOf(token)]);
  const day = value('dd');
  const month = value('MM');
  const year = value('yyyy');
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}
