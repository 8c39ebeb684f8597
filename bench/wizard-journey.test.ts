import { describe, expect, it } from 'vitest';
import { formatDayMonthYear } from './wizard-journey.ts';

describe('formatDayMonthYear', () => {
  it('When a date has one-digit day and month, then they are padded as the date fields expect', () => {
    expect(formatDayMonthYear(new Date(2026, 0, 5, 23, 59))).toBe('05/01/2026');
    expect(formatDayMonthYear(new Date(2025, 11, 31))).toBe('31/12/2025');
  });
});
