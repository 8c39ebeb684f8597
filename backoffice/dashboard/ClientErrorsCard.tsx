import { useEffect, useId, useState } from 'react';
import {
  CLIENT_ERROR_COUNTS_PATH,
  type ClientErrorCountsAnswer,
  ClientErrorCountsAnswerSchema,
} from '../../contracts/client-errors.ts';
import { staffApi } from '../api/client.ts';
import { CLIENT_ERROR_MEANINGS } from './client-error-meanings.ts';

/** A day `YYYY-MM-DD` as the back office writes dates: dd/mm/yyyy. */
function frenchDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

const numbers = new Intl.NumberFormat('fr-FR');

/**
 * "Erreurs signalées par les navigateurs" (issue 15 §14): how often the visitors' pages met each
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
      <h2 id={titleId}>Erreurs signalées par les navigateurs</h2>
      {state.kind === 'loading' && (
        <p role="status" className="bo-chart-loading">
          <span className="bo-spinner" aria-hidden="true" /> Chargement…
        </p>
      )}
      {state.kind === 'failed' && <p role="alert">Erreur</p>}
      {state.kind === 'loaded' && state.datas.counts.length === 0 && (
        <p className="bo-muted">Aucune erreur signalée ces 30 derniers jours.</p>
      )}
      {state.kind === 'loaded' && state.datas.counts.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
        <section className="bo-table-wrap" tabIndex={0} aria-labelledby={captionId}>
          <table className="bo-table">
            <caption id={captionId} className="visually-hidden">
              Erreurs numérotées signalées par les pages des visiteurs, par code, jours UTC jusqu’au{' '}
              {frenchDay(state.datas.today)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Signification</th>
                <th scope="col">Aujourd’hui</th>
                <th scope="col">7 jours</th>
                <th scope="col">30 jours</th>
                <th scope="col">Dernier signalement</th>
              </tr>
            </thead>
            <tbody>
              {state.datas.counts.map((row) => (
                <tr key={row.code}>
                  <th scope="row">{row.code}</th>
                  <td>{CLIENT_ERROR_MEANINGS[row.code]}</td>
                  <td>{numbers.format(row.today)}</td>
                  <td>{numbers.format(row.lastSevenDays)}</td>
                  <td>{numbers.format(row.lastThirtyDays)}</td>
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
