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
 * The regional convention each language's dates and amounts follow (`dates.ts`, `numbers.ts`, whose
 * tests check them against Intl for these locales): English in the European order ("7 December
 * 2026"), Portuguese as Portugal writes it, as their readers here write them.
 */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  fr: 'fr-FR',
  en: 'en-GB',
  de: 'de-DE',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  pl: 'pl-PL',
  da: 'da-DK',
  pt: 'pt-PT',
};
