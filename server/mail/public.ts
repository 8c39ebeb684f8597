/**
 * What the rest of the server may use of server/mail/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { customerPageUrl, followUpUrl } from './links.ts';
export {
  cancelHeldChangeMail,
  claimMailUnderLimit,
  claimMailWritten,
  enqueueMail,
  findEstablishmentCopy,
  isSingleAddress,
  listClaimMails,
  onMailLimited,
} from './outbox.ts';
export { recipientKeyOf, recipientLocksOf } from './recipient-limit.ts';
export { clearOldMailContent } from './repository.ts';
export { startMail } from './start.ts';
export { type ClaimantStatus, MAIL_TIME_ZONE, type RenderedMail, renderMail, richTextToPlain } from './templates.ts';
