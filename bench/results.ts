import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';

/**
 * The bench's one table: every figure beside a reference measured in the same
 * run, their ratio, and the goal when there is one. `npm run bench` prints it and writes it, with
 * the machine it ran on, to bench/results.json.
 */

/**
 * What a row must meet: its ratio (`{ op: '<=', ratio: 2 }`: at most twice the reference) or,
 * where the goal is absolute, its value (`{ op: '<=', value: 50 }`: at most 50 of its unit).
 */
export type BenchGoal = { op: '<=' | '>='; ratio: number } | { op: '<=' | '>='; value: number };

export interface BenchRow {
  /** The row group, such as "Claim submit (PostgreSQL, 3 processes)". */
  group: string;
  name: string;
  value: number;
  unit: string;
  reference: { name: string; value: number };
  /** value / reference.value. */
  ratio: number;
  goal?: BenchGoal;
  met?: boolean;
}

export interface BenchMachine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  os: string;
  node: string;
  commit: string;
}

export interface BenchResults {
  date: string;
  quick: boolean;
  machine: BenchMachine;
  rows: BenchRow[];
  /** Sections that could not run here, with the reason (the rest of the bench still ran). */
  failures: { group: string; error: string }[];
}

/** A row: its ratio computed, and whether it meets its goal. */
export function benchRow(
  group: string,
  name: string,
  value: number,
  unit: string,
  reference: { name: string; value: number },
  goal?: BenchGoal,
): BenchRow {
  const ratio = reference.value === 0 ? Number.POSITIVE_INFINITY : value / reference.value;
  const row: BenchRow = { group, name, value, unit, reference, ratio };
  if (goal === undefined) return row;
  const [measured, bound] = 'ratio' in goal ? [ratio, goal.ratio] : [value, goal.value];
  return { ...row, goal, met: goal.op === '<=' ? measured <= bound : measured >= bound };
}

/** The machine the figures were measured on: cores, CPU model, memory, Node and the checked-out commit. */
export function describeMachine(root: string): BenchMachine {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (dirty.trim() !== '') commit += ' (with uncommitted changes)';
  } catch {
    // Not a git checkout (an unpacked release): the commit stays unknown.
  }
  const processors = cpus();
  return {
    cores: processors.length,
    cpu: processors[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    node: process.version,
    commit,
  };
}

/** A figure with three significant digits at most, thousands separated. */
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function goalText(row: BenchRow): string {
  const { goal } = row;
  if (goal === undefined) return '';
  const op = goal.op === '<=' ? '≤' : '≥';
  return 'ratio' in goal ? `ratio ${op} ${formatNumber(goal.ratio)}` : `${op} ${formatNumber(goal.value)} ${row.unit}`;
}

function metText(row: BenchRow): string {
  if (row.met === undefined) return '';
  return row.met ? 'yes' : 'NO';
}

/** The table as printed: one header, then each group's rows under the group's name, columns aligned. */
export function formatTable(results: BenchResults): string {
  const header = ['measure', 'value', 'reference', 'ratio', 'goal', 'met'];
  const lines: string[][] = [];
  const groups = [...new Set(results.rows.map((row) => row.group))];
  const cells = (row: BenchRow) => [
    `  ${row.name}`,
    `${formatNumber(row.value)} ${row.unit}`,
    `${row.reference.name}: ${formatNumber(row.reference.value)} ${row.unit}`,
    formatNumber(row.ratio),
    goalText(row),
    metText(row),
  ];
  const groupLines = new Map<string, string[][]>();
  for (const group of groups) groupLines.set(group, results.rows.filter((row) => row.group === group).map(cells));
  for (const rows of groupLines.values()) lines.push(...rows);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const align = (line: string[]) =>
    line
      .map((cell, column) =>
        column === 0 || column === 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const { machine } = results;
  const output = [
    `Bench ${results.date}${results.quick ? ' (BENCH_QUICK: small sizes, not the figures of record)' : ''}`,
    `  ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, commit ${machine.commit}`,
    align(header),
  ];
  for (const [group, rows] of groupLines) {
    output.push(group);
    for (const row of rows) output.push(align(row));
  }
  for (const failure of results.failures) output.push(`${failure.group}: could not run: ${failure.error}`);
  const missed = results.rows.filter((row) => row.met === false);
  if (results.rows.every((row) => row.met === undefined)) return output.join('\n');
  output.push(
    `${results.rows.filter((row) => row.met === true).length} of ${results.rows.filter((row) => row.met !== undefined).length} goals met` +
      (missed.length > 0
        ? `; missed: ${missed.map((row) => `${row.group.split(' (')[0]} / ${row.name}`).join('; ')}`
        : ''),
  );
  return output.join('\n');
}

/** Writes the results as JSON (ratios that are not finite become null, as JSON has no Infinity). */
export function writeResults(path: string, results: BenchResults): void {
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
