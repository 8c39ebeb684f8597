import type { Language } from './languages.ts';

/**
 * Dates, for every side: the islands, the site, the back office, the server and the mails. Pure
 * functions of their arguments (the caller passes the time zone or `now`), so one module serves
 * the browser and Node alike. Three shapes travel:
 * - a calendar day `yyyy-mm-dd` (ISO_DAY), or `dd/mm/yyyy` on the partner API's `sinistre_date`;
 * - a wall clock `yyyy-mm-dd hh:mm:ss` (the statistics and the question box), read as written;
 * - an instant (a Date or an ISO date-time), shown in a time zone.
 * Typed input follows each language's pattern (spec 1 §5, DATE_PATTERNS); dates shown back to a
 * claimant are written in full in the page's language (formatDayInFull): "7 décembre 2026", never
 * 07/12/2026, which a reader of another country takes for 12 July.
 */

/** A calendar day as the draft, the forms and the API keep it: `yyyy-mm-dd`. */
export const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day as the partner API's `sinistre_date` writes it: `dd/mm/yyyy`. */
const FRENCH_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** What a date field holds while its text is not a date of the page's format. */
export const NOT_A_DATE = 'not-a-date';

const DAY_MS = 86_400_000;

/** A number on two digits. Example: 7 → "07". */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Whether the numbers name a real date and time (no 31 February, no 24:00), as PostgreSQL checks
 * them. Example: (2028, 2, 29) → true; (2026, 2, 29) → false.
 */
export function isRealDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): boolean {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour >= 0 &&
    hour < 24 &&
    minute >= 0 &&
    minute < 60 &&
    second >= 0 &&
    second < 60
  );
}

/** The `yyyy-mm-dd` of a local calendar day (a date picker's, the browser's). Example: new Date(2026, 2, 7) → "2026-03-07". */
export function isoOfLocalDay(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** The local midnight of a day `yyyy-mm-dd` (what a date picker shows), or undefined when it is no such text. */
export function localDayOfIso(iso: string): Date | undefined {
  const match = ISO_DAY.exec(iso);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

/** The UTC day of an instant, as PostgreSQL's `date` reads it. Example: 2026-11-25T23:30Z → "2026-11-25". */
export function utcDayOf(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The day `days` after a day `yyyy-mm-dd` (before when negative). Example: ("2026-02-28", 1) → "2026-03-01". */
export function addDays(isoDay: string, days: number): string {
  return utcDayOf(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS);
}

/**
 * The unix seconds of 12:00 UTC of a calendar day `yyyy-mm-dd`: the same day in every European
 * time zone, as the find-my-number call asks (`AttestationFieldsSchema`).
 */
export function noonUtcSeconds(isoDay: string): number {
  return Date.parse(`${isoDay}T12:00:00Z`) / 1000;
}

/** A wall clock `yyyy-mm-dd hh:mm:ss` moved by whole minutes, read as written (no zone). Example: ("2026-03-01 23:59:00", 1) → "2026-03-02 00:00:00". */
export function addMinutes(wallClock: string, minutes: number): string {
  const time = Date.parse(`${wallClock.replace(' ', 'T')}Z`) + minutes * 60_000;
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant to the minute in UTC, as the command-line tools print it: "2026-11-04 09:12". */
export function utcMinuteOf(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}

/** `dd/mm/yyyy` → `yyyy-mm-dd`, or undefined when it is not a real calendar date. Example: "29/02/2028" → "2028-02-29". */
export function isoOfFrenchDate(text: string): string | undefined {
  const match = FRENCH_DAY.exec(text);
  if (!match) return undefined;
  const [, day, month, year] = match;
  const iso = `${year}-${month}-${day}`;
  // Read as ISO, not through Date.UTC: a year below 100 stays that year.
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(time) || utcDayOf(time) !== iso ? undefined : iso;
}

/** `yyyy-mm-dd` → `dd/mm/yyyy`, the wire format of `sinistre_date`. Example: "2026-04-01" → "01/04/2026". */
export function frenchOfIsoDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The day typed in a date filter, as the table shows it (dd/mm/yyyy), or as the claims list's
 * filter asks it (yyyy/mm/dd, yyyy-mm-dd); one-digit days and months allowed. Undefined while it
 * is not a whole day. Example: "3/7/2025" → "03/07/2025".
 */
export function typedDay(typed: string): string | undefined {
  const text = typed.trim();
  const shown = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  const [day, month, year] = shown ? [shown[1], shown[2], shown[3]] : iso ? [iso[3], iso[2], iso[1]] : [];
  if (day === undefined || month === undefined || year === undefined) return undefined;
  return `${twoDigits(Number(day))}/${twoDigits(Number(month))}/${year}`;
}

/**
 * The SQL `LIKE` pattern, over a day written `YYYY/MM/DD`, of what staff type in the claims list's
 * « Création » filter: year first as its placeholder asks (`2026/12/02`, `2026-12`, or any
 * beginning of it), or day first as the list shows dates (`02/12/2026`, `2/12`, `02/12/20`), the
 * parts not typed left open (`_`). Separators `/`, `-` or `.`.
 * Examples: "2026/11" → "2026/11%", "02/12/2026" → "2026/12/02%", "2/12" → "____/12/02%".
 */
export function creationDayPattern(typed: string): string {
  const text = typed.trim().replace(/[.-]/g, '/');
  const dayFirst = /^(\d{1,2})\/(\d{0,2})(?:\/(\d{0,4}))?$/.exec(text);
  if (dayFirst) {
    const [, day = '', month = '', year = ''] = dayFirst;
    const monthPart = month === '' ? '__' : twoDigits(Number(month));
    return `${year.padEnd(4, '_')}/${monthPart}/${twoDigits(Number(day))}%`;
  }
  return `${text.replace(/[\\%_]/g, '')}%`;
}

/**
 * Date display pattern per language (spec 1 §5): da and nl dd-MM-yyyy; de and pl dd.MM.yyyy;
 * en MM/dd/yyyy; all others dd/MM/yyyy.
 */
export const DATE_PATTERNS: Record<Language, 'dd-MM-yyyy' | 'dd.MM.yyyy' | 'MM/dd/yyyy' | 'dd/MM/yyyy'> = {
  fr: 'dd/MM/yyyy',
  en: 'MM/dd/yyyy',
  de: 'dd.MM.yyyy',
  es: 'dd/MM/yyyy',
  it: 'dd/MM/yyyy',
  nl: 'dd-MM-yyyy',
  pl: 'dd.MM.yyyy',
  da: 'dd-MM-yyyy',
  pt: 'dd/MM/yyyy',
};

/** Formats a local calendar date (no time) the way the given language shows it. Example: (7 March 2026, "de") → "07.03.2026". */
export function formatDate(date: Date, lang: Language): string {
  const dd = twoDigits(date.getDate());
  const mm = twoDigits(date.getMonth() + 1);
  const yyyy = String(date.getFullYear());
  return DATE_PATTERNS[lang].replace('dd', dd).replace('MM', mm).replace('yyyy', yyyy);
}

/** A day `yyyy-mm-dd` the way the language shows it, the same day in any time zone; '' when it is no such text. */
export function formatIsoDay(iso: string, lang: Language): string {
  const day = localDayOfIso(iso);
  return day ? formatDate(day, lang) : '';
}

/** What may stand between the day, month and year of a typed date, whatever the language's own separator: / . - or spaces. */
const TYPED_SEPARATOR = /\s*[/.-]\s*|\s+/;

/**
 * The day, month and year of a typed date, in the language's order. Eight digits without any
 * separator read as the pattern's (0107 2026 → 01, 07, 2026): a phone's numeric keypad, which the
 * date fields open, often has no « . », « / » or « - » key.
 */
function typedParts(text: string, lang: Language): string[] {
  if (!/^\d{8}$/.test(text)) return text.split(TYPED_SEPARATOR);
  const parts: string[] = [];
  let at = 0;
  for (const token of DATE_PATTERNS[lang].split(/[/.-]/)) {
    parts.push(text.slice(at, at + token.length));
    at += token.length;
  }
  return parts;
}

/**
 * Parses a date typed or stored in the language's pattern, as a local date; undefined when it is
 * not a real date. The order of day, month and year is the language's, the year written in full;
 * the separator may be any usual one (Dutch "01/01/2031" and "01.01.2031" read as "01-01-2031").
 */
export function parseDate(text: string, lang: Language): Date | undefined {
  const parts = typedParts(text.trim(), lang);
  if (parts.length !== 3 || !parts.every((part) => /^\d{1,4}$/.test(part))) return undefined;
  const order = DATE_PATTERNS[lang].split(/[/.-]/);
  // The year in full: « 10/07/202 » is a year still being typed, not the year 202, which the field
  // would otherwise take and write back as « 10/07/0202 » under the visitor's next keystroke.
  if (parts[order.indexOf('yyyy')]?.length !== 4) return undefined;
  const value = (token: string) => Number(parts[order.indexOf(token)]);
  const day = value('dd');
  const month = value('MM');
  const year = value('yyyy');
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/*
 * Dates written in full, for a claimant (the review step, the confirmation, the follow-up page,
 * the mails): "7 décembre 2026", "7 December 2026", "7. Dezember 2026".
 *
 * Written from the tables below, not with Intl.DateTimeFormat: a page's first Intl formatter
 * loads the browser's locale data, 20 to 35 ms of main thread on a desktop and four times that
 * on a slow phone, in the very task that draws the review step or the claim's file.
 * `dates.test.ts` checks every month, day form and time of every language against Intl's own
 * output (CLDR), so the words stay Intl's.
 */

/** Each language's month names as a day in full writes them: Polish in the genitive ("7 grudnia"). */
const MONTHS: Record<Language, readonly string[]> = {
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  pl: [
    'stycznia',
    'lutego',
    'marca',
    'kwietnia',
    'maja',
    'czerwca',
    'lipca',
    'sierpnia',
    'września',
    'października',
    'listopada',
    'grudnia',
  ],
  da: [
    'januar',
    'februar',
    'marts',
    'april',
    'maj',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'december',
  ],
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
};

/**
 * How each language writes a day and joins a time to it: the mark after the day's number ("7."),
 * the word before the month and the year ("7 de diciembre de 2026"), the words before the time
 * ("à", "at", "kl.") and the separator of hours and minutes (Danish "14.05").
 */
const WRITING: Record<Language, { dayMark: string; of: string; at: string; clock: string }> = {
  fr: { dayMark: '', of: '', at: ' à ', clock: ':' },
  en: { dayMark: '', of: '', at: ' at ', clock: ':' },
  de: { dayMark: '.', of: '', at: ' um ', clock: ':' },
  es: { dayMark: '', of: 'de ', at: ' a las ', clock: ':' },
  it: { dayMark: '', of: '', at: ' alle ore ', clock: ':' },
  nl: { dayMark: '', of: '', at: ' om ', clock: ':' },
  pl: { dayMark: '', of: '', at: ' ', clock: ':' },
  da: { dayMark: '.', of: '', at: ' kl. ', clock: '.' },
  pt: { dayMark: '', of: 'de ', at: ' às ', clock: ':' },
};

/** A moment as a wall clock shows it: year, month 1–12, day 1–31, hour 0–23, minute, second. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const zoneReaders = new Map<string, Intl.DateTimeFormat>();

/**
 * The insurer's zone, read without Intl: a browser that names a zone to Intl loads the zone data
 * first, a cost a page that shows one date should not pay, and the server reads this zone for
 * every mail and deadline. Paris has kept the European Union's rule since 1996: UTC+1, and UTC+2
 * from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. Earlier
 * instants, and any other zone, go through Intl.
 */
const CENTRAL_EUROPEAN_ZONE = 'Europe/Paris';
const CENTRAL_EUROPEAN_RULES_SINCE = Date.UTC(1996, 0, 1);

/** 01:00 UTC on the last Sunday of a month (0-based) of a year. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Milliseconds Paris is ahead of UTC at an instant (ms since the epoch, 1996 or later). */
function centralEuropeanOffset(at: number): number {
  const year = new Date(at).getUTCFullYear();
  const summer = at >= lastSundayAtOneUtc(year, 2) && at < lastSundayAtOneUtc(year, 9);
  return summer ? 7_200_000 : 3_600_000;
}

/**
 * The wall clock of an instant in a time zone (the server's mails and deadlines, in the insurer's
 * zone; the insurer's without Intl, see above), or in the runtime's own zone when none is named.
 * Example: (2025-06-30T22:30Z, "Europe/Paris") → 2025-07-01 00:30:00.
 */
export function wallClockOf(at: Date, timeZone?: string): WallClock {
  if (timeZone === undefined) {
    return {
      year: at.getFullYear(),
      month: at.getMonth() + 1,
      day: at.getDate(),
      hour: at.getHours(),
      minute: at.getMinutes(),
      second: at.getSeconds(),
    };
  }
  if (timeZone === CENTRAL_EUROPEAN_ZONE && at.getTime() >= CENTRAL_EUROPEAN_RULES_SINCE) {
    const local = new Date(at.getTime() + centralEuropeanOffset(at.getTime()));
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      second: local.getUTCSeconds(),
    };
  }
  let reader = zoneReaders.get(timeZone);
  if (!reader) {
    reader = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    zoneReaders.set(timeZone, reader);
  }
  const parts: Record<string, number> = {};
  for (const part of reader.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts['year'] ?? 0,
    month: parts['month'] ?? 0,
    day: parts['day'] ?? 0,
    hour: parts['hour'] ?? 0,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/** The day `yyyy-mm-dd` an instant falls on in a time zone. Example: (2025-06-30T22:30Z, "Europe/Paris") → "2025-07-01". */
export function dayInTimeZone(at: Date, timeZone: string): string {
  const { year, month, day } = wallClockOf(at, timeZone);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * What can be written: a calendar day, `yyyy-mm-dd` or `dd/mm/yyyy` (the wire format of
 * `sinistre_date`), shown as that very day whatever the time zone; or an instant, a Date or an ISO
 * date-time, shown as the day (and time) it is in `timeZone`.
 */
export type DateValue = Date | string;

export interface InFullOptions {
  /** The zone an instant is read in (the server passes the insurer's); the runtime's when absent. */
  timeZone?: string | undefined;
}

/** A day in full; French writes the first of the month as an ordinal, "1er juillet 2026". */
function dayInFull(year: number, month: number, day: number, lang: Language): string {
  const { dayMark, of } = WRITING[lang];
  const number = lang === 'fr' && day === 1 ? '1er' : `${day}${dayMark}`;
  return `${number} ${of}${MONTHS[lang][month - 1]} ${of}${year}`;
}

/** The numbers of a calendar day `yyyy-mm-dd` or `dd/mm/yyyy`, or undefined when the text is no (real) calendar day. */
function calendarDay(text: string): [year: number, month: number, day: number] | undefined {
  const iso = ISO_DAY.exec(text);
  const french = iso ? undefined : FRENCH_DAY.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : french
      ? [french[3], french[2], french[1]]
      : [undefined, undefined, undefined];
  if (year === undefined) return undefined;
  const numbers: [number, number, number] = [Number(year), Number(month), Number(day)];
  return isRealDate(...numbers) ? numbers : undefined;
}

function write(value: DateValue, lang: Language, withTime: boolean, options: InFullOptions): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return '';
    // A day has no time and no zone: written as itself, never shifted to the day before.
    const day = calendarDay(text);
    if (day) return dayInFull(...day, lang);
    if (ISO_DAY.test(text) || FRENCH_DAY.test(text)) return '';
    return write(new Date(text), lang, withTime, options);
  }
  if (Number.isNaN(value.getTime())) return '';
  const clock = wallClockOf(value, options.timeZone);
  const day = dayInFull(clock.year, clock.month, clock.day, lang);
  if (!withTime) return day;
  const { at, clock: separator } = WRITING[lang];
  return `${day}${at}${twoDigits(clock.hour)}${separator}${twoDigits(clock.minute)}`;
}

/** The day of a date written in full ("7 décembre 2026"); '' when empty or unreadable. */
export function formatDayInFull(value: DateValue, lang: Language, options: InFullOptions = {}): string {
  return write(value, lang, false, options);
}

/**
 * An instant written in full with its time, as the language joins them ("7 décembre 2026 à 14:05",
 * "7 December 2026 at 14:05"); a calendar day has no time and is written as its day alone.
 */
export function formatDateTimeInFull(value: DateValue, lang: Language, options: InFullOptions = {}): string {
  return write(value, lang, true, options);
}
