import type { Result } from 'lighthouse';

/** Goals of the customer pages under Lighthouse's default mobile configuration (scores × 100). */
export const LIGHTHOUSE_GOALS = { performance: 98, accessibility: 100, bestPractices: 95, seo: 95 };

/** The categories audited and how they are printed. */
export const LIGHTHOUSE_CATEGORIES = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
} as const;

/** The figures of one Lighthouse run. Scores are × 100 and rounded; null when Lighthouse gave none. */
export interface LighthouseFigures {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** First Contentful Paint, simulated, in milliseconds. */
  fcpMs: number | null;
  /** Largest Contentful Paint, simulated, in milliseconds. */
  lcpMs: number | null;
  cumulativeLayoutShift: number | null;
  /** Total Blocking Time, simulated, in milliseconds. */
  tbtMs: number | null;
  /** The address the audit ended on (a redirect shows here). */
  finalUrl: string;
  /** Audits that cost points, as `category: audit-id (Lighthouse's explanation)`, the heaviest first. */
  failingAudits: string[];
  /**
   * Lighthouse's measure of this machine's CPU at the time of the run (higher is faster). Simulated
   * throttling multiplies the work it observes, so a slow moment of a shared machine costs points.
   */
  benchmarkIndex: number | null;
}

const scoreOf = (lhr: Result, category: keyof typeof LIGHTHOUSE_CATEGORIES) => {
  const score = lhr.categories[category]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : null;
};

const numericValueOf = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? null;

/** The audits of scored categories that lost points, heaviest weight first. */
function failingAuditsOf(lhr: Result): string[] {
  const failing: { name: string; weight: number }[] = [];
  for (const [id, label] of Object.entries(LIGHTHOUSE_CATEGORIES)) {
    for (const reference of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[reference.id];
      if (reference.weight === 0 || typeof audit?.score !== 'number' || audit.score >= 1) continue;
      const explanation = audit.explanation ?? audit.displayValue;
      failing.push({
        name: `${label}: ${reference.id}${explanation ? ` (${explanation})` : ''}`,
        weight: reference.weight,
      });
    }
  }
  return failing.sort((a, b) => b.weight - a.weight).map((audit) => audit.name);
}

/** The figures printed for one Lighthouse result. */
export function summariseLighthouseResult(lhr: Result): LighthouseFigures {
  return {
    performance: scoreOf(lhr, 'performance'),
    accessibility: scoreOf(lhr, 'accessibility'),
    bestPractices: scoreOf(lhr, 'best-practices'),
    seo: scoreOf(lhr, 'seo'),
    fcpMs: numericValueOf(lhr, 'first-contentful-paint'),
    lcpMs: numericValueOf(lhr, 'largest-contentful-paint'),
    cumulativeLayoutShift: numericValueOf(lhr, 'cumulative-layout-shift'),
    tbtMs: numericValueOf(lhr, 'total-blocking-time'),
    finalUrl: lhr.finalDisplayedUrl,
    failingAudits: failingAuditsOf(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/**
 * The run of median performance (for an even count, the lower middle one), whose other figures are
 * printed with it: one run is noisy on a small machine, the median of three much less so.
 */
export function medianRun(runs: LighthouseFigures[]): LighthouseFigures | undefined {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The goals a run misses, by name; empty when it meets them all. */
export function missedGoals(figures: LighthouseFigures): string[] {
  const missed: string[] = [];
  if ((figures.performance ?? 0) < LIGHTHOUSE_GOALS.performance) missed.push('performance');
  if ((figures.accessibility ?? 0) < LIGHTHOUSE_GOALS.accessibility) missed.push('accessibility');
  if ((figures.bestPractices ?? 0) < LIGHTHOUSE_GOALS.bestPractices) missed.push('best practices');
  if ((figures.seo ?? 0) < LIGHTHOUSE_GOALS.seo) missed.push('SEO');
  return missed;
}

/** The four scored categories, as `LighthouseFigures` names them. */
const SCORED_CATEGORIES = ['performance', 'accessibility', 'bestPractices', 'seo'] as const;
export type ScoredCategory = (typeof SCORED_CATEGORIES)[number];

/** A category's score over the runs of one page: the median run's and the lowest of any run. */
export interface ScoreSpread {
  median: number | null;
  worst: number | null;
}

/**
 * The median and worst score of each category over `runs`. The goal holds for a page only if it
 * holds in its worst run: a median hides the one run in five a visitor may get.
 */
export function scoreSpreads(runs: LighthouseFigures[]): Record<ScoredCategory, ScoreSpread> {
  const spread = (category: ScoredCategory): ScoreSpread => {
    const scores = runs.map((run) => run[category]).filter((score): score is number => score !== null);
    const sorted = [...scores].sort((a, b) => a - b);
    return {
      median: sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] ?? null),
      worst: sorted[0] ?? null,
    };
  };
  return {
    performance: spread('performance'),
    accessibility: spread('accessibility'),
    bestPractices: spread('bestPractices'),
    seo: spread('seo'),
  };
}

/** The run of lowest performance, whose metrics show what the worst run lost. */
export function worstRun(runs: LighthouseFigures[]): LighthouseFigures | undefined {
  return [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1))[0];
}

/** The goals missed by any run (each run must meet every goal), by name. */
export function goalsMissedInAnyRun(runs: LighthouseFigures[]): string[] {
  const missed = new Set(runs.flatMap((run) => missedGoals(run)));
  return ['performance', 'accessibility', 'best practices', 'SEO'].filter((goal) => missed.has(goal));
}

/** Each page's median FCP and median LCP may be at most this many times the floor's, measured in the same run. */
export const PAINT_RATIO_GOAL = 1.5;

/**
 * A run whose CPU index is more than this factor above or below the floor's median ran on a machine
 * busier (or quieter) than the floor's: its figures are flagged as noisy, not discarded.
 */
export const NOISY_CPU_FACTOR = 1.25;

/** The median of the values given (for an even count, the mean of the middle two); null when there are none. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2;
}

/** A paint metric of a page's runs against the floor's runs of the same section. */
export interface PaintRatio {
  /** The page's median, in milliseconds. */
  medianMs: number;
  /** The page's slowest run, in milliseconds. */
  worstMs: number;
  /** The floor's median, in milliseconds. */
  floorMedianMs: number;
  /** medianMs / floorMedianMs. */
  ratio: number;
  /** worstMs / floorMedianMs. */
  worstRatio: number;
}

/** The page's median and slowest `metric` over its runs against the floor's median; undefined without figures. */
export function paintRatio(
  runs: readonly LighthouseFigures[],
  floorRuns: readonly LighthouseFigures[],
  metric: 'fcpMs' | 'lcpMs',
): PaintRatio | undefined {
  const medianMs = medianOf(runs.map((run) => run[metric]));
  const floorMedianMs = medianOf(floorRuns.map((run) => run[metric]));
  if (medianMs === null || floorMedianMs === null || floorMedianMs <= 0) return undefined;
  const worstMs = Math.max(...runs.map((run) => run[metric] ?? 0));
  return { medianMs, worstMs, floorMedianMs, ratio: medianMs / floorMedianMs, worstRatio: worstMs / floorMedianMs };
}

/**
 * The 1-based numbers of the runs whose CPU index is far from the floor's median (beyond
 * NOISY_CPU_FACTOR either way): Lighthouse's simulated throttling scales what it observes, so
 * those runs measured a busier (or quieter) machine than the floor's.
 */
export function noisyRuns(runs: readonly LighthouseFigures[], floorRuns: readonly LighthouseFigures[]): number[] {
  const floorIndex = medianOf(floorRuns.map((run) => run.benchmarkIndex));
  if (floorIndex === null) return [];
  return runs.flatMap((run, index) => {
    const cpu = run.benchmarkIndex;
    if (cpu === null) return [];
    return cpu > floorIndex * NOISY_CPU_FACTOR || cpu < floorIndex / NOISY_CPU_FACTOR ? [index + 1] : [];
  });
}

/**
 * Every goal a page misses, by name: a score under its goal in any run, then a median FCP or LCP
 * beyond PAINT_RATIO_GOAL × the floor's (only judged when the floor ran beside it).
 */
export function pageGoalsMissed(
  runs: readonly LighthouseFigures[],
  floorRuns: readonly LighthouseFigures[] | undefined,
): string[] {
  const missed = goalsMissedInAnyRun([...runs]);
  if (floorRuns === undefined) return missed;
  for (const [metric, label] of [
    ['fcpMs', 'FCP'],
    ['lcpMs', 'LCP'],
  ] as const) {
    const paint = paintRatio(runs, floorRuns, metric);
    if (paint === undefined) missed.push(`${label} (not measured)`);
    else if (paint.ratio > PAINT_RATIO_GOAL) missed.push(`${label} ${paint.ratio.toFixed(2)} × the floor`);
  }
  return missed;
}

/** The goal of every step of the wizard's user flow: its slowest interaction paints within this. */
export const INP_GOAL_MS = 200;

/** What one timespan of a user flow measured. */
export interface InteractionFigures {
  /** The step's name, as the flow named its timespan. */
  name: string;
  /**
   * Interaction to next paint: the slowest interaction of the timespan, in milliseconds (Lighthouse's
   * `interaction-to-next-paint`, or `experimental-interaction-to-next-paint` in older versions); null
   * when Lighthouse recorded no interaction.
   */
  inpMs: number | null;
  /** Total blocking time over the timespan, in milliseconds. */
  tbtMs: number | null;
  /** Lighthouse's CPU index of the machine during the step (higher is faster). */
  benchmarkIndex: number | null;
}

/** The figures of one timespan's result. */
export function summariseTimespan(name: string, lhr: Result): InteractionFigures {
  const inp =
    lhr.audits['interaction-to-next-paint']?.numericValue ??
    lhr.audits['experimental-interaction-to-next-paint']?.numericValue ??
    null;
  return {
    name,
    inpMs: inp,
    tbtMs: numericValueOf(lhr, 'total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}
