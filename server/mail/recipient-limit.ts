import type { DatabaseOrTransaction } from '../db/public.ts';
import { countMailsToRecipient, lockRecipient, recipientLocksCall, type SqlPart } from './repository.ts';

/**
 * How many mails one address may receive from us: every mail the product writes to the outbox is
 * counted against its recipient (lower case, trimmed), across every server process (the outbox is
 * the shared record of what was written). A mail over a limit is still written, as `limited` and
 * never sent, so staff see it; the action that caused it goes on as if it had been sent.
 *
 * Two shares, counted apart:
 * - mails anyone can cause without signing in (a claim confirmation, a follow-up link, a form's
 *   acknowledgement, a one-time code…): 10 an hour, 30 a day. A real claimant's busiest hour
 *   (their number found, a one-time code asked twice, the confirmation, a follow-up link asked
 *   again, a complaint and a contact message acknowledged: 8 mails) stays below; a stranger's
 *   address typed into declarations or forms gets 10 mails, then nothing for the hour.
 * - mails telling a change staff made to a claim (claim-changes: held a minute, replaced by a
 *   later change of the same thing): 20 an hour, 60 a day. Staff asking for three documents and
 *   validating four proofs in one sitting must reach the claimant; the share only bounds a runaway
 *   script or account.
 * - copies of a cancellation to the booking establishment (step 5's copy box): 60 an hour, 300 a
 *   day. They are counted apart from the claimant's share, so a claimant who typed the
 *   establishment's address as their own loses nothing; one desk takes every copy of its
 *   establishment (a brand file's address takes a whole campsite's), so its share is larger,
 *   while a declaration needs a subscription of its own, which bounds what a stranger can send.
 */

export interface RecipientLimit {
  /** Names the limit in the `limited` row (`last_error`) and in the security event. */
  name: 'recipient_hour_limit' | 'recipient_day_limit';
  /** Most mails of the share to one address in any window. */
  limit: number;
  windowMs: number;
}

export type MailShare = 'visitor' | 'staff' | 'establishment';

export const RECIPIENT_LIMITS: Readonly<Record<MailShare, readonly [RecipientLimit, RecipientLimit]>> = {
  visitor: [
    { name: 'recipient_hour_limit', limit: 10, windowMs: 60 * 60_000 },
    { name: 'recipient_day_limit', limit: 30, windowMs: 24 * 60 * 60_000 },
  ],
  staff: [
    { name: 'recipient_hour_limit', limit: 20, windowMs: 60 * 60_000 },
    { name: 'recipient_day_limit', limit: 60, windowMs: 24 * 60 * 60_000 },
  ],
  establishment: [
    { name: 'recipient_hour_limit', limit: 60, windowMs: 60 * 60_000 },
    { name: 'recipient_day_limit', limit: 300, windowMs: 24 * 60 * 60_000 },
  ],
};

/** The address as the limit counts it: `Claire.Martin@Example.com ` and `claire.martin@example.com` are one. */
export function recipientKeyOf(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * Which limit a new mail of `share` to `address` would exceed, or undefined when it may be sent.
 * Run in the transaction that writes the mail: it first takes a transaction lock on the address,
 * so that concurrent writers (in any process) count one after the other and never both take the
 * last place; the lock goes with the transaction. Mails that were cancelled or limited do not count.
 */
export async function exceededRecipientLimit(
  tx: DatabaseOrTransaction,
  address: string,
  share: MailShare,
): Promise<RecipientLimit | undefined> {
  const key = recipientKeyOf(address);
  const [hour, day] = RECIPIENT_LIMITS[share];
  await lockRecipient(tx, key);
  const counts = await countMailsToRecipient(tx, key, share, hour.windowMs, day.windowMs);
  if (Number(counts?.in_hour ?? 0) >= hour.limit) return hour;
  if (Number(counts?.in_day ?? 0) >= day.limit) return day;
  return undefined;
}

/**
 * The expression taking the recipient locks of several addresses at once, for a statement that
 * reads something else too: `addresses` are SQL text values (a parameter, or a column of the
 * statement, such as an address read with the row it locks); null or blank ones are passed over.
 * The locks are taken in the order of their keys, so two statements locking the same addresses
 * never wait for each other crosswise. Its value is the JSON array of the keys it locked: a mail
 * whose recipientKeyOf is among them may be written under its limit by a LATER statement of the
 * same transaction (claimMailUnderLimit); any other must go through enqueueMail.
 */
export function recipientLocksOf(addresses: readonly SqlPart[]): SqlPart {
  return recipientLocksCall(addresses);
}
