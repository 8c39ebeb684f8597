import { useCallback, useEffect, useRef, useState } from 'react';
import { ChangeAnswerSchema, type ClaimHandling, ClaimHandlingAnswerSchema } from '../../contracts/backoffice.ts';
import { type StaffRequest, staffApi } from '../api/client.ts';
import { announceWorkChanged } from '../api/work-counts.ts';
import type { ActionFeedback } from '../lib/ActionMessage.tsx';
import { type FocusCandidates, focusedElement, useFocusBack } from '../lib/focus.ts';
import { t } from '../lib/texts.ts';

/**
 * What the page says after a change, and where: `at` names the control that made it ('state',
 * 'request', 'proof-<id>'), beside which the message shows.
 */
type Feedback = ActionFeedback & { at: string };

/**
 * One claim as the server stores it, and the changes staff make to it. After each change the claim
 * is read again: what shows is what is stored. `etat` is the state chosen in the form: each read
 * sets it to the stored one, unless staff chose another since the previous read (a read that
 * follows a document request must not undo a state being chosen meanwhile). Each change's message
 * shows beside its control (`feedbackAt`).
 */
export function useClaimHandling(numero: string) {
  const [claim, setClaim] = useState<ClaimHandling | undefined>();
  const [loadFailed, setLoadFailed] = useState<string | undefined>();
  const [feedback, setFeedback] = useState<Feedback | undefined>();
  const [etat, setEtat] = useState('');
  const [busy, setBusy] = useState(false);
  /** The stored state at the previous read: a chosen `etat` other than it is a choice not saved. */
  const storedEtat = useRef<string | undefined>(undefined);
  /** The claim's address on the API; its changes are under it. */
  const base = `/sinistres/${encodeURIComponent(numero)}`;

  const load = useCallback(async () => {
    const result = await staffApi(`/sinistres/${encodeURIComponent(numero)}`, ClaimHandlingAnswerSchema);
    if (result.ok) {
      const stored = result.data.datas.etat;
      const previous = storedEtat.current;
      storedEtat.current = stored;
      setClaim(result.data.datas);
      setEtat((chosen) => (chosen === '' || chosen === previous ? stored : chosen));
      setLoadFailed(undefined);
    } else setLoadFailed(result.kind === 'http' && result.message ? result.message : t('claims.handling.loadFailed'));
  }, [numero]);

  useEffect(() => {
    void load();
  }, [load]);

  const focusBack = useFocusBack();

  /**
   * Sends one change made at control `at`; says `success` there and reads the claim again, or says
   * there why it failed. Answers whether it was done. The focus then goes back to the control
   * pressed, or, when the change disabled or removed it, to the first of `keepFocus` that can take it.
   */
  async function change(
    path: string,
    request: StaffRequest,
    success: string,
    at: string,
    keepFocus: FocusCandidates = () => [],
  ): Promise<boolean> {
    const pressed = focusedElement();
    setBusy(true);
    setFeedback(undefined);
    const result = await staffApi(path, ChangeAnswerSchema, request);
    setBusy(false);
    if (result.ok) {
      setFeedback({ tone: 'success', text: success, at });
      // The navigation's counts of work to do follow the change.
      announceWorkChanged();
      await load();
      focusBack(() => [pressed, ...keepFocus()]);
      return true;
    }
    setFeedback({
      tone: 'error',
      text: result.kind === 'http' && result.message ? result.message : t('claims.handling.changeFailed'),
      at,
    });
    focusBack(() => [pressed, ...keepFocus()]);
    return false;
  }

  /** The message of the last change made at control `at`, if any. */
  const feedbackAt = (at: string): ActionFeedback | undefined => (feedback?.at === at ? feedback : undefined);

  return { claim, loadFailed, feedbackAt, etat, setEtat, busy, base, load, change };
}

/** What the claim's parts are given to show it and change it. */
export type ClaimHandlingState = ReturnType<typeof useClaimHandling>;
