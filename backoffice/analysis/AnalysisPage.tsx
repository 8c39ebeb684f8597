import { QuestionBox } from './QuestionBox.tsx';
import flatpickrStylesheet from 'flatpickr/dist/flatpickr.min.css?url';
import { use, useCallback, useId, useState } from 'react';
import {
  DECLARATION_FUNNEL_PATH,
  type DeclarationFunnel,
  DeclarationFunnelAnswerSchema,
  DEFAULT_REFERENCE_PAGE,
  FIND_NUMBER_RATE_PATH,
  FOLLOW_UP_RATE_PATH,
  PAGES_AROUND_PATH,
  PagesAroundAnswerSchema,
  REFERENCE_PAGES,
  type ReferencePage,
  RELEASE_MARKERS,
  ReportRateAnswerSchema,
  UNIQUE_USERS_PATH,
  UniqueUsersAnswerSchema,
} from '../../contracts/analysis.ts';
import { type StaffApiResult, staffApi } from '../api/client.ts';
import { loadStylesheets } from '../components/stylesheets.ts';
import { t } from '../lib/texts.ts';
import analysisStylesheet from './analysis.css?url';
import { DateTimePicker } from './DateTimePicker.tsx';
import {
  type AnalysisRange,
  changeEnd,
  changeStart,
  initialRange,
  showsStep6,
  versionOf,
  wallClockMinute,
} from './date-rules.ts';
import { formatCount, formatPercent, shareOf, sortedEntries } from './format.ts';
import { PercentBar, StatisticCard } from './StatisticCard.tsx';
import { StepTable, stepRows } from './StepTable.tsx';
import { useStatistic } from './use-statistic.ts';

/** flatpickr's and the page's styles, linked when this page loads (not on the other back-office pages). */
const stylesheets = loadStylesheets(flatpickrStylesheet, analysisStylesheet);

/** What every call sends: the range as wall clocks of the browser's time zone. */
interface Period {
  start_date: string;
  end_date: string;
  timezone: string;
}

function periodOf(range: AnalysisRange): Period {
  return {
    start_date: wallClockMinute(range.start),
    end_date: wallClockMinute(range.end),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** Unwraps `datas` of a successful answer. */
async function datasOf<T>(answer: Promise<StaffApiResult<{ datas: T }>>): Promise<StaffApiResult<T>> {
  const result = await answer;
  return result.ok ? { ok: true, data: result.data.datas } : result;
}

const RELEASE_DATES = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/**
 * Analyse (spec 3 §2): a period (with the V2/V3 rules of §4 and the release markers), GO, then
 * the statistic blocks, each with its own state. Room is kept above the figures for the AI
 * question box (a later issue).
 */
export default function AnalysisPage() {
  use(stylesheets);
  const [range, setRange] = useState(() => initialRange(new Date()));
  const [referencePage, setReferencePage] = useState<ReferencePage>(DEFAULT_REFERENCE_PAGE);
  /** The period of the figures shown (set by GO, cleared by a date change). */
  const [shownPeriod, setShownPeriod] = useState<Period | undefined>(undefined);
  const selectId = useId();

  const uniqueUsers = useStatistic((period: Period, signal) =>
    datasOf(staffApi(UNIQUE_USERS_PATH, UniqueUsersAnswerSchema, { method: 'POST', body: period, signal })),
  );
  const funnel = useStatistic((period: Period, signal) =>
    datasOf(staffApi(DECLARATION_FUNNEL_PATH, DeclarationFunnelAnswerSchema, { method: 'POST', body: period, signal })),
  );
  const findNumber = useStatistic((period: Period, signal) =>
    datasOf(staffApi(FIND_NUMBER_RATE_PATH, ReportRateAnswerSchema, { query: { ...period }, signal })),
  );
  const followUp = useStatistic((period: Period, signal) =>
    datasOf(staffApi(FOLLOW_UP_RATE_PATH, ReportRateAnswerSchema, { query: { ...period }, signal })),
  );
  const around = useStatistic((request: Period & { referal_page: ReferencePage }, signal) =>
    datasOf(staffApi(PAGES_AROUND_PATH, PagesAroundAnswerSchema, { method: 'POST', body: request, signal })),
  );

  const blocks = [uniqueUsers, funnel, findNumber, followUp, around];
  const resetAll = () => {
    for (const block of blocks) block.reset();
    setShownPeriod(undefined);
  };

  const onStart = (date: Date) => {
    setRange((current) => changeStart(current, date, new Date()));
    resetAll();
  };
  const onEnd = (date: Date) => {
    setRange((current) => changeEnd(current, date, new Date()));
    resetAll();
  };

  const go = () => {
    const period = periodOf(range);
    setShownPeriod(period);
    uniqueUsers.load(period);
    funnel.load(period);
    findNumber.load(period);
    followUp.load(period);
    around.load({ ...period, referal_page: referencePage });
  };

  const chooseReferencePage = useCallback(
    (page: ReferencePage) => {
      setReferencePage(page);
      if (shownPeriod) around.load({ ...shownPeriod, referal_page: page });
    },
    [shownPeriod, around.load],
  );

  const version = versionOf(range.start);
  const withStep6 = showsStep6(range.start);

  return (
    <div className="an-page">
      <header className="an-page__head">
        <h1 className="an-page__title">{t('common.pages.analysis')}</h1>
        <span className={`an-version an-version--${version.toLowerCase()}`} title={t('analysis.versionTitle')}>
          {version}
        </span>
      </header>

      <section className="an-card an-period" aria-labelledby={`${selectId}-period`}>
        <h2 className="an-card__title" id={`${selectId}-period`}>
          {t('common.period')}
        </h2>
        <div className="an-period__fields">
          <DateTimePicker label={t('common.start')} value={range.start} maxDate={new Date()} onChange={onStart} />
          <DateTimePicker label={t('analysis.period.end')} value={range.end} maxDate={range.maxEnd} onChange={onEnd} />
          <button type="button" className="an-go" onClick={go}>
            {t('common.go')}
          </button>
        </div>
        <ul className="an-releases" aria-label={t('analysis.period.releases')}>
          {RELEASE_MARKERS.map((release) => (
            <li key={release.version}>
              <span className="an-releases__dot" aria-hidden="true" />
              <strong>{release.version}</strong>{' '}
              <span className="an-muted">
                {RELEASE_DATES.format(new Date(release.at.replace(' ', 'T')))} · {release.label}
              </span>
            </li>
          ))}
        </ul>
        {withStep6 && <p className="an-note">{t('analysis.period.v2Note')}</p>}
      </section>

      <QuestionBox start={wallClockMinute(range.start)} end={wallClockMinute(range.end)} />

      <div className="an-grid">
        <StatisticCard title={t('analysis.uniqueUsers.title')} state={uniqueUsers.state} className="an-card--users">
          {(data) => (
            <p className="an-kpi">
              <span className="an-kpi__value">{formatCount(data.unique_users)}</span>
              <span className="an-kpi__label">{t('analysis.uniqueUsers.label')}</span>
            </p>
          )}
        </StatisticCard>

        <StatisticCard title={t('analysis.declarations.title')} state={funnel.state} className="an-card--totals">
          {(data) => <DeclarationTotals funnel={data} />}
        </StatisticCard>

        <StatisticCard title={t('analysis.findNumber.title')} state={findNumber.state} className="an-card--rate">
          {(data) => <ReportRate {...data} caption={t('analysis.findNumber.caption')} />}
        </StatisticCard>

        <StatisticCard title={t('analysis.followUp.title')} state={followUp.state} className="an-card--rate">
          {(data) => <ReportRate {...data} caption={t('analysis.followUp.caption')} />}
        </StatisticCard>
      </div>

      <StatisticCard title={t('analysis.furthestStep')} state={funnel.state}>
        {(data) => (
          <StepTable
            caption={t('analysis.furthestStep')}
            rows={stepRows(data, 'furthest', withStep6)}
            whole={data.total1}
          />
        )}
      </StatisticCard>

      <StatisticCard title={t('analysis.lastStep')} state={funnel.state}>
        {(data) => (
          <StepTable caption={t('analysis.lastStep')} rows={stepRows(data, 'last', withStep6)} whole={data.total1} />
        )}
      </StatisticCard>

      <StatisticCard
        title={t('analysis.around.title')}
        state={around.state}
        tools={
          <div className="an-field an-field--inline">
            <label htmlFor={selectId}>{t('analysis.around.referencePage')}</label>
            <select
              id={selectId}
              className="an-input"
              value={referencePage}
              onChange={(event) => chooseReferencePage(event.target.value as ReferencePage)}
            >
              {REFERENCE_PAGES.map((page) => (
                <option key={page} value={page}>
                  {page}
                </option>
              ))}
            </select>
          </div>
        }
      >
        {(data) => (
          <div className="an-around">
            <PageCounts title={t('analysis.around.previous')} counts={data.previous_pages} />
            <PageCounts title={t('analysis.around.next')} counts={data.next_pages} />
          </div>
        )}
      </StatisticCard>
    </div>
  );
}

/** Finished, unfinished and other sessions (stats_04 totals). */
function DeclarationTotals({ funnel }: { funnel: DeclarationFunnel }) {
  const declarations = funnel.total1 + funnel.total2;
  const sessions = declarations + funnel.total3;
  const items = [
    {
      label: t('analysis.declarations.finished'),
      value: funnel.total2,
      share: shareOf(funnel.total2, declarations),
      tone: 'green',
    },
    {
      label: t('analysis.declarations.unfinished'),
      value: funnel.total1,
      share: shareOf(funnel.total1, declarations),
      tone: 'red',
    },
    {
      label: t('analysis.declarations.otherSessions'),
      value: funnel.total3,
      share: shareOf(funnel.total3, sessions),
      tone: 'grey',
    },
  ] as const;
  return (
    <>
      <dl className="an-totals">
        {items.map((item) => (
          <div key={item.label} className="an-totals__item" data-total={item.label}>
            <dt>{item.label}</dt>
            <dd>
              <span className="an-totals__value">{formatCount(item.value)}</span>
              <span className="an-share">
                <PercentBar value={item.share} tone={item.tone} />
                <span className="an-number">{formatPercent(item.share)}</span>
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="an-sub an-totals__note">{t('analysis.declarations.note')}</p>
    </>
  );
}

/** An OK/KO rate (analyse01, analyse02). */
function ReportRate({
  countOK,
  countKO,
  countOKPercent,
  caption,
}: {
  countOK: number;
  countKO: number;
  countOKPercent: number;
  caption: string;
}) {
  return (
    <div className="an-rate">
      <p className="an-kpi">
        <span className="an-kpi__value">{formatPercent(countOKPercent)}</span>
        <span className="an-kpi__label">{caption}</span>
      </p>
      <PercentBar value={countOKPercent} tone="green" />
      <p className="an-rate__counts">
        <span>
          {t('analysis.rate.ok')} <strong className="an-number">{formatCount(countOK)}</strong>
        </span>
        <span>
          {t('analysis.rate.ko')} <strong className="an-number">{formatCount(countKO)}</strong>
        </span>
      </p>
      <p className="an-sub">{t('analysis.rate.since')}</p>
    </div>
  );
}

/** Neighbour pages with their counts, largest first. */
function PageCounts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = sortedEntries(counts);
  const largest = entries[0]?.[1] ?? 0;
  const total = entries.reduce((sum, [, value]) => sum + value, 0);
  return (
    <div className="an-around__list">
      <h3 className="an-around__title">{title}</h3>
      {entries.length === 0 ? (
        <p className="an-muted">{t('analysis.around.none')}</p>
      ) : (
        <table className="an-table an-table--compact">
          <thead>
            <tr>
              <th scope="col">{t('common.page')}</th>
              <th scope="col" className="an-num">
                {t('common.sessions')}
              </th>
              <th scope="col">{t('common.share')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([page, value]) => (
              <tr key={page}>
                <th scope="row" className="an-page-name">
                  {page}
                </th>
                <td className="an-num">{formatCount(value)}</td>
                <td>
                  <span className="an-share">
                    <PercentBar value={shareOf(value, largest)} />
                    <span className="an-number">{formatPercent(shareOf(value, total))}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
