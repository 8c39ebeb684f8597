import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../contracts/languages.ts';
import fr from './fr.ts';
import { getTranslator, MESSAGES, messagesFor } from './index.ts';
import type { MessageKey } from './types.ts';

type Translation = Exclude<Language, 'fr'>;

const TRANSLATIONS = LANGUAGES.filter((lang): lang is Translation => lang !== 'fr');

/**
 * Keys whose value may legitimately equal the French one. Besides every `language.*` key (each
 * language's name is written in that language, so it is the same everywhere) and the
 * `{{page}} – {{brand}}` title pattern, only these: keep the list short and explicit.
 */
const SAME_AS_FRENCH: Record<Translation, readonly MessageKey[]> = {
  en: ['nav.contact', 'footer.faq', 'support.line.FR', 'support.line.PT', 'faq.sources', 'faq.assistant'],
  de: ['footer.faq', 'support.line.PT'],
  es: ['support.line.PT'],
  it: [],
  nl: ['nav.contact', 'footer.faq', 'support.line.PT'],
  pl: ['a11y.partnerLogo'],
  da: ['footer.faq', 'support.line.PT', 'install.accept'],
  pt: ['support.line.PT'],
};

const frenchKeys = Object.keys(fr) as MessageKey[];

function mayEqualFrench(lang: Translation, key: MessageKey): boolean {
  return key.startsWith('language.') || key === 'meta.pageTitle' || SAME_AS_FRENCH[lang].includes(key);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe.each(TRANSLATIONS)('%s messages', (lang) => {
  const messages: Record<string, string> = MESSAGES[lang];

  it('has exactly the French keys', () => {
    const keys = Object.keys(messages);
    const missing = frenchKeys.filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !(frenchKeys as string[]).includes(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has the French keys in the French order', () => {
    expect(Object.keys(messages).filter((key) => key in fr)).toEqual(frenchKeys.filter((key) => key in messages));
  });

  it('has no empty value', () => {
    const empty = Object.entries(messages)
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('translates every value (outside the allow-list)', () => {
    const untranslated = frenchKeys.filter((key) => messages[key] === fr[key] && !mayEqualFrench(lang, key));
    expect(untranslated).toEqual([]);
  });

  it('has no stale allow-list entry', () => {
    const stale = SAME_AS_FRENCH[lang].filter((key) => messages[key] !== fr[key]);
    expect(stale).toEqual([]);
  });

  it('keeps the French {{placeholders}}', () => {
    const mismatched = frenchKeys
      .filter((key) => key in messages)
      .filter((key) => placeholders(messages[key] ?? '').join() !== placeholders(fr[key]).join())
      .map((key) => `${key}: ${JSON.stringify(messages[key])} vs ${JSON.stringify(fr[key])}`);
    expect(mismatched).toEqual([]);
  });

  it('keeps the language names as endonyms', () => {
    for (const other of LANGUAGES) {
      const key = `language.${other}` as MessageKey;
      expect(messages[key]).toBe(fr[key]);
    }
  });
});

describe('getTranslator', () => {
  it('translates into the requested language', () => {
    expect(getTranslator('de')('nav.declare')).toBe(MESSAGES.de['nav.declare']);
    expect(getTranslator('de')('nav.declare')).toBe('Schaden melden');
    expect(getTranslator('fr')('nav.declare')).toBe(fr['nav.declare']);
  });

  it('interpolates variables without escaping them', () => {
    expect(getTranslator('de')('meta.pageTitle', { page: 'Impressum', brand: 'Golfy' })).toBe('Impressum – Golfy');
    expect(getTranslator('en')('footer.copyright', { year: 2031, brand: 'A & B' })).toBe(
      '© 2031 A & B. All rights reserved.',
    );
  });

  it('returns the same function for the same language', () => {
    expect(getTranslator('it')).toBe(getTranslator('it'));
  });
});

describe('messagesFor', () => {
  it('selects explicit keys', () => {
    expect(messagesFor('es', ['nav.declare', 'nav.follow'])).toEqual({
      'nav.declare': MESSAGES.es['nav.declare'],
      'nav.follow': MESSAGES.es['nav.follow'],
    });
  });

  it('selects every key under a prefix, with or without the trailing dot', () => {
    const cookies = messagesFor('nl', 'cookies');
    expect(Object.keys(cookies)).toEqual(frenchKeys.filter((key) => key.startsWith('cookies.')));
    expect(cookies['cookies.title']).toBe(MESSAGES.nl['cookies.title']);
    expect(messagesFor('nl', 'cookies.')).toEqual(cookies);
    expect(Object.keys(messagesFor('nl', 'cook'))).toEqual([]);
  });
});
