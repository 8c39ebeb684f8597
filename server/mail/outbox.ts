import type { Language } from '../../contracts/languages.ts';
import type { DatabaseOrTransaction } from '../db/public.ts';
import {
  exceededRecipientLimit,
  type MailShare,
  RECIPIENT_LIMITS,
  type RecipientLimit,
  recipientKeyOf,
} from './recipient-limit.ts';
import {
  cancelHeldMails,
  insertOutboxMail,
  insertOutboxMailUnderLimitQuery,
  selectClaimMails,
  selectLatestClaimMailOfKind,
  type SqlPart,
} from './repository.ts';
import type { MailKind } from './templates.ts';
import type { MailAttachment } from './transport.ts';

/**
 * The outbox: a mail is a row written in the same transaction as the change that causes it (a
 * claim, a complaint…), so it exists if and only if that change was committed. The delivery
 * worker (delivery.ts) sends it later, with retries.
 */

/** A mail to queue: a rendered template (templates.ts) and its recipient. */
export interface NewMail {
  kind: MailKind;
  lang: Language;
  /** The recipient's address, as the claimant typed it (already validated by the caller). */
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[] | undefined;
  /** The claim the mail is about: its staff page lists the mail. */
  claimId?: number | undefined;
  /**
   * A claim change the mail tells (claim-changes.ts): held `holdMs` before it may leave, and
   * cancelled meanwhile by a later change of the same topic (cancelHeldChangeMail).
   */
  change?: ClaimChangeNotice | undefined;
}

/** What a claim-change mail tells: see the `change_*` columns of `mail_outbox`. */
interface ClaimChangeNotice {
  /** `etat`, or `proof:<id>`. */
  topic: string;
  /** What the claimant knew of the topic before (null: nothing yet). */
  from: string | null;
  to: string;
  /** How long the mail waits, cancellable, before it may leave. */
  holdMs: number;
}

/** One address, nothing that an address parser could read as a list, a name or a comment. */
const SINGLE_ADDRESS = /^[^\s@,;:<>()"[\]\\]+@[^\s@,;:<>()"[\]\\]+\.[^\s@,;:<>()"[\]\\]+$/;

/** Whether `address` is one plain address enqueueMail accepts (a claim imported with another can still change). */
export function isSingleAddress(address: string): boolean {
  return SINGLE_ADDRESS.test(address);
}

type EnqueueListener = (id: number) => void;

/** Delivery workers of this process, woken when a mail is queued (outbox rows are shared by processes). */
const enqueueListeners = new Set<EnqueueListener>();

/** A mail written as `limited`: its kind and the limit its recipient had reached (never the address). */
interface LimitedMail {
  kind: MailKind;
  limit: RecipientLimit['name'];
}
type LimitedListener = (mail: LimitedMail) => void;

/** Who hears of a mail not sent for its recipient's limit (the app's security events). */
const limitedListeners = new Set<LimitedListener>();

/**
 * Calls `listener` each time this process writes a mail as `limited` (recipient-limit.ts), in the
 * writing transaction. Returns the function that stops listening.
 */
export function onMailLimited(listener: LimitedListener): () => void {
  limitedListeners.add(listener);
  return () => limitedListeners.delete(listener);
}

/**
 * Queues a mail as a pending outbox row, through the caller's transaction handle, and returns its
 * id. Nothing is sent before the transaction commits; if it rolls back, no mail exists.
 *
 * Every mail passes the recipient's limit (recipient-limit.ts) here: one over it is written as
 * `limited`, without its body, and never sent; the caller's action goes on all the same.
 *
 * @example
 * await database.db.transaction(async (tx) => {
 *   const claim = await insertClaim(tx, declaration);
 *   await enqueueMail(tx, { to: declaration.email, ...renderMail('claim-confirmation', lang, brand, data) });
 * });
 */
export async function enqueueMail(tx: DatabaseOrTransaction, mail: NewMail): Promise<number> {
  // A list or a display name would reach other people than the claimant: one bare address only.
  if (!SINGLE_ADDRESS.test(mail.to)) throw new RangeError('A mail recipient must be one plain e-mail address.');
  const { change } = mail;
  const exceeded = await exceededRecipientLimit(tx, mail.to, shareOf(mail));
  if (exceeded) return writeLimitedMail(tx, mail, exceeded);
  const row = await insertOutboxMail(
    tx,
    {
      kind: mail.kind,
      lang: mail.lang,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: [...(mail.attachments ?? [])],
      claimId: mail.claimId ?? null,
      ...(change ? { changeTopic: change.topic, changeFrom: change.from, changeTo: change.to } : {}),
    },
    change?.holdMs,
  );
  if (!row) throw new Error('The outbox insert returned no row.');
  // A held mail is not due yet: the worker's regular round finds it once its hold is over.
  if (!change) for (const listener of enqueueListeners) listener(row.id);
  return row.id;
}

/** The share of a mail's recipient limits (recipient-limit.ts) it counts in. */
function shareOf(mail: Pick<NewMail, 'kind' | 'change'>): MailShare {
  return mail.change ? 'staff' : mail.kind === 'establishment-copy' ? 'establishment' : 'visitor';
}

/** A mail of a claim written by another module's statement (claimMailUnderLimit), as it wrote it. */
export interface StatementMail {
  id: number;
  status: 'pending' | 'limited';
  /** The limit reached, for a `limited` mail. */
  limit: RecipientLimit['name'] | null;
}

/**
 * What enqueueMail does, as the body of a data-modifying CTE of another module's statement, so a
 * claim and its confirmation are written in one round trip: the mail of the claim row of `source`
 * (a CTE of the statement), `pending`, or `limited` over its recipient's limits. The recipient's
 * lock (recipientLocksOf) must have been taken by an EARLIER statement of the same transaction, so
 * that this statement's snapshot counts every mail written before the lock was granted. Once the
 * statement has run, hand its `id, status, last_error` row to claimMailWritten.
 */
export function claimMailUnderLimit(
  mail: Omit<NewMail, 'claimId' | 'change' | 'attachments'>,
  source: { from: SqlPart; claimId: SqlPart },
): SqlPart {
  if (!SINGLE_ADDRESS.test(mail.to)) throw new RangeError('A mail recipient must be one plain e-mail address.');
  const share = shareOf(mail);
  const [hour, day] = RECIPIENT_LIMITS[share];
  return insertOutboxMailUnderLimitQuery(
    {
      kind: mail.kind,
      lang: mail.lang,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    },
    { key: recipientKeyOf(mail.to), share, hour, day },
    source,
  );
}

/**
 * Tells this process of a mail claimMailUnderLimit wrote, from the statement's `id, status,
 * last_error` row: the delivery worker of a pending one, the security events of a limited one.
 */
export function claimMailWritten(
  kind: MailKind,
  row: { id: number | string; status: string; last_error: string | null },
): StatementMail {
  const id = Number(row.id);
  if (row.status === 'limited') {
    const limit = row.last_error === 'recipient_day_limit' ? 'recipient_day_limit' : 'recipient_hour_limit';
    for (const listener of limitedListeners) listener({ kind, limit });
    return { id, status: 'limited', limit };
  }
  for (const listener of enqueueListeners) listener(id);
  return { id, status: 'pending', limit: null };
}

/**
 * Writes a mail its recipient's limit refuses: the record of it (kind, recipient, subject, claim,
 * change topic), with the limit as its reason, and neither body nor attachment.
 */
async function writeLimitedMail(tx: DatabaseOrTransaction, mail: NewMail, limit: RecipientLimit): Promise<number> {
  const { change } = mail;
  const row = await insertOutboxMail(tx, {
    kind: mail.kind,
    lang: mail.lang,
    recipient: mail.to,
    subject: mail.subject,
    textBody: '',
    htmlBody: '',
    attachments: [],
    claimId: mail.claimId ?? null,
    status: 'limited',
    lastError: limit.name,
    ...(change ? { changeTopic: change.topic, changeFrom: change.from, changeTo: change.to } : {}),
  });
  if (!row) throw new Error('The outbox insert returned no row.');
  for (const listener of limitedListeners) listener({ kind: mail.kind, limit: limit.name });
  return row.id;
}

/**
 * Cancels the claim's held mail about `topic`, if one is still held (its minute not over, not
 * claimed by a delivery worker: the worker clears `held_until` when it claims a row, so a mail
 * being sent is never cancelled). Run in the transaction of the change that replaces it, with the
 * claim locked. Answers what the cancelled mail said the claimant knew before (`from`), or
 * undefined when nothing was held: then the claimant was told the current state of the topic.
 */
export async function cancelHeldChangeMail(
  tx: DatabaseOrTransaction,
  claimId: number,
  topic: string,
): Promise<{ from: string | null } | undefined> {
  const cancelled = await cancelHeldMails(tx, claimId, topic);
  // One change holds at most one mail per topic, each replacing the one before: the first is it.
  const [first] = cancelled.toSorted((a, b) => a.id - b.id);
  return first ? { from: first.from } : undefined;
}

/** A mail of a claim as staff see it: never its body (it held a personal follow-up link). */
export interface ClaimMailRecord {
  id: number;
  kind: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed' | 'cancelled' | 'limited';
  /** Why a `limited` mail was not sent: the recipient's hourly or daily limit; null otherwise. */
  limitedBy: 'hour' | 'day' | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The mails of a claim, oldest first. */
export async function listClaimMails(db: DatabaseOrTransaction, claimId: number): Promise<ClaimMailRecord[]> {
  const rows = await selectClaimMails(db, claimId);
  return rows.map(({ lastError, ...row }) => ({
    ...row,
    limitedBy:
      row.status !== 'limited' ? null : lastError === 'recipient_day_limit' ? ('day' as const) : ('hour' as const),
  }));
}

/** The copy of a claim to its booking establishment as staff see it: where it went, and what became of it. */
export interface EstablishmentCopyRecord {
  recipient: string;
  status: ClaimMailRecord['status'];
  sentAt: Date | null;
}

/** The claim's copy to its booking establishment (the latest, should there be more), or undefined when none was written. */
export async function findEstablishmentCopy(
  db: DatabaseOrTransaction,
  claimId: number,
): Promise<EstablishmentCopyRecord | undefined> {
  const kind: MailKind = 'establishment-copy';
  return selectLatestClaimMailOfKind(db, claimId, kind);
}

/**
 * Calls `listener` with the id of every mail queued by this process, as soon as it is inserted
 * (before the transaction commits: the listener must expect the row to be invisible for a while,
 * or never to appear). Returns the function that stops listening.
 */
export function onMailEnqueued(listener: EnqueueListener): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}
