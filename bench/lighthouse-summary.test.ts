import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { type LighthouseFigures, medianRun, missedGoals, summariseLighthouseResult } from './lighthouse-summary.ts';

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
