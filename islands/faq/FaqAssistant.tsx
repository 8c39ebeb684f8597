import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FaqFeedback, MAX_QUESTION_LENGTH } from '../../contracts/faq-base.ts';
import type { Language } from '../../contracts/languages.ts';
import { faqRequest } from '../api/faq-api.ts';
import { type IslandProps, useIslandBasics } from '../lib/island-basics.ts';
import {
  $faqTurns,
  addTurn,
  faqConversationKey,
  nextTurnId,
  rateTurn,
  restoreFaqConversation,
  setTurnHtml,
  updateTurn,
} from './faq.store.ts';
import { ACCEPTED_KEY, FaqDisclaimer, readAccepted } from './FaqDisclaimer.tsx';
import { faqTextsIn } from './faq-texts.ts';
import { FaqTurn } from './FaqTurn.tsx';
import { canRate, type Turn, voteOf } from './logic/conversation.ts';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration.ts';
import { forgetFields, readSavedFields, saveFields } from '../lib/saved-fields.ts';

/** The sanitiser of answers, loaded with the first answer to show. */
const loadPurify = async () => (await import('../../site/components/legal/purify.ts')).purify;

/**
 * In the browser, every FAQ text of the page's language, loaded before the island hydrates (the
 * page's props hold only the disclaimer's, which the server renders). On the server, none.
 */
const LOADED_TEXTS = typeof document === 'undefined' ? {} : await faqTextsIn(document.documentElement.lang);

/**
 * The FAQ assistant (spec 2 "faq"): a disclaimer to accept first (over 16, no personal or
 * sensitive data), then a question box; each answer (curated or built from the knowledge
 * documents) shows with its sources and a yes/no rating (spec 2 §4: yes 2, no 1) acknowledged once.
 * The tab's conversation survives a reload (faq.store.ts). Below the confidence threshold the page says it has
 * no answer; a personal question gets the refusal and a link to the follow-up page. An empty
 * question is not sent. Answers are the server's sanitised HTML, sanitised again here before they
 * are shown.
 */

export type FaqAssistantProps = IslandProps;

/**
 * What the assistant reads when it mounts in `lang` (the disclaimer accepted in this tab, its
 * conversation): without either, it has nothing to do before the visitor reaches for it
 * (`client:interaction`).
 */
export function faqReadsAtMount(lang: Language): string {
  return `${ACCEPTED_KEY} ${faqConversationKey(lang)}`;
}

/**
 * The question being typed, kept for the tab like the forms' fields (a reload or a trip to another
 * page keeps it) and forgotten once answered. Per language, like the conversation.
 */
function savedQuestionForm(lang: Language): string {
  return `faqQuestion.${lang}`;
}

export default function FaqAssistant(props: FaqAssistantProps) {
  const { lang, company } = props;
  const messages = useMemo(() => ({ ...LOADED_TEXTS, ...props.messages }), [props.messages]);
  const { t, place } = useIslandBasics({ lang, company, messages });
  const [accepted, setAccepted] = useState(false);
  const [question, setQuestion] = useState('');
  const [questionError, setQuestionError] = useState(false);
  const turns = useStore($faqTurns);
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const busy = turns.some((turn) => turn.state === 'waiting');

  useEffect(() => {
    if (readAccepted()) setAccepted(true);
    const saved = readSavedFields(savedQuestionForm(lang), ['question']).question;
    if (saved !== undefined) setQuestion(saved);
    const restored = restoreFaqConversation(lang);
    if (restored.some((turn) => turn.answer?.kind === 'answer'))
      void loadPurify()
        .then(setTurnHtml)
        .catch(() => undefined);
  }, [lang]);

  // Server-rendered, the disclaimer's form shows first: a tick or an acceptance before the island ran is kept.
  const firstFormRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(firstFormRef);

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
    const id = nextTurnId();
    addTurn({ id, question: asked, state: 'waiting' });
    try {
      const [{ status, json }, { readFaqAnswer }] = await Promise.all([
        faqRequest('POST', { question: asked, lang, company }),
        import('./faq-answer.ts'),
      ]);
      const read = readFaqAnswer(status, json);
      if (read.kind === 'refused') {
        updateTurn(id, { state: 'failed', failure: status === 429 && read.message ? read.message : t('faq.error') });
        return;
      }
      const { answer } = read;
      const html = answer.kind === 'answer' ? (await loadPurify())(answer.text) : '';
      updateTurn(id, { state: 'answered', answer, html });
      setQuestion('');
      forgetFields(savedQuestionForm(lang));
    } catch {
      updateTurn(id, { state: 'failed', failure: t('faq.error') });
    }
  }

  async function rate(turn: Turn, feedback: FaqFeedback) {
    if (!canRate(turn)) return;
    rateTurn(turn.id, feedback);
    try {
      await faqRequest('PATCH', voteOf(turn, lang, feedback));
    } catch {
      // The rating is a courtesy: its loss costs the visitor nothing.
    }
  }

  if (!accepted)
    return (
      <FaqDisclaimer
        formRef={firstFormRef}
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
              onRate={(rated, feedback) => void rate(rated, feedback)}
            />
          ))}
        </ol>
      )}
      <form ref={firstFormRef} className="faq-ask" onSubmit={(event) => void ask(event)} noValidate>
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
            saveFields(savedQuestionForm(lang), { question: event.target.value });
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
