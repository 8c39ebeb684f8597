import type { Language } from '../contracts/languages.ts';
import da from './da.ts';
import de from './de.ts';
import en from './en.ts';
import es from './es.ts';
import fr from './fr.ts';
import it from './it.ts';
import nl from './nl.ts';
import pl from './pl.ts';
import pt from './pt.ts';

/**
 * Every interface text of the product, as i18next JSON v4 files: `locales/<lang>/<namespace>.json`
 * (what Weblate, Crowdin or Tolgee read and write). French is the reference: its files define the
 * keys and their types; `locales.test.ts` holds every other language to them.
 *
 * Keys are dotted paths ("wizard.open.title"); a key's first segment is its group, and each
 * namespace file holds whole groups, so a key names its namespace (namespaceOf).
 */

/** The namespaces, one file each per language. */
export type Namespace = keyof typeof fr;

export const NAMESPACES = Object.keys(fr) as Namespace[];

/** A namespace's texts: nested objects whose leaves are strings. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

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

/** A tree's leaves as one flat object of dotted keys, in the file's order. */
export function flatten(tree: TextTree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[`${prefix}${key}`] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}

const NAMESPACE_OF_GROUP = new Map<string, Namespace>(
  NAMESPACES.flatMap((namespace) => Object.keys(fr[namespace]).map((group) => [group, namespace] as const)),
);

/** The namespace whose file holds a key (by its group, the first segment). */
export function namespaceOf(key: string): Namespace | undefined {
  const dot = key.indexOf('.');
  return NAMESPACE_OF_GROUP.get(dot === -1 ? key : key.slice(0, dot));
}
