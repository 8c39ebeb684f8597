import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../contracts/socket-events.ts';
import { summariseSession } from '../server/statistics/analysis/session-summary.ts';
import { createFakeSite, startTestApp } from '../server/test-support.ts';

/**
 * Visitor events through real socket.io clients (in a worker thread, so they do not share the
 * server's event loop) into activity records, against the same rows written by one multi-row
 * INSERT on the same embedded database. Timed: from the first event until every record holds
 * its whole path and the recorder's batched write is done (the 1-second flush timer is not
 * waited for: the flush is asked for as soon as the last event is in), against the same rows
 * (records with their summaries, and their page links) in one INSERT per table. The connections are made
 * before the clock starts: they are socket.io's cost, not the ingestion's.
 */

const VISITORS = 1_000;
/** Each visitor: newconnection, then this many pages (addHistoryPages). */
const PAGES_PER_VISITOR = 5;
const STORE = {
  company: 'veligo',
  lang: 'fr' as const,
  step: null,
  infosStatus: null,
  claimGroupId: null,
  guaranteeType: null,
  declaSent: false,
};
const NAVIGATOR =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';

export interface IngestionFigures {
  visitors: number;
  events: number;
  /** First event to every record written. */
  ingestionMs: number;
  /** First event to the last one handled (the rest is the batched write). */
  receivedMs: number;
  /** The same rows (records and page links), one multi-row INSERT per table. */
  insertMs: number;
  /** insertMs / ingestionMs: 1 would be as fast as the bare INSERT. */
  ratio: number;
  /** Statements the recorder ran for all of it. */
  statements: number;
}

type ClientMessage = { kind: 'connected'; ids: string[] } | { kind: 'sent' };

function runClients(baseUrl: string): void {
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  void (async () => {
    for (let index = 0; index < VISITORS; index += 1) {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(baseUrl, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { 'User-Agent': NAVIGATOR },
      });
      sockets.push(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    }
    parentPort?.postMessage({
      kind: 'connected',
      ids: sockets.map((socket) => socket.id ?? ''),
    } satisfies ClientMessage);
  })();
  parentPort?.on('message', (message: 'send' | 'close') => {
    if (message === 'close') {
      for (const socket of sockets) socket.disconnect();
      parentPort?.close();
      return;
    }
    for (const socket of sockets) {
      socket.emit('newconnection', { page: '/veligo', navigator: NAVIGATOR });
      for (let page = 0; page < PAGES_PER_VISITOR; page += 1)
        socket.emit('addHistoryPages', {
          page: page === 0 ? '/veligo' : `/veligo/declare-step${page}`,
          store: { ...STORE, step: page },
        });
    }
    parentPort?.postMessage({ kind: 'sent' } satisfies ClientMessage);
  });
}

export async function measureLiveIngestion(): Promise<IngestionFigures> {
  const site = createFakeSite();
  const app = await startTestApp(site.staticDir);
  const worker = new Worker(new URL(import.meta.url), { workerData: { baseUrl: app.baseUrl } });
  try {
    const messages: ClientMessage[] = [];
    let wake = (): void => {};
    worker.on('message', (message: ClientMessage) => {
      messages.push(message);
      wake();
    });
    const next = async (kind: ClientMessage['kind']): Promise<ClientMessage> => {
      for (;;) {
        const found = messages.findIndex((message) => message.kind === kind);
        if (found >= 0) return messages.splice(found, 1)[0] as ClientMessage;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    };
    const connected = await next('connected');
    const ids = connected.kind === 'connected' ? connected.ids : [];
    const { recorder } = app.live;
    await recorder.flush();
    const statementsBefore = recorder.statements;

    const started = performance.now();
    worker.postMessage('send');
    const complete = () => ids.every((id) => recorder.get(id)?.historyPages.length === PAGES_PER_VISITOR);
    while (!complete()) await new Promise((resolve) => setImmediate(resolve));
    const receivedMs = performance.now() - started;
    await recorder.flush();
    const ingestionMs = performance.now() - started;
    const statements = recorder.statements - statementsBefore;

    // The same rows (the records and their page links), written by one multi-row INSERT per table
    // into tables shaped like them.
    const { db } = app.database;
    await db.execute(sql`create table bench_activities (like activities including all)`);
    await db.execute(sql`create table bench_page_links (like activity_page_links including all)`);
    const states = ids.map((id) => {
      const state = recorder.get(id);
      if (!state) throw new Error('a record went missing');
      return state;
    });
    const rows = states.map((state) => {
      const summary = summariseSession(state.historyPages, state.navigator);
      return sql`(${`bench-${state.socketId}`}, ${state.entryPage}, ${state.currentPage}, ${JSON.stringify(state.historyPages)}::jsonb,
        ${JSON.stringify(state.store)}::jsonb, ${state.navigator}, ${state.createdAt.toISOString()}::timestamptz,
        ${state.updatedAt.toISOString()}::timestamptz, true, ${summary.finished}, ${summary.furthestStep}::smallint,
        ${summary.furthestNextPage}::text, ${summary.furthestLanguage}::text, ${summary.lastStep}::smallint,
        ${summary.lastNextPage}::text, ${summary.lastLanguage}::text, ${summary.browser}, ${summary.mobile})`;
    });
    const links = states.flatMap((state) =>
      summariseSession(state.historyPages, state.navigator).links.map(
        (link) =>
          sql`(${state.id}, ${state.createdAt.toISOString()}::timestamptz, ${link.page}, ${link.direction}, ${link.neighbour})`,
      ),
    );
    const insertStarted = performance.now();
    await db.execute(sql`insert into bench_activities (socket_id, entry_page, current_page, history_pages, store,
      navigator, created_at, updated_at, summarised, finished, furthest_step, furthest_next_page, furthest_language,
      last_step, last_next_page, last_language, browser, mobile) values ${sql.join(rows, sql`, `)}`);
    await db.execute(sql`insert into bench_page_links (activity_id, created_at, page, direction, neighbour)
      values ${sql.join(links, sql`, `)}`);
    const insertMs = performance.now() - insertStarted;
    await db.execute(sql`drop table bench_activities`);
    await db.execute(sql`drop table bench_page_links`);

    return {
      visitors: VISITORS,
      events: VISITORS * (1 + PAGES_PER_VISITOR),
      ingestionMs,
      receivedMs,
      insertMs,
      ratio: insertMs / ingestionMs,
      statements,
    };
  } finally {
    worker.postMessage('close');
    await new Promise((resolve) => worker.once('exit', resolve));
    await app.close();
    site.remove();
  }
}

export function printLiveIngestion(figures: IngestionFigures): void {
  console.log(`Live visitor events (${figures.visitors} socket.io clients, ${figures.events} events, embedded PGlite)`);
  console.log(
    `  events to records ms:   ${figures.ingestionMs.toFixed(0)} (events handled in ${figures.receivedMs.toFixed(0)}, then ${figures.statements} statements)`,
  );
  console.log(`  events / s:             ${((figures.events / figures.ingestionMs) * 1000).toFixed(0)}`);
  console.log(`  same rows, bare INSERTs: ${figures.insertMs.toFixed(0)} ms (one per table)`);
  console.log(`  ratio INSERT / events:  ${figures.ratio.toFixed(2)} (goal at least 0.25)`);
}

if (!isMainThread) runClients((workerData as { baseUrl: string }).baseUrl);
