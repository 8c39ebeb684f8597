/**
 * How a file reached a claim's proof (a version of the proof): staff see it beside each version.
 *
 * - `follow_up_link`: the follow-up page opened with the follow-up link's token (mailed, or answered
 *   to the browser that declared the claim): the only way a claimant writes to a claim;
 * - `demo`: written by the demo seed.
 *
 * Staff's validation of a document that came by post (`--force`) writes no file, so no version.
 */
export const PROOF_CHANNELS = ['follow_up_link', 'demo'] as const;
export type ProofChannel = (typeof PROOF_CHANNELS)[number];
