import { describe, expect, it } from 'vitest';
import { languageToMoveTo } from './language.ts';

describe('languageToMoveTo', () => {
  it('When ?lang names another language, then the page moves to it', () => {
    expect(languageToMoveTo({ pageLang: 'fr', queryLang: 'de' })).toBe('de');
    expect(languageToMoveTo({ pageLang: 'de', queryLang: 'de' })).toBeUndefined();
  });

  it('When ?lang is missing or not a supported language, then the page stays', () => {
    expect(languageToMoveTo({ pageLang: 'fr', queryLang: 'xx' })).toBeUndefined();
    expect(languageToMoveTo({ pageLang: 'en', queryLang: null })).toBeUndefined();
  });
});
