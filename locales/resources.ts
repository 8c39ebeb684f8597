import type { i18n } from 'i18next';
import { type Language, LANGUAGES } from '../contracts/languages.ts';
import { configureTexts } from './i18n.ts';
import type { TextTree } from './text-tree.ts';
import da from './da.ts';
import de from './de.ts';
import en from './en.ts';
import es from './es.ts';
import fr from './fr.ts';
import it from './it.ts';
import nl from './nl.ts';
import pl from './pl.ts';
import pt from './pt.ts';

export { flatten, type TextTree } from './text-tree.ts';

/**
 * Every interface text of the product, as i18next JSON v4 files: `locales/<lang>/<namespace>.json`
 * (what Weblate, Crowdin or Tolgee read and write). French is the reference: its files define the
 * keys and their types; `locales.test.ts` holds every other language to them. Keys are dotted
 * paths ("wizard.open.title"); a key's first segment is its group.
 */

/** The namespaces, one file each per language. */
export type Namespace = keyof typeof fr;

export const NAMESPACES = Object.keys(fr) as Namespace[];

export const RESOURCES: Readonly<Record<Language, Readonly<Record<Namespace, TextTree>>>> = {
  fr,
  en,
  de,
  es,
  it,
  nl,
  pl,
  da,
  pt,
};

/** The dotted paths of a tree's leaves. */
export type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The keys of a namespace, read from the French file. */
export type KeyOf<N extends Namespace> = LeafKeys<(typeof fr)[N]>;

/** The French texts (the reference), as their files type them. */
export type FrenchTexts = typeof fr;

/** The suffix of a plural form (i18next JSON v4, the categories of Intl.PluralRules). */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix: `files_one`, `files_other` → `files`. */
export type PluralBase<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;

/** An i18next instance (the rules of `i18n.ts`) holding these namespaces in every language. */
export function createTexts(namespaces: readonly Namespace[]): i18n {
  return configureTexts(
    Object.fromEntries(
      LANGUAGES.map((lang) => [lang, Object.fromEntries(namespaces.map((ns) => [ns, RESOURCES[lang][ns]]))]),
    ),
    namespaces,
  );
}
