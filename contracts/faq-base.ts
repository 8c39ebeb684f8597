/**
 * The FAQ assistant's plain values, in a module without zod: the customer page's island loads
 * them at once and the schemas of `faq.ts` (which re-exports them) only when an answer comes.
 */
export const FAQ_PATH = '/faq';

/** Longest question accepted (characters). */
export const MAX_QUESTION_LENGTH = 500;
