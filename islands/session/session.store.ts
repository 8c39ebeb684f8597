import { persistentMap } from '@nanostores/persistent';

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

export const SESSION_STORAGE_PREFIX = 'portal.v1.session.';

export const $session = persistentMap<SessionState>(SESSION_STORAGE_PREFIX, { company: '', lang: '' });

/** Records the company and language of the page being shown. */
export function enterPage(company: string, lang: string): void {
  $session.setKey('company', company);
  $session.setKey('lang', lang);
}
