/**
 * The visitor's session (spec 2 §3 "Client session state"), persisted in localStorage under a
 * versioned prefix: bump the version when a field changes meaning.
 */
type SessionState = {
  /** Partner slug of the current page, '' for the neutral brand (cleared on unknown prefixes). */
  company: string;
  /** Interface language chosen by the visitor ('' until the first visit decided it). */
  lang: string;
};

/** localStorage prefix of the session's entries (versioned: bump it when a field changes meaning). */
export const SESSION_STORAGE_PREFIX = 'portal.v1.session.';

/**
 * Every page, island or not, records its company and language on load: one string per key under
 * SESSION_STORAGE_PREFIX, written without loading nanostores (a page without an island then ships
 * 1.3 kB less).
 */

function read(key: keyof SessionState): string {
  try {
    return localStorage.getItem(`${SESSION_STORAGE_PREFIX}${key}`) ?? '';
  } catch {
    return '';
  }
}

function write(key: keyof SessionState, value: string): void {
  try {
    localStorage.setItem(`${SESSION_STORAGE_PREFIX}${key}`, value);
  } catch {
    // Storage refused (private mode, quota): the page still works, only without memory.
  }
}

/** The language the visitor chose before, '' on a first visit. */
export function storedLanguage(): string {
  return read('lang');
}

/** Records the company and language of the page being shown. */
export function enterPage(company: string, lang: string): void {
  write('company', company);
  write('lang', lang);
}
