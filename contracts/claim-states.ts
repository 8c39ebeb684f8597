/**
 * The states of a claim (`etat`, spec 2 §4), the one list every part reads: the partner API
 * writes the first on insert, the follow-up page and the confirmation tell them apart, staff and
 * the terminal move a claim between them, the back office names them (locales/fr/backoffice.json,
 * `claims.states.<etat>`). In the order a claim goes through them. The column stays free text: an
 * insurer's tools may add states, which the follow-up page shows as "in treatment".
 */
export const CLAIM_STATES = ['en_cours', 'attente_traitement', 'paiement_envoye', 'sans_suite'] as const;

export type ClaimState = (typeof CLAIM_STATES)[number];

/** Declared, while the claimant sends the requested proofs: written on insert. */
export const DECLARED_STATE = 'en_cours' satisfies ClaimState;

/** The file is complete and awaits the insurer: the pages ask for no document. */
export const AWAITING_TREATMENT_STATE = 'attente_traitement' satisfies ClaimState;

/** Refund paid: the claim is closed. */
export const PAYMENT_SENT_STATE = 'paiement_envoye' satisfies ClaimState;

/** Closed without follow-up. */
export const NO_FOLLOW_UP_STATE = 'sans_suite' satisfies ClaimState;

/** The states that close a claim: staff confirm before choosing one (the claimant is mailed). */
const CLOSING_STATES: readonly string[] = [PAYMENT_SENT_STATE, NO_FOLLOW_UP_STATE];

/** Whether `etat` closes the claim. */
export function isClosingState(etat: string): boolean {
  return CLOSING_STATES.includes(etat);
}

/** Whether `etat` is one of the states every page knows. */
export function isClaimState(etat: string): etat is ClaimState {
  return (CLAIM_STATES as readonly string[]).includes(etat);
}
