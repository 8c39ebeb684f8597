/**
 * The visitor's session (spec 2 §3 "Client session state"), persisted in localStorage under a
 * versioned prefix: bump the version when a field changes meaning. The language is not part of it:
 * the page's URL says which language is shown, and the `lang` cookie the language the visitor chose
 * (contracts/language-choice.ts), the one record the server, nginx and the inline script all read.
 */
type SessionState = {
  /** Partner slug of the current page, '' for the neutral brand (cleared on unknown prefixes). */
  company: string;
};

/** localStorage prefix of the session's entries (versioned: bump it when a field changes meaning). */
const SESSION_STORAGE_PREFIX = 'portal.v1.session.';

/**
 * Written by earlier versions on every page: the language last read, which is not a choice. Removed
 * on the next page so that nothing takes it for one.
 */
const FORMER_LANGUAGE_KEY = `${SESSION_STORAGE_PREFIX}lang`;

/**
 * Every page, island or not, records its company on load: one string per key under
 * SESSION_STORAGE_PREFIX, written without loading nanostores (a page without an island then ships
 * 1.3 kB less).
 */
function write(key: keyof SessionState, value: string): void {
  try {
    localStorage.setItem(`${SESSION_STORAGE_PREFIX}${key}`, value);
    localStorage.removeItem(FORMER_LANGUAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the page still works, only without memory.
  }
}

/** Records the company of the page being shown. */
export function enterPage(company: string): void {
  write('company', company);
}
