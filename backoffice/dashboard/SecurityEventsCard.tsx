import { useEffect, useId, useState } from 'react';
import {
  SECURITY_EVENT_COUNTS_PATH,
  type SecurityEventCountsAnswer,
  SecurityEventCountsAnswerSchema,
} from '../../contracts/security-events.ts';
import { staffApi } from '../api/client.ts';
import { formatCount } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import { SECURITY_EVENT_LABELS } from './security-event-labels.ts';

/** A day `YYYY-MM-DD` as the back office writes dates: dd/mm/yyyy. */
function frenchDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * "Événements de sécurité": what attacks met today and over the last 7 days (UTC days), per kind
 * (refused or slowed-down sign-ins, full upload slots, socket floods…), so that staff see an
 * attack in progress, a sign-in lockout attempt first, without reading the logs.
 */
export default function SecurityEventsCard() {
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; datas: SecurityEventCountsAnswer['datas'] }
  >({ kind: 'loading' });
  const titleId = useId();
  const captionId = useId();

  useEffect(() => {
    const controller = new AbortController();
    void staffApi(SECURITY_EVENT_COUNTS_PATH, SecurityEventCountsAnswerSchema, { signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setState(result.ok ? { kind: 'loaded', datas: result.data.datas } : { kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  const signInsToday =
    state.kind === 'loaded' ? (state.datas.counts.find((row) => row.kind === 'sign_in_throttled')?.today ?? 0) : 0;

  return (
    <section className="bo-card" aria-labelledby={titleId} data-testid="security-events">
      <h2 id={titleId}>{t('dashboard.securityEvents.title')}</h2>
      {state.kind === 'loading' && (
        <p role="status" className="bo-chart-loading">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {state.kind === 'failed' && <p role="alert">{t('dashboard.securityEvents.loadFailed')}</p>}
      {signInsToday > 0 && (
        <p className="bo-alert bo-alert--error">
          {t('dashboard.securityEvents.signInsThrottled', { count: signInsToday })}
        </p>
      )}
      {state.kind === 'loaded' && state.datas.counts.length === 0 && (
        <p className="bo-muted">{t('dashboard.securityEvents.none')}</p>
      )}
      {state.kind === 'loaded' && state.datas.counts.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
        <section className="bo-table-wrap" tabIndex={0} aria-labelledby={captionId}>
          <table className="bo-table">
            <caption id={captionId} className="visually-hidden">
              {t('dashboard.securityEvents.caption', { day: frenchDay(state.datas.today) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.securityEvents.kind')}</th>
                <th scope="col">{t('dashboard.clientErrors.columns.today')}</th>
                <th scope="col">{t('dashboard.clientErrors.columns.sevenDays')}</th>
              </tr>
            </thead>
            <tbody>
              {state.datas.counts.map((row) => {
                const label = SECURITY_EVENT_LABELS[row.kind];
                return (
                  <tr key={row.kind}>
                    <th scope="row">{label ? t(label) : row.kind}</th>
                    <td>{formatCount(row.today)}</td>
                    <td>{formatCount(row.lastSevenDays)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
