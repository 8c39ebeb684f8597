import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import { type VisitedPagesAnswer, VisitedPagesAnswerSchema } from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { barPaths, COUNT_INCREMENTS } from '../lib/bars.ts';
import { type TextKey, t } from '../lib/texts.ts';

/**
 * 'Visite des pages' (spec 3 §2): visits of each canonical page between two days, stacked by
 * partner, plus 'Base' (pages without a partner prefix) and 'Global' (every visit, hidden by
 * default, drawn unstacked over the others when shown).
 */

/** The short name of a canonical page on the axis; the wizard's steps go by their own (`step1`…). */
const PAGE_LABELS: Partial<Record<string, TextKey>> = {
  home: 'dashboard.pageVisits.pages.home',
  'declare-sinistre': 'dashboard.pageVisits.pages.declare',
  'confirmation-sinistre': 'dashboard.pageVisits.pages.confirmation',
  'suivre-dossier': 'dashboard.pageVisits.pages.followUp',
  'client-file': 'dashboard.pageVisits.pages.file',
  'find-my-number': 'dashboard.pageVisits.pages.findNumber',
  'mentions-legales': 'dashboard.pageVisits.pages.legal',
  'politique-confidentialite': 'dashboard.pageVisits.pages.privacy',
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

/** Narrower than this, the chart scrolls sideways rather than squeeze its twenty pages. */
const MIN_WIDTH = 900;

const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: INSURER_TIME_ZONE });
const frenchDay = (iso: string) => iso.split('-').reverse().join('/');

export default function PageVisitsChart() {
  const [start, setStart] = useState(todayIso);
  const [end, setEnd] = useState(todayIso);
  const [result, setResult] = useState<VisitedPagesAnswer['datas']['result'] | undefined>();
  const [hidden, setHidden] = useState<Set<string>>(() => new Set(['Global']));
  const target = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!start || !end) return;
    const controller = new AbortController();
    void staffApi('/activities/between_dates', VisitedPagesAnswerSchema, {
      method: 'POST',
      body: { start_date: `${start} 00:00:00`, end_date: `${end} 23:59:59` },
      signal: controller.signal,
    }).then((answer) => {
      if (answer.ok) setResult(answer.data.datas.result);
    });
    return () => controller.abort();
  }, [start, end]);

  const colours = useMemo(
    () => new Map(result?.series.map((series, index) => [series.name, COLOURS[index % COLOURS.length] ?? '#475569'])),
    [result],
  );

  useEffect(() => {
    const element = target.current;
    if (!element || !result) return;
    const xs = result.pages.map((_page, index) => index);
    const stacked = result.series.filter((series) => series.name !== 'Global' && !hidden.has(series.name));
    // Stacking: each series is drawn at the sum of itself and those below it, tallest first, so
    // every bar shows its own share.
    const running = result.pages.map(() => 0);
    const cumulative = stacked.map((series) =>
      series.counts.map((count, index) => (running[index] = (running[index] ?? 0) + count)),
    );
    const drawn = stacked.map((series, index) => ({ series, values: cumulative[index] ?? [] })).reverse();
    const global = result.series.find((series) => series.name === 'Global');
    if (global && !hidden.has('Global')) drawn.unshift({ series: global, values: global.counts });
    const bars = barPaths([0.7, 60]);
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, MIN_WIDTH),
        height: 850,
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
      },
      [xs, ...drawn.map(({ values }) => values)],
      element,
    );
    const resize = () => chart.setSize({ width: Math.max(element.clientWidth, MIN_WIDTH), height: 850 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [result, hidden, colours]);

  const totals = new Map(result?.series.map((series) => [series.name, series.counts.reduce((a, b) => a + b, 0)]));
  return (
    <section className="bo-card" aria-labelledby="visits-title">
      <h2 id="visits-title">{t('dashboard.pageVisits.title', { start: frenchDay(start), end: frenchDay(end) })}</h2>
      <div className="bo-toolbar">
        <label>
          {t('common.from')}{' '}
          <input
            className="bo-input"
            type="date"
            min="2023-10-19"
            max={end}
            value={start}
            required
            onChange={(event) => event.target.value && setStart(event.target.value)}
          />
        </label>
        <label>
          {t('common.to')}{' '}
          <input
            className="bo-input"
            type="date"
            min={start}
            max={todayIso()}
            value={end}
            required
            onChange={(event) => event.target.value && setEnd(event.target.value)}
          />
        </label>
      </div>
      {result ? (
        <fieldset className="bo-legend">
          <legend>{t('dashboard.pageVisits.series')}</legend>
          {result.series.map((series) => (
            <label key={series.name} className="bo-legend__item">
              <input
                type="checkbox"
                checked={!hidden.has(series.name)}
                onChange={(event) => {
                  const next = new Set(hidden);
                  if (event.target.checked) next.delete(series.name);
                  else next.add(series.name);
                  setHidden(next);
                }}
              />
              <span className="bo-legend__swatch" style={{ background: colours.get(series.name) }} aria-hidden="true" />
              {series.label} <span className="bo-muted">({totals.get(series.name) ?? 0})</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      <div ref={target} className="bo-chart bo-chart--wide" />
    </section>
  );
}
