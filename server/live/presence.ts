import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type AppDatabase, queryRows } from '../db/client.ts';
import { loggableDatabaseError } from '../db/errors.ts';
import type { Logger } from '../logger.ts';

/**
 * Which server process is alive, for the visitors' presence. Each process writes a heartbeat
 * every PRESENCE_HEARTBEAT_MS in `live_processes`; the sockets it holds are listed in
 * `live_presence` by the activity recorder. A process that stops without closing (SIGKILL, a lost
 * machine) stops heartbeating: after PRESENCE_EXPIRES_MS, the next sweep of any process (or of
 * the same one restarted on the embedded database) removes its rows and marks the sessions that
 * no other process holds as disconnected at its last heartbeat. No visitor stays "online" for ever.
 */

export const PRESENCE_HEARTBEAT_MS = 10_000;
/** Three missed heartbeats. */
export const PRESENCE_EXPIRES_MS = 30_000;

export interface PresenceOptions {
  /** Default PRESENCE_HEARTBEAT_MS (the caller's timer). */
  heartbeatMs?: number;
  /** Default PRESENCE_EXPIRES_MS. */
  expiresMs?: number;
}

export interface Presence {
  /** This process's id (random at each start). */
  readonly processId: string;
  /**
   * Writes the heartbeat and sweeps the processes that stopped. Never rejects (logged). Answers
   * true when this process had itself been swept as stopped (a pause longer than the expiry): its
   * sessions must then be written again (`live_presence`).
   */
  beat(): Promise<boolean>;
  /** Removes this process's rows (its sessions were written as left first); the caller stops beating first. */
  close(): Promise<void>;
}

/**
 * One statement: this process's heartbeat, then the stopped processes' presence removed and their
 * sessions, when no live process holds them any more, marked disconnected.
 */
async function beatAndSweep(db: AppDatabase, processId: string, expiresMs: number): Promise<boolean> {
  const rows = await queryRows<{ created: boolean }>(
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
      returning 1)
    select created from me, (select count(*) from expired) as written`,
  );
  return rows[0]?.created === true;
}

/**
 * Sessions left online by nobody: a record written as online whose presence rows are gone (a
 * process of an earlier version, or rows removed by a sweep while the record's own write was in
 * flight). Marked disconnected once the expiry has passed since their last change.
 */
async function sweepOrphans(db: AppDatabase, expiresMs: number): Promise<void> {
  await db.execute(sql`
    update activities a set disconnected_at = a.updated_at
    where a.disconnected_at is null and a.updated_at < now() - make_interval(secs => ${expiresMs / 1000})
      and not exists (select 1 from live_presence q where q.socket_id = a.socket_id)`);
}

export function startPresence(db: AppDatabase, logger: Logger, options: PresenceOptions = {}): Presence {
  const processId = randomUUID();
  const expiresMs = options.expiresMs ?? PRESENCE_EXPIRES_MS;
  let beating: Promise<boolean> | undefined;
  let beats = 0;
  const beat = () => {
    beating ??= (async () => {
      try {
        const created = await beatAndSweep(db, processId, expiresMs);
        await sweepOrphans(db, expiresMs);
        beats += 1;
        // The first beat creates the row; a later creation means this process had been swept.
        return created && beats > 1;
      } catch (error) {
        logger.warn({ err: loggableDatabaseError(error) }, 'presence heartbeat not written; written again later');
        return false;
      } finally {
        beating = undefined;
      }
    })();
    return beating;
  };
  return {
    processId,
    beat,
    async close() {
      await beating;
      try {
        await db.execute(sql`delete from live_presence where process_id = ${processId}`);
        await db.execute(sql`delete from live_processes where id = ${processId}`);
      } catch (error) {
        logger.warn({ err: loggableDatabaseError(error) }, 'presence not removed at stop; it expires by itself');
      }
    },
  };
}
