import { describe, expect, it } from 'vitest';
import {
  creationDayPattern,
  addDays,
  addMinutes,
  dayInTimeZone,
  formatDate,
  formatDateTimeInFull,
  formatDayInFull,
  formatIsoDay,
  frenchOfIsoDate,
  isoOfFrenchDate,
  isoOfLocalDay,
  isRealDate,
  localDayOfIso,
  parseDate,
  twoDigits,
  utcDayOf,
  utcMinuteOf,
  wallClockOf,
} from './dates.ts';
import { LANGUAGE_LOCALES, LANGUAGES, type Language } from './languages.ts';

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

describe('dates in each language’s pattern', () => {
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
  it.each(LANGUAGES)(
    'When a date is typed in %s as eight digits (a phone keypad without separators), then it reads in the language’s order',
    (lang) => {
      expect(parseDate(formatDate(date, lang).replace(/\D/g, ''), lang)?.getTime()).toBe(date.getTime());
    },
  );

  it('When eight digits are no date in the language’s order, then they are refused', () => {
    expect(parseDate('20260307', 'de')).toBeUndefined();
    expect(parseDate('31022026', 'fr')).toBeUndefined();
    expect(parseDate('0703202', 'fr')).toBeUndefined();
  });

  it('When a typed date does not exist, then it is refused', () => {
    expect(parseDate('31/02/2026', 'fr')).toBeUndefined();
    expect(parseDate('2026-02-01', 'fr')).toBeUndefined();
    expect(parseDate('31-02-2026', 'nl')).toBeUndefined();
    expect(parseDate('07/03', 'nl')).toBeUndefined();
    expect(parseDate('07/03/2026/1', 'nl')).toBeUndefined();
    expect(parseDate('07/0x/2026', 'nl')).toBeUndefined();
    expect(parseDate('07/03/26', 'de')).toBeUndefined();
    // A year still being typed is not a date: the field would write it back padded (« 0202 »).
    expect(parseDate('10/07/202', 'fr')).toBeUndefined();
    expect(parseDate('2027/07/1', 'fr')).toBeUndefined();
  });

  it.each(LANGUAGES)(
    'When a date is typed in %s with another usual separator (/ . - or spaces), then it reads as the language’s own',
    (lang) => {
      const shown = formatDate(date, lang);
      for (const typed of [
        shown.replace(/[/.-]/g, '/'),
        shown.replace(/[/.-]/g, '.'),
        shown.replace(/[/.-]/g, '-'),
        shown.replace(/[/.-]/g, ' '),
        ` ${shown.replace(/[/.-]/g, ' / ')} `,
      ])
        expect(parseDate(typed, lang)?.getTime(), typed).toBe(date.getTime());
    },
  );

  it('When a Dutch visitor types a date with slashes, then its day and month stay in the Dutch order', () => {
    expect(parseDate('01/01/2031', 'nl')?.getTime()).toBe(new Date(2031, 0, 1).getTime());
    expect(parseDate('13/02/2025', 'nl')?.getTime()).toBe(new Date(2025, 1, 13).getTime());
    expect(parseDate('13/02/2025', 'en')).toBeUndefined();
    expect(parseDate('02.13.2025', 'en')?.getTime()).toBe(new Date(2025, 1, 13).getTime());
  });
});

describe('dates written in full in the page’s language', () => {
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

  it.each(LANGUAGES)(
    'When the language is %s, then every month, day and time reads as Intl writes it for its locale',
    (lang) => {
      const locale = LANGUAGE_LOCALES[lang];
      const days = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
      const times = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Europe/Paris',
      });
      // French writes the first of the month as an ordinal, which Intl does not.
      const asWritten = (text: string) => (lang === 'fr' ? text.replace(/^1 /, '1er ') : text);
      for (let month = 1; month <= 12; month++) {
        for (const day of [1, 2, 9, 10, 28]) {
          const iso = `2027-${twoDigits(month)}-${twoDigits(day)}`;
          expect(formatDayInFull(iso, lang)).toBe(asWritten(days.format(new Date(`${iso}T12:00:00Z`))));
        }
        for (const time of ['00:00', '09:05', '14:30', '23:59']) {
          const instant = new Date(`2027-${twoDigits(month)}-15T${time}:00Z`);
          expect(formatDateTimeInFull(instant, lang, PARIS)).toBe(times.format(instant));
        }
      }
    },
  );

  it('When no time zone is named, then an instant reads on the runtime’s own clock', () => {
    const instant = new Date(2027, 2, 9, 8, 7);
    expect(formatDateTimeInFull(instant, 'en')).toBe('9 March 2027 at 08:07');
    expect(wallClockOf(instant)).toEqual({ year: 2027, month: 3, day: 9, hour: 8, minute: 7, second: 0 });
  });

  it('When an instant is read in Paris, then its wall clock is the one Intl gives, across every change of hour', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    const expected = (at: Date) => {
      const parts: Record<string, number> = {};
      for (const part of intl.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
      return parts;
    };
    const instants: Date[] = [];
    for (let year = 1990; year <= 2060; year++) {
      // Every hour from 2 hours before to 2 hours after 01:00 UTC on each Sunday of late March and late October.
      for (const month of [2, 9]) {
        for (let day = 22; day <= 31; day++) {
          for (let minutes = -121; minutes <= 121; minutes += 30) {
            instants.push(new Date(Date.UTC(year, month, day, 1, minutes, 59)));
          }
        }
      }
      instants.push(new Date(Date.UTC(year, 0, 1, 0, 0, 0)), new Date(Date.UTC(year, 11, 31, 22, 59, 59)));
    }
    for (const at of instants) expect(wallClockOf(at, 'Europe/Paris'), at.toISOString()).toEqual(expected(at));
  });

  it('When a date is empty, not a date, or no real day, then nothing is written', () => {
    for (const value of ['', '  ', 'soon', '2026-02-31', '31/02/2026', new Date(Number.NaN)]) {
      expect(formatDayInFull(value, 'fr')).toBe('');
      expect(formatDateTimeInFull(value, 'fr')).toBe('');
    }
  });
});

describe('calendar days and wall clocks', () => {
  it('When a day crosses a month, a leap day or a year, then adding days follows the calendar', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('When numbers name no real date or time, then they are refused', () => {
    expect(isRealDate(2028, 2, 29)).toBe(true);
    expect(isRealDate(2026, 2, 29)).toBe(false);
    expect(isRealDate(2026, 1, 1, 24, 0)).toBe(false);
    expect(isRealDate(2026, 1, 1, 23, 59, 59)).toBe(true);
  });

  it('When a local day is written and read back, then it is the same day', () => {
    expect(isoOfLocalDay(new Date(2026, 2, 7))).toBe('2026-03-07');
    expect(localDayOfIso('2026-03-07')?.getTime()).toBe(new Date(2026, 2, 7).getTime());
    expect(localDayOfIso('07/03/2026')).toBeUndefined();
    expect(formatIsoDay('2026-03-07', 'de')).toBe('07.03.2026');
    expect(formatIsoDay('', 'de')).toBe('');
  });

  it('When an instant is late in the evening UTC, then its Paris day is the next one', () => {
    const at = new Date('2025-06-30T22:30:00Z');
    expect(utcDayOf(at)).toBe('2025-06-30');
    expect(dayInTimeZone(at, 'Europe/Paris')).toBe('2025-07-01');
    expect(utcMinuteOf(at)).toBe('2025-06-30 22:30');
  });

  it('When a wall clock moves by a minute over midnight, then the day changes', () => {
    expect(addMinutes('2026-03-01 23:59:00', 1)).toBe('2026-03-02 00:00:00');
    expect(addMinutes('2026-03-02 00:00:00', -1)).toBe('2026-03-01 23:59:00');
  });

  it('When sinistre_date travels as dd/mm/yyyy, then it converts both ways, real days only', () => {
    expect(isoOfFrenchDate('29/02/2028')).toBe('2028-02-29');
    expect(isoOfFrenchDate('29/02/2026')).toBeUndefined();
    expect(frenchOfIsoDate('2026-04-01')).toBe('01/04/2026');
  });
});

describe('the claims list’s « Création » filter', () => {
  it.each([
    ['2026/12/02', '2026/12/02%'],
    ['2026-12', '2026/12%'],
    ['202', '202%'],
    ['02/12/2026', '2026/12/02%'],
    ['2/12/2026', '2026/12/02%'],
    ['02.12.2026', '2026/12/02%'],
    ['02/12', '____/12/02%'],
    ['2/1', '____/01/02%'],
    ['02/12/20', '20__/12/02%'],
    ['02/', '____/__/02%'],
    [' 02/12/2026 ', '2026/12/02%'],
    ['20%_\\', '20%'],
  ])('When staff type %j, then the days matched are %j', (typed, pattern) => {
    expect(creationDayPattern(typed)).toBe(pattern);
  });
});
