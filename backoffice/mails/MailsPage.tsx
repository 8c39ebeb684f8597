import './mails.css';
import { MailDetailView } from './MailDetailView.tsx';
import { MailsList } from './MailsList.tsx';

/**
 * /bo_mails: every mail the product wrote (to claimants, establishments and staff), searchable by
 * address and claim number, with its delivery state; `?mail=<id>` opens one mail, its content as
 * its recipient sees it, the list's search kept for the way back.
 */
export default function MailsPage() {
  const query = new URLSearchParams(window.location.search);
  const id = Number(query.get('mail'));
  if (Number.isSafeInteger(id) && id > 0) {
    query.delete('mail');
    const rest = query.toString();
    return <MailDetailView id={id} back={rest ? `/bo_mails?${rest}` : '/bo_mails'} />;
  }
  return <MailsList />;
}
