/**
 * The FAQ assistant's plain values, in a module without zod: the customer page's island loads
 * them at once and the schemas of `faq.ts` (which re-exports them) only when an answer comes.
 */
export const FAQ_PATH = '/faq';

/** Longest question accepted (characters). */
export const MAX_QUESTION_LENGTH = 500;

/**
 * Spec 2 §4 "FAQ feedback": the visitor's rating of an answer, none until given, then yes (2) or
 * no (1). The rating sends `add_reponse_utile_oui: 1` for yes and `add_reponse_utile_non: 1` for
 * no (the other one 0): one vote added to the answer's count.
 */
export const FAQ_FEEDBACK = { no: 1, yes: 2 } as const;
export type FaqFeedback = (typeof FAQ_FEEDBACK)[keyof typeof FAQ_FEEDBACK];
