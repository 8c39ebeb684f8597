import { describe, expect, it } from 'vitest';
import { inpRows } from './inp-flow.ts';
import {
  FLOOR_SCENARIO,
  LIGHTHOUSE_PAGES,
  type LighthouseScenario,
  type LighthouseScenarioResult,
  lighthouseFiguresOf,
  lighthouseSummaryLines,
  scenariosOfPages,
} from './lighthouse.ts';
import type { LighthouseFigures } from './lighthouse-summary.ts';
import { pageSpeedRows } from './page-speed-rows.ts';
import { formatTable } from './results.ts';

const run = (performance: number, fcpMs: number, lcpMs: number): LighthouseFigures => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs,
  lcpMs,
  cumulativeLayoutShift: 0,
  tbtMs: 0,
  finalUrl: 'http://127.0.0.1:1/veligo/declare-sinistre',
  failingAudits: [],
  benchmarkIndex: 1400,
});

function result(scenario: LighthouseScenario, runs: LighthouseFigures[]): LighthouseScenarioResult {
  return { scenario, runs, median: runs[0], worst: runs[0] };
}

const declareSinistre = (lang: 'fr' | 'en'): LighthouseScenario => ({
  template: 'declare-sinistre',
  name: 'first visit (cookie banner shown)',
  path: '/veligo/declare-sinistre',
  consented: false,
  lang,
});

/** The floor (FCP 650 ms, LCP 754 ms), the page for a French browser within the goals, and for an English one past them. */
const section: LighthouseScenarioResult[] = [
  result(FLOOR_SCENARIO, [run(100, 650, 754), run(100, 640, 750), run(100, 660, 760)]),
  result(declareSinistre('fr'), [run(99, 900, 1100), run(98, 950, 1131), run(99, 940, 1000)]),
  result(declareSinistre('en'), [run(94, 2080, 2900), run(97, 2200, 3000), run(92, 2400, 3100)]),
];

describe('scenariosOfPages', () => {
  it('When pages and languages are picked, then the floor comes first and each page follows in each language', () => {
    const scenarios = scenariosOfPages('faq,declare-sinistre', 'en');
    expect(scenarios.map((s) => `${s.template} ${s.lang} ${s.consented}`)).toEqual([
      'floor fr false',
      'declare-sinistre en false',
      'faq en false',
      'declare-sinistre en true',
    ]);
  });

  it('When nothing is picked, then every page runs for a French and an English browser, the wizard steps with a draft and the confirmation after a submit', () => {
    const scenarios = scenariosOfPages('all');
    expect(scenarios).toHaveLength(1 + 2 * LIGHTHOUSE_PAGES.length);
    const steps = scenarios.filter((s) => s.template === 'steps' && s.lang === 'en');
    expect(steps.map((s) => [s.path, s.draftStep])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [`/veligo/declare-step${n}`, n]),
    );
    expect(scenarios.find((s) => s.template === 'confirmation')?.draftStep).toBe('submitted');
  });

  it('When an unknown page or language is named, then the known ones are listed', () => {
    expect(() => scenariosOfPages('nowhere')).toThrow(/--pages: unknown nowhere \(known: home, declare-sinistre/);
    expect(() => scenariosOfPages('faq', 'fr,de')).toThrow('--langs: unknown de (known: fr, en)');
  });
});

describe('page speed verdicts', () => {
  it('When one language paints within 1.5 × the floor and scores 98 in every run and the other does not, then the summary names the other with what it misses', () => {
    const figures = lighthouseFiguresOf(section);
    expect(figures.map((row) => [row.lang, row.missed])).toEqual([
      ['fr', []],
      ['en', ['performance', 'FCP 3.38 × the floor', 'LCP 3.98 × the floor']],
    ]);
    expect(lighthouseSummaryLines(figures)).toEqual([
      '1 of 2 scenarios meet every goal; not:',
      '  /veligo/declare-sinistre (en browser, first visit (cookie banner shown)): performance, FCP 3.38 × the floor, LCP 3.98 × the floor',
    ]);
  });

  it('When the section ran, then the table carries per language the worst score, and the median FCP and LCP against the floor with the slowest run', () => {
    const rows = pageSpeedRows(section);
    expect(rows.map((row) => [row.name, row.value, row.reference.value, row.met ?? null])).toEqual([
      ['floor: worst run', 100, 100, null],
      ['declare-sinistre /veligo/declare-sinistre (fr): worst run', 98, 100, true],
      ['declare-sinistre /veligo/declare-sinistre (fr): median FCP (slowest run 1.46 ×)', 940, 650, true],
      ['declare-sinistre /veligo/declare-sinistre (fr): median LCP (slowest run 1.50 ×)', 1100, 754, true],
      ['declare-sinistre /veligo/declare-sinistre (en): worst run', 92, 100, false],
      ['declare-sinistre /veligo/declare-sinistre (en): median FCP (slowest run 3.69 ×)', 2200, 650, false],
      ['declare-sinistre /veligo/declare-sinistre (en): median LCP (slowest run 4.11 ×)', 3000, 754, false],
    ]);
    const table = formatTable({
      date: '2026-11-29T10:00:00.000Z',
      quick: false,
      machine: { cores: 2, cpu: 'Sample CPU', memoryGiB: 8, os: 'linux', node: 'v24', commit: 'abc' },
      rows,
      failures: [],
    });
    expect(table).toMatch(
      /median FCP \(slowest run 1\.46 ×\)\s+940 ms\s+floor's median FCP: 650 ms\s+1\.45\s+ratio ≤ 1\.50\s+yes/,
    );
    expect(table.split('\n').at(-1)).toBe(
      '3 of 6 goals met; missed: Page speed, Lighthouse performance, worst of 3 runs / declare-sinistre /veligo/declare-sinistre (en): worst run; ' +
        'Page speed, median FCP and LCP / declare-sinistre /veligo/declare-sinistre (en): median FCP (slowest run 3.69 ×); ' +
        'Page speed, median FCP and LCP / declare-sinistre /veligo/declare-sinistre (en): median LCP (slowest run 4.11 ×)',
    );
  });
});

describe('inpRows', () => {
  it("When the wizard's steps were timed, then each step's INP is a row against the floor's, goal 200 ms; a step without interaction makes none", () => {
    const floor = { name: 'floor: typing in its field', inpMs: 40, tbtMs: 0, benchmarkIndex: 1400 };
    const rows = inpRows([
      {
        lang: 'fr',
        floor,
        steps: [
          { name: 'step 3: typing', inpMs: 180, tbtMs: 90, benchmarkIndex: 1400 },
          { name: 'step 4: typing', inpMs: 260, tbtMs: 400, benchmarkIndex: 1400 },
          { name: 'step 5: nothing', inpMs: null, tbtMs: 0, benchmarkIndex: 1400 },
        ],
      },
    ]);
    expect(rows.map((row) => [row.name, row.value, row.reference.value, row.met])).toEqual([
      ['step 3: typing (fr)', 180, 40, true],
      ['step 4: typing (fr)', 260, 40, false],
    ]);
  });
});
