import type { DeclarationFunnel } from '../../contracts/analysis.ts';
import { t } from '../lib/texts.ts';
import { formatCount, formatPercent, shareOf, sortedEntries } from '../lib/format.ts';
import { PercentBar } from './StatisticCard.tsx';

/** The figures inside the analysis page's statistic cards. */

/** Finished, unfinished and other sessions (stats_04 totals). */
export function DeclarationTotals({ funnel }: { funnel: DeclarationFunnel }) {
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
export function ReportRate({
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
export function PageCounts({ title, counts }: { title: string; counts: Record<string, number> }) {
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
