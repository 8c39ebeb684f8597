import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, languageForVisitor, negotiatedLanguage } from './language-choice.ts';
import { LANGUAGES, languageFromTag } from './languages.ts';

const forBrowser = (acceptLanguage: string, cookie = '') => languageForVisitor({ cookie, acceptLanguage });

describe('the language of an unprefixed page', () => {
  it('When the browser prefers a supported language, then that language is served', () => {
    expect(forBrowser('en-US,en;q=0.9')).toBe('en');
    expect(forBrowser('de-CH')).toBe('de');
    expect(forBrowser('ja, nl-BE;q=0.8, en;q=0.5')).toBe('nl');
    expect(forBrowser('PT-br')).toBe('pt');
  });

  it('When the browser prefers French, lists no supported language or nothing, then French is kept', () => {
    expect(forBrowser('fr-FR,fr;q=0.9,en;q=0.8')).toBeUndefined();
    expect(forBrowser('ja,zh-CN;q=0.9,*;q=0.1')).toBeUndefined();
    expect(forBrowser('')).toBeUndefined();
    expect(languageForVisitor({})).toBeUndefined();
  });

  it('When q-values order the languages differently from the list, then the highest wins, ties in list order', () => {
    expect(forBrowser('fr;q=0.5, en')).toBe('en');
    expect(forBrowser('en;q=0.4, de;q=0.9, fr;q=0.7')).toBe('de');
    expect(forBrowser('it;q=0.8, es;q=0.8')).toBe('it');
    expect(forBrowser('es;q=0.8, fr;q=0.8')).toBe('es');
    expect(forBrowser('en ; Q = 0.3, da;q=0.2')).toBe('en');
  });

  it('When a language is refused with q=0, then it is skipped; an unreadable q-value is ignored', () => {
    expect(forBrowser('en;q=0, de;q=0.1')).toBe('de');
    expect(forBrowser('en;q=0.0')).toBeUndefined();
    expect(forBrowser('pl;q=0.2, en;q=abc')).toBe('en');
  });

  it('When the visitor chose a language, then it wins over whatever the browser prefers', () => {
    expect(forBrowser('en-US,en;q=0.9', 'cc_cookie=x; lang=de')).toBe('de');
    expect(forBrowser('fr-FR,fr;q=0.9', 'lang=en')).toBe('en');
    expect(forBrowser('', 'lang=pl')).toBe('pl');
    expect(forBrowser('it;q=1, de;q=9', 'lang=nl')).toBe('nl');
  });

  it('When the visitor chose French, then French is served to a browser preferring another language', () => {
    expect(forBrowser('en-US,en;q=0.9', 'cc_cookie=x; lang=fr')).toBeUndefined();
    expect(forBrowser('de', ' lang=fr ;x=1')).toBe('de');
    expect(forBrowser('de', 'x=1; lang=fr')).toBeUndefined();
  });

  it('When the language cookie names no supported language or another cookie ends in lang, then the browser decides', () => {
    expect(forBrowser('en-US', 'lang=xx')).toBe('en');
    expect(forBrowser('en-US', 'golang=fr')).toBe('en');
    expect(forBrowser('en-US', 'lang=')).toBe('en');
    expect(forBrowser('en-US', 'lang=DE')).toBe('en');
  });

  it('When a tag is read, then it is read as languageFromTag reads it', () => {
    for (const tag of ['en', 'en-GB', 'DE-at', 'english', 'x-klingon', 'zh', 'fr-CA', 'n']) {
      const expected = languageFromTag(tag);
      expect(negotiatedLanguage('', tag, LANGUAGES) ?? 'fr', tag).toBe(expected ?? 'fr');
    }
  });

  it('When the cookie is named, then it is the one the rule reads', () => {
    expect(negotiatedLanguage(`${LANGUAGE_COOKIE}=en`, 'de', LANGUAGES)).toBe('en');
  });
});
