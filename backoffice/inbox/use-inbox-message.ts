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
import type { ActionFeedback } from '../lib/ActionMessage.tsx';
import { type FocusCandidates, focusedElement, useFocusBack } from '../lib/focus.ts';
import { t } from '../lib/texts.ts';

/** What the page says after a change, and beside which control (`at`: 'assign', 'state', 'note', 'answer'). */
type Feedback = ActionFeedback & { at: string };

/** What a change says: on success, and on failure (the server's reason, when it gave one, else none). */
export interface ChangeWords {
  at: string;
  success: string;
  failure?: (reason: string | undefined) => string;
  /** Where the focus goes when the change disabled or removed the control pressed. */
  keepFocus?: FocusCandidates;
}

/**
 * One message as the server stores it, the staff it can be assigned to, and the changes staff
 * make. After each change the message is read again: what shows is what is stored. Each change's
 * message shows beside its control (`feedbackAt`).
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

  const focusBack = useFocusBack();

  /**
   * Sends one change; says `words.success` beside its control and reads the message again, or says
   * there why not. Answers whether it was done. The focus then goes back to the control pressed, or
   * to the first of `words.keepFocus` that can take it.
   */
  async function change<Schema extends Parameters<typeof staffApi>[1]>(
    path: string,
    schema: Schema,
    request: StaffRequest,
    words: ChangeWords,
  ): Promise<boolean> {
    const { at, success, failure, keepFocus = () => [] } = words;
    // The buttons are disabled while a change is sent, which drops the focus of the one pressed.
    const pressed = focusedElement();
    setBusy(true);
    setFeedback(undefined);
    const result = await staffApi(path, schema, request);
    setBusy(false);
    if (result.ok) {
      // The navigation's badge and the work queue follow the change.
      announceWorkChanged();
      // Said once the page shows what is now stored.
      await load();
      setFeedback({ tone: 'success', text: success, at });
      focusBack(() => [pressed, ...keepFocus()]);
      return true;
    }
    const reason = result.kind === 'http' && result.message ? result.message : undefined;
    setFeedback({
      tone: 'error',
      text: failure ? failure(reason) : (reason ?? t('inbox.detail.changeFailed')),
      at,
    });
    focusBack(() => [pressed, ...keepFocus()]);
    return false;
  }

  /** The message of the last change made at control `at`, if any. */
  const feedbackAt = (at: string): ActionFeedback | undefined => (feedback?.at === at ? feedback : undefined);

  return { message, staff, loadFailed, feedbackAt, busy, change };
}

export type InboxMessageState = ReturnType<typeof useInboxMessage>;
