import { describe, expect, it } from 'vitest';
import { languageCookie, languageToMoveTo } from './language.ts';

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

describe('the language cookie', () => {
  it('When the visitor chooses a language, then a one-year first-party cookie for the whole site is written, secure on https', () => {
    expect(languageCookie('en', false)).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookie('de', true)).toBe('lang=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });
});
