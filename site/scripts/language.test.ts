import { describe, expect, it } from 'vitest';
import { languageToMoveTo } from './language.ts';

describe('languageToMoveTo', () => {
  it('When ?lang names another language, then the page moves to it', () => {
    expect(languageToMoveTo({ pageLang: 'fr', queryLang: 'de', storedLang: 'fr', browserLanguages: [] })).toBe('de');
    expect(
      languageToMoveTo({ pageLang: 'de', queryLang: 'de', storedLang: '', browserLanguages: ['en'] }),
    ).toBeUndefined();
  });
  it('When it is the first visit, then the browser language is chosen', () => {
    expect(
      languageToMoveTo({ pageLang: 'fr', queryLang: null, storedLang: '', browserLanguages: ['ja', 'nl-BE'] }),
    ).toBe('nl');
  });
  it('When the first visit opens a URL that names its language, then that language is kept', () => {
    expect(
      languageToMoveTo({ pageLang: 'en', queryLang: null, storedLang: '', browserLanguages: ['fr-FR'] }),
    ).toBeUndefined();
  });
  it('When a language was already chosen, then the page language stays', () => {
    expect(
      languageToMoveTo({ pageLang: 'fr', queryLang: null, storedLang: 'en', browserLanguages: ['en'] }),
    ).toBeUndefined();
  });
  it('When ?lang is not a supported language, then it is ignored', () => {
    expect(
      languageToMoveTo({ pageLang: 'fr', queryLang: 'xx', storedLang: 'fr', browserLanguages: ['en'] }),
    ).toBeUndefined();
  });
});
