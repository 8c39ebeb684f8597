import { eq, isNull, sql } from 'drizzle-orm';
import { deadlinesOf } from '../../../contracts/inbox.ts';
import {
  type DatabaseOrTransaction,
  claims,
  complaints,
  contactMessages,
  inboxEvents,
  inboxMessages,
  type InboxKindValue,
  type InboxStateValue,
  messageAttachments,
  uploadedFiles,
} from '../../db/public.ts';
import type { Language } from '../../../contracts/languages.ts';
import type { ReceivedFile } from '../../files/public.ts';

/** The forms module's queries, one named function each. */

export type NewComplaint = typeof complaints.$inferInsert;
export type NewContactMessage = typeof contactMessages.$inferInsert;

/** The id of the claim with this number, or null. */
export async function findClaimIdByNumber(db: DatabaseOrTransaction, numero: string): Promise<number | null> {
  const [row] = await db.select({ id: claims.id }).from(claims).where(eq(claims.numero, numero)).limit(1);
  return row?.id ?? null;
}

/** A stored message: its id and when it was received. */
export interface StoredMessage {
  id: number;
  createdAt: Date;
}

export async function insertComplaint(db: DatabaseOrTransaction, complaint: NewComplaint): Promise<StoredMessage> {
  const [row] = await db
    .insert(complaints)
    .values(complaint)
    .returning({ id: complaints.id, createdAt: complaints.createdAt });
  if (!row) throw new Error('The complaint insert returned no row.');
  return row;
}

export async function insertContactMessage(
  db: DatabaseOrTransaction,
  message: NewContactMessage,
): Promise<StoredMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error('The contact message insert returned no row.');
  return row;
}

/**
 * An inbox entry to write for a stored complaint or contact message. Its deadlines are computed
 * from `receivedAt` and its kind (contracts/inbox.ts `deadlinesOf`). A seeder may give any state,
 * assignee and acts' times; the form gives a new, acknowledged message.
 */
export type NewInboxMessage = {
  company: string | null;
  lang: Language;
  receivedAt: Date;
  state?: InboxStateValue;
  assigneeId?: number | null;
  acknowledgedAt?: Date | null;
  firstAnsweredAt?: Date | null;
} & (
  | { kind: Extract<InboxKindValue, 'reclamation'>; complaintId: number }
  | { kind: 'contact'; contactMessageId: number }
);

/** Writes inbox entries (one per message, in order) and returns their ids, in the same order. */
export async function insertInboxMessages(
  db: DatabaseOrTransaction,
  messages: readonly NewInboxMessage[],
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(inboxMessages)
    .values(
      messages.map((message) => {
        const deadlines = deadlinesOf(message.kind, message.receivedAt);
        return {
          kind: message.kind,
          complaintId: message.kind === 'reclamation' ? message.complaintId : null,
          contactMessageId: message.kind === 'contact' ? message.contactMessageId : null,
          state: message.state ?? 'nouveau',
          assigneeId: message.assigneeId ?? null,
          company: message.company,
          lang: message.lang,
          receivedAt: message.receivedAt,
          acknowledgedAt: message.acknowledgedAt ?? null,
          firstAnsweredAt: message.firstAnsweredAt ?? null,
          acknowledgementDueAt: deadlines.acknowledgementDueAt,
          answerDueAt: deadlines.answerDueAt,
        };
      }),
    )
    .returning({ id: inboxMessages.id });
  return rows.map((row) => row.id);
}

/** A line of an inbox message's history (see `inbox_events`); `at` defaults to now. */
export interface NewInboxEvent {
  inboxMessageId: number;
  actor: 'staff' | 'system' | 'claimant';
  /** The staff login of a staff action. */
  staffLogin?: string | null;
  action: 'created' | 'acknowledged' | 'assigned' | 'note' | 'state_changed' | 'answered' | 'mail_sent';
  detail?: Record<string, unknown>;
  at?: Date;
}

/** Writes history lines; lines of one message written together keep their order (ids ascend). */
export async function insertInboxEvents(db: DatabaseOrTransaction, events: readonly NewInboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(inboxEvents).values(
    events.map((event) => ({
      inboxMessageId: event.inboxMessageId,
      actor: event.actor,
      staffLogin: event.staffLogin ?? null,
      action: event.action,
      detail: event.detail ?? {},
      ...(event.at ? { createdAt: event.at } : {}),
    })),
  );
}

/** A message stored without an inbox entry (received before the inbox existed). */
export interface MessageWithoutInbox {
  id: number;
  company: string | null;
  lang: Language;
  createdAt: Date;
}

/** Advisory lock id of the inbox backfill (any constant unused by other locks). */
const INBOX_BACKFILL_LOCK_ID = 4_231_877_202;

/** Takes the transaction-level lock under which one process adds older messages to the inbox. */
export async function lockInboxBackfill(tx: DatabaseOrTransaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INBOX_BACKFILL_LOCK_ID})`);
}

/** Up to `limit` complaints and contact messages that have no inbox entry yet, oldest first. */
export async function selectMessagesWithoutInbox(
  db: DatabaseOrTransaction,
  limit: number,
): Promise<{ complaints: MessageWithoutInbox[]; contacts: MessageWithoutInbox[] }> {
  const [complaintRows, contactRows] = await Promise.all([
    db
      .select({
        id: complaints.id,
        company: complaints.company,
        lang: complaints.lang,
        createdAt: complaints.createdAt,
      })
      .from(complaints)
      .leftJoin(inboxMessages, eq(inboxMessages.complaintId, complaints.id))
      .where(isNull(inboxMessages.id))
      .orderBy(complaints.id)
      .limit(limit),
    db
      .select({
        id: contactMessages.id,
        company: contactMessages.company,
        lang: contactMessages.lang,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .leftJoin(inboxMessages, eq(inboxMessages.contactMessageId, contactMessages.id))
      .where(isNull(inboxMessages.id))
      .orderBy(contactMessages.id)
      .limit(limit),
  ]);
  return { complaints: complaintRows, contacts: contactRows };
}

/** Records stored files as attachments (`attached`, never expiring) of one complaint or contact message. */
export async function insertMessageAttachments(
  db: DatabaseOrTransaction,
  owner: { complaintId: number } | { contactMessageId: number },
  files: readonly ReceivedFile[],
): Promise<void> {
  if (files.length === 0) return;
  const rows = await db
    .insert(uploadedFiles)
    .values(
      files.map((file) => ({
        storageKey: file.key,
        originalName: file.originalName,
        mime: file.mime,
        size: file.size,
        sha256: file.sha256,
        status: 'attached' as const,
        expiresAt: null,
      })),
    )
    .returning({ id: uploadedFiles.id });
  await db.insert(messageAttachments).values(rows.map((row) => ({ ...owner, uploadedFileId: row.id })));
}
