import type uPlot from 'uplot';
import type { CanonicalPage, VisitedPagesAnswer } from '../../contracts/backoffice.ts';
import { barPaths, COUNT_INCREMENTS, frenchCounts } from '../lib/bars.ts';
import { type TextKey, t } from '../lib/texts.ts';
import type { ChartOptions } from '../lib/UplotChart.tsx';

/** The visits of each canonical page by series, as the server answers them. */
export type PageVisits = VisitedPagesAnswer['datas']['result'];

/**
 * What staff call each canonical page (spec 3 §2 lists them by path; spec 1 §2 names the wizard's
 * steps): the chart's axis, its table and its tooltips read these, the path stays beside them.
 * A name said elsewhere in the back office is that text's key (a text is said once).
 */
const PAGE_NAMES: Record<CanonicalPage, TextKey> = {
  home: 'dashboard.pageVisits.pages.home',
  'declare-sinistre?prefill_numero_assure': 'dashboard.pageVisits.pages.prefilled',
  'consult-sinistre': 'dashboard.pageVisits.pages.consult',
  'declare-sinistre': 'dashboard.pageVisits.pages.declare',
  'declare-step0': 'dashboard.pageVisits.pages.step0',
  'declare-step1': 'dashboard.pageVisits.pages.step1',
  'declare-step2': 'dashboard.pageVisits.pages.step2',
  'declare-step3': 'dashboard.pageVisits.pages.step3',
  'declare-step4': 'dashboard.pageVisits.pages.step4',
  'declare-step5': 'dashboard.pageVisits.pages.step5',
  'declare-step6': 'analysis.steps.step6',
  'declare-step7': 'dashboard.pageVisits.pages.step7',
  'confirmation-sinistre': 'dashboard.pageVisits.pages.confirmation',
  'suivre-dossier': 'dashboard.pageVisits.pages.followUp',
  'client-file': 'dashboard.pageVisits.pages.file',
  'client-file?dossier': 'dashboard.pageVisits.pages.fileFromLink',
  'find-my-number': 'dashboard.pageVisits.pages.findNumber',
  contact: 'claims.handling.facts.contact',
  faq: 'common.faq',
  'mentions-legales': 'dashboard.pageVisits.pages.legal',
  'politique-confidentialite': 'dashboard.pageVisits.pages.privacy',
  claim: 'dashboard.pageVisits.pages.complaint',
  'claim-step1': 'dashboard.pageVisits.pages.complaintStep1',
  'claim-step2': 'dashboard.pageVisits.pages.complaintStep2',
  'confirm-file': 'dashboard.pageVisits.pages.confirmFile',
  error: 'dashboard.pageVisits.pages.error',
};

/** A canonical page as staff read it. Example: 'declare-step1' → "Étape 1 · Objet". */
export function pageName(page: CanonicalPage): string {
  return t(PAGE_NAMES[page]);
}

/** How many partners the chart draws by name; the others are summed into 'Autres'. */
export const NAMED_PARTNERS = 6;
/** The series name of the partners summed together. */
export const OTHERS = 'Autres';

/** A series as the chart draws it: `members` are the partners of 'Autres', with their totals. */
export interface ChartSeries {
  name: string;
  label: string;
  counts: number[];
  total: number;
  colour: string;
  members?: { label: string; total: number }[];
}

/**
 * Colours of the named partners, bottom of the stack first: the Okabe–Ito palette (told apart with
 * the common colour-vision deficiencies), ordered so that neighbours differ in hue and lightness.
 */
const PARTNER_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00'];
const OTHERS_COLOUR = '#a3a3a3';
const BASE_COLOUR = '#3f3f46';
const GLOBAL_COLOUR = '#334155';

const sum = (counts: readonly number[]) => counts.reduce((total, count) => total + count, 0);

/**
 * The series of the chart, in the order they stack and the legend lists them: the NAMED_PARTNERS
 * partners with the most visits (largest first, then by name), 'Autres' (every other partner with
 * visits, summed), 'Base', then 'Global' (drawn over the stack, not in it). Partners without a
 * visit are left out, and so are those the server marks `chart: false` (in Global, and the table).
 */
export function chartSeries(result: PageVisits, named = NAMED_PARTNERS): ChartSeries[] {
  const partners = result.series
    .filter((series) => series.name !== 'Base' && series.name !== 'Global' && series.chart !== false)
    .map((series) => ({ ...series, total: sum(series.counts) }))
    .filter((series) => series.total > 0)
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label, 'fr'));
  const shown: ChartSeries[] = partners.slice(0, named).map((series, index) => ({
    name: series.name,
    label: series.label,
    counts: series.counts,
    total: series.total,
    colour: PARTNER_COLOURS[index % PARTNER_COLOURS.length] ?? OTHERS_COLOUR,
  }));
  const rest = partners.slice(named);
  if (rest.length > 0)
    shown.push({
      name: OTHERS,
      label: t('dashboard.pageVisits.others'),
      counts: result.pages.map((_page, index) => sum(rest.map((series) => series.counts[index] ?? 0))),
      total: sum(rest.map((series) => series.total)),
      colour: OTHERS_COLOUR,
      members: rest.map((series) => ({ label: series.label, total: series.total })),
    });
  for (const [name, colour] of [
    ['Base', BASE_COLOUR],
    ['Global', GLOBAL_COLOUR],
  ] as const) {
    const series = result.series.find((item) => item.name === name);
    if (series) shown.push({ name, label: series.label, counts: series.counts, total: sum(series.counts), colour });
  }
  return shown;
}

/** A column of the figures table: one series as the server answered it, with its total. */
export interface TableSeries {
  name: string;
  label: string;
  counts: number[];
  total: number;
}

/**
 * The columns of the figures table under the chart: every partner the server answers, each by its
 * name (never summed into 'Autres', even without a visit or a series on the chart), the most
 * visited first then by name,
 * then 'Base' and 'Global'. The chart groups the smaller partners to stay readable; the table is
 * where each partner's figures are read.
 */
export function tableSeries(result: PageVisits): TableSeries[] {
  const withTotals = result.series.map((series) => ({ ...series, total: sum(series.counts) }));
  const partners = withTotals
    .filter((series) => series.name !== 'Base' && series.name !== 'Global')
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label, 'fr'));
  const totals = ['Base', 'Global'].flatMap((name) => withTotals.filter((series) => series.name === name));
  return [...partners, ...totals];
}

/** The width of the page names beside the bars (a wide screen). */
const PAGE_NAME_WIDTH = 210;

/**
 * On a phone (`narrow`) each page's name is a line of its own above its bar, across the chart's
 * width: beside the bars, a name wrapped on three lines overlapped its neighbours. Each page then
 * takes a row this tall, its bar this share of it, the name in the room left above the bar.
 */
const NARROW_ROW_PX = 44;
const NARROW_BAR_SHARE = 0.3;
/** The count axis under the bars and its label. */
const COUNT_AXIS_PX = 70;

/** The chart's height: the specification's 850 px, or on a phone a row per page tall enough for its name. */
export function pageVisitsHeight(pages: number, narrow: boolean): number {
  return narrow ? pages * NARROW_ROW_PX + COUNT_AXIS_PX : 850;
}

/**
 * The page names of the axis as text of the page (not drawn on the canvas): each beside its bar,
 * wrapped within the axis' width, never cut, its path in its title; on a phone (`narrow`) each on
 * its own line above its bar.
 */
function pageNamesPlugin(pages: readonly CanonicalPage[], narrow: boolean): uPlot.Plugin {
  const holder = document.createElement('div');
  holder.className = narrow ? 'bo-chart__pages bo-chart__pages--above' : 'bo-chart__pages';
  for (const page of pages) {
    const name = document.createElement('span');
    name.className = 'bo-chart__page';
    name.textContent = pageName(page);
    name.title = `${pageName(page)} (${page})`;
    holder.append(name);
  }
  // uPlot draws once before it is ready: the names go in at `init`, are placed at each draw.
  const place = (u: uPlot) => {
    if (narrow) {
      // Across the plot, the name's last line just above its bar (the bar is NARROW_BAR_SHARE of its row).
      const row = Math.abs(u.valToPos(1, 'x') - u.valToPos(0, 'x'));
      holder.style.left = `${u.over.offsetLeft}px`;
      holder.style.width = `${u.over.offsetWidth}px`;
      holder.querySelectorAll<HTMLElement>('.bo-chart__page').forEach((name, index) => {
        name.style.top = `${u.over.offsetTop + u.valToPos(index, 'x') - (row * NARROW_BAR_SHARE) / 2 - 1}px`;
      });
      return;
    }
    holder.style.width = `${Math.max(0, u.over.offsetLeft - 8)}px`;
    holder.querySelectorAll<HTMLElement>('.bo-chart__page').forEach((name, index) => {
      name.style.top = `${u.over.offsetTop + u.valToPos(index, 'x')}px`;
    });
  };
  return {
    hooks: {
      init: [(u) => u.over.parentElement?.append(holder)],
      ready: [place],
      draw: [place],
      destroy: [() => holder.remove()],
    },
  };
}

/**
 * The chart of the shown series: one horizontal bar per page (the names beside them read across),
 * the partners, 'Autres' and 'Base' stacked (each drawn at the sum of itself and those before it,
 * last first, so every bar shows its own share), 'Global' unstacked over them when shown.
 */
export function pageVisitsChart(
  result: PageVisits,
  series: readonly ChartSeries[],
  hidden: ReadonlySet<string>,
  narrow = false,
): { options: ChartOptions; data: uPlot.AlignedData } {
  const xs = result.pages.map((_page, index) => index);
  const stacked = series.filter((item) => item.name !== 'Global' && !hidden.has(item.name));
  const running = result.pages.map(() => 0);
  const cumulative = stacked.map((item) =>
    item.counts.map((count, index) => (running[index] = (running[index] ?? 0) + count)),
  );
  const drawn = stacked.map((item, index) => ({ item, values: cumulative[index] ?? [] })).reverse();
  const global = series.find((item) => item.name === 'Global');
  if (global && !hidden.has('Global')) drawn.unshift({ item: global, values: global.counts });
  const bars = barPaths([narrow ? NARROW_BAR_SHARE : 0.7, 40]);
  const options: ChartOptions = {
    legend: { show: false },
    cursor: { show: false },
    plugins: [pageNamesPlugin(result.pages, narrow)],
    scales: {
      x: { time: false, ori: 1, dir: -1, range: [-0.5, result.pages.length - 0.5] },
      y: { ori: 0, range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      {
        scale: 'x',
        side: 3,
        splits: () => xs,
        values: (_u, splits) => splits.map(() => ''),
        size: narrow ? 4 : PAGE_NAME_WIDTH,
        ticks: { show: false },
        grid: { show: false },
      },
      { scale: 'y', side: 2, label: t('common.visits'), size: 50, incrs: COUNT_INCREMENTS, values: frenchCounts },
    ],
    series: [
      { label: t('common.page') },
      ...drawn.map(({ item }) => ({
        label: item.label,
        fill: item.name === 'Global' ? 'rgba(51, 65, 85, 0.2)' : item.colour,
        stroke: item.name === 'Global' ? item.colour : '#ffffff',
        width: 1,
        paths: bars,
        points: { show: false },
      })),
    ],
  };
  return { options, data: [xs, ...drawn.map(({ values }) => values)] };
}
