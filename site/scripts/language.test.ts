import { describe, expect, it } from 'vitest';
import { pathToMoveTo } from './language.ts';

/** The language menu of a French page that offers French, English and German. */
const pathOf = (lang: string) => ({ fr: '/veligo', en: '/veligo/en', de: '/veligo/de' })[lang];

describe('pathToMoveTo', () => {
  it('When ?lang names another language the page offers, then the page moves to its version', () => {
    expect(pathToMoveTo({ pageLang: 'fr', queryLang: 'de', pathOf })).toBe('/veligo/de');
    expect(pathToMoveTo({ pageLang: 'de', queryLang: 'de', pathOf })).toBeUndefined();
  });

  it('When ?lang is missing, not offered or not a language code, then the page stays', () => {
    expect(pathToMoveTo({ pageLang: 'fr', queryLang: 'xx', pathOf })).toBeUndefined();
    expect(pathToMoveTo({ pageLang: 'en', queryLang: null, pathOf })).toBeUndefined();
    expect(pathToMoveTo({ pageLang: 'fr', queryLang: '"]x', pathOf: () => '/hostile' })).toBeUndefined();
    expect(pathToMoveTo({ pageLang: 'fr', queryLang: 'DE', pathOf })).toBeUndefined();
  });
});
