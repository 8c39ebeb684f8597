import { and, eq, gt, sql } from 'drizzle-orm';
import type { SessionSnapshot } from '../../contracts/socket-events.ts';
import type { SessionView } from './activity-merge.ts';
import { type AppDatabase, claimEvents, type DatabaseTransaction, queryRows } from '../db/public.ts';
import type { SessionSummary } from '../staff-api/public.ts';

/**
 * The live module's named queries: the visitors' activity records (`activities`), the processes'
 * presence (`live_processes`, `live_presence`), the sessions it marks disconnected, and the claim
 * changes a following page asks about.
 */

// presence ----------------------------------------------------------------------------------------

/**
 * One statement: process `processId`'s heartbeat (`created` when its row is new), then the
 * processes silent for `expiresMs` removed with their presence, and their sessions that no live
 * process holds any more marked disconnected (`expired`).
 */
export async function writeHeartbeatAndSweep(db: AppDatabase, processId: string, expiresMs: number) {
  return queryRows<{ created: boolean; expired: { socketId: string; at: string }[] | null }>(
    db,
    sql`
    with me as (
      insert into live_processes (id) values (${processId})
      on conflict (id) do update set heartbeat_at = now()
      returning (xmax = 0) as created),
    stopped as (
      delete from live_processes
      where heartbeat_at < now() - make_interval(secs => ${expiresMs / 1000}) and id <> ${processId}
      returning id, heartbeat_at),
    gone as (
      delete from live_presence p using stopped s where p.process_id = s.id
      returning p.socket_id, s.heartbeat_at),
    expired as (
      update activities a set disconnected_at = g.last_heartbeat, updated_at = greatest(a.updated_at, g.last_heartbeat)
      from (select socket_id, max(heartbeat_at) as last_heartbeat from gone group by socket_id) g
      where a.socket_id = g.socket_id and a.disconnected_at is null
        and not exists (
          select 1 from live_presence q
          where q.socket_id = g.socket_id and q.process_id not in (select id from stopped))
      returning a.socket_id, a.disconnected_at)
    select (select created from me) as created,
      (select json_agg(json_build_object('socketId', socket_id, 'at', disconnected_at)) from expired) as expired`,
  );
}

/** Marks disconnected the sessions online with no presence row and unchanged for `expiresMs`. */
export async function markOrphanSessionsDisconnected(db: AppDatabase, expiresMs: number) {
  return queryRows<{ socket_id: string; disconnected_at: string | Date }>(
    db,
    sql`
    update activities a set disconnected_at = a.updated_at
    where a.disconnected_at is null and a.updated_at < now() - make_interval(secs => ${expiresMs / 1000})
      and not exists (select 1 from live_presence q where q.socket_id = a.socket_id)
    returning a.socket_id, a.disconnected_at`,
  );
}

/** Removes process `processId` and its presence rows. */
export async function deletePresenceOfProcess(db: AppDatabase, processId: string): Promise<void> {
  await db.execute(sql`delete from live_presence where process_id = ${processId}`);
  await db.execute(sql`delete from live_processes where id = ${processId}`);
}

// claim following ---------------------------------------------------------------------------------

/** Whether claim `claimId` has a handling event from the last `ms` (on the database's clock). */
export async function hasClaimEventWithin(db: AppDatabase, claimId: number, ms: number): Promise<boolean> {
  const rows = await db
    .select({ id: claimEvents.id })
    .from(claimEvents)
    .where(
      and(
        eq(claimEvents.claimId, claimId),
        gt(claimEvents.createdAt, sql`now() - make_interval(secs => ${ms / 1000})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

// activity records ----------------------------------------------------------------------------------

/** An activity record as read back (the drivers answer dates and JSON as text or as values). */
export interface StoredActivity {
  id: string | number;
  socket_id: string;
  entry_page: string;
  current_page: string;
  history_pages: { page: string; at: string }[] | string;
  store: SessionSnapshot | string | null;
  store_at: string | Date | null;
  navigator: string;
  created_at: string | Date;
  updated_at: string | Date;
  disconnected_at: string | Date | null;
}

const STORED_COLUMNS = sql.raw(`id, socket_id, entry_page, current_page, history_pages, store, store_at, navigator,
  created_at, updated_at, disconnected_at`);

/** Session keys as one JSON parameter (both drivers read it the same way). */
function keysParameter(socketIds: readonly string[]) {
  return sql`(select jsonb_array_elements_text(${JSON.stringify(socketIds)}::jsonb))`;
}

/** The record of session key `socketId`, if it is written. */
export async function findStoredActivity(db: AppDatabase, socketId: string): Promise<StoredActivity | undefined> {
  const [row] = await queryRows<StoredActivity>(
    db,
    sql`select ${STORED_COLUMNS} from activities where socket_id = ${socketId}`,
  );
  return row;
}

/** What an activity record is made of, as the recorder holds it. */
export interface ActivityRecordValues extends SessionView {
  id?: number | undefined;
  /** The session's key: the id of its first socket (never changes). */
  socketId: string;
}

/**
 * Creates the records of these sessions where none is written: another process creating the same
 * session's record at the same time is no conflict, whichever commits first creates it.
 */
export async function insertMissingActivities(
  tx: DatabaseTransaction,
  records: readonly ActivityRecordValues[],
): Promise<void> {
  const rows = records.map(
    (state) =>
      sql`(${state.socketId}, ${state.entryPage}, ${state.currentPage}, ${state.navigator},
            ${state.createdAt.toISOString()}::timestamptz, ${state.updatedAt.toISOString()}::timestamptz)`,
  );
  await tx.execute(sql`
        insert into activities (socket_id, entry_page, current_page, navigator, created_at, updated_at)
        values ${sql.join(rows, sql`, `)}
        on conflict (socket_id) do nothing`);
}

/**
 * The records of `socketIds`, locked for the transaction, each with whether a live process other
 * than `processId` (one that heartbeat within `presenceExpiresMs`) holds a socket of its session.
 */
export function lockStoredActivities(
  tx: DatabaseTransaction,
  socketIds: readonly string[],
  processId: string,
  presenceExpiresMs: number,
) {
  return queryRows<StoredActivity & { held_elsewhere: boolean }>(
    tx,
    sql`select ${STORED_COLUMNS}, exists (
            select 1 from live_presence p join live_processes l on l.id = p.process_id
            where p.socket_id = a.socket_id and p.process_id <> ${processId}
              and l.heartbeat_at > now() - make_interval(secs => ${presenceExpiresMs / 1000})) as held_elsewhere
          from activities a where a.socket_id in ${keysParameter(socketIds)}
          order by a.socket_id for update of a`,
  );
}

/** Writes the records (created or locked before) with their summaries, in one statement. */
export async function writeActivities(
  tx: DatabaseTransaction,
  records: readonly { record: ActivityRecordValues; summary: SessionSummary }[],
): Promise<void> {
  const rows = records.map(
    ({ record: state, summary }) => sql`(${state.id}, ${state.socketId}, ${state.entryPage}, ${state.currentPage},
          ${JSON.stringify(state.historyPages)}::jsonb, ${state.store === null ? null : JSON.stringify(state.store)}::jsonb,
          ${state.storeAt?.toISOString() ?? null}::timestamptz,
          ${state.navigator}, ${state.createdAt.toISOString()}::timestamptz, ${state.updatedAt.toISOString()}::timestamptz,
          ${state.disconnectedAt?.toISOString() ?? null}::timestamptz, true, ${summary.finished},
          ${summary.furthestStep}::smallint, ${summary.furthestNextPage}::text, ${summary.furthestLanguage}::text,
          ${summary.lastStep}::smallint, ${summary.lastNextPage}::text, ${summary.lastLanguage}::text,
          ${summary.browser}, ${summary.mobile})`,
  );
  await tx.execute(sql`
      insert into activities (id, socket_id, entry_page, current_page, history_pages, store, store_at, navigator,
        created_at, updated_at, disconnected_at, summarised, finished, furthest_step, furthest_next_page,
        furthest_language, last_step, last_next_page, last_language, browser, mobile)
      values ${sql.join(rows, sql`, `)}
      on conflict (id) do update set socket_id = excluded.socket_id, entry_page = excluded.entry_page,
        current_page = excluded.current_page, history_pages = excluded.history_pages, store = excluded.store,
        store_at = excluded.store_at, navigator = excluded.navigator, created_at = excluded.created_at,
        updated_at = excluded.updated_at, disconnected_at = excluded.disconnected_at, summarised = true,
        finished = excluded.finished, furthest_step = excluded.furthest_step,
        furthest_next_page = excluded.furthest_next_page, furthest_language = excluded.furthest_language,
        last_step = excluded.last_step, last_next_page = excluded.last_next_page,
        last_language = excluded.last_language, browser = excluded.browser, mobile = excluded.mobile`);
}

/** Process `processId`'s presence: it now holds the sessions `arrived`, no longer those `left`. */
export async function writePresenceChanges(
  tx: DatabaseTransaction,
  processId: string,
  arrived: readonly string[],
  left: readonly string[],
): Promise<void> {
  await tx.execute(sql`
        with removed as (
          delete from live_presence where process_id = ${processId} and socket_id in ${keysParameter(left)})
        insert into live_presence (socket_id, process_id)
        select key, ${processId} from jsonb_array_elements_text(${JSON.stringify(arrived)}::jsonb) as key
        on conflict do nothing`);
}
