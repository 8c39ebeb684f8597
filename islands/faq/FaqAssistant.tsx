import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { MAX_QUESTION_LENGTH } from '../../contracts/faq-base.ts';
import { faqRequest } from '../api/faq-api.ts';
import { type IslandProps, useIslandBasics } from '../lib/island-basics.ts';
import { FaqDisclaimer, readAccepted } from './FaqDisclaimer.tsx';
import { FaqTurn, type Turn } from './FaqTurn.tsx';

/**
 * The FAQ assistant (spec 2 "faq"): a disclaimer to accept first (over 16, no personal or
 * sensitive data), then a question box; each answer shows with its sources and a yes/no rating
 * (spec 2 §4: yes 2, no 1) acknowledged once. Below the confidence threshold the page says it has
 * no answer; a personal question gets the refusal and a link to the follow-up page. An empty
 * question is not sent. Answers are the server's sanitised HTML, sanitised again here before they
 * are shown.
 */

export type FaqAssistantProps = IslandProps;

export default function FaqAssistant(props: FaqAssistantProps) {
  const { lang, company } = props;
  const { t, place } = useIslandBasics(props);
  const [accepted, setAccepted] = useState(false);
  const [question, setQuestion] = useState('');
  const [questionError, setQuestionError] = useState(false);
  const [turns, setTurns] = useState<Turn[]>([]);
  const nextId = useRef(1);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const busy = turns.some((turn) => turn.state === 'waiting');

  useEffect(() => {
    if (readAccepted()) setAccepted(true);
  }, []);

  async function ask(event: FormEvent) {
    event.preventDefault();
    const asked = question.trim();
    if (asked === '') {
      setQuestionError(true);
      questionRef.current?.focus();
      return;
    }
    if (busy) return;
    setQuestionError(false);
    const id = nextId.current++;
    setTurns((all) => [...all, { id, question: asked, state: 'waiting' }]);
    const update = (change: Partial<Turn>) =>
      setTurns((all) => all.map((turn) => (turn.id === id ? { ...turn, ...change } : turn)));
    try {
      const [{ status, json }, { readFaqAnswer }] = await Promise.all([
        faqRequest('POST', { question: asked, lang, company }),
        import('./faq-answer.ts'),
      ]);
      const read = readFaqAnswer(status, json);
      if (read.kind === 'refused') {
        update({ state: 'failed', failure: status === 429 && read.message ? read.message : t('faq.error') });
        return;
      }
      const { answer } = read;
      const html =
        answer.kind === 'answer' ? (await import('../../site/components/legal/purify.ts')).purify(answer.text) : '';
      update({ state: 'answered', answer, html });
      setQuestion('');
    } catch {
      update({ state: 'failed', failure: t('faq.error') });
    }
  }

  async function rate(turn: Turn, rating: 'yes' | 'no') {
    const entryId = turn.answer?.entryId;
    if (!entryId || turn.rating) return;
    setTurns((all) => all.map((other) => (other.id === turn.id ? { ...other, rating } : other)));
    try {
      await faqRequest(
        'PATCH',
        rating === 'yes' ? { id: entryId, add_reponse_utile_oui: 1 } : { id: entryId, add_reponse_utile_non: 1 },
      );
    } catch {
      // The rating is a courtesy: its loss costs the visitor nothing.
    }
  }

  if (!accepted)
    return (
      <FaqDisclaimer
        t={t}
        onAccepted={() => {
          setAccepted(true);
          requestAnimationFrame(() => questionRef.current?.focus());
        }}
      />
    );

  return (
    <div className="faq-chat">
      {turns.length > 0 && (
        <ol className="faq-chat__turns" aria-live="polite">
          {turns.map((turn) => (
            <FaqTurn
              key={turn.id}
              turn={turn}
              place={place}
              t={t}
              onRate={(rated, rating) => void rate(rated, rating)}
            />
          ))}
        </ol>
      )}
      <form className="faq-ask" onSubmit={(event) => void ask(event)} noValidate>
        <label htmlFor={`${ids}-question`} className="field__label">
          {t('faq.question.label')}
        </label>
        <p id={`${ids}-hint`} className="field__hint">
          {t('faq.question.hint')}
        </p>
        <textarea
          ref={questionRef}
          id={`${ids}-question`}
          className="field__input field__textarea faq-ask__input"
          rows={3}
          maxLength={MAX_QUESTION_LENGTH}
          value={question}
          aria-invalid={questionError || undefined}
          aria-describedby={`${ids}-hint${questionError ? ` ${ids}-question-error` : ''}`}
          onChange={(event) => {
            setQuestion(event.target.value);
            if (event.target.value.trim() !== '') setQuestionError(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        {questionError && (
          <p id={`${ids}-question-error`} className="field__error">
            {t('faq.question.required')}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('faq.send')}
        </button>
      </form>
    </div>
  );
}
