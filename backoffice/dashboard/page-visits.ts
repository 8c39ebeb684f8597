import type uPlot from 'uplot';
import type { VisitedPagesAnswer } from '../../contracts/backoffice.ts';
import { barPaths, COUNT_INCREMENTS } from '../lib/bars.ts';
import { type TextKey, t } from '../lib/texts.ts';
import type { ChartOptions } from '../lib/UplotChart.tsx';

/** The visits of each canonical page by series, as the server answers them. */
export type PageVisits = VisitedPagesAnswer['datas']['result'];

/** The short name of a canonical page on the axis; the wizard's steps go by their own (`step1`…). */
const PAGE_LABELS: Partial<Record<string, TextKey>> = {
  home: 'dashboard.pageVisits.pages.home',
  'declare-sinistre?prefill_numero_assure': 'dashboard.pageVisits.pages.prefilled',
  'consult-sinistre': 'dashboard.pageVisits.pages.consult',
  'declare-sinistre': 'dashboard.pageVisits.pages.declare',
  'confirmation-sinistre': 'dashboard.pageVisits.pages.confirmation',
  'suivre-dossier': 'dashboard.pageVisits.pages.followUp',
  'client-file': 'dashboard.pageVisits.pages.file',
  'client-file?dossier': 'dashboard.pageVisits.pages.fileFromLink',
  'find-my-number': 'dashboard.pageVisits.pages.findNumber',
  'mentions-legales': 'dashboard.pageVisits.pages.legal',
  'politique-confidentialite': 'dashboard.pageVisits.pages.privacy',
  'confirm-file': 'dashboard.pageVisits.pages.confirmFile',
  error: 'common.error',
};
const labelOf = (page: string) => {
  const key = PAGE_LABELS[page];
  return key ? t(key) : page.replace('declare-', '');
};

/** Distinct, readable colours, cycled. */
const COLOURS = [
  '#2563eb',
  '#dc2626',
  '#16a34a',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#ea580c',
  '#4f46e5',
  '#0d9488',
  '#b91c1c',
  '#a16207',
  '#9333ea',
  '#0284c7',
  '#be185d',
  '#15803d',
  '#c2410c',
  '#1e40af',
  '#047857',
  '#6d28d9',
  '#0e7490',
  '#9f1239',
  '#475569',
];

/** Each series' colour, by name, in the server's order. */
export function seriesColours(result: PageVisits): Map<string, string> {
  return new Map(result.series.map((series, index) => [series.name, COLOURS[index % COLOURS.length] ?? '#475569']));
}

/**
 * The chart of the shown series: the partners and 'Base' stacked (each drawn at the sum of itself
 * and those below it, tallest first, so every bar shows its own share), 'Global' unstacked over
 * them when shown.
 */
export function pageVisitsChart(
  result: PageVisits,
  hidden: ReadonlySet<string>,
  colours: ReadonlyMap<string, string>,
): { options: ChartOptions; data: uPlot.AlignedData } {
  const xs = result.pages.map((_page, index) => index);
  const stacked = result.series.filter((series) => series.name !== 'Global' && !hidden.has(series.name));
  const running = result.pages.map(() => 0);
  const cumulative = stacked.map((series) =>
    series.counts.map((count, index) => (running[index] = (running[index] ?? 0) + count)),
  );
  const drawn = stacked.map((series, index) => ({ series, values: cumulative[index] ?? [] })).reverse();
  const global = result.series.find((series) => series.name === 'Global');
  if (global && !hidden.has('Global')) drawn.unshift({ series: global, values: global.counts });
  const bars = barPaths([0.7, 60]);
  const options: ChartOptions = {
    legend: { show: false },
    scales: {
      x: { time: false, range: [-0.5, result.pages.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      {
        values: (_u, splits) =>
          splits.map((split) => (Number.isInteger(split) ? labelOf(result.pages[split] ?? '') : '')),
        splits: () => xs,
        rotate: -45,
        size: 110,
        gap: 4,
      },
      { label: t('common.visits'), size: 56, incrs: COUNT_INCREMENTS },
    ],
    series: [
      { label: t('common.page') },
      ...drawn.map(({ series }) => ({
        label: series.label,
        fill: series.name === 'Global' ? 'rgba(71, 85, 105, 0.25)' : (colours.get(series.name) ?? '#475569'),
        stroke: series.name === 'Global' ? '#334155' : (colours.get(series.name) ?? '#475569'),
        width: 1,
        paths: bars,
        points: { show: false },
      })),
    ],
  };
  return { options, data: [xs, ...drawn.map(({ values }) => values)] };
}
