import type { AppDatabase, claims } from '../../db/public.ts';
import { hitRateLimit, type RateLimitRule, type RateLimitState, refundRateLimit } from '../../security/public.ts';
import { openClaimByToken } from './follow-up-links.ts';
import { findClaimByNumber } from './repository.ts';

export { hashFollowUpToken } from './follow-up-links.ts';

/**
 * How a claimant proves they may see a claim, without an account (spec 2 §6): the claim number
 * and their last name, or a follow-up link's token. Used by `GET sinistres`, the live follow,
 * the proof validation and the file download (`POST justificatifs`, `GET justificatifs/fichier`).
 *
 * What each opens differs: the number and name, which are no secret (a booking mail, a relative
 * may show them), open the claim's state only (`access` 'state': no personal field, no writing);
 * the token of a mailed link (or the one answered to the declaring browser) opens it in full
 * (`access` 'full') and renews the link (follow-up-links.ts).
 *
 * Every failure — an unknown number, a wrong name, an unknown or expired token — counts the same
 * way and is answered the same way, so the answer never tells whether a claim number exists.
 */

/** A claim number and last name typed on suivre-dossier, or the token of a follow-up link. */
export type ClaimantCredentials = { hash: string } | { numero: string; nom: string };

/** What credentials open: the claim in full (a follow-up token) or its state only (number + name). */
export type ClaimAccessLevel = 'full' | 'state';

export type ClaimantAccess =
  | { status: 'found'; claim: typeof claims.$inferSelect; access: ClaimAccessLevel }
  | { status: 'not_found' }
  | { status: 'rate_limited'; state: RateLimitState };

/**
 * Failed guesses of the last name of one claim number: 10 an hour. Counted for unknown numbers too,
 * so the 11th try answers 429 whether the claim exists or not.
 */
export const WRONG_NAME_RULE: RateLimitRule = { name: 'claim_access:number', limit: 10, windowMs: 60 * 60_000 };

/** Failed lookups of one client address, any number or token: 30 an hour. */
export const FAILED_LOOKUP_BY_ADDRESS_RULE: RateLimitRule = {
  name: 'claim_access:ip',
  limit: 30,
  windowMs: 60 * 60_000,
};

/** A last name as compared: no surrounding spaces, no accents, no case ("  Müller " = "MULLER"). */
export function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('und');
}

/** Whether the typed last name is the claim's, ignoring case, accents and surrounding spaces. */
export function isClaimantName(typed: string, claimName: string): boolean {
  const typedName = comparableName(typed);
  return typedName !== '' && typedName === comparableName(claimName);
}

/** The refusal whose window ends last: the client may retry only when both allow it. */
function longestRefusal(states: readonly RateLimitState[]): RateLimitState | undefined {
  const refused = states.filter((state) => !state.allowed);
  return refused.sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
}

/**
 * Finds the claim the credentials open. Every attempt is counted before anything is compared, one
 * hit for the number and one for the address, and a success takes its hits back: so concurrent
 * guesses cannot all slip under the limit, and once a claim number has had 10 wrong names this
 * hour (or the address 30 failed lookups), even the right name is refused until the window ends.
 *
 * @param clientAddress the client's address as Express reads it (`request.ip`, TRUST_PROXY aware)
 * @param at the moment a token is checked (and renewed) at: now, unless a test moves the clock
 */
export async function findClaimForClaimant(
  db: AppDatabase,
  credentials: ClaimantCredentials,
  clientAddress: string,
  at: Date = new Date(),
): Promise<ClaimantAccess> {
  const numberKey = 'numero' in credentials ? credentials.numero.trim().toUpperCase() : undefined;
  const counters: [RateLimitRule, string][] = [
    [FAILED_LOOKUP_BY_ADDRESS_RULE, clientAddress],
    ...(numberKey === undefined ? [] : [[WRONG_NAME_RULE, numberKey] as [RateLimitRule, string]]),
  ];
  const now = Date.now();
  const states = await Promise.all(counters.map(([rule, key]) => hitRateLimit(db, rule, key, now)));
  const refused = longestRefusal(states);
  if (refused) return { status: 'rate_limited', state: refused };

  const claim =
    'hash' in credentials
      ? await openClaimByToken(db, credentials.hash, at)
      : await findClaimByNumber(db, numberKey ?? '');
  const opened = claim !== undefined && ('hash' in credentials || isClaimantName(credentials.nom, claim.assureNom));
  if (!opened) return { status: 'not_found' };
  await Promise.all(counters.map(([rule, key]) => refundRateLimit(db, rule, key, now)));
  return { status: 'found', claim, access: 'hash' in credentials ? 'full' : 'state' };
}
