import type { ClaimInfo } from '../../../contracts/partner-api.ts';
import { type ClaimStatus, missingProofsOf, type Proof, proofStateOf, statusOf, visibleProofs } from './claim-view.ts';

/**
 * What changed on a claim between two reads of client-file: what the page says
 * out loud (politely, to screen readers too) when staff changed the claim while it was open. A
 * pure function of the two `infos_sinistre`.
 */
export interface ClaimUpdate {
  /** The new status, when the status banner changed (in treatment, closed, without follow-up). */
  status?: ClaimStatus;
  /** The state changed without changing the banner (complete, awaiting the insurer…). */
  stateChanged: boolean;
  /** Documents newly asked of the claimant. */
  requested: Proof[];
  /** Documents the claimant had sent and must send again (refused by the insurer). */
  refused: Proof[];
  /** Documents the insurer has just validated. */
  validated: Proof[];
}

type ClaimView = Pick<ClaimInfo, 'etat' | 'a_justificatif_non_lu' | 'justificatifs_manquants'>;

/**
 * The update between `before` and `after`, or undefined when nothing the claimant should hear of
 * changed (a file they sent themselves, a read by the insurer).
 */
export function claimUpdateOf(before: ClaimView, after: ClaimView): ClaimUpdate | undefined {
  const earlier = new Map(visibleProofs(before).map((proof) => [proof.id, proof]));
  const missingBefore = new Set(missingProofsOf(before).map((proof) => proof.id));
  const requested: Proof[] = [];
  const refused: Proof[] = [];
  for (const proof of missingProofsOf(after)) {
    if (missingBefore.has(proof.id)) continue;
    const was = earlier.get(proof.id);
    if (was && proofStateOf(was) === 'transmitted') refused.push(proof);
    else requested.push(proof);
  }
  const validated = visibleProofs(after).filter(
    (proof) => proofStateOf(proof) === 'validated' && earlier.get(proof.id)?.valide !== 1,
  );
  const status = statusOf(after.etat) === statusOf(before.etat) ? undefined : statusOf(after.etat);
  const stateChanged = status === undefined && after.etat !== before.etat;
  if (!status && !stateChanged && requested.length + refused.length + validated.length === 0) return undefined;
  return { ...(status ? { status } : {}), stateChanged, requested, refused, validated };
}
