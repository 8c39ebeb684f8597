/**
 * The follow-up state this browser keeps (its shape, its storage key, the files waiting in it), free of
 * the store: client-file's inline script (islands/follow-up/turn-frame-inline.ts) reads it before
 * any module loads, with the same rules as the store (`$followUp` in follow-up.store.ts).
 */

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
  /**
   * Files uploaded on client-file and not validated yet (spec 2 §4 "uploaded locally"): kept so a
   * reload does not lose them. The server forgets a temporary upload after a day; entries older
   * than PENDING_PROOF_LIFETIME_MS are dropped before that.
   */
  pendingProofs: PendingProof[];
}

/** A file uploaded for a claim's proof and waiting for the claimant's Valider. */
export interface PendingProof {
  /** The claim it was uploaded for. */
  claimNumber: string;
  /** The proof id it answers; 0 for "other document". */
  type: number;
  /** The upload's `temp_file`. */
  tempFile: string;
  /** The file's name as the server keeps it (`temp_name`). */
  name: string;
  /** Bytes. */
  size: number;
  /** When the upload ended, ms since 1970. */
  uploadedAt: number;
}

/**
 * How long an uploaded, not yet validated file is offered again after a reload: well inside the
 * server's 24 h (TEMPORARY_UPLOAD_LIFETIME_MS), so a file shown is one the server still accepts.
 */
export const PENDING_PROOF_LIFETIME_MS = 20 * 60 * 60_000;

export const FOLLOW_UP_KEY = 'portal.v1.followUp';

function isPendingProof(value: unknown): value is PendingProof {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.claimNumber === 'string' &&
    typeof item.type === 'number' &&
    typeof item.tempFile === 'string' &&
    typeof item.name === 'string' &&
    typeof item.size === 'number' &&
    typeof item.uploadedAt === 'number'
  );
}

/** The files waiting to be sent in a stored state (parsed), those of a readable shape. */
export function storedPendingProofs(value: unknown): PendingProof[] {
  const proofs = (value as { pendingProofs?: unknown } | null)?.pendingProofs;
  return Array.isArray(proofs) ? proofs.filter(isPendingProof) : [];
}

/** The files of a claim uploaded and not validated, still within PENDING_PROOF_LIFETIME_MS at `now`. */
export function pendingProofsOf(proofs: readonly PendingProof[], claimNumber: string, now: number): PendingProof[] {
  return proofs.filter((item) => item.claimNumber === claimNumber && now - item.uploadedAt < PENDING_PROOF_LIFETIME_MS);
}
