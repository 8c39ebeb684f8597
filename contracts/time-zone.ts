/**
 * The insurer's time zone: the calendar days of staff figures and lists (spec 3), of the dates in
 * mails and of the question box. One place, so a partner in another zone changes one line.
 */
export const INSURER_TIME_ZONE = 'Europe/Paris';

/**
 * Dates shown to a claimant are read on the insurer's calendar, as their mails and the back office
 * read them: a claim declared at 23:30 in London on 7 December was declared on 8 December.
 */
export const IN_INSURER_ZONE = { timeZone: INSURER_TIME_ZONE } as const;
