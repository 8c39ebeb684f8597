import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { dayInTimeZone, localDayOfIso, twoDigits, wallClockOf } from '../../contracts/dates.ts';

/**
 * Dates as the back office shows and sends them, for every page: French, 24 h, in the insurer's
 * time zone unless said otherwise (spec 3 §2). The calendar arithmetic shared with the customer
 * pages and the server is in `contracts/dates.ts`; numbers are in `format.ts`.
 */

/** The first day the records cover (spec 3 §9): the earliest day the date pickers offer. */
export const RECORDS_FIRST_DAY = new Date(2023, 9, 19);

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: INSURER_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const DAY = new Intl.DateTimeFormat('fr-FR', {
  timeZone: INSURER_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const DAY_MONTH_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: INSURER_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const TIME_OF_DAY = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'medium', timeZone: INSURER_TIME_ZONE });

/** The fields of a local Date: the analysis page's calendars hold the insurer's wall clock in them (insurerWallClockNow). */
const LONG_LOCAL = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/** An instant as the tables show it, Paris time: "25/11/2026 14:05:09"; '' when empty or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date).replace(',', '');
}

const DAY_AND_MINUTE = new Intl.DateTimeFormat('fr-FR', {
  timeZone: INSURER_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** The day and the minute of an instant, Paris time, for a sentence: { day: "29/11/2026", time: "10:42" }; undefined when unreadable. */
export function dayAndMinuteOf(iso: string): { day: string; time: string } | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    DAY_AND_MINUTE.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? '';
  return { day: `${part('day')}/${part('month')}/${part('year')}`, time: `${part('hour')}:${part('minute')}` };
}

/** The day of an instant, Paris time: "25/11/2026"; '' when empty or unreadable. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}

/** An instant as a chart's time axis shows it, Paris time: "24/11 14:00". */
export function formatDayMonthTime(date: Date): string {
  return DAY_MONTH_TIME.format(date).replace(',', '');
}

/**
 * An instant that follows `since` in one row (a session's last update after its start), Paris
 * time: its time alone on the same day ("14:05:09"), else as formatDateTime; '' when empty.
 */
export function formatDateTimeAfter(iso: string | null | undefined, since: string | null | undefined): string {
  const full = formatDateTime(iso);
  if (!full || !iso || !since) return full;
  return formatDay(iso) === formatDay(since) ? formatTimeOfDay(iso) : full;
}

/** The time of an instant, Paris time: "14:05:09". */
export function formatTimeOfDay(iso: string): string {
  return TIME_OF_DAY.format(new Date(iso));
}

/** A local date-time written long: "21 mai 2024 à 10:00". */
export function formatLongLocal(date: Date): string {
  return LONG_LOCAL.format(date);
}

/** The hour and minute of a local date-time: "09:05". */
export function localHourMinute(date: Date): string {
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** A day `yyyy-mm-dd` as the date picker's local midnight; the records' first day when it is no such text. */
export function pickerDayOf(iso: string): Date {
  return localDayOfIso(iso) ?? new Date(RECORDS_FIRST_DAY);
}

/** Today in the insurer's time zone, `yyyy-mm-dd`. */
export function todayForInsurer(now: Date = new Date()): string {
  return dayInTimeZone(now, INSURER_TIME_ZONE);
}

/** A local date-time of a wall clock `YYYY-MM-DD HH:mm:ss`. Example: "2024-05-21 10:00:00" → 21 May 2024 10:00 local. */
export function localDateOf(wallClock: string): Date {
  const [day = '', time = ''] = wallClock.split(' ');
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Date(year, month - 1, date, hour, minute);
}

/** The statistics service's wall clock of a local date-time: `YYYY-MM-DD HH:mm:00`. */
export function wallClockMinute(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())} ${localHourMinute(date)}:00`;
}

/**
 * Now as the analysis page's calendars hold it: a local Date whose fields are the insurer's wall
 * clock (Paris), to the second, whatever the browser's zone. Its period is sent as Paris wall
 * clocks, read so by the server and the question box. Example: 06:22 UTC in December → 07:22.
 */
export function insurerWallClockNow(now: Date = new Date()): Date {
  const clock = wallClockOf(now, INSURER_TIME_ZONE);
  return new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}
