import type { ClaimHandling } from '../../contracts/backoffice.ts';
import { type ActionFeedback, ActionMessage } from '../lib/ActionMessage.tsx';
import { t } from '../lib/texts.ts';
import { stateLabel } from './state-label.ts';

/** The claim's state, changed with its own 'Enregistrer' (disabled while it is the stored one). */
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
  onSave: () => void;
  busy: boolean;
  /** How the last save went, said beside 'Enregistrer'. */
  feedback: ActionFeedback | undefined;
}) {
  return (
    <form
      className="bo-toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <label>
        {t('claims.handling.state.label')}{' '}
        <select className="bo-select" value={etat} onChange={(event) => onChoose(event.target.value)}>
          {claim.etats.map((option) => (
            <option key={option} value={option}>
              {stateLabel(option)}
            </option>
          ))}
        </select>
      </label>
      <button className="bo-button bo-button--primary" type="submit" disabled={busy || etat === claim.etat}>
        {t('claims.handling.state.save')}
      </button>
      <ActionMessage feedback={feedback} />
    </form>
  );
}
