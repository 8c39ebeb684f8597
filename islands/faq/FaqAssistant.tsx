import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { FaqAnswer } from '../../contracts/faq.ts';
import { MAX_QUESTION_LENGTH } from '../../contracts/faq-base.ts';
import { Notice, Spinner } from '../ui/Notice.tsx';
import { hrefOf } from '../lib/navigation.ts';
import { faqRequest } from '../api/faq-api.ts';
import { type IslandProps, useIslandBasics } from '../lib/island-basics.ts';

/**
 * The FAQ assistant (spec 2 "faq"): a disclaimer to accept first (over 16, no personal or
 * sensitive data), then a question box; each answer shows with its sources and a yes/no rating
 * (spec 2 §4: yes 2, no 1) acknowledged once. Below the confidence threshold the page says it has
 * no answer; a personal question gets the refusal and a link to the follow-up page. An empty
 * question is not sent. Answers are the server's sanitised HTML, sanitised again here before they
 * are shown.
 */

export type FaqAssistantProps = IslandProps;

/** The disclaimer, once accepted, is not asked again in this tab. */
const ACCEPTED_KEY = 'portal.faq.accepted';

type Turn = {
  id: number;
  question: string;
  state: 'waiting' | 'answered' | 'failed';
  answer?: FaqAnswer;
  /** The answer's HTML, sanitised in the browser too. */
  html?: string;
  failure?: string;
  rating?: 'yes' | 'no';
};

function readAccepted(): boolean {
  try {
    return sessionStorage.getItem(ACCEPTED_KEY) === '1';
  } catch {
    return false;
  }
}

export default function FaqAssistant(props: FaqAssistantProps) {
  const { lang, company } = props;
  const { t, place } = useIslandBasics(props);
  const [accepted, setAccepted] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [disclaimerError, setDisclaimerError] = useState(false);
  const [question, setQuestion] = useState('');
  const [questionError, setQuestionError] = useState(false);
  const [turns, setTurns] = useState<Turn[]>([]);
  const nextId = useRef(1);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const tickRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const busy = turns.some((turn) => turn.state === 'waiting');

  useEffect(() => {
    if (readAccepted()) setAccepted(true);
  }, []);

  function accept(event: FormEvent) {
    event.preventDefault();
    if (!ticked) {
      setDisclaimerError(true);
      tickRef.current?.focus();
      return;
    }
    try {
      sessionStorage.setItem(ACCEPTED_KEY, '1');
    } catch {
      // Asked again on the next page load.
    }
    setAccepted(true);
    requestAnimationFrame(() => questionRef.current?.focus());
  }

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
      <form className="faq-disclaimer" onSubmit={accept} noValidate>
        <p>{t('faq.disclaimer.text')}</p>
        <div className="faq-disclaimer__accept">
          <input
            ref={tickRef}
            id={`${ids}-accept`}
            type="checkbox"
            checked={ticked}
            aria-invalid={disclaimerError || undefined}
            aria-describedby={disclaimerError ? `${ids}-accept-error` : undefined}
            onChange={(event) => {
              setTicked(event.target.checked);
              if (event.target.checked) setDisclaimerError(false);
            }}
          />
          <label htmlFor={`${ids}-accept`}>{t('faq.disclaimer.accept')}</label>
        </div>
        {disclaimerError && (
          <p id={`${ids}-accept-error`} className="field__error">
            {t('faq.disclaimer.required')}
          </p>
        )}
        <button type="submit" className="button button--primary">
          {t('faq.disclaimer.start')}
        </button>
      </form>
    );

  return (
    <div className="faq-chat">
      {turns.length > 0 && (
        <ol className="faq-chat__turns" aria-live="polite">
          {turns.map((turn) => (
            <li key={turn.id} className="faq-turn">
              <div className="faq-turn__question">
                <span className="faq-turn__who">{t('faq.you')}</span>
                <p>{turn.question}</p>
              </div>
              <div className="faq-turn__answer">
                <span className="faq-turn__who">{t('faq.assistant.name')}</span>
                {turn.state === 'waiting' && <Spinner label={t('faq.thinking')} />}
                {turn.state === 'failed' && <Notice tone="error">{turn.failure}</Notice>}
                {turn.state === 'answered' && turn.answer?.kind === 'no_answer' && <p>{t('faq.noAnswer')}</p>}
                {turn.state === 'answered' && turn.answer?.kind === 'personal' && (
                  <p>
                    {t('faq.personal.text')} <a href={hrefOf(place, 'suivre-dossier')}>{t('faq.personal.link')}</a>
                  </p>
                )}
                {turn.state === 'answered' && turn.answer?.kind === 'answer' && (
                  <>
                    {/* Sanitised by the server, then by DOMPurify with the same allow-list. */}
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised twice, see above */}
                    <div className="faq-turn__text rich-text" dangerouslySetInnerHTML={{ __html: turn.html ?? '' }} />
                    {turn.answer.sources.length > 0 && (
                      <p className="faq-turn__sources">
                        {t('faq.sources')} : {turn.answer.sources.map((source) => source.title).join(' · ')}
                      </p>
                    )}
                    {turn.answer.entryId !== null && (
                      <div className="faq-rating">
                        {turn.rating ? (
                          <p className="faq-rating__thanks" role="status">
                            {turn.rating === 'yes' ? t('faq.rating.thanksYes') : t('faq.rating.thanksNo')}
                          </p>
                        ) : (
                          <fieldset className="faq-rating__choices">
                            <legend>{t('faq.rating.question')}</legend>
                            <button
                              type="button"
                              className="button button--secondary"
                              onClick={() => void rate(turn, 'yes')}
                            >
                              {t('faq.rating.yes')}
                            </button>
                            <button
                              type="button"
                              className="button button--secondary"
                              onClick={() => void rate(turn, 'no')}
                            >
                              {t('faq.rating.no')}
                            </button>
                          </fieldset>
                        )}
                      </div>
                    )}
                  </>
                )}
              </div>
            </li>
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
