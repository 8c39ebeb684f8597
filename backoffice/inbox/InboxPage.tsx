import './inbox.css';
import { InboxList } from './InboxList.tsx';
import { MessageView } from './MessageView.tsx';

/**
 * /bo_messages, the inbox: the complaints and contact messages claimants send, with their
 * deadlines; one message's page when `?message=` names it (its own address, so the back button
 * and a reload keep it), otherwise the list.
 */
export default function InboxPage() {
  const id = Number(new URLSearchParams(window.location.search).get('message'));
  return Number.isInteger(id) && id > 0 ? <MessageView id={id} /> : <InboxList />;
}
