import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { type DatabaseOrTransaction, mailOutbox, queryRows } from '../db/public.ts';

/**
 * The mail module's named queries on the outbox (`mail_outbox`).
 */

// the outbox --------------------------------------------------------------------------------------

/** A mail's row as written to the outbox; when it is held, insertOutboxMail sets its hold. */
export type OutboxMailValues = Omit<typeof mailOutbox.$inferInsert, 'heldUntil' | 'nextAttemptAt'>;

/**
 * Writes one mail to the outbox and answers its id. A mail held for `holdMs` (a claim change that a
 * later change may still replace) is neither due nor sent before its hold is over.
 */
export async function insertOutboxMail(
  tx: DatabaseOrTransaction,
  values: OutboxMailValues,
  holdMs?: number,
): Promise<{ id: number } | undefined> {
  const heldUntil =
    holdMs === undefined ? undefined : sql`now() + ${holdMs}::double precision * interval '1 millisecond'`;
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...values, ...(heldUntil ? { heldUntil, nextAttemptAt: heldUntil } : {}) })
    .returning({ id: mailOutbox.id });
  return row;
}

/**
 * Cancels (and empties) the claim's mails about `topic` still held: pending, their hold not over.
 * Answers each with what it said the claimant knew before (`from`).
 */
export function cancelHeldMails(
  tx: DatabaseOrTransaction,
  claimId: number,
  topic: string,
): Promise<{ id: number; from: string | null }[]> {
  return tx
    .update(mailOutbox)
    .set({ status: 'cancelled', heldUntil: null, textBody: '', htmlBody: '', attachments: [] })
    .where(
      and(
        eq(mailOutbox.claimId, claimId),
        eq(mailOutbox.changeTopic, topic),
        eq(mailOutbox.status, 'pending'),
        isNotNull(mailOutbox.heldUntil),
        gt(mailOutbox.heldUntil, sql`now()`),
      ),
    )
    .returning({ id: mailOutbox.id, from: mailOutbox.changeFrom });
}

/** The mails of claim `claimId`, oldest first, without their bodies. */
export function selectClaimMails(db: DatabaseOrTransaction, claimId: number) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.claimId, claimId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

// recipient limits --------------------------------------------------------------------------------

/**
 * Takes the transaction lock of recipient `key` (a recipientKeyOf), so concurrent writers in any
 * process count its mails one after the other; the lock goes with the transaction.
 */
export async function lockRecipient(tx: DatabaseOrTransaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-recipient:${key}`}, 0))`);
}

/**
 * The mails to recipient `key` that count towards its limits (pending, sent or failed) of one share
 * (`changeMails`: the staff's claim-change mails, or else the visitors' mails): within the last
 * `hourMs` and within the last `dayMs`.
 */
export async function countMailsToRecipient(
  tx: DatabaseOrTransaction,
  key: string,
  changeMails: boolean,
  hourMs: number,
  dayMs: number,
): Promise<{ in_hour: number | string; in_day: number | string } | undefined> {
  const ofShare = changeMails ? sql`change_topic is not null` : sql`change_topic is null`;
  const [counts] = await queryRows<{ in_hour: number | string; in_day: number | string }>(
    tx,
    sql`select
          count(*) filter (where created_at > clock_timestamp() - ${hourMs}::double precision * interval '1 millisecond') as in_hour,
          count(*) as in_day
        from mail_outbox
        where lower(btrim(recipient)) = ${key}
          and created_at > clock_timestamp() - ${dayMs}::double precision * interval '1 millisecond'
          and status in ('pending', 'sent', 'failed')
          and ${ofShare}`,
  );
  return counts;
}
