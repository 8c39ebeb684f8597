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
 * Messages: in, `{ id, query }` (a query the guard accepted); out, `{ type: 'ready', heapLimitMb }` once the
 * snapshot is open, `{ type: 'failed', message }` when it cannot open, `{ id, outcome }` per query.
 */

export interface SnapshotWorkerData {
  /** The snapshot's folder, this worker's own. */
  dataDir: string;
  /** Whether to read as the reader role (reader-role.ts). */
  asReader: boolean;
}

export type SnapshotWorkerMessage =
  /** `heapLimitMb`: the JavaScript heap this thread may use, as V8 reports it. */
  | { type: 'ready'; heapLimitMb: number }
  | { type: 'failed'; message: string }
  | { type: 'answer'; id: number; outcome: ReadOutcome };

const port = parentPort;
if (!port) throw new Error('snapshot-worker.ts runs as a worker thread');
const { dataDir, asReader } = workerData as SnapshotWorkerData;

let database: PGlite;
try {
  database = await PGlite.create(dataDir, { relaxedDurability: true });
} catch (error) {
  port.postMessage({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
  } satisfies SnapshotWorkerMessage);
  process.exit(1);
}
port.postMessage({
  type: 'ready',
  heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 1_048_576),
} satisfies SnapshotWorkerMessage);

/** The main thread sends one query at a time; a chain keeps them in order if it ever does not. */
let previous: Promise<unknown> = Promise.resolve();
port.on('message', (message: { id: number; query: string }) => {
  previous = previous
    .then(async (): Promise<ReadOutcome> => {
      await database.exec('begin');
      try {
        return await readWithinLimits((text) => database.query<Record<string, unknown>>(text), message.query, {
          asReader,
        });
      } finally {
        await database.exec('rollback');
      }
    })
    .catch((error: unknown): ReadOutcome => ({ kind: 'failed', message: firstLine(error) }))
    .then((outcome) => {
      port.postMessage({ type: 'answer', id: message.id, outcome } satisfies SnapshotWorkerMessage);
    });
});
