import { describe, expect, it } from 'vitest';
import { formatEuros, formatNumber } from './numbers.ts';
import { LANGUAGE_LOCALES, LANGUAGES } from './languages.ts';

/** Amounts a claim shows, the roundings and groupings at their edges, and signs. */
const AMOUNTS = [
  0, 0.1, 0.125, 1.005, 7, 12.3, 450.5, 999.99, 999.995, 1000, 1234.5, 9999.99, 10000, 12345.678, 99999.995, 100000,
  1234567.89, 9999999.99, 1e21, -1234.5, -0, -0.001, 1e-9,
];

describe('amounts of euros in each language', () => {
  it.each(LANGUAGES)('When the language is %s, then every amount reads as Intl writes it for its locale', (lang) => {
    const intl = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], { style: 'currency', currency: 'EUR' });
    for (const amount of AMOUNTS) expect(formatEuros(amount, lang), String(amount)).toBe(intl.format(amount));
  });
  it('When the amount is no finite number, then nothing is written', () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY]) expect(formatEuros(amount, 'fr')).toBe('');
  });
  it('When French writes a large amount, then a narrow space groups the thousands and a space holds the sign', () => {
    expect(formatEuros(1234.5, 'fr')).toBe('1\u202f234,50\u00a0€');
  });
});

describe('numbers in each language', () => {
  const NUMBERS = [0, 1, 7.25, 12.35, 999, 1000, 1023, 1234.56, 9999.95, 12345.6, 39062.5, 1234567, 0.04];
  it.each(LANGUAGES)('When the language is %s, then a number reads as Intl writes it for its locale', (lang) => {
    for (const decimals of [0, 1, 2]) {
      const intl = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], { maximumFractionDigits: decimals });
      for (const value of NUMBERS)
        expect(formatNumber(value, lang, decimals), `${value}/${decimals}`).toBe(intl.format(value));
    }
  });
  it('When the number is negative or no finite number, then nothing is written', () => {
    for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatNumber(value, 'fr', 1)).toBe('');
  });
});
