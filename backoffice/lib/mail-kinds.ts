import { type TextKey, t } from './texts.ts';

/**
 * What each mail is, in words, for every page that lists mails (a claim's mails, the mails page).
 * A mail that tells a change is named as the claim's history names that change. A kind added later
 * shows its code until it is named here.
 */
const MAIL_KIND_LABELS: Partial<Record<string, TextKey>> = {
  'claim-confirmation': 'claims.handling.mails.kinds.claimConfirmation',
  'follow-up-link': 'claims.handling.mails.kinds.followUpLink',
  'insured-number': 'claims.handling.mails.kinds.insuredNumber',
  'complaint-acknowledgement': 'claims.handling.mails.kinds.complaintAcknowledgement',
  'contact-acknowledgement': 'claims.handling.mails.kinds.contactAcknowledgement',
  'claim-state-changed': 'claims.handling.mails.kinds.stateChanged',
  'document-requested': 'claims.handling.history.actions.documentRequested',
  'proof-validated': 'claims.handling.history.actions.proofValidated',
  'proof-refused': 'claims.handling.history.actions.proofRefused',
  'proofs-received': 'claims.handling.mails.kinds.proofsReceived',
  'one-time-code': 'claims.handling.mails.kinds.oneTimeCode',
  'establishment-copy': 'claims.handling.mails.kinds.establishmentCopy',
  'inbox-answer': 'claims.handling.mails.kinds.inboxAnswer',
};

/** A mail kind's French name: "claim-confirmation" → "Confirmation de déclaration". */
export function mailKindLabel(kind: string): string {
  const key = MAIL_KIND_LABELS[kind];
  return key ? t(key) : kind;
}
