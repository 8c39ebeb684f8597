import { staffText } from '../../i18n/public.ts';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AppDatabase } from '../../db/public.ts';
import type { Logger } from '../../logger.ts';
import { ANSWER_TIME_LIMIT_MS, type QuestionReader, type ReadOutcome, type ReaderAnswer } from './checked-read.ts';
import { ensureReaderRole } from './reader-role.ts';
import { newSnapshotFolder, takeSnapshot } from './snapshot.ts';
import type { SnapshotWorkerData, SnapshotWorkerMessage } from './snapshot-worker.ts';

/**
 * The question box on the embedded database (PGlite). PGlite runs in the main thread and cannot
 * interrupt a statement, so a question run there could stop the whole portal.
 * Questions run instead in a worker thread, on a snapshot of the database (snapshot.ts); the main
 * thread terminates the worker when an answer takes more than 5 s, and the next question starts
 * a fresh one. A snapshot and its worker are reused while the snapshot is younger than a minute
 * (the answer says how old its data is), then removed.
 */

/** A snapshot older than this is replaced before the next question. */
const SNAPSHOT_MAX_AGE_MS = 60_000;

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

interface OpenSnapshot {
  folder: string;
  takenAt: Date;
  worker: Worker;
  disposed: boolean;
  expiry?: NodeJS.Timeout;
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

/** Waits for the worker's `ready` (rejects on `failed`, an error, an exit or the timeout); resolves with its heap limit in MB. */
function whenReady(worker: Worker): Promise<number> {
  return new Promise((resolve, reject) => {
    let heapLimitMb = 0;
    const done = (error?: Error) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (error) reject(error);
      else resolve(heapLimitMb);
    };
    const onMessage = (message: SnapshotWorkerMessage) => {
      if (message.type === 'ready') {
        heapLimitMb = message.heapLimitMb;
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

/**
 * The embedded database's question reader. `dataDir` is PGlite's folder (DATA_DIR/pgdata); the
 * snapshots go beside it, in DATA_DIR/question-box-snapshots.
 */
export function createSnapshotReader(db: AppDatabase, dataDir: string, logger: Logger | undefined): QuestionReader {
  const root = join(dirname(dataDir), SNAPSHOTS_FOLDER);
  // Snapshots a previous process left (it crashed): DATA_DIR is locked to this process now.
  let line: Promise<unknown> = rm(root, { recursive: true, force: true }).catch(() => {});
  let inLine = 0;
  let current: OpenSnapshot | undefined;
  let nextId = 1;
  let closed = false;

  const dispose = (snapshot: OpenSnapshot): void => {
    if (snapshot.disposed) return;
    snapshot.disposed = true;
    clearTimeout(snapshot.expiry);
    if (current === snapshot) current = undefined;
    void snapshot.worker
      .terminate()
      .catch(() => 0)
      .then(() => rm(snapshot.folder, { recursive: true, force: true }))
      .catch(() => {})
      .finally(() => liveFolders.delete(snapshot.folder));
  };

  const open = async (): Promise<OpenSnapshot> => {
    const asReader = await ensureReaderRole(db, logger);
    const folder = newSnapshotFolder(root);
    removeAtExit(folder);
    const started = performance.now();
    let worker: Worker | undefined;
    try {
      const takenAt = await takeSnapshot(db, dataDir, folder);
      const copied = performance.now();
      worker = new Worker(new URL('./snapshot-worker.ts', import.meta.url), {
        workerData: { dataDir: folder, asReader } satisfies SnapshotWorkerData,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 16 },
      });
      // An idle worker never keeps the process alive.
      worker.unref();
      const heapLimitMb = await whenReady(worker);
      logger?.info(
        {
          copyMs: Math.round(copied - started),
          openMs: Math.round(performance.now() - copied),
          heapLimitMb,
        },
        'question box: snapshot of the embedded database opened',
      );
      const snapshot: OpenSnapshot = { folder, takenAt, worker, disposed: false };
      // Removed once too old, in line behind any question using it.
      snapshot.expiry = setTimeout(() => {
        line = line.then(() => dispose(snapshot));
      }, SNAPSHOT_MAX_AGE_MS);
      snapshot.expiry.unref();
      return snapshot;
    } catch (error) {
      await worker?.terminate().catch(() => 0);
      await rm(folder, { recursive: true, force: true }).catch(() => {});
      liveFolders.delete(folder);
      throw error;
    }
  };

  /** Sends one query to the snapshot's worker; terminates it when the answer takes more than 5 s. */
  const ask = (snapshot: OpenSnapshot, query: string): Promise<ReadOutcome> =>
    new Promise((resolve) => {
      const id = nextId++;
      const { worker } = snapshot;
      const finish = (outcome: ReadOutcome, broken: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (broken) dispose(snapshot);
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
      worker.postMessage({ id, query });
    });

  return {
    read(query: string): Promise<ReaderAnswer> {
      if (closed) return Promise.resolve({ outcome: { kind: 'unavailable' } });
      if (inLine >= MAX_QUESTIONS_IN_LINE) return Promise.resolve({ outcome: { kind: 'busy' } });
      inLine += 1;
      const answer = line.then(async (): Promise<ReaderAnswer> => {
        try {
          if (current && (current.disposed || Date.now() - current.takenAt.getTime() >= SNAPSHOT_MAX_AGE_MS))
            dispose(current);
          current ??= await open();
          const snapshot = current;
          return { outcome: await ask(snapshot, query), dataAsOf: snapshot.takenAt };
        } catch (error) {
          logger?.warn(
            { err: { name: (error as Error).name, message: (error as Error).message } },
            'question box: the snapshot of the embedded database could not be taken or opened',
          );
          return { outcome: { kind: 'unavailable' } };
        } finally {
          inLine -= 1;
        }
      });
      line = answer.catch(() => {});
      return answer;
    },
    async close() {
      closed = true;
      if (current) dispose(current);
      await line;
      await rm(root, { recursive: true, force: true }).catch(() => {});
    },
  };
}
