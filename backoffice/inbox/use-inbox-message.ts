import { useCallback, useEffect, useState } from 'react';
import {
  INBOX_STAFF_PATH,
  type InboxDetail,
  InboxDetailAnswerSchema,
  type InboxStaffMember,
  InboxStaffAnswerSchema,
  inboxMessagePath,
} from '../../contracts/inbox.ts';
import { type StaffRequest, staffApi } from '../api/client.ts';
import { announceWorkChanged } from '../api/work-counts.ts';
import { t } from '../lib/texts.ts';

/** What the page says after a change: done, or why not. */
type Feedback = { tone: 'success' | 'error'; text: string };

/**
 * One message as the server stores it, the staff it can be assigned to, and the changes staff
 * make. After each change the message is read again: what shows is what is stored.
 */
export function useInboxMessage(id: number) {
  const [message, setMessage] = useState<InboxDetail | undefined>();
  const [staff, setStaff] = useState<readonly InboxStaffMember[]>([]);
  const [loadFailed, setLoadFailed] = useState<string | undefined>();
  const [feedback, setFeedback] = useState<Feedback | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await staffApi(inboxMessagePath(id), InboxDetailAnswerSchema);
    if (result.ok) {
      setMessage(result.data.datas);
      setLoadFailed(undefined);
    } else setLoadFailed(result.kind === 'http' && result.message ? result.message : t('inbox.detail.loadFailed'));
  }, [id]);

  useEffect(() => {
    void load();
    const controller = new AbortController();
    void staffApi(INBOX_STAFF_PATH, InboxStaffAnswerSchema, { signal: controller.signal }).then((result) => {
      if (result.ok && !controller.signal.aborted) setStaff(result.data.datas);
    });
    return () => controller.abort();
  }, [load]);

  /** Sends one change; says `success` and reads the message again, or says why not. Answers whether it was done. */
  async function change<Schema extends Parameters<typeof staffApi>[1]>(
    path: string,
    schema: Schema,
    request: StaffRequest,
    success: string,
  ): Promise<boolean> {
    setBusy(true);
    setFeedback(undefined);
    const result = await staffApi(path, schema, request);
    setBusy(false);
    if (result.ok) {
      // The navigation's badge and the work queue follow the change.
      announceWorkChanged();
      // Said once the page shows what is now stored.
      await load();
      setFeedback({ tone: 'success', text: success });
      return true;
    }
    setFeedback({
      tone: 'error',
      text: result.kind === 'http' && result.message ? result.message : t('inbox.detail.changeFailed'),
    });
    return false;
  }

  return { message, staff, loadFailed, feedback, busy, change };
}

export type InboxMessageState = ReturnType<typeof useInboxMessage>;
