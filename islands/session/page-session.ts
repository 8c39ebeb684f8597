import type { SessionState } from './session.store.ts';

/** localStorage prefix of the session's entries (versioned: bump it when a field changes meaning). */
export const SESSION_STORAGE_PREFIX = 'portal.v1.session.';

/**
 * The page script's side of the visitor session (`session.store.ts`): every page, island or not,
 * records its company and language on load. It writes the same localStorage entries as the
 * `$session` store (one string per key under SESSION_STORAGE_PREFIX, as `persistentMap` keeps
 * them), without loading nanostores: a page without an island then ships 1.3 kB less.
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
