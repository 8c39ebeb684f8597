import type { MailListItem } from '../../contracts/mails.ts';
import { stateParts } from './mail-labels.ts';

/**
 * A mail's state: its word in a tag that stays on one line, then its moment or reason as plain
 * text, which wraps where the column needs it ("Envoyé" le 02/12/2026 07:19:12).
 */
export function MailState({ mail }: { mail: MailListItem }) {
  const { word, detail } = stateParts(mail);
  return (
    <span className="bo-mails__status">
      <span className={`bo-mails__state bo-mails__state--${mail.status}`}>{word}</span>
      {detail && (
        <>
          {' '}
          <span className="bo-mails__state-detail">{detail}</span>
        </>
      )}
    </span>
  );
}
