import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import {
  goalsMissedInAnyRun,
  type LighthouseFigures,
  medianOf,
  medianRun,
  missedGoals,
  noisyRuns,
  pageGoalsMissed,
  paintRatio,
  scoreSpreads,
  summariseLighthouseResult,
  summariseTimespan,
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

/** Five runs of the floor as measured here: FCP 650 ms, LCP 754 ms, CPU index about 1,400. */
const floorRuns = [
  figures(100, { fcpMs: 640, lcpMs: 750, benchmarkIndex: 1380 }),
  figures(100, { fcpMs: 650, lcpMs: 754, benchmarkIndex: 1400 }),
  figures(100, { fcpMs: 660, lcpMs: 760, benchmarkIndex: 1420 }),
  figures(100, { fcpMs: 650, lcpMs: 754, benchmarkIndex: 1410 }),
  figures(100, { fcpMs: 700, lcpMs: 800, benchmarkIndex: 1390 }),
];

describe('medianOf', () => {
  it('When values are odd or even in number, then the middle one or the mean of the middle two is the median', () => {
    expect(medianOf([3, null, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
    expect(medianOf([null])).toBeNull();
  });
});

describe('paintRatio', () => {
  it("When a page paints later than the floor, then its median and slowest run are read against the floor's median", () => {
    const runs = [figures(99, { fcpMs: 900 }), figures(99, { fcpMs: 1000 }), figures(98, { fcpMs: 1600 })];
    const paint = paintRatio(runs, floorRuns, 'fcpMs');
    expect(paint).toEqual({
      medianMs: 1000,
      worstMs: 1600,
      floorMedianMs: 650,
      ratio: 1000 / 650,
      worstRatio: 1600 / 650,
    });
  });

  it('When the floor gave no figure, then there is no ratio', () => {
    expect(paintRatio([figures(99)], [figures(100, { lcpMs: null })], 'lcpMs')).toBeUndefined();
  });
});

describe('noisyRuns', () => {
  it("When a run's CPU index is far from the floor's either way, then that run is flagged", () => {
    const runs = [
      figures(99, { benchmarkIndex: 1300 }),
      figures(99, { benchmarkIndex: 700 }),
      figures(99, { benchmarkIndex: null }),
      figures(99, { benchmarkIndex: 1900 }),
    ];
    expect(noisyRuns(runs, floorRuns)).toEqual([2, 4]);
    expect(noisyRuns(runs, [])).toEqual([]);
  });
});

describe('pageGoalsMissed', () => {
  it('When every run scores 98 and both paints are within 1.5 × the floor, then the page meets every goal', () => {
    const runs = [figures(98, { fcpMs: 970, lcpMs: 1130 }), figures(100, { fcpMs: 900, lcpMs: 1000 })];
    expect(pageGoalsMissed(runs, floorRuns)).toEqual([]);
  });

  it("When a page's median LCP is past 1.5 × the floor's though its scores hold, then the LCP goal is missed with its ratio", () => {
    const runs = [figures(99, { fcpMs: 700, lcpMs: 2262 }), figures(99, { fcpMs: 700, lcpMs: 2262 })];
    expect(pageGoalsMissed(runs, floorRuns)).toEqual(['LCP 3.00 × the floor']);
  });

  it('When one run scores under 98 and the FCP is missing, then both are named; without the floor only scores are judged', () => {
    const runs = [figures(97, { fcpMs: null }), figures(99, { fcpMs: null })];
    expect(pageGoalsMissed(runs, floorRuns)).toEqual(['performance', 'FCP (not measured)']);
    expect(pageGoalsMissed(runs, undefined)).toEqual(['performance']);
  });
});

describe('summariseTimespan', () => {
  it('When a timespan recorded interactions, then its INP, blocking time and CPU index are read', () => {
    const lhr = lighthouseResult({ performance: null }, {
      'interaction-to-next-paint': { numericValue: 184 },
      'total-blocking-time': { numericValue: 96 },
    } as unknown as Result['audits']);
    expect(summariseTimespan('step 3', lhr)).toEqual({ name: 'step 3', inpMs: 184, tbtMs: 96, benchmarkIndex: 1434.5 });
  });

  it('When a timespan recorded no interaction, then its INP is null', () => {
    expect(summariseTimespan('idle', lighthouseResult({ performance: null })).inpMs).toBeNull();
  });
});
