import { describe, expect, it } from 'vitest';
import { BOUNDARY, changeEnd, changeStart, initialRange, MINIMUM, showsStep6, versionOf } from './date-rules.ts';
import { localDateOf, wallClockMinute } from '../lib/dates.ts';

const NOW = localDateOf('2026-03-15 12:34:00');
const at = localDateOf;

describe('analysis date rules', () => {
  const june = { start: at('2024-06-01 00:00:00'), end: at('2024-06-30 23:59:00'), maxEnd: NOW };

  it('When the start is moved after the end, then the end becomes the start', () => {
    expect(changeStart(june, at('2024-07-10 08:00:00'), NOW)).toEqual({
      start: at('2024-07-10 08:00:00'),
      end: at('2024-07-10 08:00:00'),
      maxEnd: NOW,
    });
  });

  it('When the end is moved before the start, then the start becomes the end', () => {
    expect(changeEnd(june, at('2024-05-25 18:30:00'), NOW)).toEqual({
      start: at('2024-05-25 18:30:00'),
      end: at('2024-05-25 18:30:00'),
      maxEnd: NOW,
    });
  });

  it('When the start is moved before 2024-05-21 10:00 with the end after it, then the end and its maximum become that moment', () => {
    const range = changeStart(june, at('2024-05-01 00:00:00'), NOW);
    expect(range).toEqual({ start: at('2024-05-01 00:00:00'), end: BOUNDARY, maxEnd: BOUNDARY });
    expect(versionOf(range.start)).toBe('V2');
    expect(showsStep6(range.start)).toBe(true);
  });

  it('When the end of a V2 range is moved after the boundary, then it is clamped to the boundary', () => {
    const v2 = { start: at('2024-05-01 00:00:00'), end: at('2024-05-10 00:00:00'), maxEnd: NOW };
    expect(changeEnd(v2, at('2024-08-01 00:00:00'), NOW)).toEqual({
      start: at('2024-05-01 00:00:00'),
      end: BOUNDARY,
      maxEnd: BOUNDARY,
    });
  });

  it('When both dates are on one side of the boundary, then the maximum is now again', () => {
    const clamped = { start: at('2024-05-01 00:00:00'), end: BOUNDARY, maxEnd: BOUNDARY };
    expect(changeStart(clamped, at('2024-06-01 00:00:00'), NOW)).toEqual({
      start: at('2024-06-01 00:00:00'),
      end: at('2024-06-01 00:00:00'),
      maxEnd: NOW,
    });
    expect(changeEnd(clamped, at('2024-05-15 00:00:00'), NOW).maxEnd).toEqual(NOW);
  });

  it('When the start is the boundary itself, then the badge reads V3 and step 6 is hidden', () => {
    expect(versionOf(BOUNDARY)).toBe('V3');
    expect(showsStep6(BOUNDARY)).toBe(false);
    expect(versionOf(new Date(BOUNDARY.getTime() - 60_000))).toBe('V2');
  });

  it('When a date before 2023-10-19 or after now is picked, then it is brought within them, to the minute', () => {
    expect(changeStart(june, at('2022-01-01 00:00:00'), NOW).start).toEqual(MINIMUM);
    const late = changeEnd(june, new Date(NOW.getTime() + 86_400_000), NOW);
    expect(late.end).toEqual(NOW);
    const seconds = changeEnd(june, new Date(2024, 5, 20, 10, 15, 42), NOW);
    expect(seconds.end).toEqual(at('2024-06-20 10:15:00'));
  });

  it('When the page opens, then the range is the last 30 days up to now, in V3', () => {
    const range = initialRange(NOW);
    expect(range).toEqual({ start: at('2026-02-13 00:00:00'), end: NOW, maxEnd: NOW });
    expect(wallClockMinute(range.start)).toBe('2026-02-13 00:00:00');
    expect(wallClockMinute(range.end)).toBe('2026-03-15 12:34:00');
  });
});
