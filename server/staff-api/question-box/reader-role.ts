import { sql } from 'drizzle-orm';
import { type AppDatabase, queryRows, sqlStateOf } from '../../db/public.ts';
import type { Logger } from '../../logger.ts';
import { READER_ROLE } from './checked-read.ts';

/**
 * The role the question box's queries run as (defence in depth behind sql-guard.ts): NOLOGIN,
 * USAGE on schema bo_ai and SELECT on its three views, nothing else. The views run with their
 * owner's rights, so they still read public.activities and public.visitor_reports, but a query
 * that got past the guard cannot read any table, nor their statistics (pg_stats shows a column
 * only to whoever may read it).
 *
 * Set up at first use, idempotently, without a migration: roles belong to the whole PostgreSQL
 * cluster, and the app's user may not be allowed to create them (no CREATEROLE). Then the box
 * keeps working behind the guard alone, and says so once in the log.
 */

/** Whether each database could set the role up, asked once per database and process. */
const readiness = new WeakMap<AppDatabase, Promise<boolean>>();

/** The warning is written once per process, not once per question. */
let warned = false;

async function setUp(db: AppDatabase): Promise<void> {
  await db.execute(
    sql.raw(`do $$ begin
      if not exists (select from pg_roles where rolname = '${READER_ROLE}') then
        create role ${READER_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then
      null; -- another process of the same cluster created it at the same time
    end $$`),
  );
  await db.execute(sql.raw(`grant usage on schema bo_ai to ${READER_ROLE}`));
  await db.execute(sql.raw(`grant select on bo_ai.sessions, bo_ai.visits, bo_ai.reports to ${READER_ROLE}`));
  // SET ROLE needs membership; a superuser is a member of every role already.
  const [membership] = await queryRows<{ member: boolean }>(
    db,
    sql.raw(`select pg_has_role(current_user, '${READER_ROLE}', 'MEMBER') as member`),
  );
  if (!membership?.member) await db.execute(sql.raw(`grant ${READER_ROLE} to current_user`));
  // Proof that it works: the role is taken and reads a view, in a transaction rolled back.
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${READER_ROLE}`));
      await tx.execute(sql.raw('select 1 from bo_ai.sessions limit 0'));
      throw new ProofRolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof ProofRolledBack)) throw error;
    });
}

/** Thrown to roll the proof transaction back once it has succeeded. */
class ProofRolledBack extends Error {}

/**
 * Sets up READER_ROLE on this database (once per process) and says whether questions can run as
 * it. Never rejects: without the role the box still runs, behind the guard.
 */
export function ensureReaderRole(db: AppDatabase, logger: Logger | undefined): Promise<boolean> {
  let ready = readiness.get(db);
  if (ready === undefined) {
    // One retry: processes starting together on one server may collide on the same GRANT.
    ready = setUp(db)
      .catch(() => setUp(db))
      .then(
        () => true,
        (error: unknown) => {
          if (!warned) {
            warned = true;
            logger?.warn(
              { code: sqlStateOf(error), role: READER_ROLE },
              'question box: the reader role could not be set up (the database user needs CREATEROLE); questions run behind the SQL guard only',
            );
          }
          return false;
        },
      );
    readiness.set(db, ready);
  }
  return ready;
}
