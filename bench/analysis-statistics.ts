import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { type Database, type DatabaseOrTransaction, openDatabase, queryRows } from '../server/db/client.ts';
import { startPostgresServer } from '../server/db/test-postgres-server.ts';
import { runDemoActivityCommand } from '../server/demo/demo-activity-command.ts';
import { createLogger } from '../server/logger.ts';
import type { WallClockRange } from '../server/staff-api/analysis/repository.ts';
import {
  countUniqueUsers,
  getDeclarationFunnel,
  getPagesAround,
  getReportRate,
} from '../server/staff-api/analysis/service.ts';
import { type BenchRow, benchRow } from './results.ts';

/**
 * Each statistic of the analysis page (stats_01, 04, 05, analyse01 and 02) on PostgreSQL at 1 and
 * 10 million activity records, as a ratio of a bare `count(*)` of the records created in the same
 * range (goal at most 2): how much the statistic costs beyond finding the rows. Median of 3 runs
 * each, after one warm-up.
 *
 * The records: `npm run demo-activity`'s journeys (summaries and page links written as the
 * recorder writes them) for a base of sessions, then copied in SQL with generate_series, each copy
 * its own socket ids and record ids, a few minutes earlier; the statement triggers of migrations
 * 0009 and 0010 keep the running totals of every copy as they do for live rows.
 * BENCH_ACTIVITY_RECORDS=1000000,10000000 (the default) sets the sizes.
 */

const RUNS = 3;
/** Copies inserted by one statement: a bounded transaction. */
const COPIES_PER_STATEMENT = 10;
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

interface StatisticFigure {
  name: string;
  ms: number;
  /** The bare count it is compared with. */
  countMs: number;
  countName: string;
}

export interface StatisticsFigures {
  records: number;
  inRange: number;
  /** Seconds to generate the records added for this size (from the previous size). */
  seedSeconds: number;
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

/** The columns of `table` other than those a copy changes. */
async function otherColumns(db: DatabaseOrTransaction, table: string, changed: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns where table_name = ${table} order by ordinal_position`,
  );
  return rows.map((row) => row.column_name).filter((name) => !changed.includes(name));
}

/**
 * Copies the base rows (ids below each table's stride) `from`..`to` times: copy k has ids
 * shifted by k strides, socket ids suffixed `~k`, and times k mod 60 minutes earlier.
 */
async function insertCopies(
  db: DatabaseOrTransaction,
  strides: { activities: number; reports: number },
  from: number,
  to: number,
): Promise<void> {
  const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');
  const activityColumns = await otherColumns(db, 'activities', ['id', 'socket_id', 'created_at', 'updated_at']);
  const linkColumns = await otherColumns(db, 'activity_page_links', ['activity_id', 'created_at']);
  const reportColumns = await otherColumns(db, 'visitor_reports', ['id', 'socket_id', 'created_at']);
  const shift = `(k % 60) * interval '1 minute'`;
  await db.execute(
    sql.raw(`insert into activities (id, socket_id, created_at, updated_at, ${quoted(activityColumns)})
      select a.id + k * ${strides.activities}, a.socket_id || '~' || k, a.created_at - ${shift}, a.updated_at - ${shift},
        ${activityColumns.map((name) => `a."${name}"`).join(', ')}
      from activities a cross join generate_series(${from}, ${to}) as k where a.id < ${strides.activities}`),
  );
  await db.execute(
    sql.raw(`insert into activity_page_links (activity_id, created_at, ${quoted(linkColumns)})
      select l.activity_id + k * ${strides.activities}, l.created_at - ${shift}, ${linkColumns.map((name) => `l."${name}"`).join(', ')}
      from activity_page_links l cross join generate_series(${from}, ${to}) as k where l.activity_id < ${strides.activities}`),
  );
  await db.execute(
    sql.raw(`insert into visitor_reports (id, socket_id, created_at, ${quoted(reportColumns)})
      select r.id + k * ${strides.reports}, case when r.socket_id = '' then '' else r.socket_id || '~' || k end,
        r.created_at - ${shift}, ${reportColumns.map((name) => `r."${name}"`).join(', ')}
      from visitor_reports r cross join generate_series(${from}, ${to}) as k where r.id < ${strides.reports}`),
  );
}

async function measureAt(db: DatabaseOrTransaction, records: number, seedSeconds: number): Promise<StatisticsFigures> {
  // As autovacuum leaves a live database: statistics and visibility maps up to date.
  await db.execute(sql`vacuum analyze`);
  const within = (table: string) => sql`select count(*) as n from ${sql.raw(table)}
    where created_at >= (${RANGE.start}::timestamp at time zone ${RANGE.timeZone})
      and created_at < ((${RANGE.end}::timestamp + interval '1 minute') at time zone ${RANGE.timeZone})`;
  const count = (table: string) => queryRows<{ n: string | number }>(db, within(table));
  const inRange = Number((await count('activities'))[0]?.n ?? 0);
  const countMs = await median(() => count('activities'));
  const reportCountMs = await median(() => count('visitor_reports'));

  const statistics: StatisticFigure[] = [];
  const add = async (name: string, reports: boolean, task: () => Promise<unknown>) => {
    statistics.push({
      name,
      ms: await median(task),
      countMs: reports ? reportCountMs : countMs,
      countName: reports ? 'count(*) of the reports' : 'count(*) of the records',
    });
  };
  await add('stats_01 unique users', false, () => countUniqueUsers(db, RANGE));
  await add('stats_04 declaration funnel', false, () => getDeclarationFunnel(db, RANGE));
  await add('stats_05 pages around /declare-step2', false, () => getPagesAround(db, RANGE, '/declare-step2'));
  await add('analyse01 find-my-number rate', true, () => getReportRate(db, RANGE, 'find_number'));
  await add('analyse02 follow-up rate', true, () => getReportRate(db, RANGE, 'follow_up'));
  return { records, inRange, seedSeconds, statistics };
}

async function measureOn(database: Database, sizes: readonly number[], base: number): Promise<StatisticsFigures[]> {
  const { db } = database;
  const started = performance.now();
  const seeded = await runDemoActivityCommand(db, ['--sessions', String(base), '--seed', '1'], NOW);
  if (seeded.exitCode !== 0) throw new Error(seeded.stderr);
  const maxId = async (table: string) =>
    Number(
      (await queryRows<{ n: string | number | null }>(db, sql`select max(id) as n from ${sql.raw(table)}`))[0]?.n ?? 0,
    );
  const strides = { activities: (await maxId('activities')) + 1, reports: (await maxId('visitor_reports')) + 1 };
  let sinceSeconds = (performance.now() - started) / 1000;
  let copies = 1;
  const figures: StatisticsFigures[] = [];
  for (const size of sizes) {
    const generated = performance.now();
    const wanted = Math.ceil(size / base);
    for (let from = copies; from < wanted; from += COPIES_PER_STATEMENT)
      await insertCopies(db, strides, from, Math.min(wanted, from + COPIES_PER_STATEMENT) - 1);
    copies = Math.max(copies, wanted);
    sinceSeconds += (performance.now() - generated) / 1000;
    figures.push(await measureAt(db, copies * base, sinceSeconds));
    sinceSeconds = 0;
  }
  return figures;
}

/** Sizes from BENCH_ACTIVITY_RECORDS (comma-separated), else 1 and 10 million (quick: 10 and 20 thousand). */
function sizesOf(quick: boolean): number[] {
  const configured = process.env['BENCH_ACTIVITY_RECORDS'];
  if (configured !== undefined && configured.trim() !== '')
    return configured.split(',').map((size) => Number(size.trim().replaceAll('_', '')));
  return quick ? [10_000, 20_000] : [1_000_000, 10_000_000];
}

export async function measureAnalysisStatistics({ quick }: { quick: boolean }): Promise<StatisticsFigures[]> {
  const sizes = sizesOf(quick).toSorted((a, b) => a - b);
  if (sizes.some((size) => !Number.isSafeInteger(size) || size < 1))
    throw new Error(
      'BENCH_ACTIVITY_RECORDS takes whole numbers of records, comma-separated (example: 1000000,10000000).',
    );
  // The journeys generated in JavaScript: a base the copies repeat, a divisor of every size.
  const base = Math.min(quick ? 5_000 : 50_000, sizes[0] ?? 1);
  const logger = createLogger('warn', process.stderr);
  const server = await startPostgresServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-stats-pg-'));
  try {
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: server.url }), logger);
    try {
      return await measureOn(database, sizes, base);
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function analysisStatisticsRows(all: StatisticsFigures[]): BenchRow[] {
  return all.flatMap((figures) => {
    const group = `Analysis statistics, PostgreSQL, ${figures.records.toLocaleString('en')} activity records (${figures.inRange.toLocaleString('en')} in the last 30 days; generated in ${figures.seedSeconds.toFixed(0)} s)`;
    return figures.statistics.map((statistic) =>
      benchRow(
        group,
        statistic.name,
        statistic.ms,
        'ms',
        { name: statistic.countName, value: statistic.countMs },
        { op: '<=', ratio: 2 },
      ),
    );
  });
}
