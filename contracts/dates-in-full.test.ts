import { describe, expect, it } from 'vitest';
import { formatDateTimeInFull, formatDayInFull } from './dates-in-full.ts';
import { LANGUAGES, type Language } from './languages.ts';

const PARIS = { timeZone: 'Europe/Paris' };

/** 7 December 2026 and the same day at 14:05 in Paris, as each language writes them. */
const IN_FULL: Record<Language, { day: string; time: string }> = {
  fr: { day: '7 décembre 2026', time: '7 décembre 2026 à 14:05' },
  en: { day: '7 December 2026', time: '7 December 2026 at 14:05' },
  de: { day: '7. Dezember 2026', time: '7. Dezember 2026 um 14:05' },
  es: { day: '7 de diciembre de 2026', time: '7 de diciembre de 2026 a las 14:05' },
  it: { day: '7 dicembre 2026', time: '7 dicembre 2026 alle ore 14:05' },
  nl: { day: '7 december 2026', time: '7 december 2026 om 14:05' },
  pl: { day: '7 grudnia 2026', time: '7 grudnia 2026 14:05' },
  da: { day: '7. december 2026', time: '7. december 2026 kl. 14.05' },
  pt: { day: '7 de dezembro de 2026', time: '7 de dezembro de 2026 às 14:05' },
};

describe('Dates written in full in the page’s language', () => {
  it.each(LANGUAGES)('When the language is %s, then a day reads in full, with its time when one is shown', (lang) => {
    const expected = IN_FULL[lang];
    expect(formatDayInFull('2026-12-07', lang)).toBe(expected.day);
    expect(formatDayInFull('07/12/2026', lang)).toBe(expected.day);
    expect(formatDayInFull(new Date('2026-12-07T13:05:00Z'), lang, PARIS)).toBe(expected.day);
    expect(formatDayInFull('2026-12-07T13:05:00.000Z', lang, PARIS)).toBe(expected.day);
    expect(formatDateTimeInFull('2026-12-07T13:05:00.000Z', lang, PARIS)).toBe(expected.time);
    // No number-only date an English or American reader could take for another day.
    expect(expected.day).not.toMatch(/\d+[/.-]\d+/);
  });

  it('When a day has no time, then it is that day in every time zone (no shift to the day before)', () => {
    for (const timeZone of ['Pacific/Honolulu', 'UTC', 'Europe/Paris', 'Pacific/Kiritimati']) {
      expect(formatDayInFull('2026-01-01', 'en', { timeZone })).toBe('1 January 2026');
      expect(formatDateTimeInFull('2026-01-01', 'fr', { timeZone })).toBe('1er janvier 2026');
    }
  });

  it('When an instant is read in Paris, then it is Paris’s day: 22:30 UTC on 30 June is 1 July', () => {
    expect(formatDayInFull(new Date('2025-06-30T22:30:00Z'), 'fr', PARIS)).toBe('1er juillet 2025');
    expect(formatDateTimeInFull(new Date('2025-06-30T22:30:00Z'), 'de', PARIS)).toBe('1. Juli 2025 um 00:30');
  });

  it('When a date is empty, not a date, or no real day, then nothing is written', () => {
    for (const value of ['', '  ', 'soon', '2026-02-31', '31/02/2026', new Date(Number.NaN)]) {
      expect(formatDayInFull(value, 'fr')).toBe('');
      expect(formatDateTimeInFull(value, 'fr')).toBe('');
    }
  });
});
