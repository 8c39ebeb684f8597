import { createHash } from 'node:crypto';
import type { AppDatabase } from '../../db/client.ts';
import type { claims } from '../../db/schema.ts';
import { hitRateLimit, peekRateLimit, type RateLimitRule, type RateLimitState } from '../../security/rate-limit.ts';
import { findClaimByFollowUpTokenHash, findClaimByNumber } from './repository.ts';

/**
 * How a claimant proves they may see a claim, without an account (spec 2 §6): the claim number
 * and their last name, or a follow-up link's token. Used by `GET sinistres` and by the proof
 * validation (`POST justificatifs`).
 *
 * Every failure — an unknown number, a wrong name, an unknown or expired token — counts the same
 * way and is answered the same way, so the answer never tells whether a claim number exists.
 */

/** A claim number and last name typed on suivre-dossier, or the token of a follow-up link. */
export type ClaimantCredentials = { hash: string } | { numero: string; nom: string };

export type ClaimantAccess =
  | { status: 'found'; claim: typeof claims.$inferSelect }
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

/** Hex SHA-256 of a follow-up token: what `follow_up_tokens.token_hash` holds. */
export function hashFollowUpToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

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
 * Finds the claim the credentials open. The limits are checked before anything is compared: once
 * a claim number has had 10 wrong names this hour (or the address 30 failed lookups), even the
 * right name is refused until the window ends. A failure counts one hit for the number (number and
 * name) and one for the address.
 *
 * @param clientAddress the client's address as Express reads it (`request.ip`, TRUST_PROXY aware)
 */
export async function findClaimForClaimant(
  db: AppDatabase,
  credentials: ClaimantCredentials,
  clientAddress: string,
): Promise<ClaimantAccess> {
  const numberKey = 'numero' in credentials ? credentials.numero.trim().toUpperCase() : undefined;
  const before = await Promise.all([
    peekRateLimit(db, FAILED_LOOKUP_BY_ADDRESS_RULE, clientAddress),
    ...(numberKey === undefined ? [] : [peekRateLimit(db, WRONG_NAME_RULE, numberKey)]),
  ]);
  const refusedBefore = longestRefusal(before);
  if (refusedBefore) return { status: 'rate_limited', state: refusedBefore };

  const claim =
    'hash' in credentials
      ? await findClaimByFollowUpTokenHash(db, hashFollowUpToken(credentials.hash), new Date())
      : await findClaimByNumber(db, numberKey ?? '');
  const opened = claim !== undefined && ('hash' in credentials || isClaimantName(credentials.nom, claim.assureNom));
  if (opened) return { status: 'found', claim };

  await Promise.all([
    hitRateLimit(db, FAILED_LOOKUP_BY_ADDRESS_RULE, clientAddress),
    ...(numberKey === undefined ? [] : [hitRateLimit(db, WRONG_NAME_RULE, numberKey)]),
  ]);
  return { status: 'not_found' };
}
