/**
 * The insurer's time zone: the calendar days of staff figures and lists (spec 3), of the dates in
 * mails and of the question box. One place, so a partner in another zone changes one line.
 */
export const INSURER_TIME_ZONE = 'Europe/Paris';
