import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import {
  goalsMissedInAnyRun,
  type LighthouseFigures,
  medianRun,
  missedGoals,
  scoreSpreads,
  summariseLighthouseResult,
  worstRun,
} from './lighthouse-summary.ts';

/** The parts of a Lighthouse result the summary reads. */
function lighthouseResult(scores: Record<string, number | null>, audits: Result['audits'] = {}): Result {
  const categories = Object.fromEntries(
    Object.entries(scores).map(([id, score]) => [
      id,
      { id, title: id, score, auditRefs: id === 'seo' ? [{ id: 'canonical', weight: 1 }] : [] },
    ]),
  );
  return {
    categories,
    audits,
    finalDisplayedUrl: 'http://127.0.0.1:1/veligo/declare-sinistre',
    environment: { benchmarkIndex: 1434.5 },
  } as unknown as Result;
}

const figures = (performance: number | null, others: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 800,
  lcpMs: 1000,
  cumulativeLayoutShift: 0,
  tbtMs: 0,
  finalUrl: 'http://127.0.0.1:1/veligo/declare-sinistre',
  failingAudits: [],
  benchmarkIndex: 1500,
  ...others,
});

describe('summariseLighthouseResult', () => {
  it('When Lighthouse scores a page, then scores are × 100 and rounded and metrics kept in milliseconds', () => {
    const lhr = lighthouseResult({ performance: 0.975, accessibility: 1, 'best-practices': null, seo: 0.83 }, {
      'first-contentful-paint': { numericValue: 1203.7 },
      'largest-contentful-paint': { numericValue: 1698.4 },
      'cumulative-layout-shift': { numericValue: 0.012 },
      'total-blocking-time': { numericValue: 68 },
      canonical: { score: 0, explanation: 'Is not an absolute URL' },
    } as unknown as Result['audits']);

    expect(summariseLighthouseResult(lhr)).toEqual({
      performance: 98,
      accessibility: 100,
      bestPractices: null,
      seo: 83,
      fcpMs: 1203.7,
      lcpMs: 1698.4,
      cumulativeLayoutShift: 0.012,
      tbtMs: 68,
      finalUrl: 'http://127.0.0.1:1/veligo/declare-sinistre',
      failingAudits: ['SEO: canonical (Is not an absolute URL)'],
      benchmarkIndex: 1434.5,
    });
  });
});

describe('medianRun', () => {
  it('When three runs differ, then the run of median performance is the one reported', () => {
    const slow = figures(83, { tbtMs: 600 });
    const median = figures(97, { tbtMs: 40 });
    const fast = figures(99, { tbtMs: 0 });

    expect(medianRun([fast, slow, median])).toBe(median);
  });

  it('When no run completed, then there is no median', () => {
    expect(medianRun([])).toBeUndefined();
  });
});

describe('missedGoals', () => {
  it('When a run is under the goals, then each missed goal is named', () => {
    expect(missedGoals(figures(98))).toEqual([]);
    expect(missedGoals(figures(97, { accessibility: 96, bestPractices: null, seo: 92 }))).toEqual([
      'performance',
      'accessibility',
      'best practices',
      'SEO',
    ]);
  });
});

describe('scoreSpreads', () => {
  it('When five runs differ, then each category reports its median and its lowest run', () => {
    const runs = [
      figures(99),
      figures(93, { accessibility: 96 }),
      figures(100),
      figures(98, { seo: null }),
      figures(97),
    ];

    expect(scoreSpreads(runs)).toEqual({
      performance: { median: 98, worst: 93 },
      accessibility: { median: 100, worst: 96 },
      bestPractices: { median: 100, worst: 100 },
      seo: { median: 100, worst: 100 },
    });
    expect(worstRun(runs)?.performance).toBe(93);
  });

  it('When no run completed, then there is neither median nor worst', () => {
    expect(scoreSpreads([]).performance).toEqual({ median: null, worst: null });
    expect(worstRun([])).toBeUndefined();
  });
});

describe('goalsMissedInAnyRun', () => {
  it('When the median meets the goals but one run does not, then the goal is missed', () => {
    expect(goalsMissedInAnyRun([figures(99), figures(100), figures(97)])).toEqual(['performance']);
    expect(goalsMissedInAnyRun([figures(98), figures(100)])).toEqual([]);
  });
});
