import { QuestionBox } from './QuestionBox.tsx';
import flatpickrStylesheet from 'flatpickr/dist/flatpickr.min.css?url';
import { use, useCallback, useId, useState } from 'react';
import { DEFAULT_REFERENCE_PAGE, REFERENCE_PAGES, type ReferencePage } from '../../contracts/analysis.ts';
import { loadStylesheets } from '../components/stylesheets.ts';
import { t } from '../lib/texts.ts';
import analysisStylesheet from './analysis.css?url';
import { insurerWallClockNow, wallClockMinute } from '../lib/dates.ts';
import { changeEnd, changeStart, initialRange, showsStep6, versionOf } from './date-rules.ts';
import { formatCount } from '../lib/format.ts';
import { PeriodCard } from './PeriodCard.tsx';
import { StatisticCard } from './StatisticCard.tsx';
import { DeclarationTotals, PageCounts, ReportRate } from './StatisticFigures.tsx';
import { StepTable, stepRows } from './StepTable.tsx';
import { type Period, periodOf, useAnalysisStatistics } from './use-analysis-statistics.ts';

/** flatpickr's and the page's styles, linked when this page loads (not on the other back-office pages). */
const stylesheets = loadStylesheets(flatpickrStylesheet, analysisStylesheet);

/**
 * Analyse (spec 3 §2): a period (with the V2/V3 rules of §4 and the release markers), GO, then
 * the statistic blocks, each with its own state. Room is kept above the figures for the AI
 * question box (a later issue).
 */
export default function AnalysisPage() {
  use(stylesheets);
  const [range, setRange] = useState(() => initialRange(insurerWallClockNow()));
  const [referencePage, setReferencePage] = useState<ReferencePage>(DEFAULT_REFERENCE_PAGE);
  /** The period of the figures shown (set by GO, cleared by a date change). */
  const [shownPeriod, setShownPeriod] = useState<Period | undefined>(undefined);
  const selectId = useId();
  const statistics = useAnalysisStatistics();
  const { uniqueUsers, funnel, findNumber, followUp, around } = statistics;

  const resetAll = () => {
    statistics.resetAll();
    setShownPeriod(undefined);
  };
  const onStart = (date: Date) => {
    setRange((current) => changeStart(current, date, insurerWallClockNow()));
    resetAll();
  };
  const onEnd = (date: Date) => {
    setRange((current) => changeEnd(current, date, insurerWallClockNow()));
    resetAll();
  };
  const go = () => {
    const period = periodOf(range);
    setShownPeriod(period);
    statistics.loadAll(period, referencePage);
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

      <PeriodCard range={range} onStart={onStart} onEnd={onEnd} onGo={go} />

      <QuestionBox start={wallClockMinute(range.start)} end={wallClockMinute(range.end)} />

      <div className="an-grid">
        <StatisticCard
          title={t('analysis.uniqueUsers.title')}
          help={t('analysis.uniqueUsers.help')}
          state={uniqueUsers.state}
          className="an-card--users"
        >
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
