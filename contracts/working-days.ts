import { addDays, twoDigits, wallClockOf } from './dates.ts';
import { INSURER_TIME_ZONE } from './time-zone.ts';

/**
 * Calendar arithmetic for deadlines, in the insurer's time zone (Europe/Paris): French public
 * holidays (Easter-based ones computed), working days (Monday to Friday, holidays excluded) and
 * calendar months. Pure: no clock, no library. A deadline falls at the END of its day in Paris
 * (23:59:59.999 local time): a message due "on 11 December" is late from 12 December 00:00.
 */

/** A calendar day: year, month 1–12, day 1–31. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The day an instant falls on in Paris. */
export function parisDayOf(instant: Date): CalendarDay {
  const { year, month, day } = wallClockOf(instant, INSURER_TIME_ZONE);
  return { year, month, day };
}

/** Milliseconds Paris is ahead of UTC at this instant (3 600 000 in winter, 7 200 000 in summer). */
function parisOffsetAt(instant: Date): number {
  const clock = wallClockOf(instant, INSURER_TIME_ZONE);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - (instant.getTime() - instant.getUTCMilliseconds());
}

/** The last millisecond of a day in Paris (23:59:59.999 local time). */
export function endOfParisDay({ year, month, day }: CalendarDay): Date {
  const local = Date.UTC(year, month - 1, day, 23, 59, 59, 999);
  const first = new Date(local - parisOffsetAt(new Date(local)));
  return new Date(local - parisOffsetAt(first));
}

/** The calendar day `days` after `from` (negative goes back), through contracts/dates.ts. */
function dayAfter(from: CalendarDay, days: number): CalendarDay {
  const [year = 0, month = 0, day = 0] = addDays(keyOf(from), days).split('-').map(Number);
  return { year, month, day };
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): CalendarDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

function keyOf({ year, month, day }: CalendarDay): string {
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/**
 * The eleven French public holidays of a year (Code du travail, art. L3133-1), as YYYY-MM-DD:
 * 1 January, Easter Monday, 1 May, 8 May, Ascension (Easter + 39), Whit Monday (Easter + 50),
 * 14 July, 15 August, 1 November, 11 November, 25 December. Alsace-Moselle's two local days are
 * not national and are not counted.
 */
export function frenchPublicHolidays(year: number): ReadonlySet<string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const fixed: [number, number][] = [
    [1, 1],
    [5, 1],
    [5, 8],
    [7, 14],
    [8, 15],
    [11, 1],
    [11, 11],
    [12, 25],
  ];
  const days = new Set([
    ...fixed.map(([month, day]) => keyOf({ year, month, day })),
    ...[1, 39, 50].map((offset) => keyOf(dayAfter(easter, offset))),
  ]);
  holidaysByYear.set(year, days);
  return days;
}

/** Whether a day is worked: Monday to Friday and no French public holiday. */
export function isWorkingDay(day: CalendarDay): boolean {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !frenchPublicHolidays(day.year).has(keyOf(day));
}

/**
 * The end (in Paris) of the `count`-th working day after the day `from` falls on in Paris. The
 * day of receipt is not counted, whatever its hour; a receipt on a Saturday counts from Monday.
 */
export function addWorkingDays(from: Date, count: number): Date {
  let day = parisDayOf(from);
  let left = count;
  while (left > 0) {
    day = dayAfter(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return endOfParisDay(day);
}

/**
 * The end (in Paris) of the same day of the month `months` months after the day `from` falls on in
 * Paris; when that month is shorter, its last day (31 December + 2 months: 28 or 29 February).
 */
export function addCalendarMonths(from: Date, months: number): Date {
  const start = parisDayOf(from);
  const monthIndex = start.month - 1 + months;
  const year = start.year + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return endOfParisDay({ year, month, day: Math.min(start.day, lastDay) });
}
