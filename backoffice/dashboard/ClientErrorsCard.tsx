import { useEffect, useId, useState } from 'react';
import {
  CLIENT_ERROR_COUNTS_PATH,
  type ClientErrorCountsAnswer,
  ClientErrorCountsAnswerSchema,
} from '../../contracts/client-errors.ts';
import { staffApi } from '../api/client.ts';
import { formatCount } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import { CLIENT_ERROR_MEANINGS } from './client-error-meanings.ts';

/** A day `YYYY-MM-DD` as the back office writes dates: dd/mm/yyyy. */
function frenchDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * "Erreurs signalées par les navigateurs": how often the visitors' pages met each
 * numbered error of the specification, today and over 7 and 30 days (UTC days), so that staff see
 * a failing API or a broken step without asking a visitor for their console.
 */
export default function ClientErrorsCard() {
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; datas: ClientErrorCountsAnswer['datas'] }
  >({ kind: 'loading' });
  const titleId = useId();
  const captionId = useId();

  useEffect(() => {
    const controller = new AbortController();
    void staffApi(CLIENT_ERROR_COUNTS_PATH, ClientErrorCountsAnswerSchema, { signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setState(result.ok ? { kind: 'loaded', datas: result.data.datas } : { kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <section className="bo-card" aria-labelledby={titleId} data-testid="client-errors">
      <h2 id={titleId}>{t('dashboard.clientErrors.title')}</h2>
      {state.kind === 'loading' && (
        <p role="status" className="bo-chart-loading">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {state.kind === 'failed' && <p role="alert">{t('dashboard.clientErrors.loadFailed')}</p>}
      {state.kind === 'loaded' && state.datas.counts.length === 0 && (
        <p className="bo-muted">{t('dashboard.clientErrors.none')}</p>
      )}
      {state.kind === 'loaded' && state.datas.counts.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
        <section className="bo-table-wrap" tabIndex={0} aria-labelledby={captionId}>
          <table className="bo-table">
            <caption id={captionId} className="visually-hidden">
              {t('dashboard.clientErrors.caption', { day: frenchDay(state.datas.today) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.clientErrors.columns.code')}</th>
                <th scope="col">{t('dashboard.clientErrors.columns.meaning')}</th>
                <th scope="col">{t('dashboard.clientErrors.columns.today')}</th>
                <th scope="col">{t('dashboard.clientErrors.columns.sevenDays')}</th>
                <th scope="col">{t('dashboard.clientErrors.columns.thirtyDays')}</th>
                <th scope="col">{t('dashboard.clientErrors.columns.lastDay')}</th>
              </tr>
            </thead>
            <tbody>
              {state.datas.counts.map((row) => (
                <tr key={row.code}>
                  <th scope="row">{row.code}</th>
                  <td>{t(CLIENT_ERROR_MEANINGS[row.code])}</td>
                  <td>{formatCount(row.today)}</td>
                  <td>{formatCount(row.lastSevenDays)}</td>
                  <td>{formatCount(row.lastThirtyDays)}</td>
                  <td>{frenchDay(row.lastDay)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
