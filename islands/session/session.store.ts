import { persistentMap } from '@nanostores/persistent';
import { SESSION_STORAGE_PREFIX } from './page-session.ts';

/**
 * The visitor's session (spec 2 §3 "Client session state"), persisted in localStorage under a
 * versioned prefix and synchronised across tabs. Shared by every island and page script.
 * Later features add their fields here; bump the version when a field changes meaning.
 */
export type SessionState = {
  /** Partner slug of the current page, '' for the neutral brand (cleared on unknown prefixes). */
  company: string;
  /** Interface language chosen by the visitor ('' until the first visit decided it). */
  lang: string;
};

export const $session = persistentMap<SessionState>(SESSION_STORAGE_PREFIX, { company: '', lang: '' });

// Pages record company and language through `page-session.ts`, which writes these same entries.
