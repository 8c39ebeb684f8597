/** What a date field holds while its text is not a date of the page's format. */
export const NOT_A_DATE = 'not-a-date';

/** A calendar day as the draft and the form keep it: `yyyy-mm-dd`. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
