import { configureTexts } from './i18n.ts';
// Types only (erased): a reader of a French-only file loads none of the translated texts.
import type { LeafKeys, PluralBase } from './resources.ts';

/**
 * The texts of a French-only file (`locales/fr/backoffice.json` for the back office,
 * `locales/fr/staff-api.json` for the staff API's answers: the staff are French), read through
 * the product's one i18next configuration (`i18n.ts`), so a text works as in every other
 * namespace: `{{name}}` values, plural forms chosen by `count`.
 */

type Leaf<Json> = LeafKeys<Json>;

/** A key whose text has plural forms (`activities.sessions_one`, `_many`, `_other` → `activities.sessions`). */
export type CountedTextKey<Json> =
  Leaf<Json> extends infer Key ? (Key extends `${infer Base}_other` ? Base : never) : never;

/** A key of a text without plural forms. */
export type TextKey<Json> = Exclude<PluralBase<Leaf<Json>>, CountedTextKey<Json>>;

/** What fills a text's `{{name}}` placeholders. */
export type TextValues = Readonly<Record<string, string | number>>;

/** `t` of a French-only file: a key with plural forms requires `count`. */
export interface FrenchTranslator<Json> {
  (key: CountedTextKey<Json>, values: TextValues & { count: number }): string;
  (key: TextKey<Json>, values?: TextValues): string;
}

/** The translator of one French-only namespace. */
export function createFrenchTexts<Json extends object>(namespace: string, json: Json): FrenchTranslator<Json> {
  const texts = configureTexts({ fr: { [namespace]: json } }, [namespace]);
  return ((key: string, values?: TextValues) => String(texts.t(key, { ...values }))) as FrenchTranslator<Json>;
}
