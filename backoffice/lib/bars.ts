import { formatDayMonthTime } from './dates.ts';
import { formatCount } from './format.ts';
import uPlot from 'uplot';

/** uPlot's bar path builder (bundled with uPlot's full build; its types mark it optional). */
export function barPaths(size: [number, number]): uPlot.Series.PathBuilder {
  const bars = uPlot.paths.bars;
  if (!bars) throw new Error('this uPlot build has no bar paths');
  return bars({ size });
}

/** Whole-number steps for count axes (no 0.5 visit). */
export const COUNT_INCREMENTS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000,
];

/** Time-axis tick labels in French, Paris time: 24/11 14:00. */
export function frenchTimeTicks(_chart: uPlot, splits: number[]): string[] {
  return splits.map((seconds) => formatDayMonthTime(new Date(seconds * 1000)));
}

/** Count-axis labels in French whatever the browser's language: 1 000, not 1,000. */
export function frenchCounts(_chart: uPlot, splits: number[]): string[] {
  return splits.map(formatCount);
}
