/**
 * How a file reached a claim's proof (a version of the proof): staff see it beside each version.
 *
 * - `follow_up_link`: the follow-up page opened with the mailed link (`client-file?dossier=…`);
 * - `follow_up_number`: the follow-up page opened with the claim number and last name;
 * - `demo`: written by the demo seed.
 *
 * Staff's validation of a document that came by post (`--force`) writes no file, so no version.
 */
export const PROOF_CHANNELS = ['follow_up_link', 'follow_up_number', 'demo'] as const;
export type ProofChannel = (typeof PROOF_CHANNELS)[number];
