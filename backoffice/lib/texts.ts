import backoffice from '../../locales/fr/backoffice.json' with { type: 'json' };
import {
  type CountedTextKey as CountedKeyOf,
  createFrenchTexts,
  type TextKey as TextKeyOf,
  type TextValues,
} from '../../locales/french-texts.ts';

/**
 * The back office's interface texts: `locales/fr/backoffice.json` (French only: the staff are
 * French), read like every French-only file (`locales/french-texts.ts`).
 */

/** A key whose text has plural forms (`activities.sessions_one`, `_many`, `_other` → `activities.sessions`). */
export type CountedTextKey = CountedKeyOf<typeof backoffice>;

/** A key of a text without plural forms. */
export type TextKey = TextKeyOf<typeof backoffice>;

export type { TextValues };

/**
 * A text of the back office, its placeholders filled. Example: `t('claims.handling.title',
 * { number: 'SI-0000003' })` → "Sinistre SI-0000003"; `t('claims.list.results', { count: 2 })` →
 * "2 résultats".
 */
/**
 * A text of the back office, its placeholders filled. Example: `t('claims.handling.title',
 * { number: 'SI-0000003' })` → "Sinistre SI-0000003"; `t('claims.list.results', { count: 2 })` →
 * "2 résultats".
 */
export const t = createFrenchTexts('backoffice', backoffice);
