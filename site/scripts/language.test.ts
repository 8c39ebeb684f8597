import { describe, expect, it } from 'vitest';
import { hasLanguageCookie, languageCookie, languageToMoveTo } from './language.ts';

const firstVisit = { queryLang: null, storedLang: '', hasLanguageCookie: false, atOwnUrl: true } as const;

describe('languageToMoveTo', () => {
  it('When ?lang names another language, then the page moves to it', () => {
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'fr', queryLang: 'de', storedLang: 'fr' })).toBe('de');
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'de', queryLang: 'de' })).toBeUndefined();
  });

  it('When ?lang is not a supported language, then it is ignored', () => {
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'fr', queryLang: 'xx', storedLang: 'fr' })).toBeUndefined();
  });

  it('When the page was answered in its own URL, then the page stays, whatever was stored', () => {
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'fr', storedLang: 'en' })).toBeUndefined();
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'en', storedLang: 'fr' })).toBeUndefined();
  });

  it('When the server negotiated another language at the unprefixed URL but a language was stored before the cookie existed, then the stored one wins', () => {
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'en', storedLang: 'fr', atOwnUrl: false })).toBe('fr');
    expect(
      languageToMoveTo({ ...firstVisit, pageLang: 'en', storedLang: 'fr', atOwnUrl: false, hasLanguageCookie: true }),
    ).toBeUndefined();
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'en', storedLang: 'en', atOwnUrl: false })).toBeUndefined();
    expect(languageToMoveTo({ ...firstVisit, pageLang: 'en', atOwnUrl: false })).toBeUndefined();
  });
});

describe('the language cookie', () => {
  it('When the page records its language, then a one-year first-party cookie for the whole site is written, secure on https', () => {
    expect(languageCookie('en', false)).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookie('de', true)).toBe('lang=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it('When the cookies are read, then only a cookie named lang counts', () => {
    expect(hasLanguageCookie('cc_cookie=x; lang=en')).toBe(true);
    expect(hasLanguageCookie('lang=fr')).toBe(true);
    expect(hasLanguageCookie('golang=en; flang=x')).toBe(false);
    expect(hasLanguageCookie('')).toBe(false);
  });
});
