import { describe, expect, it } from 'vitest';
import { getTranslator, MESSAGES, messagesFor } from './index.ts';

const fr = MESSAGES.fr;
const frenchKeys = Object.keys(fr);

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
