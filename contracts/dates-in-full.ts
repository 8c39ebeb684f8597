import type { Language } from './languages.ts';

/**
 * Dates shown back to a claimant (the review step, the confirmation, the follow-up page, the mails)
 * are written in full in the page's language: "7 décembre 2026", "7 December 2026", "7. Dezember
 * 2026". Never 07/12/2026, which a reader of another country takes for 12 July.
 * Typed input keeps the per-language patterns of `languages.ts` (spec 1 §5). One pure function for
 * the site (through `islands/lib/dates.ts`) and the mails (`server/mail/templates.ts`).
 */

/** The Intl locale of each language; English in the European order ("7 December 2026"), as its readers here write it. */
const LOCALES: Record<Language, string> = {
  fr: 'fr-FR',
  en: 'en-GB',
  de: 'de-DE',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  pl: 'pl-PL',
  da: 'da-DK',
  pt: 'pt-PT',
};

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

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const FRENCH_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Language, withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${lang}|${withTime}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[lang], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

/** A calendar day as noon UTC of that day, or undefined when the text is no calendar day (or no real one). */
function calendarDay(text: string): Date | undefined {
  const iso = ISO_DAY.exec(text);
  const french = iso ? undefined : FRENCH_DAY.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : french
      ? [french[3], french[2], french[1]]
      : [undefined, undefined, undefined];
  if (year === undefined) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), 12));
  return date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
    ? date
    : undefined;
}

function write(value: DateValue, lang: Language, withTime: boolean, options: InFullOptions): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return '';
    // A day has no time and no zone: written as itself, never shifted to the day before.
    const day = calendarDay(text);
    if (day) return written(formatter(lang, false, 'UTC'), day, lang);
    if (ISO_DAY.test(text) || FRENCH_DAY.test(text)) return '';
    return write(new Date(text), lang, withTime, options);
  }
  return Number.isNaN(value.getTime()) ? '' : written(formatter(lang, withTime, options.timeZone), value, lang);
}

/** French writes the first of the month as an ordinal: "1er juillet 2026" (Intl writes "1 juillet"). */
function written(format: Intl.DateTimeFormat, date: Date, lang: Language): string {
  if (lang !== 'fr') return format.format(date);
  return format
    .formatToParts(date)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
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
