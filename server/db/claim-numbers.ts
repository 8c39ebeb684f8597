import { randomInt } from 'node:crypto';
import { CLAIM_NUMBER_DIGITS, claimNumberOf } from '../../contracts/claim-number.ts';

/**
 * Claim numbers keep the specification's shape (`contracts/claim-number.ts`), but are drawn at
 * random (node:crypto), not in sequence: a number read on one claim tells nothing of the
 * others, and the next one cannot be guessed. Uniqueness is the `claims_numero_unique` index's:
 * the insert draws again when the number is taken (db/idempotent-insert.ts, `insertOnce` with a
 * function of values). The demo claims keep their fixed numbers, which the demo's documentation names.
 */

const CLAIM_NUMBER_RANGE = 10 ** CLAIM_NUMBER_DIGITS;
/**
 * The lowest number drawn: SI-0000001 … SI-0001000 stay for the demo's claims (SI-0000003 … 08),
 * so a claim made during a demo is never mistaken for seeded data.
 */
const LOWEST_DRAWN = 1001;

/** A claim number drawn uniformly at random from SI-0001001 to SI-9999999. Example: "SI-4071953". */
export function drawClaimNumber(): string {
  return claimNumberOf(randomInt(LOWEST_DRAWN, CLAIM_NUMBER_RANGE));
}
