import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { FaqEntry } from '../../contracts/faq.ts';
import { ActionMessage } from '../lib/ActionMessage.tsx';
import { t } from '../lib/texts.ts';
import { type CounterResets, type DraftOutcome, useAnswerDraft } from './use-answer-draft.ts';

const AnswerEditor = lazy(() => import('../lib/AnswerEditor.tsx'));

interface EditModalProps extends DraftOutcome {
  entry: FaqEntry;
  titleId: string;
  onClose: () => void;
}

/**
 * 'Modificateur de réponse' (spec 3): the question, its current answer, CKEditor for the new one
 * (loaded when the modal opens), a generated answer a click away, the sources (current, and the
 * new ones to type or generated), keywords, the comment (empty at opening) and the counters to
 * reset. A failed save says why beside 'Modifier', inside the modal (a toast would be drawn under
 * its backdrop), and keeps what was typed; so does a save with nothing to change, which sends
 * nothing. Escape, ✕ and 'Annuler' close it without saving, after asking in the modal
 * (« Abandonner les modifications ? ») when something was changed.
 */
export function EditModal({ entry, titleId, onClose, onSaved }: EditModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const draft = useAnswerDraft(entry, { onSaved });
  const ids = useId();
  /** Whether the modal asks before dropping the changes; what had the focus then. */
  const [discarding, setDiscarding] = useState(false);
  const focusedBefore = useRef<HTMLElement | null>(null);
  const keepEditing = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (discarding) keepEditing.current?.focus();
  }, [discarding]);

  /** Closes at once when nothing was changed; else asks first. */
  function requestClose() {
    if (!draft.changed) {
      onClose();
      return;
    }
    focusedBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDiscarding(true);
  }
  function resume() {
    setDiscarding(false);
    focusedBefore.current?.focus();
  }
  /** Escape while the modal asks: the question goes, the draft stays. */
  function onEscape() {
    if (discarding) resume();
    else requestClose();
  }

  return (
    <dialog
      ref={dialog}
      className="bo-modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(event) => {
        // Escape is handled here: the browser's cancel may not be stopped twice without a click in
        // between, and would then close the modal with the draft.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onEscape();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onEscape();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void draft.save();
        }}
        className="bo-modal__body"
      >
        {discarding && (
          <fieldset className="bo-modal__discard">
            <legend>{t('faq.edit.discard.question')}</legend>
            <div className="bo-toolbar">
              <button type="button" className="bo-button bo-button--danger" onClick={onClose}>
                {t('faq.edit.discard.yes')}
              </button>
              <button ref={keepEditing} type="button" className="bo-button" onClick={resume}>
                {t('faq.edit.discard.no')}
              </button>
            </div>
          </fieldset>
        )}
        <div className="bo-modal__head">
          <h2 id={titleId}>{t('faq.edit.title')}</h2>
          <button type="button" className="bo-icon-button" aria-label={t('faq.edit.close')} onClick={requestClose}>
            ✕
          </button>
        </div>
        <p className="bo-field__label">{t('faq.edit.question', { lang: entry.lang })}</p>
        <p className="bo-modal__question">{entry.question}</p>
        <p className="bo-field__label">{t('faq.edit.current')}</p>
        <div
          className="bo-modal__current"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores answers sanitised (contracts/rich-text.ts).
          dangerouslySetInnerHTML={{ __html: entry.reponse || `<p>${t('faq.noAnswer')}</p>` }}
        />
        <p id={`${ids}-new`} className="bo-field__label">
          {t('faq.edit.new')}
        </p>
        <Suspense
          fallback={
            <p role="status" className="bo-chart-loading">
              <span className="bo-spinner" aria-hidden="true" /> {t('faq.edit.loadingEditor')}
            </p>
          }
        >
          <AnswerEditor value={draft.answer} onChange={draft.setAnswer} labelledBy={`${ids}-new`} />
        </Suspense>
        <div className="bo-toolbar">
          <button type="button" className="bo-button" onClick={() => void draft.generate()} disabled={draft.generating}>
            {draft.generating ? (
              <>
                <span className="bo-spinner" aria-hidden="true" /> {t('faq.edit.generating')}
              </>
            ) : (
              t('faq.edit.generate')
            )}
          </button>
          <button type="button" className="bo-button" onClick={() => draft.setAnswer(entry.reponse)}>
            {t('faq.edit.copyCurrent')}
          </button>
          <button type="button" className="bo-button" onClick={() => draft.setAnswer('')}>
            {t('faq.edit.clear')}
          </button>
        </div>
        <p className="bo-field__label">{t('faq.edit.currentSources')}</p>
        {entry.sourceDocuments.trim() === '' ? (
          <p className="bo-muted">{t('faq.edit.noSources')}</p>
        ) : (
          <ul className="bo-modal__sources">
            {entry.sourceDocuments
              .split('\n')
              .filter((line) => line.trim() !== '')
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
        )}
        <label className="bo-field">
          <span className="bo-field__label">{t('faq.edit.newSources')}</span>
          <textarea
            className="bo-input"
            rows={3}
            value={draft.sources}
            onChange={(event) => draft.setSources(event.target.value)}
          />
        </label>
        {entry.sourceDocuments.trim() !== '' && (
          <div className="bo-toolbar">
            <button type="button" className="bo-button" onClick={() => draft.setSources(entry.sourceDocuments)}>
              {t('faq.edit.copySources')}
            </button>
          </div>
        )}
        <label className="bo-field">
          <span className="bo-field__label">{t('faq.edit.keywords')}</span>
          <input
            className="bo-input"
            value={draft.keywords}
            onChange={(event) => draft.setKeywords(event.target.value)}
          />
        </label>
        {entry.commentaire.trim() !== '' && (
          <p className="bo-muted">{t('faq.edit.currentComment', { comment: entry.commentaire })}</p>
        )}
        <label className="bo-field">
          <span className="bo-field__label">{t('faq.edit.comment')}</span>
          <textarea
            className="bo-input"
            rows={3}
            value={draft.comment}
            onChange={(event) => draft.setComment(event.target.value)}
          />
        </label>
        <ResetCounters entry={entry} resets={draft.resets} onChange={draft.setResets} />
        <div className="bo-toolbar">
          <button
            type="submit"
            className="bo-button bo-button--primary"
            disabled={draft.saving}
            aria-describedby={draft.outcome ? `${ids}-outcome` : undefined}
          >
            {t('faq.edit.save')}
          </button>
          <button type="button" className="bo-button" onClick={requestClose}>
            {t('faq.edit.cancel')}
          </button>
          <ActionMessage id={`${ids}-outcome`} feedback={draft.outcome} />
        </div>
      </form>
    </dialog>
  );
}

/** The three counters staff may set back to 0, each with its current value. */
function ResetCounters({
  entry,
  resets,
  onChange,
}: {
  entry: FaqEntry;
  resets: CounterResets;
  onChange: (next: CounterResets) => void;
}) {
  const choices = [
    { key: 'usefulVotes', text: t('faq.edit.reset.usefulVotes', { votes: entry.reponse_utile_oui }) },
    { key: 'notUsefulVotes', text: t('faq.edit.reset.notUsefulVotes', { votes: entry.reponse_utile_non }) },
    { key: 'occurrences', text: t('faq.edit.reset.occurrences', { occurrences: entry.occurence }) },
  ] as const;
  return (
    <fieldset className="bo-columns">
      <legend>{t('faq.edit.reset.legend')}</legend>
      {choices.map(({ key, text }) => (
        <label key={key} className="bo-columns__choice">
          <input
            type="checkbox"
            checked={resets[key]}
            onChange={(event) => onChange({ ...resets, [key]: event.target.checked })}
          />{' '}
          {text}
        </label>
      ))}
    </fieldset>
  );
}
