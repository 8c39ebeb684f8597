import { type InboxDetail, inboxAttachmentPath } from '../../contracts/inbox.ts';
import { formatDateTime } from '../lib/dates.ts';
import { formatSize } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import { answerDeadlineOf, DeadlineMark } from './DeadlineMark.tsx';
import { countryName, languageName, reasonLabel } from './labels.ts';

/** The sender's postal address on one line, '' when the form asks none (a contact message). */
function addressOf({ adresse, cp, ville, pays }: InboxDetail['contact']): string {
  return [adresse, [cp, ville].filter(Boolean).join(' '), pays && countryName(pays)].filter(Boolean).join(', ');
}

/** Who wrote, how to reach them, when, under which brand and language, about which claim, why. */
export function MessageFacts({ message }: { message: InboxDetail }) {
  const { contact } = message;
  const address = addressOf(contact);
  return (
    <dl className="bo-facts">
      <div>
        <dt>{t('claims.list.columns.name')}</dt>
        <dd>{[contact.prenom, contact.nom].filter(Boolean).join(' ') || message.sender}</dd>
      </div>
      <div>
        <dt>{t('inbox.detail.facts.email')}</dt>
        <dd>
          {contact.email}
          {contact.telephone && ` · ${contact.telephone}`}
        </dd>
      </div>
      {address && (
        <div>
          <dt>{t('inbox.detail.facts.address')}</dt>
          <dd>{address}</dd>
        </div>
      )}
      <div>
        <dt>{t('inbox.detail.facts.received')}</dt>
        <dd>{formatDateTime(message.receivedAt)}</dd>
      </div>
      <div>
        <dt>{t('claims.list.columns.brand')}</dt>
        <dd>
          {message.brand} · {languageName(message.lang)}
        </dd>
      </div>
      <div>
        <dt>{t('shell.navigation.claims')}</dt>
        <dd>
          {message.claimNumber === '' ? (
            '—'
          ) : message.claimLinked ? (
            <a href={`/bo_sinistres?numero=${encodeURIComponent(message.claimNumber)}`}>{message.claimNumber}</a>
          ) : (
            message.claimNumber
          )}
        </dd>
      </div>
      {message.subject && (
        <div>
          <dt>{t('inbox.detail.facts.reason')}</dt>
          <dd>{reasonLabel(message.subject)}</dd>
        </div>
      )}
      {message.sourceReferrer && (
        <div>
          <dt>{t('inbox.detail.facts.page')}</dt>
          <dd className="bo-inbox__wrap">{message.sourceReferrer}</dd>
        </div>
      )}
    </dl>
  );
}

/** The message as the claimant typed it (plain text, shown as text), then its attachments. */
export function MessageBody({ message }: { message: InboxDetail }) {
  return (
    <>
      <h2 id="message-text">{t('inbox.detail.message')}</h2>
      <blockquote className="bo-inbox__message" lang={message.lang} aria-labelledby="message-text">
        {message.message}
      </blockquote>
      <h3 className="bo-inbox__subtitle">{t('inbox.detail.attachments.title')}</h3>
      {message.attachments.length === 0 ? (
        <p className="bo-muted">{t('inbox.detail.attachments.none')}</p>
      ) : (
        <ul className="bo-inbox__files">
          {message.attachments.map((file) => (
            <li key={file.id}>
              <a href={inboxAttachmentPath(message.id, file.id)} target="_blank" rel="noopener">
                {t('claims.handling.proofs.open', { file: file.originalName })}
              </a>{' '}
              <span className="bo-muted">{formatSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The message's deadlines: acknowledgement (complaints) and answer, each done, to come or late. */
export function MessageDeadlines({ message }: { message: InboxDetail }) {
  return (
    <section className="bo-card" aria-labelledby="deadlines-title">
      <h2 id="deadlines-title">{t('inbox.detail.deadlines.title')}</h2>
      <p className="bo-muted">
        {t(message.rule === 'acpr-2022-r-01' ? 'inbox.rules.complaint' : 'inbox.rules.contact')}
      </p>
      <dl className="bo-inbox__deadlines">
        {message.deadlines.acknowledgement && (
          <div>
            <dt>{t('inbox.columns.acknowledgement')}</dt>
            <dd>
              <DeadlineMark deadline={message.deadlines.acknowledgement} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('common.answer')}</dt>
          <dd>
            <DeadlineMark deadline={answerDeadlineOf(message)} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
