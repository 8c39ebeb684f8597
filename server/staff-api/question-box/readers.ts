import { sql } from 'drizzle-orm';
import { type AppDatabase, type Database, sqlStateOf } from '../../db/public.ts';
import type { Logger } from '../../logger.ts';
import { type QuestionReader, type ReadOutcome, readWithinLimits, type StatementResult } from './checked-read.ts';
import { ensureReaderRole } from './reader-role.ts';
import { createSnapshotReader } from './snapshot-reader.ts';

/**
 * Where the question box runs a query the guard accepted: on a PostgreSQL server, in a read-only
 * transaction of the pool that the server cancels after 5 s; on the embedded database, in a worker
 * thread on a snapshot (snapshot-reader.ts). Both read as the reader role (reader-role.ts).
 */

/** Thrown to roll the question's transaction back once its rows are read. */
class Rollback extends Error {}

/** The PostgreSQL error inside Drizzle's wrapper (which quotes the query), so its code and message read plainly. */
function unwrapped(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause && typeof (cause as { code?: unknown }).code === 'string' ? cause : error;
}

/**
 * Reads through the app's own connection: on a PostgreSQL server (statement_timeout binds), or on
 * an embedded database with no folder to copy (then the cost cap is the only bound on time).
 */
export function createConnectionReader(db: AppDatabase, logger: Logger | undefined): QuestionReader {
  return {
    async read(query) {
      const asReader = await ensureReaderRole(db, logger);
      let outcome: ReadOutcome | undefined;
      try {
        await db.transaction(async (tx) => {
          outcome = await readWithinLimits(
            async (text) => {
              try {
                return (await tx.execute(sql.raw(text))) as unknown as StatementResult;
              } catch (error) {
                throw unwrapped(error);
              }
            },
            query,
            { asReader },
          );
          throw new Rollback();
        });
      } catch (error) {
        if (!(error instanceof Rollback)) {
          logger?.warn({ code: sqlStateOf(error) }, 'question box: database unavailable');
          return { outcome: { kind: 'unavailable' } };
        }
      }
      return { outcome: outcome ?? { kind: 'unavailable' } };
    },
    prepare() {},
    async close() {},
  };
}

/** PGlite's folder, when the database is embedded in one (drizzle keeps the client as `$client`). */
function embeddedFolderOf(database: Database): string | undefined {
  if (database.driver !== 'pglite') return undefined;
  const folder = (database.db as unknown as { $client?: { dataDir?: unknown } }).$client?.dataDir;
  return typeof folder === 'string' && folder !== '' && !folder.includes('://') ? folder : undefined;
}

/** One reader per database, shared by every app built on it. */
const readers = new WeakMap<Database, QuestionReader>();

/**
 * The question reader of this database: the snapshot reader on an embedded database kept in a
 * folder, the connection reader otherwise. Created at first use.
 */
export function questionReaderOf(database: Database, logger: Logger | undefined): QuestionReader {
  let reader = readers.get(database);
  if (reader === undefined) {
    const folder = embeddedFolderOf(database);
    reader =
      folder === undefined
        ? createConnectionReader(database.db, logger)
        : createSnapshotReader(database.db, folder, logger);
    readers.set(database, reader);
  }
  return reader;
}

/**
 * Starts making the question box ready in the background (the embedded database's snapshot, taken
 * once the server is up, so that the first question does not wait for it). Returns at once.
 */
export function prepareQuestionReaderOf(database: Database, logger: Logger | undefined): void {
  questionReaderOf(database, logger).prepare();
}

/** Stops the question reader of this database, if one was created (its worker and its snapshot). */
export async function closeQuestionReaderOf(database: Database): Promise<void> {
  const reader = readers.get(database);
  if (reader === undefined) return;
  readers.delete(database);
  await reader.close();
}
