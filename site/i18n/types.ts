import type fr from './fr.ts';

/** A translation key; French (`fr.ts`) is the reference. */
export type MessageKey = keyof typeof fr;

/** A complete translation: every French key, in another language. */
export type Messages = Record<MessageKey, string>;
