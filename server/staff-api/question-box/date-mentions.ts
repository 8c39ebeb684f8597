import * as chrono from 'chrono-node';
import { addDays, addMinutes, dayInTimeZone, twoDigits } from '../../../contracts/dates.ts';
import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';

/**
 * The days a question names, read by chrono-node (French first, so 03/04 is the 3rd of April, then
 * English): dates in every written form ("1er janvier 2024", "March 1st, 2026", 2026-03-05,
 * 20/03/2026, "le 3 mai"), day ranges chrono reads as one ("du 1er au 15 mars", "March 1st to
 * March 15th, 2025"), weekdays ("lundi", "since Monday": the last one, today included),
 * "aujourd'hui", "maintenant", "hier", "today", "now", "yesterday", "il y a 3 jours", "3 days ago".
 * All resolve in the insurer's time zone from the question's now.
 *
 * Not taken from chrono (question-forms.ts reads them as calendar periods, chrono gives one
 * instant for them): "le mois dernier", "la semaine dernière", "les 7 derniers jours", months and
 * years alone. Nor a time of day ("le 2 mars à 14h"): the box counts whole days, so such a mention
 * is left unread and the question says it did not understand it.
 */

export interface DayMention {
  /** Position in the text read, end excluded. */
  index: number;
  end: number;
  /** The first day and the last day named, "YYYY-MM-DD". */
  first: string;
  last: string;
  /** Whether the year was written (else it is chrono's guess, to be replaced by the caller's). */
  yearWritten: boolean;
  /** "aujourd'hui", "now" / "hier", "yesterday": said as such. */
  relative?: 'today' | 'yesterday';
}

/** "YYYY-MM-DD HH:mm:ss", the wall clock of an instant in the insurer's time zone. */
function wallClockAt(now: Date): string {
  return now.toLocaleString('sv-SE', { timeZone: INSURER_TIME_ZONE, hourCycle: 'h23' }).replace('T', ' ');
}

/** The end (excluded) of "until now": the end of the current minute, as the page's range ends. */
export function nowEnd(now: Date): string {
  return addMinutes(`${wallClockAt(now).slice(0, 16)}:00`, 1);
}

/** Minutes east of UTC of the insurer's time zone at an instant (60 in winter, 120 in summer). */
function offsetAt(now: Date): number {
  const wall = Date.parse(`${wallClockAt(now).replace(' ', 'T')}Z`);
  return Math.round((wall - Math.floor(now.getTime() / 1000) * 1000) / 60_000);
}

function dayOfComponents(components: chrono.ParsedComponents): string | undefined {
  const year = components.get('year');
  const month = components.get('month');
  const day = components.get('day');
  if (year === null || month === null || day === null) return undefined;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** What a chrono result means as whole days, or undefined when it is not a day (a time, a period, the future). */
function mentionOf(result: chrono.ParsedResult, today: string): Omit<DayMention, 'index' | 'end'> | undefined {
  const { start, end } = result;
  const tags = result.tags();
  const relative = tags.has('casualReference/today') || tags.has('casualReference/now') ? 'today' : undefined;
  const yesterday = tags.has('casualReference/yesterday') ? 'yesterday' : undefined;
  // "demain", "tonight"…: not a day the box has figures for.
  if (!relative && !yesterday && [...tags].some((tag) => tag.startsWith('casualReference/'))) return undefined;
  // A time of day is more than the box counts; a relative period ("last month") is a calendar period.
  if (!relative && (start.isCertain('hour') || end?.isCertain('hour'))) return undefined;
  if (tags.has('result/relativeDate') && !/\b(il y a|ago)\b/.test(result.text)) return undefined;
  if (!start.isCertain('day') && !start.isCertain('weekday') && !relative && !yesterday) return undefined;
  let first = dayOfComponents(start);
  let last = end ? dayOfComponents(end) : first;
  if (first === undefined || last === undefined || last < first) return undefined;
  // A weekend is its Saturday and Sunday (chrono gives one of them).
  if (/week-?\s?end/i.test(result.text)) {
    const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
    if (weekday !== 6 && weekday !== 0) return undefined;
    first = addDays(first, weekday === 0 ? -1 : 0);
    last = addDays(first, 1);
    if (first > today) return undefined;
  }
  // A weekday alone is the last one, today included.
  if (!start.isCertain('day') && start.isCertain('weekday') && first > today) {
    first = addDays(first, -7);
    last = addDays(last, -7);
  }
  const yearWritten = start.isCertain('year') || (end?.isCertain('year') ?? false) || !start.isCertain('day');
  return { first, last, yearWritten, ...(relative ? { relative } : yesterday ? { relative: yesterday } : {}) };
}

/**
 * chrono-node reads at most this many characters of a question (a question staff write is a line;
 * 12,000 characters of "10:10 " would take chrono over a second): dates after them are not read,
 * so the box says it did not understand them.
 */
const READ_AT_MOST = 1_000;

/**
 * The days `text` names, without overlap, in order. `text` keeps the question's positions; a
 * stretch already read by another rule is blanked out by the caller.
 */
export function readDayMentions(text: string, now: Date): DayMention[] {
  const reference = { instant: now, timezone: offsetAt(now) };
  const today = dayInTimeZone(now, INSURER_TIME_ZONE);
  const found: DayMention[] = [];
  let rest = text.slice(0, READ_AT_MOST);
  for (const parser of [chrono.fr, chrono.en]) {
    for (const result of parser.parse(rest, reference)) {
      const mention = mentionOf(result, today);
      if (mention === undefined) continue;
      const end = result.index + result.text.length;
      found.push({ index: result.index, end, ...mention });
      rest = rest.slice(0, result.index) + ' '.repeat(result.text.length) + rest.slice(end);
    }
  }
  return found.toSorted((a, b) => a.index - b.index);
}
