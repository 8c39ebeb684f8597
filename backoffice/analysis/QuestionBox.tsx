import { type FormEvent, useId, useState } from 'react';
import { QuestionBoxAnswerSchema } from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { formatTimeOfDay } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';

/**
 * The analysis page's question box (spec 3 "AI question box"): a question in one of the documented
 * forms (server/staff-api/question-box/question-forms.ts), any question when a model is
 * configured, or a SELECT over the views sessions, visits and reports. GO hides while the server
 * works; the SQL run and its rows show below, or why it was refused.
 */

type BoxState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | {
      kind: 'answered';
      query: string;
      columns: string[];
      labels: Record<string, string>;
      rows: Record<string, unknown>[];
      dataAsOf?: string;
    }
  | { kind: 'refused'; reason: string };

/** A column as staff read it: its French name when the server gave one, else its SQL name. */
function labelOf(answer: { labels: Record<string, string> }, column: string): string {
  return Object.hasOwn(answer.labels, column) ? (answer.labels[column] ?? column) : column;
}

export function QuestionBox({ start, end }: { start: string; end: string }) {
  const [question, setQuestion] = useState('');
  const [state, setState] = useState<BoxState>({ kind: 'idle' });
  const id = useId();

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (question.trim() === '') {
      setState({ kind: 'refused', reason: t('analysis.question.empty') });
      return;
    }
    setState({ kind: 'loading' });
    const result = await staffApi('/activities/between_dates', QuestionBoxAnswerSchema, {
      method: 'POST',
      body: { start_date: start, end_date: end, question },
    });
    if (result.ok) {
      const { query, columns, labels, result: rows, dataAsOf } = result.data.datas;
      setState({ kind: 'answered', query, columns, labels, rows, ...(dataAsOf === undefined ? {} : { dataAsOf }) });
    } else
      setState({
        kind: 'refused',
        reason: result.kind === 'http' && result.message ? result.message : t('analysis.question.failed'),
      });
  }

  const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value));

  return (
    <section className="an-card an-box" aria-labelledby={`${id}-title`}>
      <h2 className="an-card__title" id={`${id}-title`}>
        {t('common.question')}
      </h2>
      <form className="an-box__form" onSubmit={(event) => void ask(event)}>
        <label htmlFor={`${id}-question`} className="an-box__label">
          {t('analysis.question.label')}
        </label>
        <textarea
          id={`${id}-question`}
          className="an-box__input"
          rows={2}
          maxLength={4_000}
          placeholder={t('analysis.question.examples')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        {state.kind === 'loading' ? (
          <p role="status" className="an-box__loading">
            <span className="bo-spinner" aria-hidden="true" /> {t('analysis.question.computing')}
          </p>
        ) : (
          <button type="submit" className="an-go" aria-label={t('analysis.question.ask')}>
            {t('common.go')}
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
          <p className="an-box__label">{t('analysis.question.query')}</p>
          <pre className="an-box__sql">
            <code>{state.query}</code>
          </pre>
          <p className="an-box__label">{t('common.answer')}</p>
          {state.dataAsOf === undefined ? null : (
            // The embedded database answers from a snapshot up to a minute old: staff see as of when.
            <p className="an-box__as-of">{t('analysis.question.asOf', { time: formatTimeOfDay(state.dataAsOf) })}</p>
          )}
          {state.rows.length === 0 ? (
            <p>{t('analysis.question.noRows')}</p>
          ) : state.rows.length === 1 && state.columns.length === 1 ? (
            <p className="an-kpi">
              <span className="an-kpi__value">{cell(state.rows[0]?.[state.columns[0] ?? ''])}</span>
              <span className="an-kpi__label">{labelOf(state, state.columns[0] ?? '')}</span>
            </p>
          ) : (
            <section
              className="an-box__table"
              aria-label={t('common.answer')}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take the keyboard focus to be scrolled (axe scrollable-region-focusable).
              tabIndex={0}
            >
              <table>
                <thead>
                  <tr>
                    {state.columns.map((column) => (
                      <th key={column} scope="col">
                        {labelOf(state, column)}
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
