import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../contracts/socket-events.ts';
import { startPostgresServer } from '../server/db/test-postgres-server.ts';
import { createFakeSite } from '../server/test-support.ts';
import { type ListeningProcess, startListening, stopAll } from './processes.ts';
import { type BenchRow, benchRow } from './results.ts';

/**
 * Visitor events into activity records across 3 `node server/index.ts` processes on one
 * PostgreSQL: socket.io visitors (in a worker thread, so they do not share a server's event loop),
 * spread round-robin over the processes, each sending newconnection, its pages (addHistoryPages)
 * and its store (updateStore). Timed from the first event until every record holds its whole path
 * and its last store in the database; against the same rows (records and page links) written by
 * one multi-row INSERT per table into tables shaped like them. The connections are made before
 * the clock starts: they are socket.io's cost, not the ingestion's.
 */

const PROCESSES = 3;
/** Each visitor: newconnection, then this many pages (addHistoryPages), then updateStore. */
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
/** The store each visitor sends last: the record is complete once it holds it. */
const LAST_STEP = 4;

export interface IngestionFigures {
  processes: number;
  visitors: number;
  events: number;
  /** First event to every record written. */
  ingestionMs: number;
  /** The same rows (records and page links), one multi-row INSERT per table. */
  insertMs: number;
  rows: number;
}

type ClientMessage = { kind: 'connected' } | { kind: 'sent' } | { kind: 'failed'; error: string };

function runClients({ urls, visitors }: { urls: string[]; visitors: number }): void {
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  void (async () => {
    for (let index = 0; index < visitors; index += 1) {
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(urls[index % urls.length] ?? '', {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { 'User-Agent': NAVIGATOR },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    parentPort?.postMessage({ kind: 'connected' } satisfies ClientMessage);
  })().catch((error: unknown) =>
    parentPort?.postMessage({ kind: 'failed', error: String(error) } satisfies ClientMessage),
  );
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
      socket.emit('updateStore', { store: { ...STORE, step: LAST_STEP, infosStatus: 'done' } });
    }
    parentPort?.postMessage({ kind: 'sent' } satisfies ClientMessage);
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'live-visitors')
  runClients(workerData as { urls: string[]; visitors: number });

/** Column names and whether each is jsonb (sent as JSON text: pg would send an array as a PostgreSQL array). */
async function columnsOf(client: pg.Client, table: string): Promise<{ name: string; json: boolean }[]> {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns where table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((row) => ({ name: row.column_name, json: row.data_type === 'jsonb' }));
}

/** Copies the rows of `table` into a table like it with one multi-row INSERT; answers its milliseconds. */
async function timeMultiRowInsert(client: pg.Client, table: string): Promise<{ ms: number; rows: number }> {
  const columns = await columnsOf(client, table);
  const { rows } = await client.query<Record<string, unknown>>(`select * from ${table}`);
  if (rows.length === 0) return { ms: 0, rows: 0 };
  await client.query(`create table bench_${table} (like ${table} including all)`);
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = columns.map((column) => {
      const value = row[column.name];
      values.push(column.json && value !== null ? JSON.stringify(value) : value);
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const statement = `insert into bench_${table} (${columns.map((column) => `"${column.name}"`).join(', ')}) values ${tuples.join(', ')}`;
  const started = performance.now();
  await client.query(statement, values);
  const ms = performance.now() - started;
  await client.query(`drop table bench_${table}`);
  return { ms, rows: rows.length };
}

export async function measureLiveIngestion({ quick }: { quick: boolean }): Promise<IngestionFigures> {
  const visitors = quick ? 60 : 1_000;
  const site = createFakeSite();
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-bench-live-'));
  const server = await startPostgresServer();
  const portals: ListeningProcess[] = [];
  const client = new pg.Client({ connectionString: server.url });
  try {
    const start = (index: number) =>
      startListening('server/index.ts', {
        DATABASE_URL: server.url,
        DATA_DIR: join(root, `portal-${index}`),
        STATIC_DIR: site.staticDir,
      });
    portals.push(await start(0));
    portals.push(...(await Promise.all([1, 2].slice(0, PROCESSES - 1).map(start))));
    await client.connect();

    const worker = new Worker(new URL(import.meta.url), {
      workerData: { role: 'live-visitors', urls: portals.map((portal) => portal.baseUrl), visitors },
    });
    try {
      const next = (kind: ClientMessage['kind']) =>
        new Promise<void>((resolve, reject) => {
          const listen = (message: ClientMessage) => {
            if (message.kind === 'failed') reject(new Error(`a visitor could not connect: ${message.error}`));
            else if (message.kind === kind) resolve();
            else return;
            worker.off('message', listen);
          };
          worker.on('message', listen);
        });
      await next('connected');
      const complete = async () => {
        const { rows } = await client.query<{ n: string }>(
          `select count(*) as n from activities
           where jsonb_array_length(history_pages) = $1 and (store ->> 'step')::int = $2`,
          [PAGES_PER_VISITOR, LAST_STEP],
        );
        return Number(rows[0]?.n ?? 0) >= visitors;
      };

      const started = performance.now();
      const sent = next('sent');
      worker.postMessage('send');
      await sent;
      const deadline = started + 120_000;
      while (!(await complete())) {
        if (performance.now() > deadline) throw new Error('the records were not all written within 120 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const ingestionMs = performance.now() - started;

      const records = await timeMultiRowInsert(client, 'activities');
      const links = await timeMultiRowInsert(client, 'activity_page_links');
      return {
        processes: PROCESSES,
        visitors,
        events: visitors * (PAGES_PER_VISITOR + 2),
        ingestionMs,
        insertMs: records.ms + links.ms,
        rows: records.rows + links.rows,
      };
    } finally {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
  } finally {
    await client.end().catch(() => undefined);
    await stopAll(portals);
    await server.stop();
    rmSync(root, { recursive: true, force: true });
    site.remove();
  }
}

export function liveIngestionRows(figures: IngestionFigures): BenchRow[] {
  const group = `Live events to records, PostgreSQL, ${figures.processes} processes (reference: one multi-row INSERT per table of the same ${figures.rows.toLocaleString('en')} rows)`;
  return [
    benchRow(
      group,
      `${figures.events.toLocaleString('en')} events of ${figures.visitors.toLocaleString('en')} visitors until written (${Math.round((figures.events / figures.ingestionMs) * 1000).toLocaleString('en')} events/s)`,
      figures.ingestionMs,
      'ms',
      { name: 'INSERT', value: figures.insertMs },
    ),
  ];
}
