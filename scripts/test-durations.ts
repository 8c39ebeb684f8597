/**
 * Writes `tests/durations.json`, the seconds each test file took, from a Vitest JSON report of a
 * whole run, for the longest-first order of `tests/sequencer.ts`:
 *
 *   npx vitest run --reporter=default --reporter=json --outputFile.json=report.json
 *   node scripts/test-durations.ts report.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const reportPath = process.argv[2];
if (!reportPath) {
  console.error('Usage: node scripts/test-durations.ts <vitest JSON report>');
  process.exit(1);
}
const report = JSON.parse(readFileSync(resolve(reportPath), 'utf8')) as Report;
const entries = report.testResults
  .map(
    (file) =>
      [
        relative(ROOT, file.name).split('\\').join('/'),
        Math.max(1, Math.round((file.endTime - file.startTime) / 1000)),
      ] as const,
  )
  .sort(([a, secondsA], [b, secondsB]) => secondsB - secondsA || a.localeCompare(b));
writeFileSync(
  new URL('../tests/durations.json', import.meta.url),
  `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`,
);
console.log(`tests/durations.json: ${entries.length} files.`);
