import { sendWaitingDeclarations } from './pending-declaration-sender.ts';
import { PENDING_CHANNEL, PENDING_SYNC_TAG } from './pending-declaration-names.ts';

/**
 * The service worker's part of the kept declarations: Background Sync's `sync`
 * event sends them when the browser is back online, even with no page of the site open. Bundled
 * on its own by Vite (`?worker&url`, see register-service-worker.ts) and loaded by `sw.js` with
 * `importScripts`, so the worker runs the very code the pages run (pending-declaration-sender.ts).
 * The worker never finishes a record: it marks it sent with its claim number, and the next page
 * of the site records the claim and deletes it.
 */

interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

const worker = self as unknown as {
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
};

async function sendKeptDeclarations(): Promise<void> {
  const results = await sendWaitingDeclarations();
  if (results.some((result) => result.outcome !== undefined)) {
    try {
      const channel = new BroadcastChannel(PENDING_CHANNEL);
      channel.postMessage('changed');
      channel.close();
    } catch {
      // No BroadcastChannel: the pages read the records on their next load.
    }
  }
  // Rejected, the browser fires this sync again later (with its own back-off).
  if (results.some((result) => result.record.state === 'waiting')) throw new Error('A declaration still waits');
}

worker.addEventListener('sync', (event) => {
  if (event.tag === PENDING_SYNC_TAG) event.waitUntil(sendKeptDeclarations());
});
