import { parentPort } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { ENDS_TRANSACTION, type EmbeddedReply, type EmbeddedRequest, type WireError } from './embedded-client.ts';
import { preparingOnPglite } from './embedded-prepared-statements.ts';
import { isMarkedStatement } from './statement-marks.ts';

/**
 * The worker thread the embedded database (PGlite) runs in (embedded-client.ts). PGlite runs its
 * WebAssembly synchronously on the thread that opened it: here, that work overlaps the portal's
 * own JavaScript on the main thread (HTTP, validation, mail), and a long query no longer holds
 * timers, signals or sockets.
 *
 * Requests are taken as they come; PGlite's own locks order them. A transaction is opened by
 * `begin` under the main thread's number for it, its statements carry that number, and `end`
 * commits or rolls it back, through PGlite's own `transaction`: a statement outside it waits for
 * its end, as a second transaction does.
 */

const port = parentPort;
if (!port) throw new Error('embedded-worker.ts runs as a worker thread');

/** Thrown inside PGlite's transaction to have it rolled back. */
const ROLLBACK = Symbol('rollback');

let client: PGlite | undefined;

/**
 * PGlite's start switches, with 32 MB of shared buffers instead of the 128 MB its data folder's
 * postgresql.conf names. PGlite zeroes its buffers in WebAssembly memory at each start: opening the
 * portal's database took 1.1–1.2 s and 370–415 MB of memory with 128 MB, 0.8 s and 260 MB with 32.
 * The database files stay in the system's page cache either way (PGlite reads them through Node's
 * file calls), and PostgreSQL scans a table past a quarter of its buffers through a small ring.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

interface OpenTransaction {
  /** Its handle once PGlite has begun it; rejects when BEGIN failed. */
  started: Promise<Transaction>;
  finish: (commit: boolean) => void;
  /** Settles once committed or rolled back. */
  done: Promise<void>;
}

/** The transactions begun and not yet ended, by the main thread's number. */
const transactions = new Map<number, OpenTransaction>();

/** A parser that keeps PostgreSQL's text: the main thread applies the caller's own parsers. */
const keepText = (value: string) => value;

function optionsOf(rowMode: 'array' | 'object', keepTextOf: readonly number[]): QueryOptions {
  if (keepTextOf.length === 0) return { rowMode };
  return { rowMode, parsers: Object.fromEntries(keepTextOf.map((type) => [type, keepText])) };
}

function opened(): PGlite {
  if (client === undefined) throw new Error('The embedded database is not open.');
  return client;
}

/** The handle a statement runs on: its transaction's, once begun, when it belongs to one. */
async function runner(transaction: number | undefined): Promise<PGlite | Transaction> {
  if (transaction === undefined) return opened();
  const open = transactions.get(transaction);
  if (open === undefined) throw new Error('No such transaction is open.');
  return open.started;
}

/** Begins a transaction (once the ones before it have ended), registered at once under `id`. */
function begin(id: number): Promise<Transaction> {
  const database = opened();
  if (transactions.has(id)) throw new Error('This transaction is already open.');
  let finish: (commit: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  let started: (transaction: Transaction) => void = () => {};
  const whenStarted = new Promise<Transaction>((resolve) => {
    started = resolve;
  });
  const done = database.transaction(async (transaction) => {
    started(transaction);
    if (!(await decided)) throw ROLLBACK;
  });
  // BEGIN itself failing settles `done` before the callback ever runs.
  const begun = Promise.race([
    whenStarted,
    done.then(
      () => Promise.reject(new Error('The transaction did not start.')),
      (error: unknown) => Promise.reject(error),
    ),
  ]);
  begun.catch(() => {});
  transactions.set(id, { started: begun, finish, done });
  return begun;
}

async function end(id: number, commit: boolean): Promise<void> {
  const ending = transactions.get(id);
  if (ending === undefined) throw new Error('No such transaction is open.');
  transactions.delete(id);
  ending.finish(commit);
  await ending.done.catch((error: unknown) => {
    if (error !== ROLLBACK) throw error;
  });
}

/** Only what structured cloning keeps: results are plain data, and PGlite's blob is never asked for. */
function plain(result: Results): Results {
  return {
    rows: result.rows,
    fields: result.fields,
    ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
  };
}

/** Whether a statement's result says it is its transaction's last: one row, its `ENDS_TRANSACTION` true. */
function endsTransaction(result: Results, rowMode: 'array' | 'object'): boolean {
  const [row, ...more] = result.rows as unknown[];
  if (row === undefined || more.length > 0) return false;
  if (rowMode === 'object') return (row as Record<string, unknown>)[ENDS_TRANSACTION] === true;
  const index = result.fields.findIndex((field) => field.name === ENDS_TRANSACTION);
  return index >= 0 && (row as unknown[])[index] === true;
}

/** A request's value, and whether it ended its transaction. */
type Handled = { value: unknown; ended?: true };

async function handle(message: Exclude<EmbeddedRequest, { op: 'begin' }>): Promise<Handled> {
  switch (message.op) {
    case 'open':
      client = preparingOnPglite(
        await PGlite.create(message.folder, { relaxedDurability: false, startParams: START_PARAMS }),
      );
      return { value: undefined };
    case 'query': {
      const result = plain(
        await (await runner(message.transaction)).query(
          message.text,
          message.params,
          optionsOf(message.rowMode, message.keepTextOf),
        ),
      );
      if (
        message.transaction === undefined ||
        !isMarkedStatement(message.text) ||
        !endsTransaction(result, message.rowMode)
      )
        return { value: result };
      // Committed before the answer: the database is free for the next transaction at once. A
      // commit that fails fails this statement (the transaction is then rolled back).
      await end(message.transaction, true);
      return { value: result, ended: true };
    }
    case 'exec':
      return { value: (await (await runner(message.transaction)).exec(message.text)).map(plain) };
    case 'end':
      return { value: await end(message.transaction, message.commit) };
    case 'close':
      await Promise.all([...transactions.keys()].map((id) => end(id, false).catch(() => {})));
      await client?.close();
      client = undefined;
      return { value: undefined };
  }
}

/** An error as the main thread can rebuild it: its message and PostgreSQL's fields (code, constraint…). */
function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

port.on('message', (message: EmbeddedRequest) => {
  if (message.op === 'begin') {
    // Not answered: a failure shows in the transaction's statements and its end.
    try {
      begin(message.transaction);
    } catch {
      // No transaction under this number: its statements then say so.
    }
    return;
  }
  void handle(message)
    .then(({ value, ended }) =>
      port.postMessage({ id: message.id, ok: true, value, ...(ended ? { ended } : {}) } satisfies EmbeddedReply),
    )
    // The statement's error, or a result structured cloning cannot copy: this statement fails, alone.
    .catch((error: unknown) =>
      port.postMessage({ id: message.id, ok: false, error: wireError(error) } satisfies EmbeddedReply),
    )
    .catch(() => {
      // The port is closed: the main thread is stopping this thread, and waits for no answer.
    });
});
