import { AWAITING_TREATMENT_STATE } from '../../../contracts/claim-states.ts';
import type { ClaimInfo } from '../../../contracts/partner-api.ts';
import { missingProofsOf, type Proof, proofStateOf, statusOf, visibleProofs } from './claim-view.ts';

/**
 * Whose turn it is on a claim: what client-file says first, above the state
 * banner. The claimant's turn while a requested document is not sent (a refused one comes back as
 * requested and not sent: staff's refusal sets `dropbox` 0 again) or while files they chose wait
 * to be sent; else the insurer's, with what it does next and the delays of the spec (spec 2 §9).
 * A pure function of the API's `infos_sinistre` and of the files waiting in the tab.
 */

/** The id of the block that sends the chosen files (comment and Valider), where "Go" leads when only files wait. */
export const SEND_BLOCK_ID = 'proof-send';

/** The id of a proof's row in the documents list, where "Go" leads when documents are awaited. */
export function proofRowId(proofId: number): string {
  return `proof-${proofId}`;
}

/** What the insurer does next when nothing is awaited from the claimant. */
type InsurerStep =
  /** Documents received and not yet checked (sent by the claimant, not validated by the insurer). */
  | 'review'
  /** Every requested document is validated, or the file is complete (attente_traitement): the decision. */
  | 'decide'
  /** Refund sent (paiement_envoye): the funds are on their way. */
  | 'paid'
  /** Closed without follow-up (sans_suite): nothing more, unless the claimant complains. */
  | 'closed';

export type WhoseTurn =
  | {
      turn: 'claimant';
      /** The requested documents not sent, in the list's order. */
      missing: Proof[];
      /** Files chosen in this tab and not sent yet. */
      unsent: number;
    }
  | { turn: 'insurer'; next: InsurerStep };

/**
 * Whose turn it is. attente_traitement asks for no document (spec 2 §4: the file is complete), so
 * it is the insurer's turn whatever the list says; a closed file takes no documents.
 */
export function whoseTurnOf(
  claim: Pick<ClaimInfo, 'etat' | 'a_justificatif_non_lu' | 'justificatifs_manquants'>,
  unsent: number,
): WhoseTurn {
  const status = statusOf(claim.etat);
  if (status === 'closed') return { turn: 'insurer', next: 'paid' };
  if (status === 'noFollowUp') return { turn: 'insurer', next: 'closed' };
  const missing = missingProofsOf(claim);
  if (missing.length > 0 || unsent > 0) return { turn: 'claimant', missing, unsent };
  if (claim.etat === AWAITING_TREATMENT_STATE) return { turn: 'insurer', next: 'decide' };
  const proofs = visibleProofs(claim);
  const received = claim.a_justificatif_non_lu !== false || proofs.some((p) => proofStateOf(p) === 'transmitted');
  return { turn: 'insurer', next: received ? 'review' : 'decide' };
}
