/**
 * The claim number, `SI-` and seven digits (`SI-0000003`): its one definition, for the wire
 * schemas, the server's generator and log scrubber, the islands and the tests. Claim numbers are
 * drawn at random (`server/db/claim-numbers.ts`), so a number tells nothing of the others.
 * Its zod schema is beside it, in `claim-number-schema.ts`: a page that only tests a number's shape
 * loads no zod before the visitor interacts.
 */

/** What every claim number starts with. */
const CLAIM_NUMBER_PREFIX = 'SI-';

/** Digits after `SI-`. */
export const CLAIM_NUMBER_DIGITS = 7;

const SHAPE = `${CLAIM_NUMBER_PREFIX}\\d{${CLAIM_NUMBER_DIGITS}}`;

/** A whole text that is a claim number, upper-case. Example: matches "SI-0000003", not "si-0000003". */
export const CLAIM_NUMBER_PATTERN = new RegExp(`^${SHAPE}$`);

/** The claim number of a sequence number. Example: 3 → "SI-0000003". */
export function claimNumberOf(sequence: number): string {
  return `${CLAIM_NUMBER_PREFIX}${String(sequence).padStart(CLAIM_NUMBER_DIGITS, '0')}`;
}

/** Whether a text is a claim number, case aside. Example: "si-0000003" → true; "SI-3" → false. */
export function isClaimNumber(text: string): boolean {
  return CLAIM_NUMBER_PATTERN.test(text.toUpperCase());
}

/** Whether a typed text starts as a claim number does, case aside. Example: "si-12" → true. */
export function startsAsClaimNumber(text: string): boolean {
  return text.toUpperCase().startsWith(CLAIM_NUMBER_PREFIX);
}

/** The first claim number written in a text (upper-case), or undefined. Example: "Claim SI-0000003 exists" → "SI-0000003". */
export function findClaimNumber(text: string): string | undefined {
  return new RegExp(SHAPE).exec(text)?.[0];
}

/** A text with every claim number in it (case aside) replaced. Example: ("/sinistres/si-0000003", () => "x") → "/sinistres/x". */
export function replaceClaimNumbers(text: string, replacement: (claimNumber: string) => string): string {
  return text.replace(new RegExp(SHAPE, 'gi'), replacement);
}

/** A text cut around its claim numbers, which stand at the odd places. Example: "dossier SI-0000003 reçu" → ["dossier ", "SI-0000003", " reçu"]. */
export function splitAtClaimNumbers(text: string): string[] {
  return text.split(new RegExp(`(${SHAPE})`));
}
