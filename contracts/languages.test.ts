import { describe, expect, it } from 'vitest';
import { formatDate, languageFromTag, parseDate } from './languages.ts';

describe('formatDate: each language its date pattern', () => {
  const date = new Date(2026, 2, 7);
  it.each([
    ['fr', '07/03/2026'],
    ['es', '07/03/2026'],
    ['it', '07/03/2026'],
    ['pt', '07/03/2026'],
    ['en', '03/07/2026'],
    ['de', '07.03.2026'],
    ['pl', '07.03.2026'],
    ['da', '07-03-2026'],
    ['nl', '07-03-2026'],
  ] as const)('When the language is %s, then the date reads %s', (lang, expected) => {
    expect(formatDate(date, lang)).toBe(expected);
    expect(parseDate(expected, lang)?.getTime()).toBe(date.getTime());
  });
  it('When a typed date does not exist, then it is refused', () => {
    expect(parseDate('31/02/2026', 'fr')).toBeUndefined();
    expect(parseDate('2026-02-01', 'fr')).toBeUndefined();
  });
});

describe('languageFromTag', () => {
  it('When the browser says en-GB, then English is chosen; an unsupported language gives nothing', () => {
    expect(languageFromTag('en-GB')).toBe('en');
    expect(languageFromTag('ja')).toBeUndefined();
    expect(languageFromTag(undefined)).toBeUndefined();
  });
});
