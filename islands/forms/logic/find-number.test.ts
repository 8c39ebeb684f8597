import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { findNumberSchema } from './find-number.ts';
import { noonUtcSeconds } from '../../../contracts/dates.ts';

function issues(values: Record<string, string>) {
  const result = z.safeParse(findNumberSchema, values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('findNumberSchema', () => {
  it('When the e-mail and both days are valid and in order, then the form passes', () => {
    expect(issues({ email: ' julien.moreau@example.com ', startDate: '2027-07-10', endDate: '2027-07-10' })).toEqual(
      {},
    );
  });

  it('When everything is empty, then each field is named', () => {
    const found = issues({ email: '', startDate: '', endDate: '' });
    expect(Object.keys(found).sort()).toEqual(['email', 'endDate', 'startDate']);
    expect(found['startDate']).toBe('required');
  });

  it('When a date is not a day, then it is invalid, not out of order', () => {
    expect(issues({ email: 'a@b.fr', startDate: 'not-a-date', endDate: '2027-07-10' })).toEqual({
      startDate: 'invalid',
    });
  });

  it('When the stay ends before it starts, then the end date says so', () => {
    expect(issues({ email: 'a@b.fr', startDate: '2027-07-24', endDate: '2027-07-10' })).toEqual({
      endDate: 'end_before_start',
    });
  });
});

describe('noonUtcSeconds', () => {
  it('When a day is sent, then it is 12:00 UTC of that day in unix seconds', () => {
    expect(noonUtcSeconds('2027-07-10')).toBe(Date.UTC(2027, 6, 10, 12) / 1000);
  });
});
