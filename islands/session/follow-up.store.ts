import { persistentAtom } from '@nanostores/persistent';
import { tabStorage } from '../lib/tab-storage.ts';
import {
  FOLLOW_UP_KEY,
  type FollowUpState,
  PENDING_PROOF_LIFETIME_MS,
  type PendingProof,
  storedPendingProofs,
} from './follow-up-state.ts';

const EMPTY: FollowUpState = {
  claimNumber: '',
  lastName: '',
  declaSent: false,
  dateSinistreCreation: '',
  linkSent: [],
  pendingProofs: [],
};

/** The state read back from its stored text: what is unreadable reads as nothing known. */
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
      pendingProofs: storedPendingProofs(value),
    };
  } catch {
    return EMPTY;
  }
}

export const $followUp = persistentAtom<FollowUpState>(FOLLOW_UP_KEY, EMPTY, {
  encode: JSON.stringify,
  decode: decodeFollowUp,
});

/**
 * The token of the mailed follow-up link this tab opened (`client-file?dossier=<token>`). The page
 * takes it out of the address bar as soon as it reads it (a script loaded after consent, an
 * analytics tag or a shared screen can read addresses); it is kept here instead, for this tab
 * only and until the tab closes, so a reload still opens the claim. Never in localStorage: the
 * token opens the claim, its files and its writing for weeks, it must not outlive the visit on a
 * shared computer. The token answered to the declaration that created the claim is kept the same
 * way (recordDeclaredClaim).
 */
export const FOLLOW_UP_TOKEN_KEY = 'portal.v1.followUpToken';

/** The tab's token where sessionStorage cannot be used (storage disabled): kept until the page unloads. */
let tokenOfPage: string | undefined;

/** Keeps the token of the follow-up link this tab opened (see FOLLOW_UP_TOKEN_KEY). */
export function keepFollowUpToken(token: string): void {
  tokenOfPage = token;
  try {
    tabStorage()?.setItem(FOLLOW_UP_TOKEN_KEY, token);
  } catch {
    // Storage full or refused: the page's copy still serves until it unloads.
  }
}

/** The token of the follow-up link this tab opened, or undefined. */
export function followUpTokenOfTab(): string | undefined {
  try {
    return tabStorage()?.getItem(FOLLOW_UP_TOKEN_KEY) || tokenOfPage;
  } catch {
    return tokenOfPage;
  }
}

/** Forgets the tab's follow-up token: it opened nothing, or the visitor now follows another claim. */
export function forgetFollowUpToken(): void {
  tokenOfPage = undefined;
  try {
    tabStorage()?.removeItem(FOLLOW_UP_TOKEN_KEY);
  } catch {
    // Nothing kept where storage is refused.
  }
}

/**
 * The comment typed under the proofs of a claim and not sent yet: kept for this tab (a reload
 * keeps it), like the forms' fields, and never in localStorage (it can say anything about the
 * claimant). One claim's at a time: `{claimNumber, comment}`.
 */
const PROOF_COMMENT_KEY = 'portal.v1.proofComment';

/** The comment this tab typed for the claim's proofs and did not send, or ''. */
export function proofCommentOf(claimNumber: string): string {
  try {
    const kept = JSON.parse(tabStorage()?.getItem(PROOF_COMMENT_KEY) ?? 'null') as {
      claimNumber?: unknown;
      comment?: unknown;
    } | null;
    return kept?.claimNumber === claimNumber && typeof kept.comment === 'string' ? kept.comment : '';
  } catch {
    return '';
  }
}

/** Keeps the comment being typed for the claim's proofs; an empty one (sent, or erased) is forgotten. */
export function keepProofComment(claimNumber: string, comment: string): void {
  try {
    if (comment === '') tabStorage()?.removeItem(PROOF_COMMENT_KEY);
    else tabStorage()?.setItem(PROOF_COMMENT_KEY, JSON.stringify({ claimNumber, comment }));
  } catch {
    // Storage full or refused: the comment stays on the page until it unloads.
  }
}

/**
 * A declaration succeeded: this is now the visitor's claim. The follow-up token answered with it
 * (the declaring browser's, '' when the API gave none) is kept for the tab like a mailed link's:
 * the confirmation and client-file add proofs with it at once.
 */
export function recordDeclaredClaim(claim: {
  claimNumber: string;
  lastName: string;
  createdAt: string;
  followUpToken: string;
}): void {
  if (claim.followUpToken === '') forgetFollowUpToken();
  else keepFollowUpToken(claim.followUpToken);
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

/** The visitor opened a claim on suivre-dossier: number and last name open it again on client-file. */
export function recordFollowedClaim(claim: { claimNumber: string; lastName: string }): void {
  forgetFollowUpToken();
  const current = $followUp.get();
  const same = current.claimNumber === claim.claimNumber;
  $followUp.set({
    ...current,
    claimNumber: claim.claimNumber,
    lastName: claim.lastName,
    declaSent: same ? current.declaSent : false,
    dateSinistreCreation: same ? current.dateSinistreCreation : '',
  });
}

/** A file was uploaded: it waits for Valider (or Annuler). Expired entries of any claim go. */
export function addPendingProof(proof: PendingProof): void {
  const current = $followUp.get();
  const kept = current.pendingProofs.filter((item) => proof.uploadedAt - item.uploadedAt < PENDING_PROOF_LIFETIME_MS);
  $followUp.set({ ...current, pendingProofs: [...kept, proof] });
}

/** Forgets uploaded files (Annuler, a successful Valider, or files the server no longer accepts). */
export function removePendingProofs(tempFiles: readonly string[]): void {
  const current = $followUp.get();
  const pendingProofs = current.pendingProofs.filter((item) => !tempFiles.includes(item.tempFile));
  if (pendingProofs.length !== current.pendingProofs.length) $followUp.set({ ...current, pendingProofs });
}

/**
 * The subscription the open-claim page found with a claim already declared (its insured number and
 * id, never the claim number: the anonymous look-up does not tell it). suivre-dossier offers to
 * mail that claim's follow-up link to the address declared with it.
 */
export interface ClaimedSubscription {
  insuredNumber: string;
  souscriptionId: number;
}

export const CLAIMED_SUBSCRIPTION_KEY = 'portal.v1.claimedSubscription';

function decodeClaimedSubscription(text: string): ClaimedSubscription | null {
  try {
    const value = JSON.parse(text) as Partial<ClaimedSubscription> | null;
    if (typeof value?.insuredNumber !== 'string' || typeof value.souscriptionId !== 'number') return null;
    return { insuredNumber: value.insuredNumber, souscriptionId: value.souscriptionId };
  } catch {
    return null;
  }
}

export const $claimedSubscription = persistentAtom<ClaimedSubscription | null>(CLAIMED_SUBSCRIPTION_KEY, null, {
  encode: JSON.stringify,
  decode: decodeClaimedSubscription,
});

/** The visitor's number has a claim already: suivre-dossier offers its link by mail (see ClaimedSubscription). */
export function rememberClaimedSubscription(subscription: ClaimedSubscription): void {
  $claimedSubscription.set(subscription);
}
