import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_LIFETIME_MS,
  ONE_TIME_CODE_TRIES,
} from '../../../contracts/partner-api.ts';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import {
  countDownCodeTry,
  deleteCodesExpiredBefore,
  findLiveCodeId,
  insertIdentityCode,
  markCodeUsed,
  retireLiveCodes,
  setCodeConfirmation,
  spendCodeConfirmation,
} from './repository.ts';

/**
 * One-time codes: a visitor sees an identity only after proving they hold its insured number. A code is six random
 * digits mailed to an address; it is stored as a salted SHA-256, lives ONE_TIME_CODE_LIFETIME_MS,
 * takes ONE_TIME_CODE_TRIES tries (each try counts down atomically, so concurrent tries, from any
 * process, never get more) and is used once. Asking a new code retires the earlier ones of the
 * same subject, so only the latest is live.
 *
 * Two purposes: `identity` (the code went to the subscription's address on file; verified, it
 * opens that subscription's identity) and `email` (a group contract's member confirms the address
 * they typed; verified, it leaves a confirmation token that their claim spends).
 */

type CodePurpose = 'identity' | 'email';

/** What a code proves possession of: a subscription, and for `email` codes the typed address. */
export interface CodeSubject {
  purpose: CodePurpose;
  souscriptionId: number;
  /** The typed address of an `email` code; ignored for `identity`. */
  email?: string | undefined;
}

/** How a typed address is bound to its code: hashed with its subscription, case-insensitively. */
function emailHashOf(subject: CodeSubject): string {
  if (subject.purpose !== 'email' || subject.email === undefined) return '';
  return createHash('sha256').update(`${subject.souscriptionId}:${subject.email.trim().toLowerCase()}`).digest('hex');
}

function codeHashOf(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The columns a subject's codes are found by. */
function subjectKeyOf(subject: CodeSubject) {
  return { purpose: subject.purpose, souscriptionId: subject.souscriptionId, emailHash: emailHashOf(subject) };
}

/** Six random digits, leading zeros kept. */
function newOneTimeCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');
}

/**
 * Stores a new code for `subject` (retiring its earlier live codes) and returns it in clear, for
 * the mail written in the same transaction.
 */
export async function issueOneTimeCode(
  tx: DatabaseOrTransaction,
  subject: CodeSubject,
  now: number = Date.now(),
): Promise<string> {
  const code = newOneTimeCode();
  const salt = randomBytes(16).toString('hex');
  await retireLiveCodes(tx, subjectKeyOf(subject), new Date(now));
  await insertIdentityCode(tx, {
    ...subjectKeyOf(subject),
    codeHash: codeHashOf(salt, code),
    salt,
    triesLeft: ONE_TIME_CODE_TRIES,
    expiresAt: new Date(now + ONE_TIME_CODE_LIFETIME_MS),
  });
  return code;
}

/** A try's outcome: right (the code is now used), wrong (tries left), or no live code at all. */
export type CodeCheck =
  | { status: 'right'; codeId: number }
  | { status: 'wrong'; triesLeft: number }
  | { status: 'no_live_code' };

/**
 * Tries `code` against the subject's live code: one try is counted down first (atomically: the
 * update only matches while tries are left), then the code compared; the right code marks the
 * code used, once (a concurrent right try loses). An expired, used or exhausted code, or none,
 * answers `no_live_code`.
 */
export async function tryOneTimeCode(
  db: DatabaseOrTransaction,
  subject: CodeSubject,
  code: string,
  now: number = Date.now(),
): Promise<CodeCheck> {
  const live = await findLiveCodeId(db, subjectKeyOf(subject), new Date(now));
  if (!live) return { status: 'no_live_code' };
  const counted = await countDownCodeTry(db, live.id);
  if (!counted) return { status: 'no_live_code' };
  const expected = Buffer.from(counted.codeHash, 'hex');
  const given = Buffer.from(codeHashOf(counted.salt, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return counted.triesLeft > 0 ? { status: 'wrong', triesLeft: counted.triesLeft } : { status: 'no_live_code' };
  }
  const used = await markCodeUsed(db, live.id, new Date(now));
  return used ? { status: 'right', codeId: used.id } : { status: 'no_live_code' };
}

/** How long a verified address stays confirmed for a claim. */
const EMAIL_CONFIRMATION_LIFETIME_MS = 2 * 60 * 60_000;

/** Leaves a confirmation token on a verified `email` code; answers the token (stored hashed). */
export async function confirmationOfCode(db: DatabaseOrTransaction, codeId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await setCodeConfirmation(db, codeId, tokenHashOf(token));
  return token;
}

/**
 * Spends the confirmation `token` of `subject` (an `email` subject: subscription and the address
 * of the claim), in the claim's transaction: true once, when the token was left by a code verified
 * for this very subscription and address, less than EMAIL_CONFIRMATION_LIFETIME_MS ago.
 */
export async function spendEmailConfirmation(
  tx: DatabaseOrTransaction,
  subject: CodeSubject,
  token: string,
  now: number = Date.now(),
): Promise<boolean> {
  if (token === '') return false;
  const spent = await spendCodeConfirmation(
    tx,
    subjectKeyOf(subject),
    tokenHashOf(token),
    new Date(now),
    new Date(now - EMAIL_CONFIRMATION_LIFETIME_MS),
  );
  return spent.length > 0;
}

/** Deletes codes expired more than a day ago (they prove nothing any more). */
export async function deleteOldOneTimeCodes(db: DatabaseOrTransaction, now: number = Date.now()): Promise<void> {
  await deleteCodesExpiredBefore(db, new Date(now - 24 * 60 * 60_000));
}
