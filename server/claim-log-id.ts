import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { replaceClaimNumbers } from '../contracts/claim-number.ts';

/**
 * Claim numbers in logs. A claim number with the claimant's last name opens the claim, and a log
 * travels further than the database (files, log services, support tickets), so logs never hold
 * one in clear. A plain hash would not hide it: there are only 10^7 numbers `SI-0000000` …
 * `SI-9999999`, hashed in seconds. So a claim is logged by a keyed hash (HMAC-SHA-256) under a
 * key drawn when the process starts and never written anywhere: the lines of one process about
 * one claim share an id, and nobody reading the logs can tell which claim it is. An operator who
 * must find a claim's lines asks the running process (`claimLogId`) for its id.
 */

/** A key object, made once: a raw key given to createHmac is imported again at each call. */
const PROCESS_KEY = createSecretKey(randomBytes(32));

/** Hex characters kept of the HMAC: 64 bits, enough to tell apart the claims of one process. */
const LOG_ID_LENGTH = 16;

/** The id a claim is logged under in this process: `claim:` and a keyed hash of its number. */
export function claimLogId(claimNumber: string): string {
  const digest = createHmac('sha256', PROCESS_KEY).update(claimNumber.trim().toUpperCase(), 'utf8').digest('hex');
  return `claim:${digest.slice(0, LOG_ID_LENGTH)}`;
}

/** A text with every claim number replaced by its log id (a request path such as `/sinistres/SI-0000003`). */
export function withoutClaimNumbers(text: string): string {
  return replaceClaimNumbers(text, claimLogId);
}
