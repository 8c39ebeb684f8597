import { type ClaimState, isClaimState } from '../../contracts/claim-states.ts';
import { type TextKey, t } from '../lib/texts.ts';

/** The French name of each state of a claim (spec 2 §4). */
const STATE_LABELS: Record<ClaimState, TextKey> = {
  en_cours: 'claims.states.en_cours',
  attente_traitement: 'claims.states.attente_traitement',
  paiement_envoye: 'claims.states.paiement_envoye',
  sans_suite: 'claims.states.sans_suite',
};

/** What staff read for a claim's state: its name, or the state itself when an insurer's tool added it. */
export function stateLabel(etat: string): string {
  return isClaimState(etat) ? t(STATE_LABELS[etat]) : etat;
}
