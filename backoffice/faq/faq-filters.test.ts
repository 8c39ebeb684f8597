import { describe, expect, it } from 'vitest';
import { typedDay } from '../../contracts/dates.ts';
import { containsTyped, isOnTypedDay, matchesExactly } from './faq-filters.ts';

describe('The FAQ list filters: numbers exact, texts contain, combined with AND', () => {
  it('When 1 is typed in ID (or a count), then only 1 matches, compared as text', () => {
    expect([1, 10, 11, 21, 100].filter((id) => matchesExactly('1', id))).toEqual([1]);
    expect(matchesExactly(' 12 ', 12)).toBe(true);
    expect(matchesExactly('0', 0)).toBe(true);
    expect(matchesExactly('01', 1)).toBe(false);
  });

  it('When text is typed in a text column, then the rows whose text contains it match, case-sensitive', () => {
    expect(containsTyped('service', 'Quand puis-je joindre le service client ?')).toBe(true);
    expect(containsTyped('Service', 'Quand puis-je joindre le service client ?')).toBe(false);
    expect(containsTyped('joindre le', 'Quand puis-je joindre le service client ?')).toBe(true);
  });

  it('When a day is typed in a date column, then the rows shown on that day (Paris time) match, and an unfinished day matches nothing', () => {
    expect(typedDay('26/11/2026')).toBe('26/11/2026');
    expect(typedDay('2026/11/26')).toBe('26/11/2026');
    expect(typedDay('2026-11-6')).toBe('06/11/2026');
    expect(typedDay('26/11')).toBeUndefined();
    // 23:30 UTC on 25 November is 26 November 00:30 in Paris: the day the table shows.
    expect(isOnTypedDay('26/11/2026', '2026-11-25T23:30:00.000Z')).toBe(true);
    expect(isOnTypedDay('25/11/2026', '2026-11-25T23:30:00.000Z')).toBe(false);
    expect(isOnTypedDay('26/11', '2026-11-25T23:30:00.000Z')).toBe(false);
    expect(isOnTypedDay('26/11/2026', null)).toBe(false);
  });
});
