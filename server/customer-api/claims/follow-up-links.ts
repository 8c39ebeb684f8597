import { createHash, randomBytes } from 'node:crypto';
import { NO_FOLLOW_UP_STATE, PAYMENT_SENT_STATE } from '../../../contracts/claim-states.ts';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import {
  type ClaimRow,
  type FollowUpTokenDelivery,
  findClaimByFollowUpTokenHash,
  insertFollowUpToken,
  renewFollowUpToken,
  revokeFollowUpTokens,
  trimBrowserTokens,
} from './repository.ts';

/**
 * The follow-up links' tokens: what opens a claim in full and lets its claimant write to it
 * (proofs, comments). A token reaches the claimant in a mail (the confirmation, a link asked on
 * the site, staff's change mails) or, once, in the answer to the browser that declared the claim.
 *
 * - A token opens its claim for FOLLOW_UP_LINK_LIFETIME_MS, and each use pushes that back to
 *   FOLLOW_UP_LINK_LIFETIME_MS from then: a claimant who follows their claim keeps their link.
 * - A link asked by the claimant (`POST lien_suivi`) revokes the claim's older mailed links: the
 *   newest mail is the one that works. Staff's change mails add links without revoking.
 * - Once the claim is closed (paid, or closed without follow-up), every token of it stops
 *   LINKS_END_AFTER_CLOSING_MS after the closing, however recently it was used.
 *
 * Tokens are stored as their SHA-256 only; a database read never yields a working link.
 */

/** How long a follow-up link opens its claim after it was issued or last used: 30 days. */
export const FOLLOW_UP_LINK_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/** How long after its claim closes a follow-up link still opens it: 8 weeks. */
export const LINKS_END_AFTER_CLOSING_MS = 8 * 7 * 24 * 60 * 60_000;

/** The states after which a claim changes no more: its links end LINKS_END_AFTER_CLOSING_MS later. */
const CLOSED_CLAIM_STATES: readonly string[] = [PAYMENT_SENT_STATE, NO_FOLLOW_UP_STATE];

/**
 * The browser tokens a claim keeps: each retried submit (same Idempotency-Key) answers a new one,
 * and only the newest few stay valid.
 */
export const BROWSER_TOKENS_KEPT = 5;

/** Random bytes of a follow-up token (256 bits; 43 base64url characters). */
const FOLLOW_UP_TOKEN_BYTES = 32;

/** Hex SHA-256 of a follow-up token: what `follow_up_tokens.token_hash` holds. */
export function hashFollowUpToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new follow-up token: the token for the link, its hash for the database. */
export function newFollowUpToken(): { token: string; tokenHash: string } {
  const token = randomBytes(FOLLOW_UP_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashFollowUpToken(token) };
}

/** When a token issued or used at `now` stops opening its claim. */
export function followUpLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + FOLLOW_UP_LINK_LIFETIME_MS);
}

/**
 * Stores a new token of a claim, delivered by mail or to the declaring browser, and answers it.
 * A browser token also trims the claim's older browser tokens to BROWSER_TOKENS_KEPT.
 */
export async function issueFollowUpToken(
  db: DatabaseOrTransaction,
  claimId: number,
  deliveredBy: FollowUpTokenDelivery,
  now: Date = new Date(),
): Promise<string> {
  const { token, tokenHash } = newFollowUpToken();
  await insertFollowUpToken(db, { claimId, tokenHash, expiresAt: followUpLinkExpiry(now), deliveredBy });
  if (deliveredBy === 'browser') await trimBrowserTokens(db, claimId, BROWSER_TOKENS_KEPT);
  return token;
}

/** Revokes a claim's mailed links at `now`, before a new one is mailed at the claimant's request. */
export function revokeMailedLinks(db: DatabaseOrTransaction, claimId: number, now: Date = new Date()) {
  return revokeFollowUpTokens(db, claimId, 'mail', now);
}

/** The claim a token opens at `now` (see the rules above), its expiry renewed; undefined otherwise. */
export async function openClaimByToken(
  db: DatabaseOrTransaction,
  token: string,
  now: Date = new Date(),
): Promise<ClaimRow | undefined> {
  const tokenHash = hashFollowUpToken(token);
  const claim = await findClaimByFollowUpTokenHash(db, tokenHash, {
    now,
    closedStates: CLOSED_CLAIM_STATES,
    closedFor: LINKS_END_AFTER_CLOSING_MS,
  });
  if (claim) await renewFollowUpToken(db, tokenHash, followUpLinkExpiry(now));
  return claim;
}
