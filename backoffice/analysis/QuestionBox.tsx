import { type FormEvent, useId, useState } from 'react';
import { QuestionBoxAnswerSchema } from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';

/**
 * The analysis page's question box (spec 3 "AI question box"): a question in one of the documented
 * forms (server/statistics/question-box/question-forms.ts), any question when a model is
 * configured, or a SELECT over the views sessions, visits and reports. GO hides while the server
 * works; the SQL run and its rows show below, or why it was refused.
 */

type BoxState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'answered'; query: string; columns: string[]; rows: Record<string, unknown>[]; dataAsOf?: string }
  | { kind: 'refused'; reason: string };

const EXAMPLES =
  'Ex. : Combien de visiteurs uniques ont consulté leur dossier entre le 1 mars et le 31 mars ? · Combien de visiteurs ont déclaré un sinistre par marque ? · How many visitors started a claim per step? · ou une requête SELECT sur sessions, visits, reports';

/** The snapshot's time as staff read it in Paris: "14:05:09". */
function asOfTime(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeStyle: 'medium', timeZone: 'Europe/Paris' }).format(new Date(iso));
}

export function QuestionBox({ start, end }: { start: string; end: string }) {
  const [question, setQuestion] = useState('');
  const [state, setState] = useState<BoxState>({ kind: 'idle' });
  const id = useId();

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (question.trim() === '') {
      setState({ kind: 'refused', reason: 'Posez une question ou écrivez une requête SELECT.' });
      return;
    }
    setState({ kind: 'loading' });
    const result = await staffApi('/activities/between_dates', QuestionBoxAnswerSchema, {
      method: 'POST',
      body: { start_date: start, end_date: end, question },
    });
    if (result.ok) {
      const { query, columns, result: rows, dataAsOf } = result.data.datas;
      setState({ kind: 'answered', query, columns, rows, ...(dataAsOf === undefined ? {} : { dataAsOf }) });
    } else
      setState({
        kind: 'refused',
        reason:
          result.kind === 'http' && result.message ? result.message : 'Erreur : la question n’a pas pu être posée.',
      });
  }

  const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));

  return (
    <section className="an-card an-box" aria-labelledby={`${id}-title`}>
      <h2 className="an-card__title" id={`${id}-title`}>
        Question
      </h2>
      <form className="an-box__form" onSubmit={(event) => void ask(event)}>
        <label htmlFor={`${id}-question`} className="an-box__label">
          Votre question (sur la période choisie, sauf dates dans la question)
        </label>
        <textarea
          id={`${id}-question`}
          className="an-box__input"
          rows={2}
          maxLength={4_000}
          placeholder={EXAMPLES}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        {state.kind === 'loading' ? (
          <p role="status" className="an-box__loading">
            <span className="bo-spinner" aria-hidden="true" /> Calcul…
          </p>
        ) : (
          <button type="submit" className="an-go" aria-label="GO – poser la question">
            GO
          </button>
        )}
      </form>
      {state.kind === 'refused' && (
        <p className="bo-alert bo-alert--error" role="alert">
          {state.reason}
        </p>
      )}
      {state.kind === 'answered' && (
        <div className="an-box__answer">
          <p className="an-box__label">Requête</p>
          <pre className="an-box__sql">
            <code>{state.query}</code>
          </pre>
          <p className="an-box__label">Réponse</p>
          {state.dataAsOf === undefined ? null : (
            // The embedded database answers from a snapshot up to a minute old: staff see as of when.
            <p className="an-box__as-of">Données arrêtées à {asOfTime(state.dataAsOf)}</p>
          )}
          {state.rows.length === 0 ? (
            <p>Aucune ligne.</p>
          ) : state.rows.length === 1 && state.columns.length === 1 ? (
            <p className="an-kpi">
              <span className="an-kpi__value">{cell(state.rows[0]?.[state.columns[0] ?? ''])}</span>
              <span className="an-kpi__label">{state.columns[0]}</span>
            </p>
          ) : (
            <section
              className="an-box__table"
              aria-label="Réponse"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take the keyboard focus to be scrolled (axe scrollable-region-focusable).
              tabIndex={0}
            >
              <table>
                <thead>
                  <tr>
                    {state.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {state.rows.map((row, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows of a result have no identity of their own.
                    <tr key={index}>
                      {state.columns.map((column) => (
                        <td key={column}>{cell(row[column])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </div>
      )}
    </section>
  );
}
