import { persistentAtom } from '@nanostores/persistent';

/**
 * What the customer pages know of the visitor's claim (spec 2 §3 session state: claimNumber,
 * lastName, declaSent, dateSinistreCreation, and which follow-up links were mailed). Written when a
 * declaration succeeds (and by the open-claim page when an `SI-` number is typed there); read by the
 * confirmation and follow-up pages. Persisted like the draft, under its own versioned key.
 */
export interface FollowUpState {
  /** The claim number `SI-…` to follow, or ''. */
  claimNumber: string;
  /** The claimant's last name as declared, or '' (with the number, it opens the claim). */
  lastName: string;
  /** True once a declaration was sent from this browser for `claimNumber`. */
  declaSent: boolean;
  /** ISO date-time of the claim's creation, as the API answered it, or ''. */
  dateSinistreCreation: string;
  /** Claim numbers whose follow-up link was mailed from this browser. */
  linkSent: string[];
}

export const FOLLOW_UP_KEY = 'portal.v1.followUp';

const EMPTY: FollowUpState = {
  claimNumber: '',
  lastName: '',
  declaSent: false,
  dateSinistreCreation: '',
  linkSent: [],
};

function decodeFollowUp(text: string): FollowUpState {
  try {
    const value = JSON.parse(text) as Partial<FollowUpState> | null;
    if (typeof value !== 'object' || value === null) return EMPTY;
    return {
      claimNumber: typeof value.claimNumber === 'string' ? value.claimNumber : '',
      lastName: typeof value.lastName === 'string' ? value.lastName : '',
      declaSent: value.declaSent === true,
      dateSinistreCreation: typeof value.dateSinistreCreation === 'string' ? value.dateSinistreCreation : '',
      linkSent: Array.isArray(value.linkSent) ? value.linkSent.filter((item) => typeof item === 'string') : [],
    };
  } catch {
    return EMPTY;
  }
}

export const $followUp = persistentAtom<FollowUpState>(FOLLOW_UP_KEY, EMPTY, {
  encode: JSON.stringify,
  decode: decodeFollowUp,
});

/** A declaration succeeded: this is now the visitor's claim. */
export function recordDeclaredClaim(claim: { claimNumber: string; lastName: string; createdAt: string }): void {
  $followUp.set({
    ...$followUp.get(),
    claimNumber: claim.claimNumber,
    lastName: claim.lastName,
    declaSent: true,
    dateSinistreCreation: claim.createdAt,
  });
}

/** The visitor gave a claim number (an `SI-` typed as an insured number, an existing claim): keep it for the follow-up form. */
export function rememberClaimNumber(claimNumber: string): void {
  const current = $followUp.get();
  if (current.claimNumber === claimNumber) return;
  $followUp.set({ ...current, claimNumber, lastName: '', declaSent: false, dateSinistreCreation: '' });
}

export function recordFollowUpLinkSent(claimNumber: string): void {
  const current = $followUp.get();
  if (!current.linkSent.includes(claimNumber))
    $followUp.set({ ...current, linkSent: [...current.linkSent, claimNumber] });
}
