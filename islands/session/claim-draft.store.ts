import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { Language } from '../../contracts/languages.ts';
import type { InsuredInfo } from '../../contracts/partner-api.ts';
import {
  type ClaimDraft,
  chooseReason,
  chooseSubscription,
  type ClaimGroupChoice,
  chooseClaimGroup,
  decodeClaimDraft,
  newClaimDraft,
  relabelDraft,
} from '../declaration/logic/draft.ts';

/**
 * The claim draft of spec 1 §3, held in localStorage under a versioned key: a refresh, a closed tab
 * or a browser restart keep it, and every open tab shares it (a submit from one tab clears it in
 * the others). Only the declaration wizard writes it; it is cleared by a successful submit.
 * Bump the key's version when a field changes meaning: an old draft is then dropped, not misread.
 */
export const CLAIM_DRAFT_KEY = 'portal.v1.claimDraft';

export const $claimDraft = persistentAtom<ClaimDraft | null>(CLAIM_DRAFT_KEY, null, {
  encode: (draft) => (draft === null ? undefined : JSON.stringify(draft)),
  decode: decodeClaimDraft,
});

/** Starts a new draft for the subscriptions of an insured number, forgetting any other one. */
export function startClaimDraft(insuranceNumber: string, infos: InsuredInfo[], lang: Language): ClaimDraft {
  const draft = newClaimDraft({ insuranceNumber, infos, lang, idempotencyKey: newIdempotencyKey() });
  $claimDraft.set(draft);
  return draft;
}

/** Replaces the subscriptions with the same ones named in another language (the visitor switched). */
export function refreshDraftLanguage(infos: InsuredInfo[], lang: Language): void {
  const draft = $claimDraft.get();
  if (draft) $claimDraft.set(relabelDraft(draft, infos, lang));
}

export function selectSubscription(souscriptionId: number): void {
  const draft = $claimDraft.get();
  if (draft) $claimDraft.set(chooseSubscription(draft, souscriptionId));
}

export function selectClaimGroup(choice: ClaimGroupChoice): void {
  const draft = $claimDraft.get();
  if (draft) $claimDraft.set(chooseClaimGroup(draft, choice));
}

export function selectReason(reason: { id: number; nom: string }): void {
  const draft = $claimDraft.get();
  if (draft) $claimDraft.set(chooseReason(draft, reason));
}

/** Saves what the visitor typed (each step saves as it goes, so nothing is lost on a refresh). */
export function updateClaimDraft(fields: Partial<Omit<ClaimDraft, 'version' | 'idempotencyKey'>>): void {
  const draft = $claimDraft.get();
  if (draft) $claimDraft.set({ ...draft, ...fields });
}

/**
 * True while this tab's submit is on its way. Another tab may finish the same draft first and clear
 * it (they share localStorage): the step then waits for its own answer rather than leaving.
 */
export const $submitInFlight = atom(false);

export function clearClaimDraft(): void {
  $claimDraft.set(null);
}

/**
 * A random `Idempotency-Key` (128 bits, base64url). `crypto.getRandomValues` rather than
 * `randomUUID`, which browsers only offer on secure origins (a test server on a LAN address is not).
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
