import { formatDateTime } from '../lib/format.ts';

/**
 * The FAQ list's column filters (spec 3 §5), combined with AND by the table; an empty filter is
 * ignored. Each takes what staff typed and the cell's value.
 */

/** ID, occurrences and the two vote counts: the same number, compared as text ("1" finds 1, not 10 or 21). */
export function matchesExactly(typed: string, value: unknown): boolean {
  return String(value ?? '') === typed.trim();
}

/** Question, answer, sources, comment and history: the text contains what was typed, case-sensitive. */
export function containsTyped(typed: string, text: string): boolean {
  return text.includes(typed);
}

/**
 * The day typed, as the table shows it (dd/mm/yyyy), or as the claims list's filter asks it
 * (yyyy/mm/dd, yyyy-mm-dd); one-digit days and months allowed. Undefined while it is not a whole day.
 */
export function typedDay(typed: string): string | undefined {
  const text = typed.trim();
  const shown = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  const [day, month, year] = shown ? [shown[1], shown[2], shown[3]] : iso ? [iso[3], iso[2], iso[1]] : [];
  if (day === undefined || month === undefined || year === undefined) return undefined;
  return `${day.padStart(2, '0')}/${month.padStart(2, '0')}/${year}`;
}

/** Dates: the day shown in the cell (Paris time) is the day typed; a day not yet typed whole finds nothing. */
export function isOnTypedDay(typed: string, iso: unknown): boolean {
  const day = typedDay(typed);
  return day !== undefined && typeof iso === 'string' && formatDateTime(iso).slice(0, 10) === day;
}
