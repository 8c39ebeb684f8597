import { flatten, type TextTree } from '../../locales/text-tree.ts';
import type { Messages } from '../../site/i18n/types.ts';

/**
 * The FAQ texts of each language, one chunk per language: the page sends the island only the
 * texts its server-rendered disclaimer shows, and the rest (question box, answers, ratings,
 * errors) comes with the island's code, in the page's language only. In the page's props they
 * cost about 500 bytes of its first 14 KB.
 */
const CATALOGUES = import.meta.glob<TextTree>('../../locales/*/faq.json', { import: 'default' });

/** The FAQ texts in `lang` (a page's `<html lang>`), none for a language without a catalogue. */
export async function faqTextsIn(lang: string): Promise<Partial<Messages>> {
  const load = CATALOGUES[`../../locales/${lang}/faq.json`];
  return load === undefined ? {} : flatten(await load());
}
