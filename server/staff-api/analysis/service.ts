import {
  ANALYSIS_LANGUAGES,
  ANALYSIS_STEPS,
  type DeclarationFunnel,
  type LastStep,
  type StepDetails,
  type StepKey,
} from '../../../contracts/analysis.ts';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import {
  countDeclarationFunnel,
  countPagesAround,
  countReportVisitors,
  countUniqueUsers,
  type StepRow,
  type WallClockRange,
} from './repository.ts';
import { backfillActivitySummaries } from './summaries.ts';

/**
 * The analysis statistics (contracts/analysis.ts): each one query (repository.ts), shaped into the
 * specification's answer here. Records written without a summary (before migration 0006, or by a
 * tool that inserts rows directly) are summarised first: an indexed look-up when there are none.
 */

export { countUniqueUsers };

type LanguageCounts = Pick<StepDetails, (typeof ANALYSIS_LANGUAGES)[number]>;

function languageCounts(counts: Record<string, number>): LanguageCounts {
  const result = {} as LanguageCounts;
  for (const language of ANALYSIS_LANGUAGES) result[language] = Number(counts[language] ?? 0);
  return result;
}

function numbers(map: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, Number(value)]));
}

function stepDetails(row: StepRow | undefined): StepDetails {
  return {
    total: row?.total ?? 0,
    totalMobile: row?.mobile ?? 0,
    navigator: numbers(row?.navigator ?? {}),
    ...languageCounts(row?.languages ?? {}),
    nextPage: numbers(row?.next ?? {}),
  };
}

function lastStep(row: StepRow | undefined): LastStep {
  const { total, ...rest } = stepDetails(row);
  return { count: total, ...rest };
}

/** stats_04: total1 unfinished, total2 finished, total3 other; the furthest-step and last-step tables. */
export async function getDeclarationFunnel(
  db: DatabaseOrTransaction,
  range: WallClockRange,
): Promise<DeclarationFunnel> {
  await backfillActivitySummaries(db);
  const rows = await countDeclarationFunnel(db, range);
  const find = (kind: StepRow['kind'], step: number) =>
    rows.steps.find((row) => row.kind === kind && row.step === step);
  const stepsDetails = {} as Record<StepKey, StepDetails>;
  const lastSteps = {} as Record<StepKey, LastStep>;
  for (const step of ANALYSIS_STEPS) {
    stepsDetails[`step${step}`] = stepDetails(find('furthest', step));
    lastSteps[`step${step}`] = lastStep(find('last', step));
  }
  return {
    total1: rows.unfinished,
    total2: rows.finished,
    total3: rows.sessions - rows.finished - rows.unfinished,
    stepsDetails,
    lastStep: lastSteps,
  };
}

/** stats_05: the pages around a canonical page. */
export async function getPagesAround(
  db: DatabaseOrTransaction,
  range: WallClockRange,
  page: string,
): Promise<{ previous_pages: Record<string, number>; next_pages: Record<string, number> }> {
  await backfillActivitySummaries(db);
  const { previous, next } = await countPagesAround(db, range, page);
  return { previous_pages: numbers(previous), next_pages: numbers(next) };
}

/** OK over OK plus KO, in percent with two decimals; 0 when nobody tried. */
export function percentOf(ok: number, ko: number): number {
  return ok + ko === 0 ? 0 : Math.round((10_000 * ok) / (ok + ko)) / 100;
}

/**
 * analyse01 (find-my-number: OK when one of the visitor's attempts found the number) and
 * analyse02 (follow-up: OK when the visitor's first attempt opened the claim file).
 */
export async function getReportRate(
  db: DatabaseOrTransaction,
  range: WallClockRange,
  kind: 'find_number' | 'follow_up',
): Promise<{ countOK: number; countKO: number; countOKPercent: number }> {
  const { ok, ko } = await countReportVisitors(
    db,
    range,
    kind,
    kind === 'find_number' ? 'any_attempt' : 'first_attempt',
  );
  return { countOK: ok, countKO: ko, countOKPercent: percentOf(ok, ko) };
}
