import { t } from './texts.ts';

/**
 * Numbers as the back office shows them: French whatever the browser's language ("12 345",
 * "33,3 %"), for every page, table and chart axis. Dates are in `dates.ts`.
 */

const COUNT = new Intl.NumberFormat('fr-FR');
const PERCENT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** Example: 12345 → "12 345". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** The share of `part` in `whole`, 0 when `whole` is 0. Example: (1, 3) → 33.33… */
export function shareOf(part: number, whole: number): number {
  return whole === 0 ? 0 : (100 * part) / whole;
}

/** Example: 33.333 → "33,3 %". */
export function formatPercent(value: number): string {
  return `${PERCENT.format(value)} %`;
}

/** A count map's entries, largest first, then by name. Example: { b: 1, a: 3 } → [["a", 3], ["b", 1]]. */
export function sortedEntries(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts)
    .filter(([, value]) => value > 0)
    .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB));
}

/** A file size in o below 1024, Ko above (as the customer pages show it). Example: 2048 → "2 Ko". */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024
    ? t('common.size.bytes', { size: bytes })
    : t('common.size.kilobytes', { size: formatCount(Math.round(bytes / 1024)) });
}
