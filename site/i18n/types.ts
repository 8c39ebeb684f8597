import type { KeyOf } from '../../locales/resources.ts';

/** A key of the customer pages' texts (`locales/fr/{site,wizard,follow-up,forms,faq}.json`). */
export type MessageKey = KeyOf<'site'> | KeyOf<'wizard'> | KeyOf<'follow-up'> | KeyOf<'forms'> | KeyOf<'faq'>;

/** Every text of the customer pages in one language, by flat dotted key. */
export type Messages = Record<MessageKey, string>;

/** A key whose text has plural forms, without its suffix (`followup.unsent.count_one`, `_other` → `followup.unsent.count`): given with `count`. */
export type CountedMessageKey = MessageKey extends infer Key
  ? Key extends `${infer Base}_other`
    ? Base
    : never
  : never;
