import { isPendingDeclaration, type PendingDeclaration } from './pending-declaration.ts';
import { PENDING_DATABASE, PENDING_STORE } from './pending-declaration-names.ts';

/**
 * The kept declarations in IndexedDB: the one storage both the pages and the service worker can
 * read (localStorage is not there for a worker), which survives a reload, a closed browser, a
 * restarted device and a new build of the site (a new worker deletes caches, never this
 * database). One object store, keyed by the `Idempotency-Key`. Every function resolves even
 * where IndexedDB is refused (private windows of some browsers): then nothing is kept.
 */

let opening: Promise<IDBDatabase | undefined> | undefined;

/** The database, opened once per page or worker; undefined where IndexedDB is refused. */
function database(): Promise<IDBDatabase | undefined> {
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(PENDING_DATABASE, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(PENDING_STORE))
          request.result.createObjectStore(PENDING_STORE, { keyPath: 'idempotencyKey' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // Another tab's newer version asks to upgrade: step aside, and open again next time.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => resolve(undefined);
      request.onblocked = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
  return opening;
}

/** Runs one request in a transaction of the store; undefined when it cannot. */
async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await database();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(PENDING_STORE, mode);
      const request = use(transaction.objectStore(PENDING_STORE));
      // Resolved once the transaction is durable, not when the request alone succeeded.
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** Every kept declaration (damaged or older-version entries are left out). */
export async function readPendingDeclarations(): Promise<PendingDeclaration[]> {
  const values = await run('readonly', (store) => store.getAll());
  return (values ?? []).filter(isPendingDeclaration);
}

/** One kept declaration by its key, or undefined. */
export async function readPendingDeclaration(idempotencyKey: string): Promise<PendingDeclaration | undefined> {
  const value = await run('readonly', (store) => store.get(idempotencyKey));
  return isPendingDeclaration(value) ? value : undefined;
}

/** Keeps (or replaces) a declaration; true once it is written. */
export async function writePendingDeclaration(record: PendingDeclaration): Promise<boolean> {
  return (await run('readwrite', (store) => store.put(record))) !== undefined;
}

/** Forgets a declaration (its claim is recorded, or the visitor replaced it). */
export async function deletePendingDeclaration(idempotencyKey: string): Promise<void> {
  await run('readwrite', (store) => store.delete(idempotencyKey));
}
