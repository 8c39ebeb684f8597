import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { firstLine, type ReadOutcome, readWithinLimits } from './checked-read.ts';

/**
 * A worker thread that answers the question box's queries from a snapshot of the embedded
 * database (snapshot.ts, snapshot-reader.ts). PGlite runs WebAssembly on the thread that opened it
 * and does not honour statement_timeout: here a runaway query holds this thread only, and the main
 * thread terminates it (V8 interrupts WebAssembly: measured about 100 ms). Its answer is bounded
 * before it is posted (checked-read.ts: ANSWER_BYTE_LIMIT), and its JavaScript heap by the
 * `resourceLimits` the main thread starts it with (snapshot-reader.ts).
 *
 * Started while the snapshot is still being copied (its modules load meanwhile), it opens the
 * snapshot when told to. Messages: in, `{ type: 'open', dataDir }` then `{ type: 'query', id, query }`
 * (a query the guard accepted); out, `{ type: 'ready', heapLimitMb }` once the snapshot is open,
 * `{ type: 'failed', message }` when it cannot open, `{ id, outcome }` per query.
 */

export interface SnapshotWorkerData {
  /** Whether to read as the reader role (reader-role.ts). */
  asReader: boolean;
  /** PGlite's WebAssembly, compiled once by the main thread (else this thread compiles it again). */
  pgliteWasmModule?: WebAssembly.Module;
}

/** In: first `open` (once the snapshot is copied), then queries the guard accepted. */
export type SnapshotWorkerRequest = { type: 'open'; dataDir: string } | { type: 'query'; id: number; query: string };

export type SnapshotWorkerMessage =
  /** `heapLimitMb`: the JavaScript heap this thread may use, as V8 reports it; `openMs`: PGlite's start on the snapshot. */
  | { type: 'ready'; heapLimitMb: number; openMs: number }
  | { type: 'failed'; message: string }
  | { type: 'answer'; id: number; outcome: ReadOutcome };

/**
 * The reader's PostgreSQL settings: its buffers smaller than PGlite's default 128 MB (the
 * operating system caches the snapshot's files too), so that it starts sooner and holds less.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

const port = parentPort;
if (!port) throw new Error('snapshot-worker.ts runs as a worker thread');
const { asReader, pgliteWasmModule } = workerData as SnapshotWorkerData;

let database: PGlite | undefined;

/** Opens the snapshot: says `ready`, or `failed` and stops. */
async function open(dataDir: string): Promise<void> {
  const started = performance.now();
  try {
    database = await PGlite.create(dataDir, {
      relaxedDurability: true,
      startParams: START_PARAMS,
      ...(pgliteWasmModule === undefined ? {} : { pgliteWasmModule }),
    });
  } catch (error) {
    port?.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies SnapshotWorkerMessage);
    process.exit(1);
  }
  port?.postMessage({
    type: 'ready',
    heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 1_048_576),
    openMs: Math.round(performance.now() - started),
  } satisfies SnapshotWorkerMessage);
}

/** Runs one query in a transaction rolled back afterwards. */
async function answer(query: string): Promise<ReadOutcome> {
  const opened = database;
  if (opened === undefined) return { kind: 'failed', message: 'snapshot not open' };
  await opened.exec('begin');
  try {
    return await readWithinLimits((text) => opened.query<Record<string, unknown>>(text), query, { asReader });
  } finally {
    await opened.exec('rollback');
  }
}

/** The main thread sends one message at a time; a chain keeps them in order if it ever does not. */
let previous: Promise<unknown> = Promise.resolve();
port.on('message', (message: SnapshotWorkerRequest) => {
  if (message.type === 'open') {
    previous = previous.then(() => open(message.dataDir));
    return;
  }
  previous = previous
    .then(() => answer(message.query))
    .catch((error: unknown): ReadOutcome => ({ kind: 'failed', message: firstLine(error) }))
    .then((outcome) => {
      port.postMessage({ type: 'answer', id: message.id, outcome } satisfies SnapshotWorkerMessage);
    });
});
