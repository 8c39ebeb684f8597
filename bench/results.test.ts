import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BenchResults, benchRow, formatTable, writeResults } from './results.ts';

const MACHINE = {
  cores: 2,
  cpu: 'Sample CPU @ 2.0GHz',
  memoryGiB: 23,
  os: 'linux 6.1.0',
  node: 'v24.21.0',
  commit: '7e0d7c8',
};

function sampleResults(): BenchResults {
  return {
    date: '2026-11-25T23:59:00.000Z',
    quick: false,
    machine: MACHINE,
    rows: [
      benchRow('Claim submit (PostgreSQL, 3 processes)', 'throughput at saturation', 420, 'req/s', {
        name: 'bare Express INSERT',
        value: 2100,
      }),
      benchRow(
        'Claim submit (PostgreSQL, 3 processes)',
        'p99 at 80 % of saturation',
        64,
        'ms',
        { name: 'bare Express INSERT', value: 12 },
        { op: '<=', value: 50 },
      ),
      benchRow(
        'Analysis statistics (PostgreSQL, 1,000,000 records)',
        'stats_01 unique users',
        3.1,
        'ms',
        { name: 'count(*)', value: 2 },
        { op: '<=', ratio: 2 },
      ),
    ],
    failures: [{ group: 'Upload to S3', error: 's3rver did not start' }],
  };
}

describe('bench results', () => {
  it('When rows are made, then each carries its ratio and whether it meets its goal', () => {
    const [throughput, p99, statistic] = sampleResults().rows;
    expect(throughput?.ratio).toBe(0.2);
    expect(throughput?.met).toBeUndefined();
    expect(p99?.met).toBe(false);
    expect(statistic?.ratio).toBeCloseTo(1.55);
    expect(statistic?.met).toBe(true);
  });

  it('When the table is printed, then every row sits under its group with aligned columns, and misses are named', () => {
    const lines = formatTable(sampleResults()).split('\n');
    expect(lines[1]).toBe('  2 cores (Sample CPU @ 2.0GHz), 23 GiB, linux 6.1.0, Node v24.21.0, commit 7e0d7c8');
    const header = lines[2] ?? '';
    expect(header.split(/\s{2,}/)).toEqual(['measure', 'value', 'reference', 'ratio', 'goal', 'met']);
    expect(lines[3]).toBe('Claim submit (PostgreSQL, 3 processes)');
    const rowLines = lines.filter((line) => line.startsWith('  ') && line !== lines[1]);
    expect(rowLines).toHaveLength(3);
    // Columns aligned: every row's ratio ends where the header's does.
    const ratioEnd = header.indexOf('ratio') + 'ratio'.length;
    for (const line of rowLines) expect(line.slice(0, ratioEnd + 1)).toMatch(/\d( |$)/);
    expect(rowLines[1]).toMatch(
      /p99 at 80 % of saturation\s+64\.0 ms\s+bare Express INSERT: 12\.0 ms\s+5\.33\s+≤ 50\.0 ms\s+NO$/,
    );
    expect(rowLines[2]).toMatch(
      /stats_01 unique users\s+3\.10 ms\s+count\(\*\): 2\.00 ms\s+1\.55\s+ratio ≤ 2\.00\s+yes$/,
    );
    expect(lines).toContain('Upload to S3: could not run: s3rver did not start');
    expect(lines.at(-1)).toBe('1 of 2 goals met; missed: Claim submit / p99 at 80 % of saturation');
  });

  it('When the results are written, then the JSON holds the date, the machine and every row', () => {
    const folder = mkdtempSync(join(tmpdir(), 'bench-results-'));
    try {
      const path = join(folder, 'results.json');
      writeResults(path, sampleResults());
      const written = JSON.parse(readFileSync(path, 'utf8')) as BenchResults;
      expect(written.date).toBe('2026-11-25T23:59:00.000Z');
      expect(written.machine.cores).toBe(2);
      expect(written.rows.map((row) => [row.name, row.ratio, row.met ?? null])).toEqual([
        ['throughput at saturation', 0.2, null],
        ['p99 at 80 % of saturation', 64 / 12, false],
        ['stats_01 unique users', 1.55, true],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
