import { useEffect, useId, useRef, useState } from 'react';
import type { ClaimHandling } from '../../contracts/backoffice.ts';
import { isClosingState } from '../../contracts/claim-states.ts';
import { type ActionFeedback, ActionMessage } from '../lib/ActionMessage.tsx';
import type { FocusCandidates } from '../lib/focus.ts';
import { t } from '../lib/texts.ts';
import { stateLabel } from './state-label.ts';

/**
 * The claim's state, changed with its own 'Enregistrer' (disabled while it is the stored one). A
 * closing state is saved only once confirmed in place, as the inbox's answers are: the confirmation
 * says the claimant is mailed and how many requested documents were not received.
 */
export function StateChange({
  claim,
  etat,
  onChoose,
  onSave,
  busy,
  feedback,
}: {
  claim: ClaimHandling;
  etat: string;
  onChoose: (etat: string) => void;
  /** Saves the chosen state; the focus then goes to the first of `keepFocus` that can take it. */
  onSave: (keepFocus: FocusCandidates) => void;
  busy: boolean;
  /** How the last save went, said beside 'Enregistrer'. */
  feedback: ActionFeedback | undefined;
}) {
  const ids = useId();
  const [confirmingChoice, setConfirming] = useState(false);
  // A new read of the claim may put the stored state back: nothing left to confirm then.
  const confirming = confirmingChoice && isClosingState(etat) && etat !== claim.etat;
  const confirmRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  /** Whether the confirmation was shown: when it goes, the focus goes back to 'Enregistrer'. */
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (asked.current) saveRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const missing = claim.proofs.filter((proof) => proof.demande === 1 && proof.dropbox === 0).length;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isClosingState(etat) && !confirming) {
          setConfirming(true);
          return;
        }
        setConfirming(false);
        // Once saved, « Enregistrer » is disabled (the choice is the stored one): the focus goes to the choice.
        onSave(() => [saveRef.current, selectRef.current]);
      }}
    >
      <div className="bo-toolbar">
        <label>
          {t('claims.handling.state.label')}{' '}
          <select
            ref={selectRef}
            className="bo-select"
            value={etat}
            onChange={(event) => {
              setConfirming(false);
              onChoose(event.target.value);
            }}
          >
            {claim.etats.map((option) => (
              <option key={option} value={option}>
                {stateLabel(option)}
              </option>
            ))}
          </select>
        </label>
        {!confirming && (
          <button
            ref={saveRef}
            className="bo-button bo-button--primary"
            type="submit"
            disabled={busy || etat === claim.etat}
          >
            {t('claims.handling.state.save')}
          </button>
        )}
        <ActionMessage feedback={feedback} />
      </div>
      {confirming && (
        <fieldset className="bo-alert bo-claim__confirm">
          <legend id={`${ids}-closing`}>{t('claims.handling.state.closing', { state: stateLabel(etat) })}</legend>
          {missing > 0 && (
            <p id={`${ids}-missing`} className="bo-claim__missing">
              {t('claims.handling.state.missing', { count: missing })}
            </p>
          )}
          <div className="bo-toolbar">
            <button
              ref={confirmRef}
              type="submit"
              className="bo-button bo-button--primary"
              disabled={busy}
              aria-describedby={missing > 0 ? `${ids}-closing ${ids}-missing` : `${ids}-closing`}
            >
              {t('claims.handling.state.confirmClosing')}
            </button>
            <button type="button" className="bo-button" onClick={() => setConfirming(false)}>
              {t('claims.handling.state.keepOpen')}
            </button>
          </div>
        </fieldset>
      )}
    </form>
  );
}
