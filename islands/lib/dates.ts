/** What a date field holds while its text is not a date of the page's format. */
export const NOT_A_DATE = 'not-a-date';

/** A calendar day as the draft and the form keep it: `yyyy-mm-dd`. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Dates shown back to the visitor (review step, confirmation, follow-up) are written in full in the
 * page's language, "7 décembre 2026": the one formatter, shared with the mails, lives in
 * `contracts/dates-in-full.ts`. Calendar days (`yyyy-mm-dd`, `dd/mm/yyyy`) are written as
 * themselves, without a shift.
 */
export { formatDayInFull } from '../../contracts/dates-in-full.ts';
