import type { KeyOf } from '../../locales/resources.ts';

/** A key of the customer pages' texts (`locales/fr/{site,wizard,follow-up,forms,faq}.json`). */
export type MessageKey = KeyOf<'site'> | KeyOf<'wizard'> | KeyOf<'follow-up'> | KeyOf<'forms'> | KeyOf<'faq'>;

/** Every text of the customer pages in one language, by flat dotted key. */
export type Messages = Record<MessageKey, string>;
