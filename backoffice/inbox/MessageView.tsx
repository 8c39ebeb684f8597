import { t } from '../lib/texts.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { MessageBody, MessageDeadlines, MessageFacts } from './MessageFacts.tsx';
import { MessageHandling } from './MessageHandling.tsx';
import { MessageHistory } from './MessageHistory.tsx';
import { MessageNotes } from './MessageNotes.tsx';
import { kindLabel, stateLabel } from './labels.ts';
import { useInboxMessage } from './use-inbox-message.ts';

/** The way back to the list (the browser's back button returns to it as it was left, filters included). */
function BackLink() {
  return (
    <p>
      <a href="/bo_messages">← {t('inbox.navigation.label')}</a>
    </p>
  );
}

/**
 * One message for handling: who wrote what and when, its attachments, its deadlines, who handles
 * it and its state, the answer to write and those sent, the internal notes and the history.
 * After each change the message is read again: what shows is what is stored; each change says how
 * it went beside its own button.
 */
export function MessageView({ id }: { id: number }) {
  const handling = useInboxMessage(id);
  const { message, loadFailed } = handling;

  if (loadFailed)
    return (
      <section className="bo-card">
        <BackLink />
        <p className="bo-alert bo-alert--error" role="alert">
          {loadFailed}
        </p>
      </section>
    );
  if (!message)
    return (
      <p role="status">
        <span className="bo-spinner" aria-hidden="true" /> {t('inbox.detail.loading')}
      </p>
    );

  return (
    <div className="bo-claim bo-inbox-detail">
      <BackLink />
      <div className="bo-inbox-detail__columns">
        <div className="bo-inbox-detail__main">
          <section className="bo-card" aria-labelledby="message-title">
            <h1 id="message-title">
              {t('inbox.detail.title', { kind: kindLabel(message.kind), id: message.id })}{' '}
              <span className={`bo-inbox-state bo-inbox-state--${message.state}`}>{stateLabel(message.state)}</span>
              {message.late && (
                <>
                  {' '}
                  <strong className="bo-late">{t('inbox.deadline.late')}</strong>
                </>
              )}
            </h1>
            <MessageFacts message={message} />
            <MessageHandling message={message} handling={handling} />
            <MessageBody message={message} />
          </section>
          <AnswerForm message={message} handling={handling} />
        </div>
        <div className="bo-inbox-detail__side">
          <MessageDeadlines message={message} />
          <MessageNotes message={message} handling={handling} />
          <MessageHistory history={message.history} />
        </div>
      </div>
    </div>
  );
}
