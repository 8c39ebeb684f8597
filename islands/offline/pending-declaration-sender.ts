import { sendRequest } from '../api/http.ts';
import { readPendingDeclaration, readPendingDeclarations, writePendingDeclaration } from './pending-declaration-db.ts';
import {
  afterAnswer,
  outcomeOf,
  type PendingDeclaration,
  type RawSendAnswer,
  type SendOutcome,
} from './pending-declaration.ts';
import { PENDING_LOCK } from './pending-declaration-names.ts';

/**
 * Sends the kept declarations, one sender at a time across the tabs and the service worker (a Web
 * Lock; where the browser has none, one at a time in this page or worker), each with its own
 * `Idempotency-Key`, which the server answers with the same claim however often it is replayed.
 * Under the lock each record is read again: one another sender finished meanwhile is not sent.
 * Runs in a page and in the service worker alike (no DOM, no localStorage).
 */

/** A claim upload may be slow on a weak signal: as long as the step 5 submit waits. */
const SEND_TIMEOUT_MS = 60_000;

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The previous sender of this page or worker, where there is no Web Lock. */
let localQueue: Promise<unknown> = Promise.resolve();

function withSendLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (locks) return locks.request(PENDING_LOCK, work);
  const next = localQueue.then(work, work);
  localQueue = next.catch(() => undefined);
  return next;
}

/** POSTs one record as multipart, as the first submit did, without the lock or the store (nothing could be kept). */
export function sendDeclarationOnce(record: PendingDeclaration): Promise<RawSendAnswer> {
  return post(record);
}

/** POSTs one record as multipart, as the first submit did. */
async function post(record: PendingDeclaration): Promise<RawSendAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(record.fields)) form.append(name, value);
  const answer = await sendRequest(record.url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Idempotency-Key': record.idempotencyKey },
    body: form,
    timeoutMs: SEND_TIMEOUT_MS,
  });
  return answer.answered ? { answered: true, status: answer.status, body: answer.body } : { answered: false };
}

/** What a send did to one record: its state after, and the answer's meaning (none if not sent). */
export interface SendResult {
  record: PendingDeclaration;
  /** undefined when it was not sent: it was no longer waiting when the lock came. */
  outcome: SendOutcome | undefined;
}

/** Sends one record now (step 5's submit and its "Envoyer maintenant"); undefined when it is gone. */
export function sendPendingDeclaration(idempotencyKey: string): Promise<SendResult | undefined> {
  return withSendLock(async () => {
    const record = await readPendingDeclaration(idempotencyKey);
    return record ? sendRecord(record) : undefined;
  });
}

/** Sends every waiting record (the retries of every page, the banner's button, Background Sync). */
export function sendWaitingDeclarations(): Promise<SendResult[]> {
  return withSendLock(async () => {
    const results: SendResult[] = [];
    for (const record of await readPendingDeclarations()) results.push(await sendRecord(record));
    return results;
  });
}

async function sendRecord(record: PendingDeclaration): Promise<SendResult> {
  if (record.state !== 'waiting') return { record, outcome: undefined };
  const outcome = outcomeOf(await post(record));
  const next = afterAnswer(record, outcome, Date.now());
  await writePendingDeclaration(next);
  return { record: next, outcome };
}
