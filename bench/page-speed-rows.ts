import type { LighthouseScenarioResult } from './lighthouse.ts';
import { LIGHTHOUSE_GOALS } from './lighthouse-summary.ts';
import { type BenchRow, benchRow } from './results.ts';

/**
 * The Lighthouse section's rows of the bench table (page speed that holds in
 * every run, not only as a median): per template, the worst run's performance score with the goal
 * on it, against the worst run of the floor page (bench/lighthouse.ts, FLOOR_HTML) audited in the
 * same section; then the floor's own worst run against its median, held to no goal. Without the
 * floor (`--pages` left it out), each page's worst run is set against its own median.
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
    return [
      benchRow(
        floorWorst === undefined
          ? `Page speed, Lighthouse performance (reference: the median of ${runs.length} runs)`
          : `Page speed, Lighthouse performance, worst of ${runs.length} runs (reference: the floor page's worst run)`,
        `${scenario.template}: worst run`,
        worst,
        'points',
        floorWorst === undefined ? { name: 'median', value: median.performance } : { name: 'floor', value: floorWorst },
        { op: '>=', value: LIGHTHOUSE_GOALS.performance },
      ),
    ];
  });
}

/** The lowest performance score of a scenario's runs, if any run scored. */
function worstScore({ runs }: LighthouseScenarioResult): number | undefined {
  const scores = runs.map((run) => run.performance).filter((score): score is number => score !== null);
  return scores.length === 0 ? undefined : Math.min(...scores);
}
