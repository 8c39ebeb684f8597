import type { LiveActivity, SessionSnapshot } from '../../contracts/socket-events.ts';
import { type AppDatabase, type DatabaseTransaction, loggableDatabaseError, sqlStateOf } from '../db/public.ts';
import type { Logger } from '../logger.ts';
import { logOnlySecurityEvents, type SecurityEvents } from '../security/public.ts';
import { summariseSession, insertPageLinks, type PageLinkRow } from '../staff-api/public.ts';
import { holdsVisit, mergeSession, type SessionView } from './activity-merge.ts';
import { PRESENCE_EXPIRES_MS } from './presence.ts';
import {
  findStoredActivity,
  insertMissingActivities,
  lockStoredActivities,
  type ActivityRecordValues,
  type StoredActivity,
  writeActivities,
  writePresenceChanges,
} from './repository.ts';

/**
 * One activity record per visitor session (spec 3 §3), kept in memory while the visitor is here
 * and written in batches: every FLUSH_EVERY_MS, the records changed since the last flush are
 * written in one short transaction, never one statement per event.
 *
 * A session spans page loads: each page opens a new socket, and its first event names the
 * session's key (`movePage {id}`): the id of the session's first socket, which the tab keeps in
 * sessionStorage. The record keeps that key as its `socket_id` for good, so a claim declared on
 * any page of the session (it carries the key) names its record.
 *
 * With several server processes, the next page (or a second tab) may reach another process before
 * this one has written what it saw. So a write never overwrites: it locks the session's record,
 * merges it with what this process holds (activity-merge.ts: every page of every process in time
 * order, the latest snapshot) and writes the union, which this process then keeps. Which process
 * holds a socket of the session is written beside it (`live_presence`, presence.ts), so that the
 * session is online while any of them holds one, and no longer once a process stops heartbeating.
 *
 * A record whose sockets all left is kept in memory for RECENT_MS so the next page finds it
 * without reading the database; after that (or on another process) it is read back by its key.
 */

/** How often changed records are written. */
const FLUSH_EVERY_MS = 1_000;
/** A record whose socket left stays in memory this long, for the visitor's next page. */
const RECENT_MS = 5 * 60_000;
/** Most pages kept in a record's history (oldest dropped). */
export const MAX_HISTORY_PAGES = 200;

/**
 * How much visitors may make the recorder write. The embedded database (PGlite) is one connection:
 * while a flush's transaction runs, every request waits for it. So a flush writes small
 * transactions, lets the requests waiting for the database go between two, and stops after a
 * while; what is left waits for the next flush. A real visit has tens of pages, so a session that
 * has seen `pagesPerSession` pages records no more (nor more than `linksPerSession` page links).
 */
export interface ActivityRecorderLimits {
  /** Pages one session may add (each visit, the same page again included). */
  pagesPerSession: number;
  /** Page links (spec 3's path statistics) one session may add. */
  linksPerSession: number;
  /** Records one transaction writes… */
  recordsPerTransaction: number;
  /** …and page links (each costs its running totals' triggers); the rest wait for a next flush. */
  linksPerTransaction: number;
  /** Records one flush writes at most… */
  recordsPerFlush: number;
  /** …and it starts no transaction after this long (ms). */
  flushBudgetMs: number;
  /** Changed records waiting beyond this many mean the writes fell behind: the oldest changes are dropped. */
  pendingRecords: number;
}

const DEFAULT_RECORDER_LIMITS: ActivityRecorderLimits = {
  pagesPerSession: 250,
  linksPerSession: 500,
  recordsPerTransaction: 10,
  linksPerTransaction: 200,
  recordsPerFlush: 500,
  flushBudgetMs: 300,
  pendingRecords: 5_000,
};

/** Lets what waits for the event loop, and the requests queued on the database, go first. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Whether PostgreSQL refused the values themselves (SQLSTATE class 22 data exception, 23
 * integrity constraint, 54 program limit), so that writing them again can only fail again; other
 * failures (a lost connection, a database shutting down) pass with time.
 */
function isRefusedValue(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && /^(22|23|54)/.test(state);
}

/** A session as this process holds it: its record's values, and what only the process keeps. */
export interface ActivityState extends Omit<ActivityRecordValues, 'id' | 'historyPages'> {
  /** The record's id once allocated. */
  id: number | undefined;
  /** The sockets connected to this session now (a page, or a page reconnecting). */
  sockets: Set<string>;
  /** Whether this process's presence row for the session is written (`live_presence`). */
  presenceWritten: boolean;
  /** Page links already written for this record (`page\0direction\0neighbour`). */
  writtenLinks: Set<string>;
  /** Pages this process recorded for the session; at the page cap, no more are. */
  visits: number;
  /** Whether the session met a cap (pages or links): said once in the log and the security events. */
  capped: boolean;
  historyPages: { page: string; at: string }[];
}

export function liveActivityOf(state: ActivityState): LiveActivity {
  return {
    id: state.socketId,
    page: state.currentPage,
    navigator: state.navigator,
    connectedAt: state.createdAt.toISOString(),
    historyPages: state.historyPages,
    store: state.store,
  };
}

function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function dateOf(value: string | Date): Date;
function dateOf(value: string | Date | null): Date | null;
function dateOf(value: string | Date | null): Date | null {
  return value === null ? null : new Date(value);
}

/** Whether two histories hold the same visits in the same order. */
function sameVisits(first: SessionView['historyPages'], second: SessionView['historyPages']): boolean {
  return (
    first.length === second.length &&
    first.every((visit, index) => visit.page === second[index]?.page && visit.at === second[index]?.at)
  );
}

/** A stored record as a session view, for the merge. */
function storedView(row: StoredActivity): SessionView {
  return {
    entryPage: row.entry_page,
    currentPage: row.current_page,
    historyPages: parseJson(row.history_pages),
    store: parseJson(row.store),
    storeAt: dateOf(row.store_at),
    navigator: row.navigator,
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    disconnectedAt: dateOf(row.disconnected_at),
  };
}

export class ActivityRecorder {
  readonly #db: AppDatabase;
  readonly #logger: Logger;
  /** This process's id in `live_processes` (presence.ts). */
  readonly #processId: string;
  /** Called when a write merged in pages or a snapshot another process saw (the live back office shows them). */
  onMerged: ((state: ActivityState) => void) | undefined;
  /** Records of connected sockets, by socket id. */
  readonly #live = new Map<string, ActivityState>();
  /** Records with a connected socket, by their key. */
  readonly #liveByKey = new Map<string, ActivityState>();
  /** Records whose sockets left recently, by their key, with when to forget them. */
  readonly #recent = new Map<string, { state: ActivityState; forgetAt: number }>();
  readonly #dirty = new Set<ActivityState>();
  /** Records the database refused on their own: kept live for the back office, never written again. */
  readonly #refused = new WeakSet<ActivityState>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  readonly #limits: ActivityRecorderLimits;
  readonly #securityEvents: SecurityEvents;
  /** Statements run by flushes (tests check batching). */
  statements = 0;

  constructor(
    db: AppDatabase,
    logger: Logger,
    processId: string,
    options: {
      securityEvents?: SecurityEvents;
      limits?: Partial<ActivityRecorderLimits>;
      /** false: written only when `flush()` is called (tests that order the writes of several processes). */
      timedFlush?: boolean;
    } = {},
  ) {
    this.#db = db;
    this.#logger = logger;
    this.#processId = processId;
    this.#limits = { ...DEFAULT_RECORDER_LIMITS, ...options.limits };
    this.#securityEvents = options.securityEvents ?? logOnlySecurityEvents(logger);
    if (options.timedFlush === false) return;
    // A timed flush still running (a slow database) is not queued behind by another.
    let flushingOnTimer = false;
    this.#timer = setInterval(() => {
      if (flushingOnTimer) return;
      flushingOnTimer = true;
      void this.flush().finally(() => {
        flushingOnTimer = false;
      });
    }, FLUSH_EVERY_MS);
    this.#timer.unref();
  }

  /** The record of a connected socket. */
  get(socketId: string): ActivityState | undefined {
    return this.#live.get(socketId);
  }

  /** Connected visitors this process holds. */
  get liveCount(): number {
    return this.#live.size;
  }

  /** Queues every session this process holds for the next write (its presence was swept). */
  markHeldDirty(): void {
    for (const state of this.#liveByKey.values()) {
      state.presenceWritten = false;
      this.#markDirty(state);
    }
  }

  /** A new visitor session starting on `page`; its key is the socket's id unless the tab has one. */
  start(socketId: string, page: string, navigator: string, now = new Date(), key = socketId): ActivityState {
    const existing = this.#live.get(socketId);
    if (existing) return existing;
    const state: ActivityState = {
      id: undefined,
      socketId: key,
      sockets: new Set([socketId]),
      presenceWritten: false,
      writtenLinks: new Set(),
      visits: 0,
      capped: false,
      entryPage: page,
      currentPage: page,
      historyPages: [],
      store: null,
      storeAt: null,
      navigator,
      createdAt: now,
      updatedAt: now,
      disconnectedAt: null,
    };
    this.#live.set(socketId, state);
    this.#liveByKey.set(key, state);
    this.#markDirty(state);
    return state;
  }

  /**
   * The visitor's next page (or the same page reconnecting): `socketId` joins the session whose
   * key is `key`. Answers undefined when no record of that key is known (then the caller starts
   * a new one).
   */
  async resume(socketId: string, key: string, page: string, now = new Date()) {
    const current = this.#live.get(socketId);
    if (current) return current;
    let state = this.#liveByKey.get(key) ?? this.#recent.get(key)?.state;
    if (!state) state = await this.#read(key);
    if (!state || this.#live.get(socketId)) return this.#live.get(socketId) ?? undefined;
    // Read back while another page of the session was joining: that one's state is the record.
    state = this.#liveByKey.get(key) ?? this.#recent.get(key)?.state ?? state;
    this.#recent.delete(key);
    state.sockets.add(socketId);
    state.currentPage = page;
    state.disconnectedAt = null;
    state.updatedAt = now;
    this.#live.set(socketId, state);
    this.#liveByKey.set(key, state);
    this.#markDirty(state);
    return state;
  }

  /**
   * A page seen at `seenAt` (now, or earlier for a page the tab reports late), with the session
   * snapshot at `now`. Answers false when the session is at its page cap: then nothing is recorded.
   */
  visit(state: ActivityState, page: string, store: SessionSnapshot, now = new Date(), seenAt = now): boolean {
    if (state.visits >= this.#limits.pagesPerSession) {
      this.#capped(state, 'pages');
      return false;
    }
    state.visits += 1;
    const last = state.historyPages.at(-1);
    // A page reported again (a reconnection, a page sent again by the next) is the visit recorded.
    if (!holdsVisit(state.historyPages, page, seenAt.getTime())) {
      // Never before the page recorded last: the history stays in the order the tab saw it.
      const at = last ? Math.max(seenAt.getTime(), Date.parse(last.at)) : seenAt.getTime();
      state.historyPages.push({ page, at: new Date(at).toISOString() });
    }
    if (state.historyPages.length > MAX_HISTORY_PAGES)
      state.historyPages.splice(0, state.historyPages.length - MAX_HISTORY_PAGES);
    state.currentPage = page;
    state.store = store;
    state.storeAt = now;
    state.updatedAt = now;
    this.#markDirty(state);
    return true;
  }

  /** The session met a cap: said once per session, without its pages. */
  #capped(state: ActivityState, cap: 'pages' | 'links'): void {
    if (state.capped) return;
    state.capped = true;
    this.#logger.warn({ cap }, 'visitor session at its cap: no more of it is recorded');
    this.#securityEvents.record('activity_dropped', { reason: `${cap}_per_session` });
  }

  setStore(state: ActivityState, store: SessionSnapshot, now = new Date()): void {
    state.store = store;
    state.storeAt = now;
    state.updatedAt = now;
    this.#markDirty(state);
  }

  /**
   * The socket left. When it was the session's last, the record is marked disconnected and kept
   * a while for the visitor's next page, and returned; else undefined.
   */
  leave(socketId: string, now = new Date()): ActivityState | undefined {
    const state = this.#live.get(socketId);
    if (!state) return undefined;
    this.#live.delete(socketId);
    state.sockets.delete(socketId);
    if (state.sockets.size > 0) return undefined;
    this.#liveByKey.delete(state.socketId);
    state.disconnectedAt = now;
    state.updatedAt = now;
    this.#markDirty(state);
    this.#recent.set(state.socketId, { state, forgetAt: now.getTime() + RECENT_MS });
    return state;
  }

  async #read(socketId: string): Promise<ActivityState | undefined> {
    await this.#flushing;
    const row = await findStoredActivity(this.#db, socketId);
    if (!row) return undefined;
    return {
      ...storedView(row),
      historyPages: [...parseJson(row.history_pages)],
      id: Number(row.id),
      socketId: row.socket_id,
      sockets: new Set(),
      presenceWritten: false,
      writtenLinks: new Set(),
      visits: parseJson(row.history_pages).length,
      capped: false,
      updatedAt: new Date(),
      disconnectedAt: null,
    };
  }

  /** Queues a changed record for the next flush, unless the database has refused it for good. */
  #markDirty(state: ActivityState): void {
    if (!this.#refused.has(state)) this.#dirty.add(state);
  }

  /**
   * Writes the records changed since the last flush (a bounded share of them, see #write; `drain`:
   * all of them); one flush at a time. It never rejects: a failure is logged (its SQLSTATE, never the records' values) and the records wait for the next.
   */
  flush(drain = false): Promise<void> {
    this.#flushing = this.#flushing
      .then(() => this.#write(drain))
      .catch((error: unknown) => {
        this.#logger.warn(
          { err: loggableDatabaseError(error) },
          'activity records not written; retried at the next flush',
        );
      });
    return this.#flushing;
  }

  /**
   * Writes the oldest changed records, at most `recordsPerFlush`, in transactions of
   * `recordsPerTransaction`, letting waiting requests use the database between two, and starts no
   * transaction after `flushBudgetMs` (`drain`: every record, at stop). The records not reached
   * wait for the next flush. When the changes waiting pass `pendingRecords`, the writes have
   * fallen behind the visitors: the oldest changes are dropped (logged and counted).
   */
  async #write(drain = false): Promise<void> {
    const now = Date.now();
    for (const [socketId, { forgetAt }] of this.#recent) if (forgetAt < now) this.#recent.delete(socketId);
    if (this.#dirty.size === 0) return;
    this.#shedBacklog();
    const batch: ActivityState[] = [];
    for (const state of this.#dirty) {
      if (!drain && batch.length >= this.#limits.recordsPerFlush) break;
      batch.push(state);
    }
    for (const state of batch) this.#dirty.delete(state);
    // One lock order for every process (the keys'), so that two processes writing the same
    // sessions wait for each other instead of deadlocking.
    batch.sort((a, b) => (a.socketId < b.socketId ? -1 : a.socketId > b.socketId ? 1 : 0));
    const started = performance.now();
    for (let start = 0; start < batch.length; start += this.#limits.recordsPerTransaction) {
      if (!drain && start > 0 && performance.now() - started > this.#limits.flushBudgetMs) {
        for (const state of batch.slice(start)) this.#dirty.add(state);
        return;
      }
      if (start > 0) await yieldToRequests();
      try {
        await this.#writeChunk(batch.slice(start, start + this.#limits.recordsPerTransaction));
      } catch (error) {
        // Written at a next flush.
        for (const state of batch.slice(start + this.#limits.recordsPerTransaction)) this.#dirty.add(state);
        throw error;
      }
    }
  }

  /** Drops the oldest changes beyond `pendingRecords` (their records keep what is already written). */
  #shedBacklog(): void {
    const excess = this.#dirty.size - this.#limits.pendingRecords;
    if (excess <= 0) return;
    let dropped = 0;
    for (const state of this.#dirty) {
      if (dropped >= excess) break;
      this.#dirty.delete(state);
      dropped += 1;
    }
    this.#logger.warn({ records: dropped }, 'activity writes behind the visitors: oldest changes dropped');
    this.#securityEvents.record('activity_dropped', { reason: 'writes_behind', records: dropped });
  }

  /**
   * One transaction of changed records. When PostgreSQL refuses a value, each record of the chunk
   * is written alone, so that one record it cannot take does not hold back the others for ever:
   * that one is dropped from the writes (logged by count, not content).
   */
  async #writeChunk(chunk: ActivityState[]): Promise<void> {
    try {
      await this.#writeRecords(chunk);
    } catch (error) {
      if (!isRefusedValue(error)) {
        for (const state of chunk) this.#dirty.add(state);
        throw error;
      }
      if (chunk.length === 1) {
        this.#refuse(chunk, error);
        return;
      }
      let failure: unknown;
      for (const state of chunk) {
        try {
          await this.#writeRecords([state]);
        } catch (alone) {
          if (isRefusedValue(alone)) this.#refuse([state], alone);
          else {
            this.#dirty.add(state);
            failure ??= alone;
          }
        }
      }
      if (failure !== undefined) throw failure;
    }
  }

  #refuse(states: ActivityState[], error: unknown): void {
    for (const state of states) this.#refused.add(state);
    this.#logger.warn(
      { records: states.length, err: loggableDatabaseError(error) },
      'activity record refused by the database: no longer written',
    );
  }

  /** Writes one chunk (keys in order) in one transaction. */
  async #writeRecords(chunk: ActivityState[]): Promise<void> {
    // Whether this process holds each session, as written: a socket that comes or goes during
    // the write is written at the next flush.
    const held = new Map(chunk.map((state) => [state, state.sockets.size > 0]));
    const { merged, linksLeftOver } = await this.#db.transaction((tx) => this.#mergeAndWrite(tx, chunk, held));
    for (const state of chunk) state.presenceWritten = held.get(state) === true;
    for (const state of merged) this.onMerged?.(state);
    // Their other links are written by a next flush.
    for (const state of linksLeftOver) this.#markDirty(state);
  }

  /**
   * Writes one chunk in the caller's transaction: the records are created when missing, locked,
   * merged with what this process holds and written back, with this process's presence. Answers
   * the records into which another process's pages or snapshot were merged.
   */
  async #mergeAndWrite(
    tx: DatabaseTransaction,
    chunk: ActivityState[],
    held: ReadonlyMap<ActivityState, boolean>,
  ): Promise<{ merged: ActivityState[]; linksLeftOver: ActivityState[] }> {
    const missing = chunk.filter((state) => state.id === undefined);
    if (missing.length > 0) {
      // Another process may create the same session's record at the same time: whichever
      // commits first creates it, the other merges into it.
      await insertMissingActivities(tx, missing);
      this.statements += 1;
    }
    // Locked, with whether a live process other than this one holds a socket of the session.
    const stored = await lockStoredActivities(
      tx,
      chunk.map((state) => state.socketId),
      this.#processId,
      PRESENCE_EXPIRES_MS,
    );
    this.statements += 1;
    const heldElsewhere = new Set(stored.filter((row) => row.held_elsewhere).map((row) => row.socket_id));
    const storedByKey = new Map(stored.map((row) => [row.socket_id, row]));
    const mergedFromElsewhere: ActivityState[] = [];
    /** Records whose new links did not all fit in this transaction's share. */
    const linksLeftOver: ActivityState[] = [];
    let transactionLinksLeft = this.#limits.linksPerTransaction;
    const links: PageLinkRow[] = [];
    const linkKeys: [ActivityState, string][] = [];
    const rows = chunk.map((state) => {
      const row = storedByKey.get(state.socketId);
      if (row) state.id = Number(row.id);
      const before = state.historyPages;
      const beforeStoreAt = state.storeAt?.getTime();
      const merged = mergeSession({
        stored: row ? storedView(row) : undefined,
        local: state,
        heldHere: held.get(state) === true,
        heldElsewhere: heldElsewhere.has(state.socketId),
        maxPages: MAX_HISTORY_PAGES,
      });
      // This process goes on from the union.
      Object.assign(state, merged, { historyPages: [...merged.historyPages] });
      // Only what another process saw is news to this one's staff pages: a visit or a later snapshot.
      if (!sameVisits(state.historyPages, before) || state.storeAt?.getTime() !== beforeStoreAt)
        mergedFromElsewhere.push(state);
      const summary = summariseSession(state.historyPages, state.navigator);
      let linksLeft = this.#limits.linksPerSession - state.writtenLinks.size;
      for (const link of summary.links) {
        const key = `${link.page}\u0000${link.direction}\u0000${link.neighbour}`;
        if (state.writtenLinks.has(key)) continue;
        if (linksLeft <= 0) {
          this.#capped(state, 'links');
          break;
        }
        if (transactionLinksLeft <= 0) {
          linksLeftOver.push(state);
          break;
        }
        linksLeft -= 1;
        transactionLinksLeft -= 1;
        links.push({ activityId: state.id as number, createdAt: state.createdAt, ...link });
        linkKeys.push([state, key]);
      }
      return { record: state, summary };
    });
    await writeActivities(tx, rows);
    this.statements += 1;
    // This process's presence, where it changed: one statement.
    const arrived = chunk.filter((state) => held.get(state) === true && !state.presenceWritten);
    const left = chunk.filter((state) => held.get(state) !== true && state.presenceWritten);
    if (arrived.length > 0 || left.length > 0) {
      await writePresenceChanges(
        tx,
        this.#processId,
        arrived.map((state) => state.socketId),
        left.map((state) => state.socketId),
      );
      this.statements += 1;
    }
    if (links.length > 0) {
      this.statements += await insertPageLinks(tx, links);
      for (const [state, key] of linkKeys) state.writtenLinks.add(key);
    }
    return { merged: mergedFromElsewhere, linksLeftOver };
  }

  /** Marks every connected record disconnected and writes everything (server stop). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const now = new Date();
    for (const socketId of [...this.#live.keys()]) this.leave(socketId, now);
    await this.flush(true);
  }
}
