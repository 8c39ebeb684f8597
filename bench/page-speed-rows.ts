import type { LighthouseScenarioResult } from './lighthouse.ts';
import { LIGHTHOUSE_GOALS } from './lighthouse-summary.ts';
import { type BenchRow, benchRow } from './results.ts';

/**
 * The Lighthouse section's rows of the bench table (issue 16 item 5: page speed that holds in
 * every run, not only as a median): per template, the worst run's performance score against the
 * median run's, with the goal on the worst.
 */
export function pageSpeedRows(results: readonly LighthouseScenarioResult[]): BenchRow[] {
  return results.flatMap(({ scenario, runs, median }) => {
    const scores = runs.map((run) => run.performance).filter((score): score is number => score !== null);
    if (median?.performance == null || scores.length === 0) return [];
    return [
      benchRow(
        `Page speed, Lighthouse performance (reference: the median of ${runs.length} runs)`,
        `${scenario.template}: worst run`,
        Math.min(...scores),
        'points',
        { name: 'median', value: median.performance },
        { op: '>=', value: LIGHTHOUSE_GOALS.performance },
      ),
    ];
  });
}
