import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type AppDatabase, type DatabaseOrTransaction, mailOutbox, queryRows } from '../db/public.ts';

/** A piece of SQL another module's statement embeds (the modules outside repositories never import drizzle). */
export type SqlPart = SQL;
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

/** The latest mail of kind `kind` about claim `claimId`: its recipient, status and sending time. */
export async function selectLatestClaimMailOfKind(db: DatabaseOrTransaction, claimId: number, kind: string) {
  const [row] = await db
    .select({ recipient: mailOutbox.recipient, status: mailOutbox.status, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.claimId, claimId), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return row;
}

// recipient limits --------------------------------------------------------------------------------

/**
 * Takes the transaction lock of recipient `key` (a recipientKeyOf), so concurrent writers in any
 * process count its mails one after the other; the lock goes with the transaction.
 */
export async function lockRecipient(tx: DatabaseOrTransaction, key: string): Promise<void> {
  await tx.execute(sql`select ${recipientLockCall(key)}`);
}

/**
 * The call that takes recipient `key`'s transaction lock (lockRecipient), for a statement of
 * another module that takes it with what it reads: the count must then run in a LATER statement of
 * the transaction, whose snapshot sees what the lock waited for.
 */
function recipientLockCall(key: string): SQL {
  return sql`pg_advisory_xact_lock(hashtextextended(${`mail-recipient:${key}`}, 0))`;
}

/**
 * The calls taking the recipient locks of the addresses `addresses` (SQL text values), in the
 * order of their keys, keyed as recipientKeyOf keys them (trimmed, lower case); the expression's
 * value is the JSON array of the keys locked. The keys' order is kept by sorting before the
 * locking calls: PostgreSQL evaluates a volatile function of the select list after its ORDER BY.
 */
export function recipientLocksCall(addresses: readonly SQL[]): SQL {
  return sql`(select coalesce(json_agg(locked.key order by locked.key), '[]'::json) from (
      select keys.key, pg_advisory_xact_lock(hashtextextended('mail-recipient:' || keys.key, 0)) as done
      from (select distinct lower(btrim(address)) as key
        from unnest(array[${sql.join(
          addresses.map((address) => sql`${address}::text`),
          sql`, `,
        )}]) as address
        where nullif(btrim(address), '') is not null) as keys
      order by keys.key) as locked)`;
}

/** The kind of the mails of the establishments' share (templates.ts). */
const ESTABLISHMENT_COPY_KIND = 'establishment-copy';

/**
 * The mails to recipient `key` that count towards its limits (pending, sent or failed) of one share
 * (`staff`: the staff's claim-change mails; `establishment`: the copies to booking establishments;
 * `visitor`: every other mail): within the last `hourMs` and within the last `dayMs`.
 */
export async function countMailsToRecipient(
  tx: DatabaseOrTransaction,
  key: string,
  share: 'visitor' | 'staff' | 'establishment',
  hourMs: number,
  dayMs: number,
): Promise<{ in_hour: number | string; in_day: number | string } | undefined> {
  const [counts] = await queryRows<{ in_hour: number | string; in_day: number | string }>(
    tx,
    countMailsToRecipientQuery(key, share, hourMs, dayMs),
  );
  return counts;
}

/** The query of countMailsToRecipient: one row, `in_hour` and `in_day`. */
function countMailsToRecipientQuery(
  key: string,
  share: 'visitor' | 'staff' | 'establishment',
  hourMs: number,
  dayMs: number,
): SQL {
  const ofShare =
    share === 'staff'
      ? sql`change_topic is not null`
      : share === 'establishment'
        ? sql`kind = ${ESTABLISHMENT_COPY_KIND}`
        : sql`change_topic is null and kind <> ${ESTABLISHMENT_COPY_KIND}`;
  return sql`select
          count(*) filter (where created_at > clock_timestamp() - ${hourMs}::double precision * interval '1 millisecond') as in_hour,
          count(*) as in_day
        from mail_outbox
        where lower(btrim(recipient)) = ${key}
          and created_at > clock_timestamp() - ${dayMs}::double precision * interval '1 millisecond'
          and status in ('pending', 'sent', 'failed')
          and ${ofShare}`;
}

/** A recipient limit as the outbox insert under limit reads it. */
interface LimitOfShare {
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * The body of a data-modifying CTE that writes one mail of a claim to the outbox under its
 * recipient's limits, for another module's statement (a claim and its mail in one round trip):
 * `pending` with its bodies, or `limited` without them and with the limit's name as `last_error`,
 * as enqueueMail and writeLimitedMail write it. The claim row comes from `source` (a CTE of the
 * statement: one row, or none and then no mail). Returns `id, status, last_error`. The recipient's
 * lock (recipientLockCall, recipientLocksCall) must have been taken by an EARLIER statement of the transaction.
 */
export function insertOutboxMailUnderLimitQuery(
  values: Pick<OutboxMailValues, 'kind' | 'lang' | 'recipient' | 'subject' | 'textBody' | 'htmlBody'>,
  limits: { key: string; share: 'visitor' | 'staff' | 'establishment'; hour: LimitOfShare; day: LimitOfShare },
  source: { from: SQL; claimId: SQL },
): SQL {
  const counts = countMailsToRecipientQuery(limits.key, limits.share, limits.hour.windowMs, limits.day.windowMs);
  return sql`
    insert into mail_outbox (kind, lang, recipient, subject, text_body, html_body, attachments, claim_id, status, last_error)
    select ${values.kind}::text, ${values.lang}::text, ${values.recipient}::text, ${values.subject}::text,
      case when reached.name is null then ${values.textBody}::text else '' end,
      case when reached.name is null then ${values.htmlBody}::text else '' end,
      '[]'::jsonb, ${source.claimId},
      case when reached.name is null then 'pending' else 'limited' end, reached.name
    from ${source.from}, (
      select case
          when counts.in_hour >= ${limits.hour.limit}::integer then ${limits.hour.name}::text
          when counts.in_day >= ${limits.day.limit}::integer then ${limits.day.name}::text
        end as name
      from (${counts}) counts
    ) reached
    returning id, status, last_error`;
}

// delivery ------------------------------------------------------------------------------------------

/** A mail of the outbox as the delivery worker reads it. */
export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims up to `batchSize` due rows and leases them, in one statement: the due rows are locked
 * (`FOR UPDATE SKIP LOCKED`: another worker takes the next ones) and leased by the same update.
 */
export async function claimDueMail(db: AppDatabase, batchSize: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + ${leaseMs}::double precision * interval '1 millisecond'`,
      // A held claim-change mail, once claimed, can no longer be cancelled (outbox.ts).
      heldUntil: null,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows.toSorted((a, b) => a.id - b.id);
}

/**
 * Hands claimed mails back (a stopping worker's round, never started): due again at once, for any
 * worker, as if they had not been claimed. Only those still pending. Answers how many.
 */
export async function releaseLeases(db: AppDatabase, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const released = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id });
  return released.length;
}

/**
 * What a mail keeps once it has left or been given up (kept-content.ts): its bodies with the
 * follow-up links' keys and one-time codes masked (the database otherwise keeps those only as
 * hashes, or not at all), its attachments' names and sizes. The row stays, with its kind,
 * recipient, subject and dates, as the record of what was sent, which staff read on the mails page.
 */
type KeptColumns = Pick<typeof mailOutbox.$inferInsert, 'subject' | 'textBody' | 'htmlBody' | 'attachments'>;

/** Marks mails sent (those still pending), each keeping its `kept` content, in one statement. */
export async function markSent(db: AppDatabase, sent: readonly { id: number; kept: KeptColumns }[]): Promise<void> {
  if (sent.length === 0) return;
  const kept = JSON.stringify(
    sent.map(({ id, kept: columns }) => ({
      id,
      subject: columns.subject,
      text_body: columns.textBody,
      html_body: columns.htmlBody,
      attachments: columns.attachments ?? [],
    })),
  );
  await db.execute(sql`
    update ${mailOutbox} m
    set status = 'sent', sent_at = now(), last_error = null, subject = k.subject, text_body = k.text_body,
      html_body = k.html_body, attachments = k.attachments
    from jsonb_to_recordset(${kept}::jsonb) as k (id integer, subject text, text_body text, html_body text, attachments jsonb)
    where m.id = k.id and m.status = 'pending'`);
}

/**
 * Records a failed attempt at sending mail `id` (if still pending): its attempts and error, and
 * either a retry in `retryInMs` or, `failed`, the end of its tries with only `kept` of its content.
 */
export async function writeFailedAttempt(
  db: AppDatabase,
  id: number,
  attempt: { attempts: number; failed: boolean; lastError: string; retryInMs: number; kept: KeptColumns },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: attempt.attempts,
      status: attempt.failed ? 'failed' : 'pending',
      ...(attempt.failed ? attempt.kept : {}),
      lastError: attempt.lastError,
      nextAttemptAt: sql`now() + ${attempt.retryInMs}::double precision * interval '1 millisecond'`,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/**
 * Makes due again the mails a dead worker had leased and never sent nor failed: pending rows with
 * no failed attempt whose next attempt is in the future can only be leased (a failure counts an
 * attempt). Without this, a restart after a crash leaves their confirmations waiting for the lease
 * (LEASE_MS). A leased mail that had already failed before cannot be told from one waiting for its
 * retry: it waits for its lease. A claim-change mail still held (`held_until` set: never claimed)
 * holds no lease and keeps its hold. Answers how many were released.
 */
export async function releaseDeadLeases(db: AppDatabase): Promise<number> {
  const released = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.attempts, 0),
        isNull(mailOutbox.heldUntil),
        sql`${mailOutbox.nextAttemptAt} > now()`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return released.length;
}

/**
 * Empties the bodies and attachments of mails written before `cutoff` that belong to no claim (an
 * insured-number reminder, a contact acknowledgement, an inbox answer without a claim): their
 * content was kept for staff's mails page, and outlives its use. The subject, recipient and state
 * stay, so the page still says what was sent to whom and when. Answers how many were emptied.
 */
export async function clearOldMailContent(db: AppDatabase, cutoff: Date): Promise<number> {
  const emptied = await db
    .update(mailOutbox)
    .set({ textBody: '', htmlBody: '', attachments: [] })
    .where(
      and(
        isNull(mailOutbox.claimId),
        inArray(mailOutbox.status, ['sent', 'failed', 'limited', 'cancelled']),
        lte(mailOutbox.createdAt, cutoff),
        sql`(${mailOutbox.textBody} <> '' or ${mailOutbox.htmlBody} <> '' or ${mailOutbox.attachments} <> '[]'::jsonb)`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return emptied.length;
}
