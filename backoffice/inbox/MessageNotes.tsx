import { useId, useState } from 'react';
import {
  type InboxDetail,
  InboxChangeAnswerSchema,
  inboxNotesPath,
  MAX_INBOX_NOTE_LENGTH,
} from '../../contracts/inbox.ts';
import { ActionMessage } from '../lib/ActionMessage.tsx';
import { formatDateTime } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';
import type { InboxMessageState } from './use-inbox-message.ts';

/** The internal notes, oldest first, and a field to add one (never shown nor sent to the claimant). */
export function MessageNotes({ message, handling }: { message: InboxDetail; handling: InboxMessageState }) {
  const ids = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <section className="bo-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('inbox.detail.notes.title')}</h2>
      <p className="bo-muted">{t('inbox.detail.notes.hint')}</p>
      {message.notes.length === 0 ? (
        <p className="bo-muted">{t('inbox.detail.notes.empty')}</p>
      ) : (
        <ol className="bo-timeline">
          {message.notes.map((entry) => (
            <li key={entry.id}>
              <span className="bo-muted">
                {formatDateTime(entry.at)} · {entry.staffLogin}
              </span>
              <p className="bo-inbox__note">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (note.trim() === '') {
            setMissing(true);
            return;
          }
          void handling
            .change(
              inboxNotesPath(message.id),
              InboxChangeAnswerSchema,
              { method: 'POST', body: { body: note.trim() } },
              { at: 'note', success: t('inbox.detail.notes.added') },
            )
            .then((done) => {
              if (done) setNote('');
            });
        }}
      >
        <div className="bo-field">
          <label className="bo-field__label" htmlFor={`${ids}-note`}>
            {t('inbox.detail.notes.label')}
          </label>
          <textarea
            id={`${ids}-note`}
            className="bo-input bo-inbox__textarea"
            rows={3}
            maxLength={MAX_INBOX_NOTE_LENGTH}
            value={note}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${ids}-missing` : undefined}
            onChange={(event) => {
              setNote(event.target.value);
              setMissing(false);
            }}
          />
          {missing && (
            <p id={`${ids}-missing`} className="bo-inbox__error" role="alert">
              {t('inbox.detail.notes.required')}
            </p>
          )}
        </div>
        <div className="bo-toolbar bo-inbox__send">
          <button className="bo-button" type="submit" disabled={handling.busy}>
            {t('inbox.detail.notes.add')}
          </button>
          <ActionMessage feedback={handling.feedbackAt('note')} />
        </div>
      </form>
    </section>
  );
}
