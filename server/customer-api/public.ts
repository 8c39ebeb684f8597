/**
 * What the rest of the server may use of server/customer-api/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { findClaimForClaimant } from './claims/claimant-access.ts';
export { enqueueEstablishmentCopy } from './claims/establishment-copy.ts';
export { type ClaimRow, listStandingRefusals } from './claims/repository.ts';
export { followUpLinkExpiry, newFollowUpToken } from './claims/follow-up-links.ts';
export { issueFollowUpLink } from './claims/service.ts';
export { deleteOldOneTimeCodes } from './insured/identity-codes.ts';
export { partnerLinkKeysOf, unknownPartnerLinkBrands } from './insured/partner-link.ts';
export { findFileVersionOfProof, listProofVersions } from './proofs/repository.ts';
export { deleteExpiredUploads, EXPIRED_UPLOADS_PER_SWEEP, findTransmittedFile } from './proofs/service.ts';
export { createCustomerApiRouter } from './router.ts';
export { backfillInboxMessages } from './forms/service.ts';
export { insertInboxEvents, type NewInboxEvent } from './forms/repository.ts';
