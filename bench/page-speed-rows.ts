import type { LighthouseScenarioResult } from './lighthouse.ts';
import { LIGHTHOUSE_GOALS, PAINT_RATIO_GOAL, paintRatio } from './lighthouse-summary.ts';
import { type BenchRow, benchRow } from './results.ts';

const PAINT_GROUP = "Page speed, median FCP and LCP (reference: the floor page's medians in the same section)";

/**
 * The Lighthouse section's rows of the bench table (page speed that holds in every run, not only as
 * a median). Per scenario (a template in a browser language): the worst run's performance score
 * with the goal on it, against the worst run of the floor page (bench/lighthouse.ts, FLOOR_HTML)
 * audited in the same section; then its median FCP and median LCP against the floor's medians,
 * goal ≤ PAINT_RATIO_GOAL, the slowest run's ratio in the name. Then the floor's own worst run
 * against its median, held to no goal. Without the floor (`measureLighthouse` given no reference),
 * each page's worst run is set against its own median and no paint row is made.
 */
export function pageSpeedRows(results: readonly LighthouseScenarioResult[]): BenchRow[] {
  const floor = results.find(({ scenario }) => scenario.reference);
  const floorWorst = floor === undefined ? undefined : worstScore(floor);
  return results.flatMap((result) => {
    const { scenario, runs, median } = result;
    const worst = worstScore(result);
    if (median?.performance == null || worst === undefined) return [];
    if (scenario.reference)
      return [
        benchRow(
          `Page speed, Lighthouse performance: the floor, a page of text and a one-field form without style or script (reference: its median of ${runs.length} runs)`,
          'floor: worst run',
          worst,
          'points',
          { name: 'median', value: median.performance },
        ),
      ];
    const label = `${scenario.template} ${scenario.path} (${scenario.lang}${scenario.template === 'steps' || scenario.consented ? `, ${scenario.name}` : ''})`;
    const rows = [
      benchRow(
        floorWorst === undefined
          ? `Page speed, Lighthouse performance (reference: the median of ${runs.length} runs)`
          : `Page speed, Lighthouse performance, worst of ${runs.length} runs (reference: the floor page's worst run)`,
        `${label}: worst run`,
        worst,
        'points',
        floorWorst === undefined ? { name: 'median', value: median.performance } : { name: 'floor', value: floorWorst },
        { op: '>=', value: LIGHTHOUSE_GOALS.performance },
      ),
    ];
    if (floor === undefined) return rows;
    for (const [metric, name] of [
      ['fcpMs', 'FCP'],
      ['lcpMs', 'LCP'],
    ] as const) {
      const paint = paintRatio(runs, floor.runs, metric);
      if (paint === undefined) continue;
      rows.push(
        benchRow(
          PAINT_GROUP,
          `${label}: median ${name} (slowest run ${paint.worstRatio.toFixed(2)} ×)`,
          paint.medianMs,
          'ms',
          { name: `floor's median ${name}`, value: paint.floorMedianMs },
          { op: '<=', ratio: PAINT_RATIO_GOAL },
        ),
      );
    }
    return rows;
  });
}

/** The lowest performance score of a scenario's runs, if any run scored. */
function worstScore({ runs }: LighthouseScenarioResult): number | undefined {
  const scores = runs.map((run) => run.performance).filter((score): score is number => score !== null);
  return scores.length === 0 ? undefined : Math.min(...scores);
}
