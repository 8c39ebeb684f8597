import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { InboxListQuery } from '../../../contracts/inbox.ts';
import { INBOX_WAITING_STATES, NEUTRAL_BRAND_FILTER } from '../../../contracts/inbox.ts';
import {
  type DatabaseOrTransaction,
  complaints,
  contactMessages,
  inboxAnswers,
  inboxEvents,
  inboxMessages,
  inboxNotes,
  type InboxStateValue,
  mailOutbox,
  messageAttachments,
  staffUsers,
  uploadedFiles,
} from '../../db/public.ts';

/**
 * The named queries of the staff inbox: the list (filters, late ones, pages), one message in full,
 * its attachments' files, the staff members to assign, and the changes (assignee, state, note,
 * answer) with their history lines. Functions taking a transaction lock the message `for update`.
 */

/** A deadline passed without its act, on a message not closed, at `now`. */
function lateAt(now: Date): SQL<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<boolean>`(${inboxMessages.state} <> 'clos' and (
    (${inboxMessages.acknowledgedAt} is null and ${inboxMessages.acknowledgementDueAt} < ${at})
    or (${inboxMessages.firstAnsweredAt} is null and ${inboxMessages.answerDueAt} < ${at})))`;
}

/** The nearest deadline still waiting for its act (null when none waits). */
const NEXT_DUE = sql`least(
  case when ${inboxMessages.acknowledgedAt} is null then ${inboxMessages.acknowledgementDueAt} end,
  case when ${inboxMessages.firstAnsweredAt} is null then ${inboxMessages.answerDueAt} end)`;

/** The list's filters as a condition. */
function listFilter(query: InboxListQuery, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.state) conditions.push(eq(inboxMessages.state, query.state));
  if (query.kind) conditions.push(eq(inboxMessages.kind, query.kind));
  if (query.lang) conditions.push(eq(inboxMessages.lang, query.lang));
  if (query.brand === NEUTRAL_BRAND_FILTER) conditions.push(isNull(inboxMessages.company));
  else if (query.brand) conditions.push(eq(inboxMessages.company, query.brand));
  if (query.late) conditions.push(lateAt(now));
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** What a list line and the detail read of a message, from the entry and its complaint or contact message. */
const LINE_COLUMNS = {
  id: inboxMessages.id,
  kind: inboxMessages.kind,
  state: inboxMessages.state,
  company: inboxMessages.company,
  lang: inboxMessages.lang,
  receivedAt: inboxMessages.receivedAt,
  acknowledgedAt: inboxMessages.acknowledgedAt,
  firstAnsweredAt: inboxMessages.firstAnsweredAt,
  acknowledgementDueAt: inboxMessages.acknowledgementDueAt,
  answerDueAt: inboxMessages.answerDueAt,
  assigneeId: inboxMessages.assigneeId,
  assigneeLogin: staffUsers.login,
  complaintId: inboxMessages.complaintId,
  contactMessageId: inboxMessages.contactMessageId,
  nom: sql<string>`coalesce(${complaints.nom}, ${contactMessages.nom}, '')`,
  prenom: sql<string>`coalesce(${complaints.prenom}, '')`,
  motif: sql<string>`coalesce(${complaints.motif}, '')`,
  message: sql<string>`coalesce(${complaints.message}, ${contactMessages.message}, '')`,
  numSinistre: sql<string>`coalesce(${complaints.numSinistre}, ${contactMessages.numSinistre}, '')`,
  claimId: sql<number | null>`coalesce(${complaints.claimId}, ${contactMessages.claimId})`,
  attachments: sql<number>`(select count(*)::int from ${messageAttachments} a
    where a.complaint_id = "inbox_messages"."complaint_id" or a.contact_message_id = "inbox_messages"."contact_message_id")`,
};

function linesQuery(db: DatabaseOrTransaction) {
  return db
    .select(LINE_COLUMNS)
    .from(inboxMessages)
    .leftJoin(complaints, eq(complaints.id, inboxMessages.complaintId))
    .leftJoin(contactMessages, eq(contactMessages.id, inboxMessages.contactMessageId))
    .leftJoin(staffUsers, eq(staffUsers.id, inboxMessages.assigneeId));
}

export type InboxLineRow = Awaited<ReturnType<typeof listInboxPage>>[number];

/** Messages matching the list's filters, all pages. */
export async function countInboxMessages(db: DatabaseOrTransaction, query: InboxListQuery, now: Date) {
  const [row] = await db.select({ total: count() }).from(inboxMessages).where(listFilter(query, now));
  return Number(row?.total ?? 0);
}

/** One page of the list: newest first, or (`sort=deadline`) late ones first, then the nearest deadline. */
export async function listInboxPage(
  db: DatabaseOrTransaction,
  query: InboxListQuery,
  now: Date,
  page: { limit: number; offset: number },
) {
  const order =
    query.sort === 'deadline'
      ? [sql`${lateAt(now)} desc`, sql`${NEXT_DUE} asc nulls last`, desc(inboxMessages.receivedAt)]
      : [desc(inboxMessages.receivedAt)];
  return linesQuery(db)
    .where(listFilter(query, now))
    .orderBy(...order, desc(inboxMessages.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The messages waiting for staff (`nouveau`, `en_cours`) and the late ones among them, at `now`. */
export async function countWaitingInbox(db: DatabaseOrTransaction, now: Date) {
  const [row] = await db
    .select({
      waiting: count(),
      late: sql<number>`count(*) filter (where ${lateAt(now)})::int`,
    })
    .from(inboxMessages)
    .where(inArray(inboxMessages.state, [...INBOX_WAITING_STATES]));
  return { inbox: Number(row?.waiting ?? 0), inboxLate: Number(row?.late ?? 0) };
}

/** One message's line, or undefined. */
export async function findInboxLine(db: DatabaseOrTransaction, id: number) {
  const [row] = await linesQuery(db).where(eq(inboxMessages.id, id)).limit(1);
  return row;
}

/** The sender's details and the rest of the message, for the detail page and the answer mail. */
export async function findInboxSender(db: DatabaseOrTransaction, id: number) {
  const [row] = await db
    .select({
      email: sql<string>`coalesce(${complaints.email}, ${contactMessages.email}, '')`,
      telephone: sql<string>`coalesce(${complaints.telephone}, ${contactMessages.telephone}, '')`,
      adresse: sql<string>`coalesce(${complaints.adresse}, '')`,
      cp: sql<string>`coalesce(${complaints.cp}, '')`,
      ville: sql<string>`coalesce(${complaints.ville}, '')`,
      pays: sql<string>`coalesce(${complaints.pays}, '')`,
      sourceReferrer: sql<string>`coalesce(${contactMessages.sourceReferrer}, '')`,
    })
    .from(inboxMessages)
    .leftJoin(complaints, eq(complaints.id, inboxMessages.complaintId))
    .leftJoin(contactMessages, eq(contactMessages.id, inboxMessages.contactMessageId))
    .where(eq(inboxMessages.id, id))
    .limit(1);
  return row;
}

/** The files attached to the message's complaint or contact message. */
export async function listInboxAttachments(db: DatabaseOrTransaction, id: number) {
  return db
    .select({
      id: messageAttachments.id,
      originalName: uploadedFiles.originalName,
      mime: uploadedFiles.mime,
      size: uploadedFiles.size,
      storageKey: uploadedFiles.storageKey,
    })
    .from(messageAttachments)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, messageAttachments.uploadedFileId))
    .innerJoin(
      inboxMessages,
      sql`${inboxMessages.complaintId} = ${messageAttachments.complaintId} or ${inboxMessages.contactMessageId} = ${messageAttachments.contactMessageId}`,
    )
    .where(eq(inboxMessages.id, id))
    .orderBy(asc(messageAttachments.id));
}

export async function listInboxNotes(db: DatabaseOrTransaction, id: number) {
  return db
    .select({ id: inboxNotes.id, staffLogin: inboxNotes.staffLogin, body: inboxNotes.body, at: inboxNotes.createdAt })
    .from(inboxNotes)
    .where(eq(inboxNotes.inboxMessageId, id))
    .orderBy(asc(inboxNotes.createdAt), asc(inboxNotes.id));
}

export async function listInboxAnswers(db: DatabaseOrTransaction, id: number) {
  return db
    .select({
      id: inboxAnswers.id,
      staffLogin: inboxAnswers.staffLogin,
      html: inboxAnswers.html,
      at: inboxAnswers.createdAt,
      mailId: inboxAnswers.mailOutboxId,
      mailStatus: mailOutbox.status,
    })
    .from(inboxAnswers)
    .leftJoin(mailOutbox, eq(mailOutbox.id, inboxAnswers.mailOutboxId))
    .where(eq(inboxAnswers.inboxMessageId, id))
    .orderBy(asc(inboxAnswers.createdAt), asc(inboxAnswers.id));
}

export async function listInboxEvents(db: DatabaseOrTransaction, id: number) {
  return db
    .select({
      id: inboxEvents.id,
      actor: inboxEvents.actor,
      staffLogin: inboxEvents.staffLogin,
      action: inboxEvents.action,
      detail: inboxEvents.detail,
      at: inboxEvents.createdAt,
    })
    .from(inboxEvents)
    .where(eq(inboxEvents.inboxMessageId, id))
    .orderBy(asc(inboxEvents.createdAt), asc(inboxEvents.id));
}

/** Every staff member, by login. */
export async function listStaffMembers(db: DatabaseOrTransaction) {
  return db.select({ id: staffUsers.id, login: staffUsers.login }).from(staffUsers).orderBy(asc(staffUsers.login));
}

/** A staff member's login, or undefined when the id is none. */
export async function findStaffLogin(db: DatabaseOrTransaction, staffUserId: number): Promise<string | undefined> {
  const [row] = await db.select({ login: staffUsers.login }).from(staffUsers).where(eq(staffUsers.id, staffUserId));
  return row?.login;
}

/** The message's state and assignee, locked until the transaction ends; undefined when there is none. */
export async function lockInboxMessage(tx: DatabaseOrTransaction, id: number) {
  const [row] = await tx
    .select({
      state: inboxMessages.state,
      assigneeId: inboxMessages.assigneeId,
      acknowledgedAt: inboxMessages.acknowledgedAt,
    })
    .from(inboxMessages)
    .where(eq(inboxMessages.id, id))
    .for('update');
  return row;
}

export async function updateInboxMessage(
  tx: DatabaseOrTransaction,
  id: number,
  change: Partial<{
    state: InboxStateValue;
    assigneeId: number | null;
    acknowledgedAt: Date;
    firstAnsweredAt: SQL<Date>;
  }>,
): Promise<void> {
  await tx.update(inboxMessages).set(change).where(eq(inboxMessages.id, id));
}

/** When the first answer was mailed: the one already recorded, else now (the transaction's time). */
export const FIRST_ANSWER_NOW = sql<Date>`coalesce(${inboxMessages.firstAnsweredAt}, now())`;

export async function insertInboxNote(
  db: DatabaseOrTransaction,
  note: { inboxMessageId: number; staffLogin: string; body: string; at?: Date },
): Promise<number> {
  const [row] = await db
    .insert(inboxNotes)
    .values({
      inboxMessageId: note.inboxMessageId,
      staffLogin: note.staffLogin,
      body: note.body,
      ...(note.at ? { createdAt: note.at } : {}),
    })
    .returning({ id: inboxNotes.id });
  if (!row) throw new Error('The note insert returned no row.');
  return row.id;
}

export async function insertInboxAnswer(
  db: DatabaseOrTransaction,
  answer: { inboxMessageId: number; staffLogin: string; html: string; mailOutboxId: number | null; at?: Date },
): Promise<number> {
  const [row] = await db
    .insert(inboxAnswers)
    .values({
      inboxMessageId: answer.inboxMessageId,
      staffLogin: answer.staffLogin,
      html: answer.html,
      mailOutboxId: answer.mailOutboxId,
      ...(answer.at ? { createdAt: answer.at } : {}),
    })
    .returning({ id: inboxAnswers.id });
  if (!row) throw new Error('The answer insert returned no row.');
  return row.id;
}
