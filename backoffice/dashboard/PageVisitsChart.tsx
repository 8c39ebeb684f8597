import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { useEffect, useMemo, useState } from 'react';
import { VisitedPagesAnswerSchema } from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { t } from '../lib/texts.ts';
import { UplotChart } from '../lib/UplotChart.tsx';
import { type PageVisits, pageVisitsChart, seriesColours } from './page-visits.ts';

/**
 * 'Visite des pages' (spec 3 §2): visits of each canonical page between two days, stacked by
 * partner, plus 'Base' (pages without a partner prefix) and 'Global' (every partner's visits
 * together, hidden by default, drawn unstacked over the others when shown).
 */

/** Narrower than this, the chart scrolls sideways rather than squeeze its pages (26, those of earlier versions included). */
const MIN_WIDTH = 1100;

const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: INSURER_TIME_ZONE });
const frenchDay = (iso: string) => iso.split('-').reverse().join('/');

export default function PageVisitsChart() {
  const [start, setStart] = useState(todayIso);
  const [end, setEnd] = useState(todayIso);
  const [result, setResult] = useState<PageVisits | undefined>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(['Global']));

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

  const colours = useMemo(() => (result ? seriesColours(result) : new Map<string, string>()), [result]);
  const chart = useMemo(() => result && pageVisitsChart(result, hidden, colours), [result, hidden, colours]);

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
        <SeriesLegend result={result} colours={colours} hidden={hidden} onChange={setHidden} />
      ) : (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      <UplotChart
        options={chart?.options}
        data={chart?.data}
        height={850}
        minWidth={MIN_WIDTH}
        className="bo-chart bo-chart--wide"
      />
    </section>
  );
}

/** 'Séries affichées': a checkbox per series with its colour and its total of visits. */
function SeriesLegend({
  result,
  colours,
  hidden,
  onChange,
}: {
  result: PageVisits;
  colours: ReadonlyMap<string, string>;
  hidden: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
}) {
  const totals = new Map(result.series.map((series) => [series.name, series.counts.reduce((a, b) => a + b, 0)]));
  return (
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
              onChange(next);
            }}
          />
          <span className="bo-legend__swatch" style={{ background: colours.get(series.name) }} aria-hidden="true" />
          {series.label} <span className="bo-muted">({totals.get(series.name) ?? 0})</span>
        </label>
      ))}
    </fieldset>
  );
}
