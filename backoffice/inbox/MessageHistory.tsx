import { INBOX_STATES, type InboxEvent, type InboxState } from '../../contracts/inbox.ts';
import { formatDateTime } from '../lib/dates.ts';
import { type TextKey, t } from '../lib/texts.ts';
import { actionLabel, stateLabel } from './labels.ts';

/** What the mails of the history are called, by their template (an unknown one shows its code). */
const MAIL_LABELS: Partial<Record<string, TextKey>> = {
  'complaint-acknowledgement': 'inbox.detail.history.mails.acknowledgement',
  'contact-acknowledgement': 'inbox.detail.history.mails.acknowledgement',
  'inbox-answer': 'inbox.detail.history.mails.answer',
};

function text(detail: Record<string, unknown>, key: string): string {
  const value = detail[key];
  return typeof value === 'string' ? value : '';
}

function isState(value: string): value is InboxState {
  return (INBOX_STATES as readonly string[]).includes(value);
}

/** What an action changed. Example: "Nouveau → En cours", "→ camille". */
function describe(event: InboxEvent): string {
  const { detail } = event;
  switch (event.action) {
    case 'state_changed': {
      const [from, to] = [text(detail, 'from'), text(detail, 'to')];
      return `${isState(from) ? stateLabel(from) : from} → ${isState(to) ? stateLabel(to) : to}`;
    }
    case 'assigned':
      return `${text(detail, 'from') || t('inbox.nobody')} → ${text(detail, 'to') || t('inbox.nobody')}`;
    case 'mail_sent': {
      const key = MAIL_LABELS[text(detail, 'kind')];
      return key ? t(key) : text(detail, 'kind');
    }
    default:
      return '';
  }
}

/** Who acted: the staff login, or the portal, or the claimant. */
function actorOf(event: InboxEvent): string {
  if (event.actor === 'staff') return event.staffLogin ?? '';
  return t(event.actor === 'system' ? 'inbox.detail.history.actors.system' : 'claims.handling.facts.insured');
}

/** Every action on the message, oldest first, with who and when. */
export function MessageHistory({ history }: { history: readonly InboxEvent[] }) {
  return (
    <section className="bo-card" aria-labelledby="inbox-history-title">
      <h2 id="inbox-history-title">{t('faq.columns.history')}</h2>
      {history.length === 0 ? (
        <p className="bo-muted">{t('claims.handling.history.empty')}</p>
      ) : (
        <ol className="bo-timeline bo-inbox__history">
          {history.map((event) => (
            <li key={event.id}>
              <span className="bo-muted">
                {formatDateTime(event.at)} · {actorOf(event)}
              </span>
              <p>
                <strong>{actionLabel(event.action)}</strong> {describe(event)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
