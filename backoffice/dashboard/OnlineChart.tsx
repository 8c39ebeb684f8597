import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import {
  ONLINE_DAYS,
  ONLINE_MINUTES,
  type OnlineUsersAnswer,
  OnlineUsersAnswerSchema,
} from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { barPaths, COUNT_INCREMENTS, frenchCounts, frenchTimeTicks } from '../lib/bars.ts';
import { staffSocket } from '../lib/live.ts';
import { formatCount } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import { type ChartOptions, UplotChart } from '../lib/UplotChart.tsx';
import { focusBackTo } from '../lib/focus.ts';

/**
 * The online-user bar chart (spec 3 §2): visits begun in each interval of M minutes over the last
 * N days, with the number of visitors connected now, kept live by `onlineUsersCount`. The
 * spinner and the hidden controls of spec 3 §2 belong to the loads staff ask for (the first, a new
 * interval or period, the refresh button); a reload that follows the live count refreshes the bars
 * in place, so the controls never vanish under the pointer at a live refresh. The spinner shows
 * while the figures are awaited, never beside bars already drawn from them; the controls come
 * back about a second after the load began (spec 3 §9).
 */

/** An interval's button: 5 m, 15 m, then in hours (1h, 4h, 24h). */
const minuteLabel = (minutes: number) =>
  minutes < 60 ? t('dashboard.online.minutes', { minutes }) : t('dashboard.online.hours', { hours: minutes / 60 });
/** Spec 3 §9: the controls come back this long after a load starts. */
const CONTROLS_HIDDEN_MS = 1_000;
/** A live count change reloads the chart at most this often. */
const LIVE_RELOAD_MS = 15_000;

/** The value of a series at the last interval, for the legend when the cursor is on no bar. */
function latestOf(u: uPlot, series: number, index: number | null): number | null {
  if (index != null) return null;
  const values = u.data[series];
  return values && values.length > 0 ? (values[values.length - 1] ?? null) : null;
}

/** The time axis from half an interval before the first bar to half an interval after the last. */
function wholeBarsRange(u: uPlot, min: number, max: number): [number, number] {
  const times = u.data[0];
  const first = times[0];
  const second = times[1];
  const half = first !== undefined && second !== undefined ? (second - first) / 2 : 30;
  return [min - half, max + half];
}

/** Bars of visits over time, Paris time on the axis and in the legend. */
const CHART_OPTIONS: ChartOptions = {
  // Half an interval on each side: the first and last bars, centred on their start, show whole.
  scales: { x: { time: true, range: wholeBarsRange }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
  // Room on the right for the last time label, centred under its bar.
  padding: [null, 40, null, null],
  legend: { show: true },
  axes: [
    { values: frenchTimeTicks, space: 80 },
    { label: t('common.visits'), size: 56, incrs: COUNT_INCREMENTS, values: frenchCounts },
  ],
  series: [
    {
      label: t('common.start'),
      // Away from the bars, the legend reads the latest interval instead of a placeholder ("--").
      value: (u, seconds, _series, index) => {
        const start = seconds ?? latestOf(u, 0, index);
        return start == null ? '' : (frenchTimeTicks(u, [start])[0] ?? '');
      },
    },
    {
      label: t('common.visits'),
      value: (u, visits, _series, index) => formatCount(visits ?? latestOf(u, 1, index) ?? 0),
      fill: 'rgba(29, 78, 216, 0.55)',
      stroke: '#1d4ed8',
      width: 1,
      paths: barPaths([0.85, 40]),
      points: { show: false },
    },
  ],
};

export default function OnlineChart() {
  const [minutes, setMinutes] = useState(60);
  const [days, setDays] = useState(1);
  const [data, setData] = useState<OnlineUsersAnswer['datas'] | undefined>();
  /** The period and interval the bars drawn are of: the caption names them, not those awaited. */
  const [shown, setShown] = useState({ days, minutes });
  /** The controls are hidden (spec 3 §2: about a second from a load staff asked for). */
  const [controlsHidden, setControlsHidden] = useState(true);
  /** The figures of a load staff asked for are awaited. */
  const [awaited, setAwaited] = useState(true);
  const [online, setOnline] = useState<number | undefined>();
  const [reload, setReload] = useState(0);
  const lastLiveReload = useRef(0);
  /** The next load follows the live count (set just before `reload` changes for it). */
  const liveReload = useRef(false);
  /** The interval and period of the last load: a live reload of other ones is a load staff asked for. */
  const loadedPeriod = useRef('');
  /** Brings the controls back; kept across loads, so a live reload during a load staff asked for never keeps them hidden. */
  const controlsTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(controlsTimer.current), []);
  /**
   * The control staff pressed last: hiding the controls drops its focus to the page, so it gets
   * the focus back when they return (a keyboard user goes on from the button they pressed).
   */
  const pressed = useRef<string | undefined>(undefined);
  const toolbar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const control = pressed.current;
    if (controlsHidden || control === undefined) return;
    pressed.current = undefined;
    focusBackTo(toolbar.current?.querySelector<HTMLButtonElement>(`[data-control="${control}"]`));
  }, [controlsHidden]);
  /** Notes which control was pressed, then does what it does. */
  const press = (control: string, action: () => void) => () => {
    pressed.current = control;
    action();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` only asks for the same figures again.
  useEffect(() => {
    const controller = new AbortController();
    const period = `${days}/${minutes}`;
    const quiet = liveReload.current && loadedPeriod.current === period;
    liveReload.current = false;
    loadedPeriod.current = period;
    // The live count that arrives as the socket connects follows a load just made: no second one.
    lastLiveReload.current = Date.now();
    if (!quiet) {
      setControlsHidden(true);
      setAwaited(true);
      clearTimeout(controlsTimer.current);
      controlsTimer.current = setTimeout(() => setControlsHidden(false), CONTROLS_HIDDEN_MS);
    }
    void staffApi(`/activities/${days}/${minutes}`, OnlineUsersAnswerSchema, { signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        // Spec 3 §8: a refusal is ignored (the last chart stays); nothing is awaited any more.
        if (result.ok) {
          setData(result.data.datas);
          setShown({ days, minutes });
          setOnline(result.data.datas.online);
        }
        setAwaited(false);
      },
    );
    return () => controller.abort();
  }, [days, minutes, reload]);

  useEffect(() => {
    let socket: Awaited<ReturnType<typeof staffSocket>> | undefined;
    const onCount = (count: number) => {
      setOnline(count);
      if (Date.now() - lastLiveReload.current > LIVE_RELOAD_MS) {
        lastLiveReload.current = Date.now();
        liveReload.current = true;
        setReload((value) => value + 1);
      }
    };
    void staffSocket().then((connected) => {
      socket = connected;
      connected.on('onlineUsersCount', onCount);
    });
    return () => {
      socket?.off('onlineUsersCount', onCount);
    };
  }, []);

  const chartData = useMemo<uPlot.AlignedData | undefined>(
    () => data && [data.visits.map((point) => Date.parse(point.time) / 1000), data.visits.map((point) => point.count)],
    [data],
  );

  const total = data?.visits.reduce((sum, point) => sum + point.count, 0);
  return (
    <section className="bo-card" aria-labelledby="online-title">
      <div className="bo-chart-head">
        <h2 id="online-title">{t('dashboard.online.title')}</h2>
        <p className="bo-online" aria-live="polite">
          {t('dashboard.online.now')} <strong data-testid="online-now">{online ?? '…'}</strong>
        </p>
      </div>
      <p className="bo-chart-label">
        {t('dashboard.online.visits', { count: shown.days, minutes: shown.minutes })}
        {total !== undefined && (
          <span className="bo-muted"> · {t('dashboard.online.total', { total: formatCount(total) })}</span>
        )}
      </p>
      {controlsHidden ? (
        <div className="bo-toolbar bo-toolbar--waiting">
          {awaited && (
            <p role="status" className="bo-chart-loading">
              <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
            </p>
          )}
        </div>
      ) : (
        <div className="bo-toolbar" ref={toolbar}>
          <fieldset className="bo-segmented">
            <legend className="visually-hidden">{t('dashboard.online.interval')}</legend>
            {ONLINE_MINUTES.map((option) => (
              <button
                key={option}
                type="button"
                className="bo-button"
                aria-pressed={minutes === option}
                data-control={`minutes-${option}`}
                onClick={press(`minutes-${option}`, () => setMinutes(option))}
              >
                {minuteLabel(option)}
              </button>
            ))}
          </fieldset>
          <fieldset className="bo-segmented">
            <legend className="visually-hidden">{t('common.period')}</legend>
            {ONLINE_DAYS.map((option) => (
              <button
                key={option}
                type="button"
                className="bo-button"
                aria-pressed={days === option}
                data-control={`days-${option}`}
                onClick={press(`days-${option}`, () => setDays(option))}
              >
                {t('dashboard.online.days', { days: option })}
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            className="bo-button"
            data-control="refresh"
            onClick={press('refresh', () => setReload((value) => value + 1))}
          >
            {t('dashboard.online.refresh')}
          </button>
        </div>
      )}
      {/* Figures asked for after the controls came back (a long period): still said to be on their way. */}
      {awaited && !controlsHidden && (
        <p role="status" className="bo-chart-loading">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {total === 0 && <p className="bo-muted">{t('common.noVisits')}</p>}
      <UplotChart
        options={CHART_OPTIONS}
        data={chartData}
        height={320}
        className={awaited && data ? 'bo-chart bo-chart--stale' : 'bo-chart'}
      />
    </section>
  );
}
