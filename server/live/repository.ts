import { and, eq, gt, sql } from 'drizzle-orm';
import { type AppDatabase, claimEvents, queryRows } from '../db/public.ts';

/**
 * The live module's named queries: the processes' presence (`live_processes`, `live_presence`), the
 * sessions it marks disconnected, and the claim changes a following page asks about.
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
