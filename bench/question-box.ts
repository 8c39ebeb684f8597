import { utcDayOf } from '../contracts/dates.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createLogger } from '../server/logger.ts';
import { createConnectionReader } from '../server/staff-api/question-box/readers.ts';
import { startListening } from './processes.ts';
import { type BenchRow, benchRow } from './results.ts';

/**
 * The question box on the embedded default (PGlite) with the demo data at full volume, as
 * `npm start` runs it (server/index.ts in its own process): the first answer, asked the moment the
 * server listens and staff have signed in, then later answers, then answers while the snapshot
 * is renewed in the background (a question on a snapshot older than a minute starts it). Each
 * through HTTP, as the analysis page asks. Reference: the same question's SQL, checked and run
 * directly on the same database in the bench's process once the server has stopped (the
 * connection reader: the read-only transaction, the reader role and the bounds, but no snapshot
 * and no isolation), its first run for the first answer, the median of 3 for the others.
 * Goals: the first answer within 2 s, later ones within 1 s.
 */

export interface QuestionBoxFigures {
  /** From the server listening to the first answer (sign-in included). */
  firstSinceListenMs: number;
  firstMs: number;
  laterMs: number[];
  /** Answers while a new snapshot was being taken and opened. */
  duringRefreshMs: number[];
  /** Whether the answers after the refresh read a newer snapshot. */
  refreshed: boolean;
  directFirstMs: number;
  directMs: number;
}

/** Questions as staff type them; the first one is the first answer's. */
const QUESTIONS = [
  'Combien de visiteurs uniques par marque les 30 derniers jours ?',
  'How many sessions per device in the last 30 days?',
  'Combien de déclarations terminées par jour les 30 derniers jours ?',
  'Combien de visiteurs ont abandonné à l’étape 3 les 30 derniers jours ?',
  'How many visitors per browser in the last 30 days?',
  'select page, count(*) as n from visits group by page order by n desc',
];

/** A question asked after the refresh started, again and again while it runs. */
const REFRESH_WATCH_MS = 15_000;

interface Answer {
  ms: number;
  query: string;
  dataAsOf: string | undefined;
}

function range(): { start_date: string; end_date: string } {
  return {
    start_date: `${utcDayOf(Date.now() - 30 * 86_400_000)} 00:00:00`,
    end_date: `${utcDayOf(new Date())} 23:59:00`,
  };
}

/** server/index.ts as `npm start` runs it (PGlite, demo data at full volume), with a first staff account. */
function startServer(dataDir: string, staticDir: string, password: string) {
  if (process.env['DATABASE_URL'] !== undefined)
    throw new Error('this section measures the embedded default: unset DATABASE_URL');
  return startListening(join('server', 'index.ts'), {
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    DEMO_DATA: 'on',
    BO_ADMIN_LOGIN: 'bench',
    BO_ADMIN_PASSWORD: password,
  });
}

async function signIn(baseUrl: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ pseudo: 'bench', password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function ask(baseUrl: string, cookie: string, question: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/activities/between_dates`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ ...range(), question }),
  });
  const body = (await response.json()) as { message?: string; datas?: { query?: string; dataAsOf?: string } };
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`the question box answered ${response.status} to "${question}": ${body.message ?? ''}`);
  return { ms, query: body.datas?.query ?? '', dataAsOf: body.datas?.dataAsOf };
}

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The questions' SQL run directly on the database the server left: first run, then the median of 3 of each. */
async function measureDirect(dataDir: string, queries: readonly string[]) {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), createLogger('warn', process.stderr));
  try {
    const reader = createConnectionReader(database.db, undefined);
    const time = async (query: string) => {
      const started = performance.now();
      const { outcome } = await reader.read(query);
      if (outcome.kind !== 'rows') throw new Error(`the direct read answered ${outcome.kind}`);
      return performance.now() - started;
    };
    const directFirstMs = await time(queries[0] ?? 'select 1');
    const each: number[] = [];
    for (const query of queries) each.push(median([await time(query), await time(query), await time(query)]));
    return { directFirstMs, directMs: median(each) };
  } finally {
    await database.close();
  }
}

export async function measureQuestionBox(): Promise<QuestionBoxFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-questions-'));
  const staticDir = mkdtempSync(join(tmpdir(), 'portal-bench-questions-static-'));
  const password = randomBytes(18).toString('base64url');
  try {
    const server = await startServer(dataDir, staticDir, password);
    const listening = performance.now();
    const asked: Answer[] = [];
    let figures: Omit<QuestionBoxFigures, 'directFirstMs' | 'directMs'>;
    try {
      const cookie = await signIn(server.baseUrl, password);
      const first = await ask(server.baseUrl, cookie, QUESTIONS[0] ?? '');
      const firstSinceListenMs = performance.now() - listening;
      asked.push(first);
      for (const question of [...QUESTIONS.slice(1), ...QUESTIONS])
        asked.push(await ask(server.baseUrl, cookie, question));
      const laterMs = asked.slice(1).map((answer) => answer.ms);
      // Past a minute, the next question starts a new snapshot; questions go on meanwhile.
      const takenAt = Date.parse(first.dataAsOf ?? new Date().toISOString());
      await sleep(Math.max(0, takenAt + 61_000 - Date.now()));
      const duringRefresh: Answer[] = [];
      const watchEnd = performance.now() + REFRESH_WATCH_MS;
      for (let index = 0; performance.now() < watchEnd; index += 1)
        duringRefresh.push(await ask(server.baseUrl, cookie, QUESTIONS[index % QUESTIONS.length] ?? ''));
      const refreshed = duringRefresh.some((answer) => answer.dataAsOf !== first.dataAsOf);
      figures = {
        firstSinceListenMs,
        firstMs: first.ms,
        laterMs,
        duringRefreshMs: duringRefresh.map((answer) => answer.ms),
        refreshed,
      };
    } finally {
      await server.stop();
    }
    const direct = await measureDirect(
      dataDir,
      QUESTIONS.map((_, index) => asked[index]?.query ?? 'select 1'),
    );
    return { ...figures, ...direct };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  }
}

export function questionBoxRows(figures: QuestionBoxFigures): BenchRow[] {
  const group = 'Question box on PGlite, demo data at full volume (npm start)';
  const direct = { name: 'its SQL run directly, first run', value: figures.directFirstMs };
  const directLater = { name: 'the SQL run directly, median', value: figures.directMs };
  return [
    benchRow(group, 'first answer, asked as the server listens', figures.firstMs, 'ms', direct, {
      op: '<=',
      value: 2_000,
    }),
    benchRow(
      group,
      'first answer, from the server listening (sign-in included)',
      figures.firstSinceListenMs,
      'ms',
      direct,
    ),
    benchRow(group, `later answers, median of ${figures.laterMs.length}`, median(figures.laterMs), 'ms', directLater, {
      op: '<=',
      value: 1_000,
    }),
    benchRow(
      group,
      `later answers, worst of ${figures.laterMs.length}`,
      Math.max(...figures.laterMs),
      'ms',
      directLater,
      {
        op: '<=',
        value: 1_000,
      },
    ),
    benchRow(
      group,
      `answers while the snapshot is renewed, worst of ${figures.duringRefreshMs.length}${figures.refreshed ? '' : ' (NOT renewed within the watch)'}`,
      Math.max(...figures.duringRefreshMs),
      'ms',
      directLater,
      { op: '<=', value: 1_000 },
    ),
  ];
}
