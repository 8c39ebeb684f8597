import { atom } from 'nanostores';
import { pressedTryLasted } from '../lib/pressed-try.ts';
import { $claimDraft, clearClaimDraft } from '../session/claim-draft.store.ts';
import { recordDeclaredClaim } from '../session/follow-up.store.ts';
import {
  deletePendingDeclaration,
  readPendingDeclarations,
  writePendingDeclaration,
} from './pending-declaration-db.ts';
import { type SendResult, sendPendingDeclaration, sendWaitingDeclarations } from './pending-declaration-sender.ts';
import { type PendingDeclaration, recordToShow, retryDelayMs } from './pending-declaration.ts';
import { PENDING_CHANNEL, PENDING_FLAG_KEY, PENDING_SYNC_TAG } from './pending-declaration-names.ts';

/**
 * The page's side of the kept declarations (sent when the network is back): what the banner, step 5 and the
 * confirmation show, and when this page tries to send. A record is finished here, never in the
 * worker: once the server answered its number, the claim is recorded as a submit records it
 * (`recordDeclaredClaim`, the draft cleared), and only then is the record deleted.
 */

/** The record the pages speak of (see `recordToShow`); null: none; undefined: not read yet. */
export const $pendingDeclaration = atom<PendingDeclaration | null | undefined>(undefined);

/** True while this page sends (the banner's button then waits). */
export const $sendingDeclaration = atom(false);

/**
 * True once a try the visitor asked for ("Envoyer maintenant") ended still without an answer, until
 * the next such try: the banner and the confirmation then say "still no connection" politely.
 */
export const $stillOffline = atom(false);

/** The claim number of the last declaration this page saw sent, for the banner to say so; '' otherwise. */
export const $sentClaimNumber = atom('');

function flagStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** What the other tabs must hear of: which record, its state and its tries (the flag's value). */
function signatureOf(record: PendingDeclaration | null | undefined): string {
  return record ? `${record.state}:${record.attempts}:${record.idempotencyKey.slice(0, 8)}` : '';
}

function writeFlag(record: PendingDeclaration | undefined): void {
  try {
    if (record) flagStorage()?.setItem(PENDING_FLAG_KEY, signatureOf(record));
    else flagStorage()?.removeItem(PENDING_FLAG_KEY);
  } catch {
    // Storage full or refused: the banner then waits for IndexedDB alone.
  }
}

let channel: BroadcastChannel | null | undefined;
/** The page's one BroadcastChannel (it hears the other tabs and the worker, never itself); null without. */
function pendingChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    try {
      channel = new BroadcastChannel(PENDING_CHANNEL);
    } catch {
      channel = null;
    }
  }
  return channel;
}

/** Tells the other tabs a record changed (without BroadcastChannel, the flag's `storage` event does). */
function broadcast(): void {
  pendingChannel()?.postMessage('changed');
}

/** Finishes what was sent (recorded like a submit, then deleted) and publishes what is left. */
export async function settlePendingDeclarations(): Promise<PendingDeclaration | undefined> {
  const records = await readPendingDeclarations();
  const left: PendingDeclaration[] = [];
  const draftKey = $claimDraft.get()?.idempotencyKey;
  for (const record of records) {
    // Refused, and the visitor has since started another draft: that one was given up.
    if (record.state === 'refused' && draftKey !== undefined && draftKey !== record.idempotencyKey) {
      await deletePendingDeclaration(record.idempotencyKey);
      continue;
    }
    if (record.state !== 'sent') {
      left.push(record);
      continue;
    }
    recordDeclaredClaim({
      claimNumber: record.claimNumber,
      lastName: (record.fields['assure_nom'] ?? '').trim(),
      createdAt: record.declarationDate,
      followUpToken: record.followUpToken ?? '',
    });
    if ($claimDraft.get()?.idempotencyKey === record.idempotencyKey) clearClaimDraft();
    $sentClaimNumber.set(record.claimNumber);
    await deletePendingDeclaration(record.idempotencyKey);
  }
  const shown = recordToShow(left);
  // The page's own copy of the draft is gone (storage cleared apart): the kept one comes back.
  if (shown && $claimDraft.get() === null) $claimDraft.set(shown.draft);
  const before = $pendingDeclaration.get();
  $pendingDeclaration.set(shown ?? null);
  writeFlag(shown);
  if (records.length !== left.length || signatureOf(before) !== signatureOf(shown)) broadcast();
  return shown;
}

/**
 * Keeps a declaration on this device before it is sent, and asks the browser to keep this site's
 * storage. Resolves false where nothing can be kept. (Background Sync is asked once a try had no
 * answer: asked now, the worker would race the page's own first try.)
 */
export async function keepDeclaration(record: PendingDeclaration): Promise<boolean> {
  const written = await writePendingDeclaration(record);
  if (!written) return false;
  writeFlag(record);
  $pendingDeclaration.set(record);
  void navigator.storage?.persist?.().catch(() => false);
  return true;
}

/** Forgets a kept declaration (the server failed on it on step 5, which says so: nothing is promised). */
export async function forgetDeclaration(idempotencyKey: string): Promise<void> {
  await deletePendingDeclaration(idempotencyKey);
  await settlePendingDeclarations();
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the service worker to send when the browser is online (Chromium's Background Sync), even with no page open. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(PENDING_SYNC_TAG);
  } catch {
    // No worker, no Background Sync, or refused: the pages' own retries send it.
  }
}

/** Sends one kept declaration now and settles; undefined when it was already gone. */
export async function sendKeptDeclaration(idempotencyKey: string): Promise<SendResult | undefined> {
  $sendingDeclaration.set(true);
  try {
    const result = await sendPendingDeclaration(idempotencyKey);
    if (result?.record.state === 'waiting') await registerBackgroundSync();
    await settlePendingDeclarations();
    return result;
  } finally {
    $sendingDeclaration.set(false);
  }
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends every waiting declaration now: the automatic tries, and `pressed` when the visitor asked
 * (the banner's and the confirmation's "Envoyer maintenant"), which then says whether it is still
 * waiting (`$stillOffline`).
 */
export async function sendWaitingNow(options: { pressed: boolean } = { pressed: false }): Promise<void> {
  if ($sendingDeclaration.get()) return;
  $sendingDeclaration.set(true);
  if (options.pressed) $stillOffline.set(false);
  const started = Date.now();
  let waiting = false;
  try {
    const results = await sendWaitingDeclarations();
    waiting = results.some((result) => result.record.state === 'waiting');
    if (waiting) await registerBackgroundSync();
    if (waiting && options.pressed) await pressedTryLasted(started);
  } finally {
    $sendingDeclaration.set(false);
  }
  const shown = await settlePendingDeclarations();
  if (options.pressed) $stillOffline.set(shown?.state === 'waiting');
  scheduleRetry(shown);
}

/** A page left open tries again by itself, later and later (a Wi-Fi without internet never goes `online`). */
function scheduleRetry(shown: PendingDeclaration | undefined): void {
  clearTimeout(retryTimer);
  if (shown?.state === 'waiting') retryTimer = setTimeout(() => void automaticTry(), retryDelayMs(shown.attempts));
}

async function automaticTry(): Promise<void> {
  const shown = await settlePendingDeclarations();
  if (shown?.state !== 'waiting') return;
  // A browser that knows it is offline would only fail: the `online` event comes back here.
  if (navigator.onLine === false) return;
  await sendWaitingNow();
}

let watching = false;

/**
 * Starts this page's retries, once: now unless told (the page load), when the browser goes
 * online, when the page becomes visible, later and later while the page stays open, and when
 * another tab or the worker changes a record.
 */
export function watchPendingDeclarations(options: { tryNow: boolean }): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', () => void automaticTry());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void automaticTry();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === PENDING_FLAG_KEY) void settlePendingDeclarations();
  });
  const listener = pendingChannel();
  if (listener) listener.onmessage = () => void settlePendingDeclarations();
  if (options.tryNow) void automaticTry().then(() => scheduleRetry($pendingDeclaration.get() ?? undefined));
  else scheduleRetry($pendingDeclaration.get() ?? undefined);
}
