import { configureTexts } from '../../locales/i18n.ts';
import backoffice from '../../locales/fr/backoffice.json' with { type: 'json' };
// Types only (erased): the customer texts `resources.ts` loads stay out of the back office's code.
import type { LeafKeys, PluralBase } from '../../locales/resources.ts';

/**
 * The back office's interface texts: `locales/fr/backoffice.json` (French only: the staff are
 * French) read through the product's one i18next configuration (`locales/i18n.ts`), so a text
 * works as in every other namespace: `{{name}}` values, plural forms chosen by `count`.
 */

type Leaf = LeafKeys<typeof backoffice>;

/** A key whose text has plural forms (`activities.sessions_one`, `_many`, `_other` → `activities.sessions`). */
export type CountedTextKey = Leaf extends infer Key ? (Key extends `${infer Base}_other` ? Base : never) : never;

/** A key of a text without plural forms. */
export type TextKey = Exclude<PluralBase<Leaf>, CountedTextKey>;

/** What fills a text's `{{name}}` placeholders. */
export type TextValues = Readonly<Record<string, string | number>>;

const texts = configureTexts({ fr: { backoffice } }, ['backoffice']);

/**
 * A text of the back office, its placeholders filled. Example: `t('claims.handling.title',
 * { number: 'SI-0000003' })` → "Sinistre SI-0000003"; `t('claims.list.results', { count: 2 })` →
 * "2 résultats".
 */
export function t(key: CountedTextKey, values: TextValues & { count: number }): string;
export function t(key: TextKey, values?: TextValues): string;
export function t(key: TextKey | CountedTextKey, values?: TextValues): string {
  return String(texts.t(key, { ...values }));
}
