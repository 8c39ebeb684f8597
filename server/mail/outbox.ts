import type { Language } from '../../contracts/languages.ts';
import type { DatabaseOrTransaction } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
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
}

/** One address, nothing that an address parser could read as a list, a name or a comment. */
const SINGLE_ADDRESS = /^[^\s@,;:<>()"[\]\\]+@[^\s@,;:<>()"[\]\\]+\.[^\s@,;:<>()"[\]\\]+$/;

type EnqueueListener = (id: number) => void;

/** Delivery workers of this process, woken when a mail is queued (outbox rows are shared by processes). */
const enqueueListeners = new Set<EnqueueListener>();

/**
 * Queues a mail as a pending outbox row, through the caller's transaction handle, and returns its
 * id. Nothing is sent before the transaction commits; if it rolls back, no mail exists.
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
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      lang: mail.lang,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: [...(mail.attachments ?? [])],
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The outbox insert returned no row.');
  for (const listener of enqueueListeners) listener(row.id);
  return row.id;
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
