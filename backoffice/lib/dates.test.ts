import { describe, expect, it } from 'vitest';
import { insurerWallClockNow, wallClockMinute } from './dates.ts';

describe('the analysis page’s clock', () => {
  it.each([
    ['2026-12-02T06:22:30Z', '2026-12-02 07:22:00'],
    ['2026-07-01T22:30:00Z', '2026-07-02 00:30:00'],
  ])('When it is %s, then the pickers hold %s, Paris time, whatever the runtime’s zone', (instant, wallClock) => {
    expect(wallClockMinute(insurerWallClockNow(new Date(instant)))).toBe(wallClock);
  });
});
