import { useId } from 'react';
import { ANALYSIS_LANGUAGES, type DeclarationFunnel, type StepKey } from '../../contracts/analysis.ts';
import { t } from '../lib/texts.ts';
import { formatCount, formatPercent, shareOf, sortedEntries } from '../lib/format.ts';
import { PercentBar } from './StatisticCard.tsx';

/** What each step row is called: step 0 (the insured number) and V2's step 6 say more than their number. */
function stepLabel(key: StepKey): string {
  if (key === 'step0') return t('analysis.steps.step0');
  if (key === 'step6') return t('analysis.steps.step6');
  return t('analysis.steps.numbered', { number: key.slice('step'.length) });
}

interface Row {
  key: StepKey;
  total: number;
  totalMobile: number;
  navigator: Record<string, number>;
  languages: Record<string, number>;
  nextPage: Record<string, number>;
}

/** The rows of the furthest-step ('furthest') or last-step ('last') table. */
export function stepRows(funnel: DeclarationFunnel, kind: 'furthest' | 'last', withStep6: boolean): Row[] {
  const keys: StepKey[] = [
    'step0',
    'step1',
    'step2',
    'step3',
    'step4',
    'step5',
    ...(withStep6 ? ['step6' as const] : []),
  ];
  return keys.map((key) => {
    const details = kind === 'furthest' ? funnel.stepsDetails[key] : funnel.lastStep[key];
    const total = 'total' in details ? details.total : details.count;
    return {
      key,
      total,
      totalMobile: details.totalMobile,
      navigator: details.navigator,
      languages: Object.fromEntries(ANALYSIS_LANGUAGES.map((language) => [language, details[language]])),
      nextPage: details.nextPage,
    };
  });
}

/** A breakdown as a short list: "Chrome 12", "Safari 4"… */
function Breakdown({
  counts,
  whole,
  exits,
  compact,
}: {
  counts: Record<string, number>;
  whole: number;
  /** Adds the sessions that left the site (whole minus the counts). */
  exits?: boolean;
  /** Short names (languages): two columns. */
  compact?: boolean;
}) {
  const entries = sortedEntries(counts);
  const left = whole - entries.reduce((sum, [, value]) => sum + value, 0);
  if (exits && left > 0) entries.push([t('analysis.steps.leftSite'), left]);
  if (entries.length === 0) return <span className="an-muted">—</span>;
  return (
    <ul className={compact ? 'an-breakdown an-breakdown--compact' : 'an-breakdown'}>
      {entries.map(([name, value]) => (
        <li key={name}>
          <span className="an-breakdown__name">{name}</span> <span className="an-number">{formatCount(value)}</span>
        </li>
      ))}
    </ul>
  );
}

interface Props {
  caption: string;
  rows: Row[];
  /** The sessions the percentages are of (the unfinished declarations). */
  whole: number;
}

/**
 * A step table (spec 3 §2): per step the sessions, their share, smartphones, browsers, languages
 * and the page seen right after (sessions that left the site are shown as such). Scrolls sideways
 * on a phone.
 */
export function StepTable({ caption, rows, whole }: Props) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="an-table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="an-table an-table--steps">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('analysis.steps.columns.step')}</th>
            <th scope="col" className="an-num">
              {t('common.sessions')}
            </th>
            <th scope="col">{t('common.share')}</th>
            <th scope="col" className="an-num">
              {t('analysis.steps.columns.smartphones')}
            </th>
            <th scope="col">{t('analysis.steps.columns.browsers')}</th>
            <th scope="col">{t('analysis.steps.columns.languages')}</th>
            <th scope="col">{t('analysis.steps.columns.nextPage')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const share = shareOf(row.total, whole);
            const mobileShare = shareOf(row.totalMobile, row.total);
            return (
              <tr key={row.key} data-step={row.key}>
                <th scope="row">{stepLabel(row.key)}</th>
                <td className="an-num an-strong" data-label={t('common.sessions')}>
                  {formatCount(row.total)}
                </td>
                <td data-label={t('common.share')}>
                  <span className="an-share">
                    <PercentBar value={share} />
                    <span className="an-number">{formatPercent(share)}</span>
                  </span>
                </td>
                <td className="an-num" data-label={t('analysis.steps.columns.smartphones')}>
                  {formatCount(row.totalMobile)}
                  <span className="an-sub">{formatPercent(mobileShare)}</span>
                </td>
                <td data-label={t('analysis.steps.columns.browsers')}>
                  <Breakdown counts={row.navigator} whole={row.total} />
                </td>
                <td data-label={t('analysis.steps.columns.languages')}>
                  <Breakdown counts={row.languages} whole={row.total} compact />
                </td>
                <td data-label={t('analysis.steps.columns.nextPage')}>
                  <Breakdown counts={row.nextPage} whole={row.total} exits />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
