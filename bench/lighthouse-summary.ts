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
