import { useEffect, useId, useMemo, useState } from 'react';
import { VisitedPagesAnswerSchema } from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { frenchOfIsoDate, isoOfLocalDay } from '../../contracts/dates.ts';
import { DatePicker } from '../lib/DatePicker.tsx';
import { pickerDayOf, RECORDS_FIRST_DAY, todayForInsurer } from '../lib/dates.ts';
import { formatCount } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import { UplotChart } from '../lib/UplotChart.tsx';
import {
  type ChartSeries,
  chartSeries,
  OTHERS,
  type PageVisits,
  pageName,
  pageVisitsChart,
  pageVisitsHeight,
  tableSeries,
} from './page-visits.ts';

/** A phone's width, where the chart writes each page's name on a line above its bar. */
const NARROW = '(max-width: 640px)';

/** Whether the screen is a phone's width, followed as it changes (a turned phone, a resized window). */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const follow = () => setNarrow(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return narrow;
}

/**
 * 'Visite des pages' (spec 3 §2): visits of each canonical page between two days, stacked by
 * partner (the six with the most visits by name, the others together as 'Autres'), plus 'Base'
 * (pages without a partner prefix) and 'Global' (every partner's visits together, hidden by
 * default, drawn unstacked over the others when shown). The figures are also a table, where every
 * partner has its own column by name.
 */

export default function PageVisitsChart() {
  const [start, setStart] = useState(() => todayForInsurer());
  const [end, setEnd] = useState(() => todayForInsurer());
  const [result, setResult] = useState<PageVisits | undefined>();
  /** Whether an answer is awaited (the first, or that of new days). */
  const [loading, setLoading] = useState(true);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(['Global']));

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    void staffApi('/activities/between_dates', VisitedPagesAnswerSchema, {
      method: 'POST',
      body: { start_date: `${start} 00:00:00`, end_date: `${end} 23:59:59` },
      signal: controller.signal,
    }).then((answer) => {
      if (controller.signal.aborted) return;
      // Spec 3 §8: a refusal is ignored (the last chart stays), but nothing is awaited any more.
      if (answer.ok) setResult(answer.data.datas.result);
      setLoading(false);
    });
    return () => controller.abort();
  }, [start, end]);

  const series = useMemo(() => (result ? chartSeries(result) : []), [result]);
  const narrow = useNarrow();
  const chart = useMemo(
    () => result && pageVisitsChart(result, series, hidden, narrow),
    [result, series, hidden, narrow],
  );
  const empty = result !== undefined && series.every((item) => item.total === 0);

  return (
    <section className="bo-card" aria-labelledby="visits-title">
      <h2 id="visits-title">
        {t('dashboard.pageVisits.title', { start: frenchOfIsoDate(start), end: frenchOfIsoDate(end) })}
      </h2>
      <div className="bo-toolbar">
        <DatePicker
          label={t('common.from')}
          value={pickerDayOf(start)}
          minDate={RECORDS_FIRST_DAY}
          maxDate={pickerDayOf(end)}
          className="bo-date"
          inputClassName="bo-input bo-date__input"
          onChange={(date) => setStart(isoOfLocalDay(date))}
        />
        <DatePicker
          label={t('common.to')}
          value={pickerDayOf(end)}
          minDate={pickerDayOf(start)}
          maxDate={pickerDayOf(todayForInsurer())}
          className="bo-date"
          inputClassName="bo-input bo-date__input"
          onChange={(date) => setEnd(isoOfLocalDay(date))}
        />
      </div>
      {loading && (
        <p role="status" className="bo-chart-loading">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {!loading && result === undefined && <p className="bo-muted">{t('dashboard.pageVisits.unavailable')}</p>}
      {empty && <p className="bo-muted">{t('common.noVisits')}</p>}
      {result && !empty && (
        <>
          <SeriesLegend series={series} hidden={hidden} onChange={setHidden} />
          <UplotChart
            options={chart?.options}
            data={chart?.data}
            height={pageVisitsHeight(result.pages.length, narrow)}
            className="bo-chart bo-chart--pages"
          />
          <VisitsTable result={result} />
        </>
      )}
    </section>
  );
}

/** 'Séries affichées': a checkbox per series with its colour and its total of visits, in the order they stack. */
function SeriesLegend({
  series,
  hidden,
  onChange,
}: {
  series: readonly ChartSeries[];
  hidden: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
}) {
  const others = series.find((item) => item.name === OTHERS);
  return (
    <fieldset className="bo-legend">
      <legend>{t('dashboard.pageVisits.series')}</legend>
      {series.map((item) => (
        <label key={item.name} className="bo-legend__item">
          <input
            type="checkbox"
            checked={!hidden.has(item.name)}
            onChange={(event) => {
              const next = new Set(hidden);
              if (event.target.checked) next.delete(item.name);
              else next.add(item.name);
              onChange(next);
            }}
          />
          <span
            className={item.name === 'Global' ? 'bo-legend__swatch bo-legend__swatch--outline' : 'bo-legend__swatch'}
            style={{ background: item.name === 'Global' ? undefined : item.colour, borderColor: item.colour }}
            aria-hidden="true"
          />
          {item.label} <span className="bo-muted">({formatCount(item.total)})</span>
        </label>
      ))}
      {others?.members && (
        <p className="bo-legend__others bo-muted">
          {t('dashboard.pageVisits.othersAre', {
            partners: others.members.map((member) => `${member.label} (${formatCount(member.total)})`).join(', '),
          })}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The chart's figures as a table (pages by their names and paths, a column per partner, each by
 * name, then Base and Global), folded by default.
 */
function VisitsTable({ result }: { result: PageVisits }) {
  const captionId = useId();
  const series = useMemo(() => tableSeries(result), [result]);
  return (
    <details className="bo-details">
      <summary>{t('dashboard.pageVisits.table')}</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable). */}
      <section className="bo-table-wrap" tabIndex={0} aria-labelledby={captionId}>
        <table className="bo-table bo-table--figures">
          <caption id={captionId} className="visually-hidden">
            {t('dashboard.pageVisits.table')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('common.page')}</th>
              {series.map((item) => (
                <th key={item.name} scope="col" className="bo-num">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.pages.map((page, index) => (
              <tr key={page}>
                <th scope="row">
                  {pageName(page)} <span className="bo-muted bo-code">{page}</span>
                </th>
                {series.map((item) => (
                  <td key={item.name} className="bo-num">
                    {formatCount(item.counts[index] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
