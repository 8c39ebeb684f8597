import type { ClaimHandling, ClaimMail } from '../../contracts/backoffice.ts';
import { formatDateTime } from '../lib/dates.ts';
import { mailKindLabel } from '../lib/mail-kinds.ts';
import { MailSubject } from '../lib/MailSubject.tsx';
import { ScrollingTable } from '../lib/ScrollingTable.tsx';
import { type TextKey, t } from '../lib/texts.ts';

const STATUS_LABELS: Record<ClaimMail['status'], TextKey> = {
  pending: 'claims.handling.mails.statuses.pending',
  sent: 'claims.handling.mails.statuses.sent',
  failed: 'claims.handling.mails.statuses.failed',
  cancelled: 'claims.handling.mails.statuses.cancelled',
  limited: 'claims.handling.mails.statuses.limited',
};

/** A limited mail says which of its recipient's limits it met. */
function statusLabel(mail: ClaimMail): string {
  if (mail.status === 'limited' && mail.limitedBy === 'day') return t('claims.handling.mails.statuses.limitedDay');
  return t(STATUS_LABELS[mail.status]);
}

/** What the claimant was sent about the claim, so staff see what they saw. */
export function ClaimMails({ claim }: { claim: ClaimHandling }) {
  const id = 'claim-mails-title';
  const column = {
    subject: t('claims.handling.mails.columns.subject'),
    kind: t('claims.handling.mails.columns.kind'),
    created: t('claims.handling.mails.columns.created'),
    status: t('claims.list.columns.state'),
    sent: t('claims.handling.mails.columns.sent'),
  };
  return (
    <section className="bo-card" aria-labelledby={id}>
      <h2 id={id}>{t('claims.handling.mails.title')}</h2>
      <p className="bo-muted">{t('claims.handling.mails.hint')}</p>
      {claim.mails.length === 0 ? (
        <p className="bo-muted">{t('claims.handling.mails.empty')}</p>
      ) : (
        <ScrollingTable
          labelledBy={id}
          stacked
          headers={[column.subject, column.kind, column.created, column.status, column.sent]}
        >
          {claim.mails.map((mail) => (
            <tr key={mail.id}>
              <td className="bo-table__lead">
                <a href={`/bo_mails?mail=${mail.id}`}>
                  <MailSubject subject={mail.subject} />
                </a>
              </td>
              <td data-label={column.kind}>{mailKindLabel(mail.kind)}</td>
              <td data-label={column.created}>
                <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
              </td>
              <td data-label={column.status}>
                <span className={`bo-mail-status bo-mail-status--${mail.status}`}>{statusLabel(mail)}</span>
              </td>
              <td data-label={column.sent}>
                {mail.sentAt ? <time dateTime={mail.sentAt}>{formatDateTime(mail.sentAt)}</time> : '–'}
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
    </section>
  );
}
