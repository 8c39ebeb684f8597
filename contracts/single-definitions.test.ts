import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What is defined once stays defined once: the claim number's shape (`contracts/claim-number.ts`),
 * the HTML escaper (`contracts/html.ts`), the date helpers (`contracts/dates.ts`, and the back
 * office's display formats in `backoffice/lib/dates.ts`) and the back office's number formats
 * (`backoffice/lib/format.ts`). A second copy drifts from the first, so the source files (tests
 * apart) are searched for the marks a copy leaves; a file that needs one for another reason is
 * named here with that reason.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['islands', 'backoffice', 'site', 'server', 'contracts', 'brands', 'scripts', 'bench', 'tests'];
const SOURCE = /\.(ts|tsx|astro|mjs|cjs|js)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** Every source file, tests apart, with its path from the repository root (forward slashes). */
const sources = FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((path) => `${folder}/${path.replaceAll('\\', '/')}`)
    .filter((path) => SOURCE.test(path) && !TEST.test(path))
    .map((path) => ({ path, code: readFileSync(join(ROOT, path), 'utf8') })),
);

/** The `path:line: text` of every line matching `pattern`, outside the files allowed to. */
function linesMatching(pattern: RegExp, allowed: readonly string[]): string[] {
  return sources
    .filter(({ path }) => !allowed.includes(path))
    .flatMap(({ path, code }) =>
      code
        .split('\n')
        .map((line, index) => ({ line, number: index + 1 }))
        .filter(({ line }) => pattern.test(line))
        .map(({ line, number }) => `${path}:${number}: ${line.trim()}`),
    );
}

const DATE_MODULES = ['contracts/dates.ts', 'backoffice/lib/dates.ts'];

describe('one definition of each shared helper', () => {
  it('When the source is searched, then there is one place of each kind to search', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('When code needs the claim number’s shape, then it imports contracts/claim-number.ts', () => {
    // A regex of it (SI-\d), the bare prefix as a string, or a number built by hand (`SI-${…}`).
    const copies = linesMatching(/SI-\\d|'SI-'|`SI-\$\{/, [
      'contracts/claim-number.ts',
      // The claims table's SQL default, part of the database schema.
      'server/db/schema.ts',
    ]);
    expect(copies).toEqual([]);
  });

  it('When text goes into HTML, then it is escaped by contracts/html.ts', () => {
    const copies = linesMatching(/(['"`])&(amp|lt|gt|quot|#39);\1|\b(function|const|let)\s+escapeHtml\b/, [
      'contracts/html.ts',
    ]);
    expect(copies).toEqual([]);
  });

  it('When the back office writes a number, then it goes through backoffice/lib/format.ts', () => {
    expect(sources.map(({ path }) => path).filter((path) => basename(path) === 'format.ts')).toEqual([
      'backoffice/lib/format.ts',
    ]);
    const copies = linesMatching(/Intl\.NumberFormat\('fr-FR'|toLocaleString\('fr-FR'/, ['backoffice/lib/format.ts']);
    expect(copies.filter((line) => line.startsWith('backoffice/'))).toEqual([]);
  });

  it('When code works out a day, then it uses the date modules', () => {
    const copies = linesMatching(
      new RegExp(
        [
          'getTimezoneOffset',
          'toLocaleDateString\\(',
          'toISOString\\(\\)\\.slice\\(0, ?(10|16|19)\\)',
          "padStart\\(2, '0'\\)",
          '\\b(function|const)\\s+(addDays|daysBefore|isoOfDay|dayOfIso|dayOfIsoDate|dayDate|todayIso|localDate|utcDay|pad|twoDigits)\\b',
          "Intl\\.DateTimeFormat\\('fr-FR'.*(INSURER_TIME_ZONE|2-digit)",
        ].join('|'),
      ),
      [
        ...DATE_MODULES,
        // Percent-encodes the bytes of a file name: two hexadecimal digits, no date.
        'server/files/download.ts',
      ],
    );
    expect(copies).toEqual([]);
  });
});
