import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import { AWAITING_TREATMENT_STATE, NO_FOLLOW_UP_STATE, PAYMENT_SENT_STATE } from '../../../contracts/claim-states.ts';
import { issueFollowUpLink } from '../../customer-api/public.ts';
import type { DatabaseOrTransaction } from '../../db/public.ts';
import {
  customerPageUrl,
  cancelHeldChangeMail,
  enqueueMail,
  isSingleAddress,
  type ClaimantStatus,
  type RenderedMail,
  renderMail,
} from '../../mail/public.ts';
import { findClaimToMail, listProofDetails } from './repository.ts';

/**
 * The claimant hears of every change staff make: a state the follow-up page
 * shows differently, a document asked for, a proof validated or refused. The mail is written to
 * the outbox in the transaction of the change (with the claim locked, so changes of one claim
 * queue one after the other), and held CHANGE_MAIL_HOLD_MS before it may leave:
 *
 * - a later change of the same thing (the claim's state, or one proof) within that time cancels
 *   the held mail, and mails the net result only if it differs from what the claimant was last
 *   told (a state set back within the minute sends nothing at all);
 * - a change the claimant cannot see (a state read the same on the follow-up page, a proof
 *   validated again) sends nothing;
 * - once the hold is over, or a delivery worker has claimed the mail, it is no longer cancelled:
 *   the next change is told against it.
 */

/** How long a change's mail waits, cancellable, before it may leave. */
const CHANGE_MAIL_HOLD_MS = 60_000;

/** What a claim-change mail needs from outside the database: the brands and the site's public origin. */
export interface ClaimMailing {
  brands: BrandCatalog;
  /** Public origin of the site (PUBLIC_SITE_URL), for the follow-up link. Example: "https://sinistre.example.com". */
  origin: string;
  /** Hold of each mail; CHANGE_MAIL_HOLD_MS unless a test says otherwise. */
  holdMs?: number;
}

/** A change staff made, as its use case knows it. */
export type ClaimChange =
  | { kind: 'claim-state-changed'; from: string; to: string }
  | { kind: 'document-requested'; proofId: number }
  | { kind: 'proof-validated'; proofId: number }
  | { kind: 'proof-refused'; proofId: number; reason: string };

/** What the follow-up page shows of a state (spec 2 §4): the claimant cannot tell the others apart. */
function claimantStatusOf(etat: string): ClaimantStatus {
  if (etat === AWAITING_TREATMENT_STATE) return 'awaitingDecision';
  if (etat === PAYMENT_SENT_STATE) return 'closed';
  if (etat === NO_FOLLOW_UP_STATE) return 'noFollowUp';
  return 'inTreatment';
}

/** The topic a change is about, what the claimant knew of it before, and what they are told now. */
function noticeOf(change: ClaimChange): { topic: string; from: string | null; to: string } {
  switch (change.kind) {
    case 'claim-state-changed':
      return { topic: 'etat', from: claimantStatusOf(change.from), to: claimantStatusOf(change.to) };
    case 'document-requested':
      return { topic: `proof:${change.proofId}`, from: null, to: 'requested' };
    case 'proof-validated':
      return { topic: `proof:${change.proofId}`, from: null, to: 'validated' };
    case 'proof-refused':
      return { topic: `proof:${change.proofId}`, from: null, to: 'refused' };
  }
}

/**
 * Queues, in the change's transaction `tx`, the mail telling the claimant of `change` (see the
 * module's comment). Answers the outbox id, or undefined when nothing is to be told.
 */
export async function mailClaimChange(
  tx: DatabaseOrTransaction,
  mailing: ClaimMailing,
  claimId: number,
  change: ClaimChange,
): Promise<number | undefined> {
  const notice = noticeOf(change);
  const replaced = await cancelHeldChangeMail(tx, claimId, notice.topic);
  const from = replaced ? replaced.from : notice.from;
  if (from === notice.to) return undefined;

  const claim = await findClaimToMail(tx, claimId);
  if (!claim) throw new Error(`No claim ${claimId} to mail.`);
  // An address no mail can go to (an imported claim's) must not block staff's change.
  if (!isSingleAddress(claim.email)) return undefined;
  const link = { origin: mailing.origin };
  const { brand, followUpUrl } = await issueFollowUpLink(tx, claim, { brands: mailing.brands, link });
  const proofs = await listProofDetails(tx, claimId, claim.lang);
  const missingDocuments = proofs
    .filter((proof) => proof.demande === 1 && proof.dropbox === 0)
    .map((proof) => proof.nomCourt);
  const documentOf = (proofId: number) => proofs.find((proof) => proof.id === proofId)?.nomCourt ?? '';
  const claimNumber = claim.numero;
  const now = new Date();

  let rendered: RenderedMail;
  switch (change.kind) {
    case 'claim-state-changed':
      rendered = renderMail(change.kind, claim.lang, brand, {
        claimNumber,
        status: claimantStatusOf(change.to),
        changedAt: now,
        missingDocuments,
        followUpUrl,
        complaintUrl: customerPageUrl({ origin: mailing.origin, company: brand.slug, lang: claim.lang }, 'claim'),
      });
      break;
    case 'document-requested':
      rendered = renderMail(change.kind, claim.lang, brand, {
        claimNumber,
        document: documentOf(change.proofId),
        requestedAt: now,
        followUpUrl,
      });
      break;
    case 'proof-validated':
      rendered = renderMail(change.kind, claim.lang, brand, {
        claimNumber,
        document: documentOf(change.proofId),
        validatedAt: now,
        missingDocuments,
        followUpUrl,
      });
      break;
    case 'proof-refused':
      rendered = renderMail(change.kind, claim.lang, brand, {
        claimNumber,
        document: documentOf(change.proofId),
        reason: change.reason,
        refusedAt: now,
        followUpUrl,
      });
      break;
  }
  return enqueueMail(tx, {
    to: claim.email,
    claimId,
    change: { ...notice, from, holdMs: mailing.holdMs ?? CHANGE_MAIL_HOLD_MS },
    ...rendered,
  });
}
