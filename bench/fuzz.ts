import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FuzzCounts } from '../server/fuzz/harness.ts';

/**
 * `npm run fuzz` (and a section of `npm run bench`): runs the generated hostile input suite
 * (server/fuzz/) on PGlite and PostgreSQL and prints, per endpoint and event,
 * the cases run and the crashes, server errors and writes, which must all be 0. The suite reads
 * FUZZ_RUNS, FUZZ_SEED, FUZZ_PATH and FUZZ_ONLY (see server/fuzz/harness.ts); a failure prints
 * the command that replays it.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface FuzzRun {
  rows: FuzzCounts[];
  /** Whether every test of the suite passed. */
  passed: boolean;
  seconds: number;
}

/** Cases per endpoint and event of `npm run fuzz` (and of the bench), unless FUZZ_RUNS says otherwise. */
const FUZZ_BENCH_RUNS = 2000;

/** Runs the suite in vitest (it needs the test databases of the unit project) and reads its counts. */
export function runFuzzSuite(): FuzzRun {
  const folder = mkdtempSync(join(tmpdir(), 'claim-portal-fuzz-report-'));
  const reportFile = join(folder, 'counts.jsonl');
  const started = performance.now();
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'unit', '--passWithNoTests', 'server/fuzz/'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { FUZZ_RUNS: String(FUZZ_BENCH_RUNS), ...process.env, FUZZ_REPORT: reportFile },
  });
  const seconds = (performance.now() - started) / 1000;
  let rows: FuzzCounts[] = [];
  try {
    rows = readFileSync(reportFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FuzzCounts);
  } catch {
    rows = [];
  }
  rmSync(folder, { recursive: true, force: true });
  return { rows, passed: result.status === 0, seconds };
}

/** Prints the table: one line per endpoint or event and database. */
export function printFuzzRun(run: FuzzRun): void {
  console.log('Generated hostile input (server/fuzz: cases per endpoint and event, on PGlite and PostgreSQL)');
  console.log(
    `  ${'endpoint or event'.padEnd(66)} ${'database'.padEnd(8)} ${'cases'.padStart(6)} ${'invalid'.padStart(7)} ${'crashes'.padStart(7)} ${'5xx'.padStart(4)} ${'writes'.padStart(6)} ${'other'.padStart(5)} ${'s'.padStart(5)}`,
  );
  for (const row of run.rows) {
    console.log(
      `  ${row.name.slice(0, 66).padEnd(66)} ${row.database.padEnd(8)} ${String(row.cases).padStart(6)} ${String(row.invalid).padStart(7)} ${String(row.crashes).padStart(7)} ${String(row.serverErrors).padStart(4)} ${String(row.writes).padStart(6)} ${String(row.otherFailures).padStart(5)} ${row.seconds.toFixed(0).padStart(5)}`,
    );
  }
  const total = (key: 'cases' | 'crashes' | 'serverErrors' | 'writes' | 'otherFailures') =>
    run.rows.reduce((sum, row) => sum + row[key], 0);
  console.log(
    `  total: ${total('cases')} cases, ${total('crashes')} crashes, ${total('serverErrors')} server errors, ${total('writes')} writes, ${total('otherFailures')} other failures; ${run.seconds.toFixed(0)} s; ${run.passed ? 'passed' : 'FAILED'}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const run = runFuzzSuite();
  printFuzzRun(run);
  process.exitCode = run.passed ? 0 : 1;
}
