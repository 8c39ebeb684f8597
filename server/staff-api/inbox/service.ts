import { type BrandCatalog, brandNameOf, findPartner } from '../../../brands/lib/parse.ts';
import {
  INBOX_STATES,
  type InboxDeadline,
  type InboxDetail,
  type InboxListAnswer,
  type InboxListItem,
  type InboxListQuery,
  type InboxState,
} from '../../../contracts/inbox.ts';
import type { Language } from '../../../contracts/languages.ts';
import { sanitizeRichText } from '../../../contracts/sanitize-rich-text.ts';
import { insertInboxEvents, type NewInboxEvent } from '../../customer-api/public.ts';
import type { AppDatabase, DatabaseOrTransaction } from '../../db/public.ts';
import { enqueueMail, isSingleAddress, renderMail, richTextToPlain } from '../../mail/public.ts';
import {
  countInboxMessages,
  FIRST_ANSWER_NOW,
  findInboxLine,
  findInboxSender,
  findStaffLogin,
  type InboxLineRow,
  insertInboxAnswer,
  insertInboxNote,
  listInboxAnswers,
  listInboxAttachments,
  listInboxEvents,
  listInboxNotes,
  listInboxPage,
  lockInboxMessage,
  updateInboxMessage,
} from './repository.ts';

/**
 * The staff inbox's use cases: the list and one message in full (with its deadlines judged at
 * `now`), and the changes staff make (assignee, state, note, answer), each written with its
 * history line naming the staff login, in one transaction.
 */

/** Why a change is refused: `not_found` (404), `unknown_staff`, `empty_answer`, `no_recipient` (400). */
export class InboxError extends Error {
  readonly code: 'not_found' | 'unknown_staff' | 'empty_answer' | 'no_recipient';
  constructor(code: InboxError['code']) {
    super(code);
    this.code = code;
  }
}

/** Who makes a change: the signed-in staff member's login. */
export interface InboxActor {
  login: string;
}

/** The brands of the catalogue, by name, for the list's filter. */
function brandChoices(brands: BrandCatalog): InboxListAnswer['brands'] {
  return [
    { company: null, brand: brands.neutral.name },
    ...[...brands.bySlug.values()].map((brand) => ({ company: brand.slug, brand: brand.name })),
  ].sort((a, b) => a.brand.localeCompare(b.brand, 'fr'));
}

function deadline(dueAt: Date, doneAt: Date | null, state: InboxState, now: Date): InboxDeadline {
  return {
    dueAt: dueAt.toISOString(),
    doneAt: doneAt?.toISOString() ?? null,
    late: doneAt === null && state !== 'clos' && dueAt.getTime() < now.getTime(),
  };
}

/** Characters of the message a list line shows. */
const EXCERPT_LENGTH = 140;

/** A list line of a message, its deadlines judged at `now`. */
function lineOf(brands: BrandCatalog, row: InboxLineRow, now: Date): InboxListItem {
  const acknowledgement =
    row.acknowledgementDueAt === null ? null : deadline(row.acknowledgementDueAt, row.acknowledgedAt, row.state, now);
  const answer = deadline(row.answerDueAt, row.firstAnsweredAt, row.state, now);
  const text = row.message.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    company: row.company,
    brand: brandNameOf(brands, row.company),
    lang: row.lang,
    receivedAt: row.receivedAt.toISOString(),
    sender: [row.nom, row.prenom].filter(Boolean).join(' '),
    subject: (row.kind === 'reclamation' ? row.motif : '') as InboxListItem['subject'],
    excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text,
    claimNumber: row.numSinistre,
    claimLinked: row.claimId !== null,
    attachments: Number(row.attachments),
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, login: row.assigneeLogin ?? '' },
    rule: row.kind === 'reclamation' ? 'acpr-2022-r-01' : 'service-target',
    deadlines: { acknowledgement, answer },
    late: (acknowledgement?.late ?? false) || answer.late,
  };
}

/** The list's page: a page past the end is the last page. */
export async function listInbox(
  db: AppDatabase,
  brands: BrandCatalog,
  query: InboxListQuery,
  now: Date,
): Promise<Omit<InboxListAnswer, 'status'>> {
  const total = await countInboxMessages(db, query, now);
  const pages = Math.max(1, Math.ceil(total / query.size));
  const page = Math.min(query.page, pages);
  const rows = await listInboxPage(db, query, now, { limit: query.size, offset: (page - 1) * query.size });
  return {
    datas: rows.map((row) => lineOf(brands, row, now)),
    brands: brandChoices(brands),
    total,
    page,
    size: query.size,
    pages,
  };
}

/** One message in full; throws InboxError('not_found'). */
export async function getInboxDetail(
  db: AppDatabase,
  brands: BrandCatalog,
  id: number,
  now: Date,
): Promise<InboxDetail> {
  const row = await findInboxLine(db, id);
  const sender = await findInboxSender(db, id);
  if (!row || !sender) throw new InboxError('not_found');
  const [attachments, notes, answers, history] = [
    await listInboxAttachments(db, id),
    await listInboxNotes(db, id),
    await listInboxAnswers(db, id),
    await listInboxEvents(db, id),
  ];
  return {
    ...lineOf(brands, row, now),
    contact: {
      nom: row.nom,
      prenom: row.prenom,
      email: sender.email,
      telephone: sender.telephone,
      adresse: sender.adresse,
      cp: sender.cp,
      ville: sender.ville,
      pays: sender.pays,
    },
    message: row.message,
    sourceReferrer: sender.sourceReferrer,
    attachments: attachments.map(({ id: attachmentId, originalName, mime, size }) => ({
      id: attachmentId,
      originalName,
      mime,
      size,
    })),
    notes: notes.map((note) => ({ ...note, at: note.at.toISOString() })),
    answers: answers.map((answer) => ({ ...answer, at: answer.at.toISOString() })),
    history: history.map((event) => ({
      id: Number(event.id),
      actor: event.actor,
      staffLogin: event.staffLogin,
      action: event.action as InboxDetail['history'][number]['action'],
      detail: event.detail,
      at: event.at.toISOString(),
    })),
    states: [...INBOX_STATES],
  };
}

/** The stored file of one attachment of the message, or undefined. */
export async function findInboxAttachmentFile(db: AppDatabase, id: number, attachmentId: number) {
  const attachments = await listInboxAttachments(db, id);
  return attachments.find((attachment) => attachment.id === attachmentId);
}

/** Locks the message and runs `change` in one transaction; throws InboxError('not_found'). */
async function changing<T>(
  db: AppDatabase,
  id: number,
  change: (tx: DatabaseOrTransaction, current: NonNullable<Awaited<ReturnType<typeof lockInboxMessage>>>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const current = await lockInboxMessage(tx, id);
    if (!current) throw new InboxError('not_found');
    return change(tx, current);
  });
}

/** A staff history line of the message. */
function staffEvent(
  inboxMessageId: number,
  by: InboxActor,
  action: NewInboxEvent['action'],
  detail: Record<string, unknown> = {},
): NewInboxEvent {
  return { inboxMessageId, actor: 'staff', staffLogin: by.login, action, detail };
}

/** A new message staff take up (assign, note) is in progress from then on. */
function takenUp(id: number, state: InboxState, by: InboxActor): { state?: InboxState; events: NewInboxEvent[] } {
  if (state !== 'nouveau') return { events: [] };
  return { state: 'en_cours', events: [staffEvent(id, by, 'state_changed', { from: 'nouveau', to: 'en_cours' })] };
}

/** Assigns the message to a staff member, or to nobody (null). */
export async function assignInboxMessage(
  db: AppDatabase,
  id: number,
  staffUserId: number | null,
  by: InboxActor,
): Promise<void> {
  await changing(db, id, async (tx, current) => {
    const to = staffUserId === null ? null : await findStaffLogin(tx, staffUserId);
    if (to === undefined) throw new InboxError('unknown_staff');
    if (current.assigneeId === staffUserId) return;
    const from = current.assigneeId === null ? null : ((await findStaffLogin(tx, current.assigneeId)) ?? null);
    const progress = staffUserId === null ? { events: [] } : takenUp(id, current.state, by);
    await updateInboxMessage(tx, id, { assigneeId: staffUserId, ...(progress.state ? { state: progress.state } : {}) });
    await insertInboxEvents(tx, [staffEvent(id, by, 'assigned', { from, to }), ...progress.events]);
  });
}

/** Adds an internal note (never shown to the claimant). */
export async function addInboxNote(db: AppDatabase, id: number, body: string, by: InboxActor): Promise<number> {
  return changing(db, id, async (tx, current) => {
    const noteId = await insertInboxNote(tx, { inboxMessageId: id, staffLogin: by.login, body });
    const progress = takenUp(id, current.state, by);
    if (progress.state) await updateInboxMessage(tx, id, { state: progress.state });
    await insertInboxEvents(tx, [staffEvent(id, by, 'note', { noteId }), ...progress.events]);
    return noteId;
  });
}

/** Sets the message's state; the same state again changes nothing. */
export async function setInboxState(db: AppDatabase, id: number, state: InboxState, by: InboxActor): Promise<void> {
  await changing(db, id, async (tx, current) => {
    if (current.state === state) return;
    await updateInboxMessage(tx, id, { state });
    await insertInboxEvents(tx, [staffEvent(id, by, 'state_changed', { from: current.state, to: state })]);
  });
}

/** The answer's HTML, sanitised; throws InboxError('empty_answer') when nothing readable is left. */
function cleanAnswer(html: string): string {
  const clean = sanitizeRichText(html).trim();
  if (richTextToPlain(clean).trim() === '') throw new InboxError('empty_answer');
  return clean;
}

/**
 * Mails an answer to the claimant (their language, the message's brand, the original quoted)
 * through the outbox, records it, and sets the message `repondu` (acknowledged, first answered).
 */
export async function answerInboxMessage(
  db: AppDatabase,
  brands: BrandCatalog,
  id: number,
  html: string,
  by: InboxActor,
): Promise<{ answerId: number; mailId: number }> {
  const answerHtml = cleanAnswer(html);
  return changing(db, id, async (tx, current) => {
    const row = await findInboxLine(tx, id);
    const sender = await findInboxSender(tx, id);
    if (!row || !sender) throw new InboxError('not_found');
    if (!isSingleAddress(sender.email)) throw new InboxError('no_recipient');
    const brand = (row.company === null ? undefined : findPartner(brands, row.company)) ?? brands.neutral;
    const mailId = await enqueueMail(tx, {
      to: sender.email,
      claimId: row.claimId ?? undefined,
      ...renderMail('inbox-answer', row.lang as Language, brand, {
        kind: row.kind,
        receivedAt: row.receivedAt,
        claimNumber: row.numSinistre,
        answerHtml,
        original: row.message,
      }),
    });
    const answerId = await insertInboxAnswer(tx, {
      inboxMessageId: id,
      staffLogin: by.login,
      html: answerHtml,
      mailOutboxId: mailId,
    });
    await updateInboxMessage(tx, id, {
      state: 'repondu',
      firstAnsweredAt: FIRST_ANSWER_NOW,
      ...(current.acknowledgedAt === null ? { acknowledgedAt: new Date() } : {}),
    });
    await insertInboxEvents(tx, [
      staffEvent(id, by, 'answered', { answerId }),
      ...(current.state === 'repondu'
        ? []
        : [staffEvent(id, by, 'state_changed', { from: current.state, to: 'repondu' })]),
      staffEvent(id, by, 'mail_sent', { mailId, kind: 'inbox-answer' }),
    ]);
    return { answerId, mailId };
  });
}
