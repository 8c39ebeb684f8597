import { staffText } from '../../i18n/public.ts';
import { rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AppDatabase } from '../../db/public.ts';
import type { Logger } from '../../logger.ts';
import { ANSWER_TIME_LIMIT_MS, type QuestionReader, type ReadOutcome, type ReaderAnswer } from './checked-read.ts';
import { backfillActivitySummaries } from '../analysis/summaries.ts';
import { ensureReaderRole } from './reader-role.ts';
import { newSnapshotFolder, takeSnapshot } from './snapshot.ts';
import type { SnapshotWorkerData, SnapshotWorkerMessage, SnapshotWorkerRequest } from './snapshot-worker.ts';

/**
 * The question box on the embedded database (PGlite). PGlite runs one statement at a time, in its
 * own thread (embedded-client.ts), and cannot interrupt one: a question run there could hold every
 * other query of the portal.
 * Questions run instead in a worker thread, on a snapshot of the database (snapshot.ts); the main
 * thread terminates the worker when an answer takes more than 5 s.
 *
 * Taking a snapshot and opening it in a worker takes one to several seconds (the copy, then
 * PGlite's start in the worker), so no question waits for it: the first snapshot is taken in the
 * background when the server starts (`prepare`), and the worker is kept open between questions. A
 * question that finds its snapshot older than a minute is answered from it at once (the answer
 * says how old its data is) while a new one is taken in the background; once open, the new one
 * serves the next questions and the old one is removed. Unused, a snapshot is still renewed every
 * ten minutes, and one older than fifteen is never served. After a worker was stopped (a question
 * past 5 s, its memory bound), a new snapshot is taken at once, in the background too.
 */

/** A question reading a snapshot older than this starts a new one in the background. */
const REFRESH_AFTER_MS = 60_000;

/** A snapshot nobody asks about is renewed in the background once it is this old. */
const IDLE_REFRESH_MS = 10 * 60_000;

/** A snapshot older than this is never served: the question waits for a new one. */
const STALE_LIMIT_MS = 15 * 60_000;

/** Opening a snapshot in a new worker takes seconds (6 to 11 s on two busy cores): beyond this it is given up. */
const WORKER_OPEN_TIMEOUT_MS = 60_000;

/** Questions waiting or running at once; more are refused as busy. */
const MAX_QUESTIONS_IN_LINE = 4;

/**
 * The worker's JavaScript heap, in MB: opening a snapshot and answering within ANSWER_BYTE_LIMIT
 * needs a few ten; a value of hundreds of megabytes (in a row or a database's message) stops the
 * worker at this bound instead of growing the portal's memory.
 */
export const WORKER_HEAP_LIMIT_MB = 128;

/** Folder, under DATA_DIR, of the snapshots. Emptied at start, on close and at exit. */
export const SNAPSHOTS_FOLDER = 'question-box-snapshots';

/** The reader's periods, shorter in tests. */
export interface SnapshotTimings {
  refreshAfterMs: number;
  idleRefreshMs: number;
  staleLimitMs: number;
}

const TIMINGS: SnapshotTimings = {
  refreshAfterMs: REFRESH_AFTER_MS,
  idleRefreshMs: IDLE_REFRESH_MS,
  staleLimitMs: STALE_LIMIT_MS,
};

interface OpenSnapshot {
  folder: string;
  takenAt: Date;
  worker: Worker;
  /** Set once disposed: its worker terminated and its folder removed (or being). */
  removed?: Promise<void>;
}

/** Snapshot folders alive in this process, removed synchronously if it exits with them. */
const liveFolders = new Set<string>();
let exitHookInstalled = false;

function removeAtExit(folder: string): void {
  liveFolders.add(folder);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const each of liveFolders) rmSync(each, { recursive: true, force: true });
  });
}

/** Waits for the worker's `ready` (rejects on `failed`, an error, an exit or the timeout); resolves with what it says. */
function whenReady(worker: Worker): Promise<{ heapLimitMb: number; openMs: number }> {
  return new Promise((resolve, reject) => {
    let ready = { heapLimitMb: 0, openMs: 0 };
    const done = (error?: Error) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (error) reject(error);
      else resolve(ready);
    };
    const onMessage = (message: SnapshotWorkerMessage) => {
      if (message.type === 'ready') {
        ready = { heapLimitMb: message.heapLimitMb, openMs: message.openMs };
        done();
      } else if (message.type === 'failed') done(new Error(`snapshot did not open: ${message.message}`));
    };
    const onError = (error: Error) => done(error);
    const onExit = (code: number) => done(new Error(`snapshot worker exited (${code}) while opening`));
    const timer = setTimeout(
      () => done(new Error(`snapshot did not open within ${WORKER_OPEN_TIMEOUT_MS / 1000} s`)),
      WORKER_OPEN_TIMEOUT_MS,
    );
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });
}

/** `work`'s answer, or a rejection with the signal's reason as soon as it is aborted. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The time a snapshot's data is from, as milliseconds since then. */
function ageOf(snapshot: OpenSnapshot): number {
  return Date.now() - snapshot.takenAt.getTime();
}

/** Terminates a snapshot's worker and removes its folder (once; later calls answer the same promise). */
function dispose(snapshot: OpenSnapshot): Promise<void> {
  snapshot.removed ??= snapshot.worker
    .terminate()
    .catch(() => 0)
    .then(() => rm(snapshot.folder, { recursive: true, force: true }))
    .catch(() => {})
    .finally(() => liveFolders.delete(snapshot.folder));
  return snapshot.removed;
}

let compiledPglite: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's WebAssembly, compiled once for every worker of the process (V8 compiles it off the main
 * thread); undefined if it cannot be, and each worker then compiles its own.
 */
function pgliteWasmModule(logger: Logger | undefined): Promise<WebAssembly.Module | undefined> {
  compiledPglite ??= readFile(new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite')))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch((error: unknown) => {
      logger?.warn(
        { err: { name: (error as Error).name, message: (error as Error).message } },
        'question box: PGlite not compiled ahead; each snapshot worker compiles it',
      );
      return undefined;
    });
  return compiledPglite;
}

/**
 * Copies the embedded database into a new folder under `root` and opens it in a new worker,
 * started as the copy begins (its modules load meanwhile).
 */
async function openSnapshot(
  db: AppDatabase,
  dataDir: string,
  root: string,
  logger: Logger | undefined,
  stop: AbortSignal,
) {
  const started = performance.now();
  const asReader = await ensureReaderRole(db, logger);
  // Records written without their summaries are summarised first, so that the copy has them.
  await backfillActivitySummaries(db);
  const wasmModule = await pgliteWasmModule(logger);
  const folder = newSnapshotFolder(root);
  removeAtExit(folder);
  const prepared = performance.now();
  const worker = new Worker(new URL('./snapshot-worker.ts', import.meta.url), {
    workerData: {
      asReader,
      ...(wasmModule === undefined ? {} : { pgliteWasmModule: wasmModule }),
    } satisfies SnapshotWorkerData,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 16 },
  });
  // An idle worker never keeps the process alive.
  worker.unref();
  const ready = whenReady(worker);
  // Listened to now: the worker may fail while the copy runs.
  ready.catch(() => {});
  try {
    const takenAt = await takeSnapshot(db, dataDir, folder);
    const copied = performance.now();
    stop.throwIfAborted();
    worker.postMessage({ type: 'open', dataDir: folder } satisfies SnapshotWorkerRequest);
    // A server that stops does not wait the seconds PGlite takes to start in the worker.
    const { heapLimitMb, openMs } = await unlessAborted(ready, stop);
    logger?.info(
      {
        prepareMs: Math.round(prepared - started),
        copyMs: Math.round(copied - prepared),
        openMs,
        readyMs: Math.round(performance.now() - copied),
        heapLimitMb,
      },
      'question box: snapshot of the embedded database opened',
    );
    return { folder, takenAt, worker } satisfies OpenSnapshot;
  } catch (error) {
    await worker.terminate().catch(() => 0);
    await rm(folder, { recursive: true, force: true }).catch(() => {});
    liveFolders.delete(folder);
    throw error;
  }
}

/**
 * Sends one query to the snapshot's worker; terminates it when the answer takes more than 5 s.
 * `broken` is called when the worker was stopped or failed (it is then disposed).
 */
function askWorker(
  snapshot: OpenSnapshot,
  id: number,
  query: string,
  broken: () => void,
  logger: Logger | undefined,
): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const { worker } = snapshot;
    const finish = (outcome: ReadOutcome, stopped: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (stopped) {
        void dispose(snapshot);
        broken();
      }
      resolve(outcome);
    };
    const onMessage = (message: SnapshotWorkerMessage) => {
      if (message.type === 'answer' && message.id === id) finish(message.outcome, false);
    };
    const onError = (error: Error) => {
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        finish({ kind: 'memory-limit' }, true);
        return;
      }
      logger?.error({ err: { name: error.name, stack: error.stack } }, 'question box: snapshot worker failed');
      finish({ kind: 'failed', message: staffText('questionBox.snapshotFailed') }, true);
    };
    const onExit = () => finish({ kind: 'failed', message: staffText('questionBox.snapshotStopped') }, true);
    const timer = setTimeout(() => finish({ kind: 'interrupted' }, true), ANSWER_TIME_LIMIT_MS);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ type: 'query', id, query } satisfies SnapshotWorkerRequest);
  });
}

/**
 * The embedded database's question reader. `dataDir` is PGlite's folder (DATA_DIR/pgdata); the
 * snapshots go beside it, in DATA_DIR/question-box-snapshots. `timings`: shorter periods, for tests.
 */
export function createSnapshotReader(
  db: AppDatabase,
  dataDir: string,
  logger: Logger | undefined,
  timings: SnapshotTimings = TIMINGS,
): QuestionReader {
  const root = join(dirname(dataDir), SNAPSHOTS_FOLDER);
  // Snapshots a previous process left (it crashed): DATA_DIR is locked to this process now.
  const cleaned: Promise<unknown> = rm(root, { recursive: true, force: true }).catch(() => {});
  let line: Promise<unknown> = cleaned;
  let inLine = 0;
  let current: OpenSnapshot | undefined;
  let opening: Promise<OpenSnapshot | undefined> | undefined;
  let idleCheck: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;
  const stopping = new AbortController();

  /** Takes a new snapshot in the background (one at a time); once open, it serves the next questions. */
  const refresh = (): Promise<OpenSnapshot | undefined> => {
    if (closed) return Promise.resolve(undefined);
    opening ??= cleaned
      .then(() => openSnapshot(db, dataDir, root, logger, stopping.signal))
      .then(
        (snapshot) => {
          opening = undefined;
          if (closed) {
            void dispose(snapshot);
            return undefined;
          }
          const previous = current;
          current = snapshot;
          // Removed behind the questions already in line (one of them may be reading it).
          if (previous)
            line = line.then(() => {
              void dispose(previous);
            });
          idleCheck ??= setInterval(() => {
            if (current === undefined || ageOf(current) >= timings.idleRefreshMs) void refresh();
          }, timings.idleRefreshMs / 10).unref();
          return snapshot;
        },
        (error: unknown) => {
          opening = undefined;
          if (closed) return undefined;
          logger?.warn(
            { err: { name: (error as Error).name, message: (error as Error).message } },
            'question box: the snapshot of the embedded database could not be taken or opened',
          );
          return undefined;
        },
      );
    return opening;
  };

  /** The snapshot a question reads now: the current one if it may be served, else a new one. */
  const snapshotToRead = async (): Promise<OpenSnapshot | undefined> => {
    const snapshot = current;
    if (snapshot && snapshot.removed === undefined && ageOf(snapshot) < timings.staleLimitMs) {
      if (ageOf(snapshot) >= timings.refreshAfterMs) void refresh();
      return snapshot;
    }
    if (snapshot) {
      if (current === snapshot) current = undefined;
      void dispose(snapshot);
    }
    return refresh();
  };

  return {
    prepare() {
      if (!closed && current === undefined) void refresh();
    },
    read(query: string): Promise<ReaderAnswer> {
      if (closed) return Promise.resolve({ outcome: { kind: 'unavailable' } });
      if (inLine >= MAX_QUESTIONS_IN_LINE) return Promise.resolve({ outcome: { kind: 'busy' } });
      inLine += 1;
      const answer = line.then(async (): Promise<ReaderAnswer> => {
        try {
          const snapshot = await snapshotToRead();
          if (snapshot === undefined) return { outcome: { kind: 'unavailable' } };
          const broken = () => {
            if (current === snapshot) current = undefined;
            // The next question should not wait for the copy: it starts now.
            void refresh();
          };
          return { outcome: await askWorker(snapshot, nextId++, query, broken, logger), dataAsOf: snapshot.takenAt };
        } finally {
          inLine -= 1;
        }
      });
      line = answer.catch(() => {});
      return answer;
    },
    async close() {
      closed = true;
      stopping.abort(new Error('the question box is closing'));
      clearInterval(idleCheck);
      const last = current;
      current = undefined;
      await opening;
      await line;
      if (last) await dispose(last);
      await rm(root, { recursive: true, force: true }).catch(() => {});
    },
  };
}
