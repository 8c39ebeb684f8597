import { typedDay } from '../../contracts/dates.ts';
import { formatDateTime } from '../lib/dates.ts';

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

/** Dates: the day shown in the cell (Paris time) is the day typed; a day not yet typed whole finds nothing. */
export function isOnTypedDay(typed: string, iso: unknown): boolean {
  const day = typedDay(typed);
  return day !== undefined && typeof iso === 'string' && formatDateTime(iso).slice(0, 10) === day;
}
