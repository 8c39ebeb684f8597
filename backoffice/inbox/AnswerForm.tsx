import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type InboxDetail, InboxAnswerSentSchema, inboxAnswersPath } from '../../contracts/inbox.ts';
import { ActionMessage } from '../lib/ActionMessage.tsx';
import { formatDateTime } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';
import { languageName } from './labels.ts';
import type { InboxMessageState } from './use-inbox-message.ts';

/** CKEditor, loaded only when a message is opened. */
const AnswerEditor = lazy(() => import('../lib/AnswerEditor.tsx'));

/** Whether CKEditor's HTML holds any text (an empty editor gives '' or '<p>&nbsp;</p>'). */
function hasText(html: string): boolean {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\u00a0/g, ' ').trim() !== '';
}

/**
 * The answers already mailed, then the editor (CKEditor 5, the FAQ's), 'Envoyer la réponse' and a
 * confirmation naming the address: the server sanitises the HTML, mails it in the message's
 * language under its brand, records it in the history and sets the message to 'Répondu'. Whether
 * it was sent is said beside 'Envoyer la réponse', where the confirmation was; a failure says the
 * answer was not sent and keeps it in the editor.
 */
export function AnswerForm({ message, handling }: { message: InboxDetail; handling: InboxMessageState }) {
  const ids = useId();
  const [html, setHtml] = useState('');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  /** Whether the confirmation was shown: when it goes, the focus goes back to 'Envoyer la réponse'. */
  const confirmed = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (confirmed.current) sendRef.current?.focus();
    confirmed.current = confirming;
  }, [confirming]);
  const outcome = handling.feedbackAt('answer');

  async function send() {
    const done = await handling.change(
      inboxAnswersPath(message.id),
      InboxAnswerSentSchema,
      { method: 'POST', body: { html } },
      {
        at: 'answer',
        success: t('inbox.detail.answer.sent'),
        failure: (reason) =>
          reason ? t('inbox.detail.answer.notSentBecause', { reason }) : t('inbox.detail.answer.notSent'),
      },
    );
    setConfirming(false);
    if (done) setHtml('');
  }

  return (
    <section className="bo-card" aria-labelledby={`${ids}-title`}>
      {message.answers.length > 0 && (
        <>
          <h2 id={`${ids}-sent`}>{t('inbox.detail.answer.sentTitle')}</h2>
          <ol className="bo-timeline bo-inbox__answers" aria-labelledby={`${ids}-sent`}>
            {message.answers.map((answer) => (
              <li key={answer.id}>
                <span className="bo-muted">
                  {t('inbox.detail.answer.sentBy', { date: formatDateTime(answer.at), login: answer.staffLogin })}
                </span>
                <div
                  className="bo-inbox__answer"
                  lang={message.lang}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores answers sanitised (contracts/sanitize-rich-text.ts).
                  dangerouslySetInnerHTML={{ __html: answer.html }}
                />
              </li>
            ))}
          </ol>
        </>
      )}
      <h2 id={`${ids}-title`}>{t('inbox.detail.answer.title')}</h2>
      <p className="bo-muted">
        {t('inbox.detail.answer.hint', { language: languageName(message.lang), brand: message.brand })}
      </p>
      <p id={`${ids}-label`} className="bo-field__label">
        {t('inbox.detail.answer.label')}
      </p>
      <Suspense
        fallback={
          <p role="status" className="bo-chart-loading">
            <span className="bo-spinner" aria-hidden="true" /> {t('faq.edit.loadingEditor')}
          </p>
        }
      >
        <AnswerEditor
          value={html}
          onChange={(next) => {
            setHtml(next);
            setMissing(false);
          }}
          labelledBy={`${ids}-label`}
        />
      </Suspense>
      {missing && (
        <p id={`${ids}-missing`} className="bo-inbox__error" role="alert">
          {t('inbox.detail.answer.required')}
        </p>
      )}
      {confirming ? (
        <div className="bo-alert bo-inbox__confirm">
          <p id={`${ids}-confirm`}>{t('inbox.detail.answer.confirm', { email: message.contact.email })}</p>
          <div className="bo-toolbar">
            <button
              ref={confirmRef}
              type="button"
              className="bo-button bo-button--primary"
              aria-describedby={`${ids}-confirm`}
              disabled={handling.busy}
              onClick={() => void send()}
            >
              {handling.busy ? t('inbox.detail.answer.sending') : t('inbox.detail.answer.confirmSend')}
            </button>
            <button type="button" className="bo-button" onClick={() => setConfirming(false)}>
              {t('faq.edit.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="bo-toolbar bo-inbox__send">
          <button
            ref={sendRef}
            type="button"
            className="bo-button bo-button--primary"
            disabled={handling.busy}
            aria-describedby={missing ? `${ids}-missing` : outcome ? `${ids}-outcome` : undefined}
            onClick={() => {
              if (hasText(html)) setConfirming(true);
              else setMissing(true);
            }}
          >
            {t('inbox.detail.answer.send')}
          </button>
          <ActionMessage id={`${ids}-outcome`} feedback={outcome} />
        </div>
      )}
    </section>
  );
}
