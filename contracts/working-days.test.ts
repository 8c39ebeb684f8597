import { describe, expect, it } from 'vitest';
import {
  COMPLAINT_ACKNOWLEDGEMENT_WORKING_DAYS,
  COMPLAINT_ANSWER_MONTHS,
  CONTACT_ANSWER_WORKING_DAYS,
  deadlinesOf,
} from './inbox.ts';
import {
  addCalendarMonths,
  addWorkingDays,
  easterSunday,
  endOfParisDay,
  frenchPublicHolidays,
  isWorkingDay,
  parisDayOf,
} from './working-days.ts';

/** The Paris day a deadline falls on, as YYYY-MM-DD. */
function dayOf(instant: Date): string {
  const { year, month, day } = parisDayOf(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

describe('working days and calendar months in Paris', () => {
  it('When Easter is computed, then it falls on the known Sundays', () => {
    expect(easterSunday(2024)).toEqual({ year: 2024, month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ year: 2025, month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ year: 2026, month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ year: 2027, month: 3, day: 28 });
    expect(easterSunday(2038)).toEqual({ year: 2038, month: 4, day: 25 });
  });

  it('When the French public holidays of 2026 are listed, then the eleven days are there, Easter-based ones included', () => {
    expect([...frenchPublicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-06',
      '2026-05-01',
      '2026-05-08',
      '2026-05-14',
      '2026-05-25',
      '2026-07-14',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-25',
    ]);
  });

  it('When a day is a weekend or a holiday, then it is not worked', () => {
    expect(isWorkingDay({ year: 2026, month: 11, day: 28 })).toBe(false); // Saturday
    expect(isWorkingDay({ year: 2026, month: 11, day: 29 })).toBe(false); // Sunday
    expect(isWorkingDay({ year: 2026, month: 5, day: 14 })).toBe(false); // Ascension
    expect(isWorkingDay({ year: 2026, month: 11, day: 30 })).toBe(true);
  });

  it('When working days are added over a weekend, then Saturday and Sunday are skipped', () => {
    // Friday 27 November 2026, 16:00 in Paris: Monday 30 is the first working day, Friday 11 December the tenth.
    expect(dayOf(addWorkingDays(new Date('2026-11-27T15:00:00Z'), 1))).toBe('2026-11-30');
    expect(dayOf(addWorkingDays(new Date('2026-11-27T15:00:00Z'), 10))).toBe('2026-12-11');
    // Received on a Saturday: counted from Monday.
    expect(dayOf(addWorkingDays(new Date('2026-11-28T10:00:00Z'), 2))).toBe('2026-12-01');
  });

  it('When working days cross 1 May and Ascension, then both holidays are skipped', () => {
    // Thursday 30 April 2026: Friday 1 May is off, so is Friday 8 May and Thursday 14 May (Ascension):
    // 4, 5, 6, 7, 11, 12, 13, 15, 18, 19 May.
    expect(dayOf(addWorkingDays(new Date('2026-04-30T08:00:00Z'), 1))).toBe('2026-05-04');
    expect(dayOf(addWorkingDays(new Date('2026-04-30T08:00:00Z'), 10))).toBe('2026-05-19');
  });

  it('When working days cross Christmas and New Year, then 25 December and 1 January are skipped', () => {
    // Wednesday 23 December 2026: 24, 28, 29, 30, 31 December, 4, 5, 6, 7, 8 January (25 Dec and 1 Jan are Fridays off).
    expect(dayOf(addWorkingDays(new Date('2026-12-23T09:00:00Z'), 2))).toBe('2026-12-28');
    expect(dayOf(addWorkingDays(new Date('2026-12-23T09:00:00Z'), 10))).toBe('2027-01-08');
  });

  it('When a message arrives late in the evening in Paris, then its day is the Paris day, not the UTC one', () => {
    // 23:30 UTC on Sunday 29 November is 00:30 on Monday 30 in Paris: Monday is the day of receipt.
    expect(dayOf(addWorkingDays(new Date('2026-11-29T23:30:00Z'), 1))).toBe('2026-12-01');
  });

  it('When two months are added at a month end, then the last day of the shorter month is taken', () => {
    expect(dayOf(addCalendarMonths(new Date('2026-12-31T12:00:00Z'), 2))).toBe('2027-02-28');
    expect(dayOf(addCalendarMonths(new Date('2027-12-31T12:00:00Z'), 2))).toBe('2028-02-29');
    expect(dayOf(addCalendarMonths(new Date('2026-08-31T12:00:00Z'), 2))).toBe('2026-10-31');
    expect(dayOf(addCalendarMonths(new Date('2026-11-29T12:00:00Z'), 2))).toBe('2027-01-29');
  });

  it('When a deadline falls on a day, then it ends at midnight in Paris, summer or winter', () => {
    expect(endOfParisDay({ year: 2026, month: 12, day: 11 }).toISOString()).toBe('2026-12-11T22:59:59.999Z');
    expect(endOfParisDay({ year: 2026, month: 7, day: 14 }).toISOString()).toBe('2026-07-14T21:59:59.999Z');
    // The day summer time begins (29 March 2026) and the day it ends (25 October 2026).
    expect(endOfParisDay({ year: 2026, month: 3, day: 29 }).toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(endOfParisDay({ year: 2026, month: 10, day: 25 }).toISOString()).toBe('2026-10-25T22:59:59.999Z');
  });

  it('When a complaint and a contact message arrive, then the complaint gets 10 working days and 2 months, the contact message 2 working days', () => {
    const received = new Date('2026-11-27T15:00:00Z');
    const complaint = deadlinesOf('reclamation', received);
    expect(complaint.rule).toBe('acpr-2022-r-01');
    expect(complaint.acknowledgementDueAt && dayOf(complaint.acknowledgementDueAt)).toBe('2026-12-11');
    expect(dayOf(complaint.answerDueAt)).toBe('2027-01-27');
    const contact = deadlinesOf('contact', received);
    expect(contact).toMatchObject({ rule: 'service-target', acknowledgementDueAt: null });
    expect(dayOf(contact.answerDueAt)).toBe('2026-12-01');
    expect(complaint.acknowledgementDueAt).toEqual(addWorkingDays(received, COMPLAINT_ACKNOWLEDGEMENT_WORKING_DAYS));
    expect(complaint.answerDueAt).toEqual(addCalendarMonths(received, COMPLAINT_ANSWER_MONTHS));
    expect(contact.answerDueAt).toEqual(addWorkingDays(received, CONTACT_ANSWER_WORKING_DAYS));
  });
});
