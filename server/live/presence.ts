import { randomUUID } from 'node:crypto';
import { type AppDatabase, loggableDatabaseError } from '../db/public.ts';
import { deletePresenceOfProcess, markOrphanSessionsDisconnected, writeHeartbeatAndSweep } from './repository.ts';
import type { Logger } from '../logger.ts';

/**
 * Which server process is alive, for the visitors' presence. Each process writes a heartbeat
 * every PRESENCE_HEARTBEAT_MS in `live_processes`; the sockets it holds are listed in
 * `live_presence` by the activity recorder. A process that stops without closing (SIGKILL, a lost
 * machine) stops heartbeating: after PRESENCE_EXPIRES_MS, the next sweep of any process (or of
 * the same one restarted on the embedded database) removes its rows and marks the sessions that
 * no other process holds as disconnected at its last heartbeat, and answers them, so that staff
 * pages open at that moment stop showing them "En ligne" too (`updateDisconnected_at`). No
 * visitor stays "online" for ever.
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

/** A session a sweep found held by no live process, now written disconnected at `disconnectedAt`. */
interface ExpiredSession {
  socketId: string;
  disconnectedAt: Date;
}

/** What a heartbeat did. */
export interface Beat {
  /** This process had itself been swept as stopped (a pause longer than the expiry): its sessions must be written again. */
  swept: boolean;
  /** The sessions of stopped processes (or left by nobody) this beat wrote as disconnected. */
  expired: ExpiredSession[];
}

export interface Presence {
  /** This process's id (random at each start). */
  readonly processId: string;
  /** Writes the heartbeat and sweeps the processes that stopped. Never rejects (logged: then nothing swept). */
  beat(): Promise<Beat>;
  /** Removes this process's rows (its sessions were written as left first); the caller stops beating first. */
  close(): Promise<void>;
}

/**
 * One statement: this process's heartbeat, then the stopped processes' presence removed and their
 * sessions, when no live process holds them any more, marked disconnected.
 */
async function beatAndSweep(
  db: AppDatabase,
  processId: string,
  expiresMs: number,
): Promise<{ created: boolean; expired: ExpiredSession[] }> {
  const rows = await writeHeartbeatAndSweep(db, processId, expiresMs);
  return { created: rows[0]?.created === true, expired: expiredOf(rows[0]?.expired) };
}

function expiredOf(rows: { socketId: string; at: string }[] | null | undefined): ExpiredSession[] {
  return (rows ?? []).map((row) => ({ socketId: row.socketId, disconnectedAt: new Date(row.at) }));
}

/**
 * Sessions left online by nobody: a record written as online whose presence rows are gone (a
 * process of an earlier version, or rows removed by a sweep while the record's own write was in
 * flight). Marked disconnected once the expiry has passed since their last change.
 */
async function sweepOrphans(db: AppDatabase, expiresMs: number): Promise<ExpiredSession[]> {
  const rows = await markOrphanSessionsDisconnected(db, expiresMs);
  return rows.map((row) => ({ socketId: row.socket_id, disconnectedAt: new Date(row.disconnected_at) }));
}

export function startPresence(db: AppDatabase, logger: Logger, options: PresenceOptions = {}): Presence {
  const processId = randomUUID();
  const expiresMs = options.expiresMs ?? PRESENCE_EXPIRES_MS;
  let beating: Promise<Beat> | undefined;
  let beats = 0;
  const beat = () => {
    beating ??= (async (): Promise<Beat> => {
      try {
        const { created, expired } = await beatAndSweep(db, processId, expiresMs);
        const orphans = await sweepOrphans(db, expiresMs);
        beats += 1;
        // The first beat creates the row; a later creation means this process had been swept.
        return { swept: created && beats > 1, expired: [...expired, ...orphans] };
      } catch (error) {
        logger.warn({ err: loggableDatabaseError(error) }, 'presence heartbeat not written; written again later');
        return { swept: false, expired: [] };
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
        await deletePresenceOfProcess(db, processId);
      } catch (error) {
        logger.warn({ err: loggableDatabaseError(error) }, 'presence not removed at stop; it expires by itself');
      }
    },
  };
}
