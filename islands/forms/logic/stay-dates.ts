/**
 * The find-my-number page's date helpers, apart from its zod schema (`find-number.ts`), which the
 * page loads only when the form is first checked.
 */

export { NOT_A_DATE } from '../../lib/dates.ts';

/**
 * The unix seconds of 12:00 UTC of a calendar day `yyyy-mm-dd`: the same day in every European
 * time zone, as the contract asks (`AttestationFieldsSchema`'s comment).
 */
export function noonUtcSeconds(isoDay: string): number {
  return Date.parse(`${isoDay}T12:00:00Z`) / 1000;
}
