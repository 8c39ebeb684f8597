import { AWAITING_TREATMENT_STATE, NO_FOLLOW_UP_STATE, PAYMENT_SENT_STATE } from '../../../contracts/claim-states.ts';
import type { ClaimInfo } from '../../../contracts/partner-api.ts';

/**
 * What client-file shows of a claim (spec 2 §4): its status by `etat`, the three progress bars,
 * the proofs listed, the documents banner and whether the booking details are shown. Pure
 * functions of the API's `infos_sinistre`, so the page only renders them.
 */

/** The status the page names: closed (refund made), no follow-up, or in treatment. */
export type ClaimStatus = 'closed' | 'noFollowUp' | 'inTreatment';

/** The status of an `etat` (spec 2 §4 table): any value but the two closed ones is in treatment. */
export function statusOf(etat: string): ClaimStatus {
  if (etat === PAYMENT_SENT_STATE) return 'closed';
  if (etat === NO_FOLLOW_UP_STATE) return 'noFollowUp';
  return 'inTreatment';
}

/** Whether the claim can still receive documents: a closed file (paid or without follow-up) cannot. */
export function acceptsDocuments(etat: string): boolean {
  return statusOf(etat) === 'inTreatment';
}

/**
 * The three stages of a claim, each 1 to 3: declared, documents, decision (spec 2 §4: 3/3/3 once
 * paid, else 3/3/1). The documents bar is not full while a requested document is
 * still to send: 2 when some were sent, 1 when none was.
 */
export interface ClaimProgress {
  declared: number;
  documents: number;
  decision: number;
}

export function progressOf(
  claim: Pick<ClaimInfo, 'etat' | 'a_justificatif_non_lu' | 'justificatifs_manquants'>,
): ClaimProgress {
  const missing = missingProofsOf(claim).length;
  const sent = visibleProofs(claim).filter((proof) => proof.dropbox === 1).length;
  const documents = missing === 0 ? 3 : sent > 0 ? 2 : 1;
  return { declared: 3, documents, decision: statusOf(claim.etat) === 'closed' ? 3 : 1 };
}

export type Proof = ClaimInfo['justificatifs_manquants'][string]['data_mysql'];

/** The state of a proof on the page (spec 2 §4 "Proof states"). */
export type ProofState = 'missing' | 'transmitted' | 'validated';

export function proofStateOf(proof: Pick<Proof, 'dropbox' | 'valide'>): ProofState {
  if (proof.dropbox === 1) return proof.valide === 1 ? 'validated' : 'transmitted';
  return 'missing';
}

/** Why a proof is to send again: when staff refused it and their reason ('' by number and name). */
export interface ProofRefusal {
  date: string;
  reason: string;
}

/**
 * The refusal of a proof still to send (missing, with the refusal's date the API answers), or
 * undefined: a proof never refused, or one the claimant has sent again since.
 */
export function refusalOf(
  proof: Pick<Proof, 'dropbox' | 'valide' | 'refus_date' | 'refus_motif'>,
): ProofRefusal | undefined {
  if (proofStateOf(proof) !== 'missing' || !proof.refus_date) return undefined;
  return { date: proof.refus_date, reason: proof.refus_motif ?? '' };
}

/** The proofs the page lists: requested (demande 1) or already dropped (dropbox 1), by id. */
export function visibleProofs(claim: Pick<ClaimInfo, 'justificatifs_manquants'>): Proof[] {
  return Object.values(claim.justificatifs_manquants)
    .map((item) => item.data_mysql)
    .filter((proof) => proof.demande === 1 || proof.dropbox === 1)
    .sort((a, b) => a.id - b.id);
}

/**
 * The requested documents the claimant has still to send: listed, not sent
 * (dropbox 0; a proof staff refused comes back so), on a file that takes documents and is not
 * complete (attente_traitement asks for none, spec 2 §4).
 */
export function missingProofsOf(
  claim: Pick<ClaimInfo, 'etat' | 'a_justificatif_non_lu' | 'justificatifs_manquants'>,
): Proof[] {
  if (!acceptsDocuments(claim.etat) || claim.etat === AWAITING_TREATMENT_STATE) return [];
  return visibleProofs(claim).filter((proof) => proofStateOf(proof) === 'missing');
}

/** The documents banner, in the spec's order: unread items, else missing documents, else processed. */
export type DocumentsBanner = { kind: 'unread'; receivedAt: string } | { kind: 'missing' } | { kind: 'processed' };

/**
 * The documents banner of a claim, or undefined when the page shows none (attente_traitement: the
 * file is complete and awaits the insurer; a closed file with documents never sent: it asks for
 * none any more). Documents are missing when fewer listed items have dropbox 1 than the items listed.
 */
export function documentsBannerOf(
  claim: Pick<ClaimInfo, 'etat' | 'a_justificatif_non_lu' | 'justificatifs_manquants'>,
): DocumentsBanner | undefined {
  if (claim.etat === AWAITING_TREATMENT_STATE) return undefined;
  if (claim.a_justificatif_non_lu !== false)
    return { kind: 'unread', receivedAt: claim.a_justificatif_non_lu.reception_date };
  const proofs = visibleProofs(claim);
  // A closed file takes no documents, even one closed while the page was open.
  if (proofs.filter((proof) => proof.dropbox === 1).length < proofs.length)
    return acceptsDocuments(claim.etat) ? { kind: 'missing' } : undefined;
  return { kind: 'processed' };
}

/**
 * Whether the claim's follow-up shows establishment, amount and dates: when the brand of its
 * acquisition method (`portail_{company}_{from}`) is one of `bookingBrands` (the slugs, former
 * ones included, of the brand files with `followUpShowsBooking`).
 */
export function showsBooking(acquisitionMethode: string, bookingBrands: readonly string[]): boolean {
  const company = acquisitionMethode.split('_')[1] ?? '';
  return company !== '' && bookingBrands.includes(company);
}
