import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { type Database, type DatabaseOrTransaction, openDatabase, queryRows } from '../server/db/client.ts';
import { startPostgresServer } from '../server/db/test-postgres-server.ts';
import { runDemoActivityCommand } from '../server/demo/demo-activity-command.ts';
import { createLogger } from '../server/logger.ts';
import type { WallClockRange } from '../server/statistics/analysis/repository.ts';
import {
  countUniqueUsers,
  getDeclarationFunnel,
  getPagesAround,
  getReportRate,
} from '../server/statistics/analysis/service.ts';

/**
 * Each statistic of the analysis page on generated activity records (`npm run demo-activity`'s
 * journeys; 1 million by default, BENCH_ACTIVITY_RECORDS to change it), as a ratio of a bare
 * `count(*)` of the records created in the same range: how much the statistic costs beyond
 * finding the rows. Median of 3 runs each, after one warm-up, on PGlite and on PostgreSQL.
 */

const RECORDS = Number(process.env['BENCH_ACTIVITY_RECORDS'] ?? 1_000_000);
const RUNS = 3;
const NOW = new Date();
/** The last 30 days, Paris time: about two thirds of the generated records. */
const RANGE: WallClockRange = (() => {
  const format = (date: Date) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  return {
    start: `${format(new Date(NOW.getTime() - 30 * 86_400_000))}:00`,
    end: `${format(NOW)}:00`,
    timeZone: 'Europe/Paris',
  };
})();

export interface StatisticFigure {
  name: string;
  ms: number;
  ratio: number;
}

export interface StatisticsFigures {
  driver: 'pglite' | 'postgres';
  records: number;
  inRange: number;
  seedSeconds: number;
  countMs: number;
  reportCountMs: number;
  statistics: StatisticFigure[];
}

async function median(task: () => Promise<unknown>): Promise<number> {
  await task();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times.toSorted((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
}

async function measureOn(driver: 'pglite' | 'postgres', database: Database): Promise<StatisticsFigures> {
  const { db } = database;
  const started = performance.now();
  const seeded = await runDemoActivityCommand(db, ['--sessions', String(RECORDS), '--seed', '1'], NOW);
  if (seeded.exitCode !== 0) throw new Error(seeded.stderr);
  const seedSeconds = (performance.now() - started) / 1000;
  // As autovacuum leaves a live database: statistics and visibility maps up to date.
  await db.execute(sql`vacuum analyze`);

  const within = (table: string) => sql`select count(*) as n from ${sql.raw(table)}
    where created_at >= (${RANGE.start}::timestamp at time zone ${RANGE.timeZone})
      and created_at < ((${RANGE.end}::timestamp + interval '1 minute') at time zone ${RANGE.timeZone})`;
  const count = (handle: DatabaseOrTransaction, table: string) =>
    queryRows<{ n: string | number }>(handle, within(table));
  const inRange = Number((await count(db, 'activities'))[0]?.n ?? 0);
  const countMs = await median(() => count(db, 'activities'));
  const reportCountMs = await median(() => count(db, 'visitor_reports'));

  const statistics: StatisticFigure[] = [];
  const add = async (name: string, baseline: number, task: () => Promise<unknown>) => {
    const ms = await median(task);
    statistics.push({ name, ms, ratio: ms / baseline });
  };
  await add('stats_01 unique users', countMs, () => countUniqueUsers(db, RANGE));
  await add('stats_04 declaration funnel', countMs, () => getDeclarationFunnel(db, RANGE));
  await add('stats_05 pages around /declare-step2', countMs, () => getPagesAround(db, RANGE, '/declare-step2'));
  await add('analyse01 find-my-number rate', reportCountMs, () => getReportRate(db, RANGE, 'find_number'));
  await add('analyse02 follow-up rate', reportCountMs, () => getReportRate(db, RANGE, 'follow_up'));
  return { driver, records: RECORDS, inRange, seedSeconds, countMs, reportCountMs, statistics };
}

export async function measureAnalysisStatistics(): Promise<StatisticsFigures[]> {
  const logger = createLogger('warn', process.stderr);
  const figures: StatisticsFigures[] = [];

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-stats-'));
  const embedded = await openDatabase(loadConfig({ DATA_DIR: dataDir }), logger);
  try {
    figures.push(await measureOn('pglite', embedded));
  } finally {
    await embedded.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const server = await startPostgresServer();
  const serverDataDir = mkdtempSync(join(tmpdir(), 'portal-bench-stats-pg-'));
  try {
    const database = await openDatabase(loadConfig({ DATA_DIR: serverDataDir, DATABASE_URL: server.url }), logger);
    try {
      figures.push(await measureOn('postgres', database));
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
    rmSync(serverDataDir, { recursive: true, force: true });
  }
  return figures;
}

export function printAnalysisStatistics(all: StatisticsFigures[]): void {
  for (const figures of all) {
    console.log(
      `Analysis statistics on ${figures.records.toLocaleString('en')} activity records, ${figures.driver} (${figures.inRange.toLocaleString('en')} in the last 30 days; generated in ${figures.seedSeconds.toFixed(0)} s)`,
    );
    console.log(
      `  count(*) of the range:  ${figures.countMs.toFixed(1)} ms (reports: ${figures.reportCountMs.toFixed(1)} ms)`,
    );
    for (const statistic of figures.statistics)
      console.log(
        `  ${statistic.name.padEnd(40)} ${statistic.ms.toFixed(1).padStart(8)} ms  ${statistic.ratio.toFixed(1).padStart(6)} × count(*) (goal at most 2)`,
      );
  }
}
