import { sql } from 'drizzle-orm';
import type { LiveActivity, SessionSnapshot } from '../../contracts/socket-events.ts';
import { type AppDatabase, queryRows } from '../db/client.ts';
import { loggableDatabaseError, sqlStateOf } from '../db/errors.ts';
import type { Logger } from '../logger.ts';
import { summariseSession } from '../statistics/analysis/session-summary.ts';
import { insertPageLinks, type PageLinkRow } from '../statistics/analysis/summaries.ts';

/**
 * One activity record per visitor session (spec 3 §3), kept in memory while the visitor is here
 * and written to `activities` in batches: every FLUSH_EVERY_MS, the records changed since the last
 * flush go in ONE upsert (plus one `nextval` for new records), never one statement per event.
 *
 * A session spans page loads: each page opens a new socket, and its first event names the
 * session's key (`movePage {id}`): the id of the session's first socket, which the tab keeps in
 * sessionStorage. The record keeps that key as its `socket_id` for good, so a claim declared on
 * any page of the session (it carries the key) names its record. A record whose sockets all left
 * is kept in memory for RECENT_MS so the next page finds it without reading the database; after
 * that (or on another server process) it is read back by its key.
 */

/** How often changed records are written. */
export const FLUSH_EVERY_MS = 1_000;
/** A record whose socket left stays in memory this long, for the visitor's next page. */
const RECENT_MS = 5 * 60_000;
/** Most pages kept in a record's history (oldest dropped). */
export const MAX_HISTORY_PAGES = 200;
/** Most records written by one statement. */
const MAX_ROWS_PER_STATEMENT = 500;

/**
 * Whether PostgreSQL refused the values themselves (SQLSTATE class 22 data exception, 23
 * integrity constraint, 54 program limit), so that writing them again can only fail again; other
 * failures (a lost connection, a database shutting down) pass with time.
 */
function isRefusedValue(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && /^(22|23|54)/.test(state);
}

export interface ActivityState {
  /** The record's id once allocated. */
  id: number | undefined;
  /** The session's key: the id of its first socket (never changes). */
  socketId: string;
  /** The sockets connected to this session now (a page, or a page reconnecting). */
  sockets: Set<string>;
  /** Page links already written for this record (`page\0direction\0neighbour`). */
  writtenLinks: Set<string>;
  entryPage: string;
  currentPage: string;
  historyPages: { page: string; at: string }[];
  store: SessionSnapshot | null;
  navigator: string;
  createdAt: Date;
  updatedAt: Date;
  disconnectedAt: Date | null;
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

interface StoredActivity {
  id: string | number;
  socket_id: string;
  entry_page: string;
  current_page: string;
  history_pages: { page: string; at: string }[] | string;
  store: SessionSnapshot | string | null;
  navigator: string;
  created_at: string | Date;
}

export class ActivityRecorder {
  readonly #db: AppDatabase;
  readonly #logger: Logger;
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
  /** Statements run by flushes (tests check batching). */
  statements = 0;

  constructor(db: AppDatabase, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
    this.#timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
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

  /** A new visitor session starting on `page`; its key is the socket's id unless the tab has one. */
  start(socketId: string, page: string, navigator: string, now = new Date(), key = socketId): ActivityState {
    const existing = this.#live.get(socketId);
    if (existing) return existing;
    const state: ActivityState = {
      id: undefined,
      socketId: key,
      sockets: new Set([socketId]),
      writtenLinks: new Set(),
      entryPage: page,
      currentPage: page,
      historyPages: [],
      store: null,
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

  /** A page seen, with the session snapshot at that moment. */
  visit(state: ActivityState, page: string, store: SessionSnapshot, now = new Date()): void {
    const last = state.historyPages.at(-1);
    // The same page sent twice in a row (a reconnection) is one visit.
    if (last?.page !== page || now.getTime() - Date.parse(last.at) > 2_000)
      state.historyPages.push({ page, at: now.toISOString() });
    if (state.historyPages.length > MAX_HISTORY_PAGES)
      state.historyPages.splice(0, state.historyPages.length - MAX_HISTORY_PAGES);
    state.currentPage = page;
    state.store = store;
    state.updatedAt = now;
    this.#markDirty(state);
  }

  setStore(state: ActivityState, store: SessionSnapshot, now = new Date()): void {
    state.store = store;
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
    const [row] = await queryRows<StoredActivity>(
      this.#db,
      sql`select id, socket_id, entry_page, current_page, history_pages, store, navigator, created_at
          from activities where socket_id = ${socketId}`,
    );
    if (!row) return undefined;
    const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
    return {
      id: Number(row.id),
      socketId: row.socket_id,
      sockets: new Set(),
      writtenLinks: new Set(),
      entryPage: row.entry_page,
      currentPage: row.current_page,
      historyPages: parse(row.history_pages),
      store: parse(row.store),
      navigator: row.navigator,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(),
      disconnectedAt: null,
    };
  }

  /** Queues a changed record for the next flush, unless the database has refused it for good. */
  #markDirty(state: ActivityState): void {
    if (!this.#refused.has(state)) this.#dirty.add(state);
  }

  /**
   * Writes the records changed since the last flush; one flush at a time. It never rejects: a
   * failure is logged (its SQLSTATE, never the records' values) and the records wait for the next.
   */
  flush(): Promise<void> {
    this.#flushing = this.#flushing
      .then(() => this.#write())
      .catch((error: unknown) => {
        this.#logger.warn(
          { err: loggableDatabaseError(error) },
          'activity records not written; retried at the next flush',
        );
      });
    return this.#flushing;
  }

  /**
   * One batch of the changed records. When PostgreSQL refuses a value, each record of the batch is
   * written alone, so that one record it cannot take does not hold back the others for ever: that
   * one is dropped from the writes (logged by count, not content).
   */
  async #write(): Promise<void> {
    const now = Date.now();
    for (const [socketId, { forgetAt }] of this.#recent) if (forgetAt < now) this.#recent.delete(socketId);
    if (this.#dirty.size === 0) return;
    const batch = [...this.#dirty];
    this.#dirty.clear();
    try {
      await this.#writeRecords(batch);
    } catch (error) {
      if (!isRefusedValue(error)) {
        // Written at the next flush.
        for (const state of batch) this.#dirty.add(state);
        throw error;
      }
      if (batch.length === 1) {
        this.#refuse(batch, error);
        return;
      }
      let failure: unknown;
      for (const state of batch) {
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

  async #writeRecords(batch: ActivityState[]): Promise<void> {
    const missing = batch.filter((state) => state.id === undefined);
    if (missing.length > 0) {
      const ids = await queryRows<{ id: string | number }>(
        this.#db,
        sql`select nextval(pg_get_serial_sequence('activities', 'id')) as id from generate_series(1, ${missing.length})`,
      );
      this.statements += 1;
      missing.forEach((state, index) => {
        state.id = Number(ids[index]?.id);
      });
    }
    const links: PageLinkRow[] = [];
    const linkKeys: [ActivityState, string][] = [];
    for (let start = 0; start < batch.length; start += MAX_ROWS_PER_STATEMENT) {
      const rows = batch.slice(start, start + MAX_ROWS_PER_STATEMENT).map((state) => {
        const summary = summariseSession(state.historyPages, state.navigator);
        for (const link of summary.links) {
          const key = `${link.page}\u0000${link.direction}\u0000${link.neighbour}`;
          if (state.writtenLinks.has(key)) continue;
          links.push({ activityId: state.id as number, createdAt: state.createdAt, ...link });
          linkKeys.push([state, key]);
        }
        return sql`(${state.id}, ${state.socketId}, ${state.entryPage}, ${state.currentPage},
            ${JSON.stringify(state.historyPages)}::jsonb, ${state.store === null ? null : JSON.stringify(state.store)}::jsonb,
            ${state.navigator}, ${state.createdAt.toISOString()}::timestamptz, ${state.updatedAt.toISOString()}::timestamptz,
            ${state.disconnectedAt?.toISOString() ?? null}::timestamptz, true, ${summary.finished},
            ${summary.furthestStep}::smallint, ${summary.furthestNextPage}::text, ${summary.furthestLanguage}::text,
            ${summary.lastStep}::smallint, ${summary.lastNextPage}::text, ${summary.lastLanguage}::text,
            ${summary.browser}, ${summary.mobile})`;
      });
      await this.#db.execute(sql`
        insert into activities (id, socket_id, entry_page, current_page, history_pages, store, navigator,
          created_at, updated_at, disconnected_at, summarised, finished, furthest_step, furthest_next_page,
          furthest_language, last_step, last_next_page, last_language, browser, mobile)
        values ${sql.join(rows, sql`, `)}
        on conflict (id) do update set socket_id = excluded.socket_id, current_page = excluded.current_page,
          history_pages = excluded.history_pages, store = excluded.store, updated_at = excluded.updated_at,
          disconnected_at = excluded.disconnected_at, summarised = true, finished = excluded.finished,
          furthest_step = excluded.furthest_step, furthest_next_page = excluded.furthest_next_page,
          furthest_language = excluded.furthest_language, last_step = excluded.last_step,
          last_next_page = excluded.last_next_page, last_language = excluded.last_language,
          browser = excluded.browser, mobile = excluded.mobile`);
      this.statements += 1;
    }
    if (links.length > 0) {
      this.statements += await insertPageLinks(this.#db, links);
      for (const [state, key] of linkKeys) state.writtenLinks.add(key);
    }
  }

  /** Marks every connected record disconnected and writes everything (server stop). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const now = new Date();
    for (const socketId of [...this.#live.keys()]) this.leave(socketId, now);
    await this.flush();
  }
}
