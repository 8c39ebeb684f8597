import type { Language } from '../contracts/languages.ts';
import { LANGUAGES } from '../contracts/languages.ts';
import type { Namespace } from './resources.ts';

/**
 * Texts that may be the same as in French, per language and namespace: names (a language's own
 * name, a phone line's country) and words both languages write alike. Keep it short: every other
 * value copied from French fails `locales.test.ts`.
 */
export const SAME_AS_FRENCH: Record<Exclude<Language, 'fr'>, Partial<Record<Namespace, readonly string[]>>> = {
  en: {
    site: [...languageNames(), 'meta.pageTitle', 'nav.contact', 'footer.faq', 'support.line.FR', 'support.line.PT'],
    faq: ['faq.assistant.name'],
  },
  de: { site: [...languageNames(), 'meta.pageTitle', 'footer.faq', 'support.line.PT'] },
  es: { site: [...languageNames(), 'meta.pageTitle', 'support.line.PT'] },
  it: { site: [...languageNames(), 'meta.pageTitle'] },
  nl: { site: [...languageNames(), 'meta.pageTitle', 'nav.contact', 'footer.faq', 'support.line.PT'] },
  pl: { site: [...languageNames(), 'meta.pageTitle', 'a11y.partnerLogo'] },
  da: { site: [...languageNames(), 'meta.pageTitle', 'footer.faq', 'support.line.PT', 'install.accept'] },
  pt: { site: [...languageNames(), 'meta.pageTitle', 'support.line.PT'] },
};

/** Each language's name is written in that language, so the same in every file. */
function languageNames(): string[] {
  return LANGUAGES.map((lang) => `language.${lang}`);
}
