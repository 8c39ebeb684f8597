import { z } from 'zod/mini';
import type { ClaimChangeSignal } from '../../claim-change-signal.ts';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import { isBankDetailsDocument } from '../../../content/documents.ts';
import type { Language } from '../../../contracts/languages.ts';
import type { ProofChannel } from '../../../contracts/proof-channels.ts';
import { MAX_PROOFS_PER_VALIDATION, type UploadedProof, UploadedProofSchema } from '../../../contracts/partner-api.ts';
import type { AppDatabase, DatabaseOrTransaction } from '../../db/public.ts';
import { HttpError } from '../../errors.ts';
import type { FileStore, ReceivedFile } from '../../files/public.ts';
import { commonMessages, translate } from '../../i18n/public.ts';
import { enqueueMail, isSingleAddress, renderMail } from '../../mail/public.ts';
import { issueFollowUpLink } from '../claims/service.ts';
import { findClaimProofs } from '../claims/repository.ts';
import { proofMessages } from './messages.ts';
import {
  attachUploadToProof,
  deleteExpiredTemporaryUploads,
  findLatestFileOfProof,
  findOtherDocumentTypeId,
  findProofsWithFiles,
  insertClaimantComment,
  insertOtherDocumentProof,
  insertTemporaryUpload,
  lockProofsOfClaim,
  lockUploadedFiles,
  markProofTransmitted,
  type ProofRow,
  type UploadedFileRow,
} from './repository.ts';

/**
 * The proofs use cases (spec 2 §4 "Proof states", §7 calls 4 and 5): a file uploaded on the
 * follow-up page is kept as a temporary upload; the claimant's "Valider" transmits the temporary
 * files to their claim's proofs in one transaction; temporary files never validated expire.
 */

/** A temporary upload that is not validated within this time is deleted (row and bytes). */
export const TEMPORARY_UPLOAD_LIFETIME_MS = 24 * 60 * 60_000;

/** Expired uploads deleted by one sweep: a sweep stays short, the next one takes the rest. */
export const EXPIRED_UPLOADS_PER_SWEEP = 100;

/** The `temp_file` and `temp_name` answered to an upload. */
export interface TemporaryUpload {
  tempFile: string;
  tempName: string;
}

/**
 * Records a stored file as a temporary upload, expiring after TEMPORARY_UPLOAD_LIFETIME_MS. When
 * the row cannot be written the bytes are removed: a file is never in the store without its row.
 */
export async function recordTemporaryUpload(
  db: AppDatabase,
  store: FileStore,
  file: ReceivedFile,
  now: Date = new Date(),
): Promise<TemporaryUpload> {
  const expiresAt = new Date(now.getTime() + TEMPORARY_UPLOAD_LIFETIME_MS);
  const id = await insertTemporaryUpload(
    db,
    { storageKey: file.key, originalName: file.originalName, mime: file.mime, size: file.size, sha256: file.sha256 },
    expiresAt,
  ).catch(async (error: unknown) => {
    await store.remove(file.key).catch(() => undefined);
    throw error;
  });
  return { tempFile: id, tempName: file.originalName };
}

/** The field naming one item of the `justificatifs` list in a 400 answer. */
function itemField(index: number): string {
  return `justificatifs[${index}]`;
}

const UploadedProofListSchema = z.array(UploadedProofSchema);

/**
 * Reads the `justificatifs` JSON list of a validation. A list that is not JSON, not a list, too
 * long, or with a malformed item answers 400 naming `justificatifs` or the item. An empty list is
 * accepted only with a comment.
 */
export function parseUploadedProofs(text: string, comment: string, lang: Language): UploadedProof[] {
  const refuse = (field: string, message: string): never => {
    throw new HttpError(400, translate(proofMessages, 'proofs_refused', lang), { [field]: message }, 'proofs_refused');
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('justificatifs', translate(proofMessages, 'proofs_unreadable', lang));
  }
  const result = z.safeParse(UploadedProofListSchema, json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const index = issue?.path[0];
    return typeof index === 'number'
      ? refuse(itemField(index), translate(commonMessages, 'field_invalid', lang))
      : refuse('justificatifs', translate(proofMessages, 'proofs_unreadable', lang));
  }
  if (result.data.length > MAX_PROOFS_PER_VALIDATION)
    refuse('justificatifs', translate(proofMessages, 'proofs_over_limit', lang, { max: MAX_PROOFS_PER_VALIDATION }));
  if (result.data.length === 0 && comment === '')
    refuse('justificatifs', translate(proofMessages, 'proofs_empty', lang));
  return result.data;
}

/** Why one item of a validation cannot be transmitted: a key of proofMessages. */
type ItemProblem =
  | 'file_unavailable'
  | 'file_already_sent'
  | 'file_listed_twice'
  | 'proof_not_of_claim'
  | 'proof_already_validated';

/**
 * The problem of each item that cannot be transmitted, by index: the file must be a temporary
 * upload not yet expired at `now`, listed once; its `type` must be 0 or a proof of this claim not
 * already validated by staff.
 */
function itemProblems(
  items: readonly UploadedProof[],
  files: ReadonlyMap<string, Pick<UploadedFileRow, 'status' | 'expiresAt'>>,
  proofs: ReadonlyMap<number, Pick<ProofRow, 'valide'>>,
  now: Date,
): Map<number, ItemProblem> {
  const problems = new Map<number, ItemProblem>();
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const file = files.get(item.value);
    const proof = item.type === 0 ? undefined : proofs.get(item.type);
    if (seen.has(item.value)) problems.set(index, 'file_listed_twice');
    else if (file === undefined) problems.set(index, 'file_unavailable');
    else if (file.status === 'attached') problems.set(index, 'file_already_sent');
    else if (file.expiresAt === null || file.expiresAt.getTime() <= now.getTime())
      problems.set(index, 'file_unavailable');
    else if (item.type !== 0 && proof === undefined) problems.set(index, 'proof_not_of_claim');
    else if (proof?.valide === 1) problems.set(index, 'proof_already_validated');
    seen.add(item.value);
  });
  return problems;
}

/** What the mail telling the claimant of received proofs needs: the brands and the site's public origin. */
export interface ProofsMailing {
  brands: BrandCatalog;
  /** Public origin of the site, for the follow-up link. Example: "https://sinistre.example.com". */
  origin: string;
}

export interface ProofTransmission {
  claim: { id: number; numero: string; lang: Language; company: string | null; assureEmail: string };
  items: readonly UploadedProof[];
  /** The claimant's additional comment, trimmed; '' when none. */
  comment: string;
  /** The language of the answer. */
  lang: Language;
  /** How the files came: each becomes a version of its proof with this channel. */
  channel: ProofChannel;
  mailing: ProofsMailing;
  /** Tells the pages following the claim once files are transmitted (none told without it). */
  signalClaimChange?: ClaimChangeSignal | undefined;
  now?: Date;
}

/**
 * Transmits the validated uploads to the claim, in ONE transaction: each file is attached to the
 * proof its `type` names as its newest version (dropbox 1, valide 0, file name and size, received
 * now, unread; the versions before it stay, for staff), or to a new "other document" proof for
 * type 0; the comment is stored. A file for a bank-details proof that already had one marks the
 * proof "RIB modifié" for staff. The claimant is mailed, at the claim's address, the list of what
 * was received (one mail per validation, through the outbox). Any bad item refuses the whole
 * validation with a 400 naming each bad item (`justificatifs[<index>]`), and nothing changes.
 * Once committed, the pages following the claim are told. Returns the number of files transmitted.
 */
export async function transmitProofs(db: AppDatabase, transmission: ProofTransmission): Promise<number> {
  const transmitted = await writeTransmission(db, transmission);
  if (transmitted > 0) transmission.signalClaimChange?.(transmission.claim.id, 'proofs_received');
  return transmitted;
}

/** The transaction of transmitProofs. */
function writeTransmission(db: AppDatabase, transmission: ProofTransmission): Promise<number> {
  const { claim, items, comment, lang, channel } = transmission;
  const now = transmission.now ?? new Date();
  return db.transaction(async (tx) => {
    const files = await lockUploadedFiles(
      tx,
      items.map((item) => item.value),
    );
    const proofs = await lockProofsOfClaim(tx, claim.id);
    const fileById = new Map(files.map((file) => [file.id, file]));
    const problems = itemProblems(items, fileById, new Map(proofs.map((proof) => [proof.id, proof])), now);
    if (problems.size > 0) {
      const fields: Record<string, string> = {};
      for (const [index, key] of problems) fields[itemField(index)] = translate(proofMessages, key, lang);
      throw new HttpError(400, translate(proofMessages, 'proofs_refused', lang), fields, 'proofs_refused');
    }
    let otherDocumentTypeId: number | null | undefined;
    const proofById = new Map(proofs.map((proof) => [proof.id, proof]));
    /** Proofs holding a transmitted file before this one: a file for them is a new version. */
    const transmittedBefore = await findProofsWithFiles(tx, claim.id);
    for (const proof of proofs) if (proof.dropbox === 1) transmittedBefore.add(proof.id);
    const received: { proofId: number; file: string }[] = [];
    for (const item of items) {
      const file = fileById.get(item.value);
      if (file === undefined) throw new Error('A checked upload disappeared inside its transaction.');
      let proofId = item.type;
      if (proofId === 0) {
        otherDocumentTypeId ??= await findOtherDocumentTypeId(tx);
        proofId = await insertOtherDocumentProof(tx, {
          claimId: claim.id,
          documentTypeId: otherDocumentTypeId,
          nomCourt: translate(proofMessages, 'other_document', claim.lang),
        });
      }
      const bankDetailsChanged =
        transmittedBefore.has(proofId) && isBankDetailsDocument(proofById.get(proofId)?.documentTypeId ?? null);
      await markProofTransmitted(
        tx,
        proofId,
        { nomFichier: file.originalName, taille: file.size, bankDetailsChanged },
        now,
      );
      await attachUploadToProof(tx, file.id, proofId, { transmittedAt: now, channel });
      transmittedBefore.add(proofId);
      received.push({ proofId, file: file.originalName });
    }
    if (received.length > 0) await mailProofsReceived(tx, transmission, received, now);
    if (comment !== '')
      await insertClaimantComment(tx, {
        claimId: claim.id,
        commentaire: comment,
        transmittedFiles: items.length,
        lang,
      });
    return items.length;
  });
}

/**
 * Queues, in the validation's transaction, the mail telling the claimant which documents were
 * received: to the claim's address (not to whoever sent them), in the claim's language, under its
 * brand, with the support lines to call when it was not them. A claim whose address no mail can go
 * to (an import's) sends nothing rather than refusing the files.
 */
async function mailProofsReceived(
  tx: DatabaseOrTransaction,
  { claim, mailing }: ProofTransmission,
  received: readonly { proofId: number; file: string }[],
  now: Date,
): Promise<void> {
  if (!isSingleAddress(claim.assureEmail)) return;
  const names = new Map(
    (await findClaimProofs(tx, claim.id, claim.lang)).map(({ proof, nomCourt }) => [proof.id, nomCourt]),
  );
  const link = { origin: mailing.origin };
  const { brand, followUpUrl } = await issueFollowUpLink(tx, claim, { brands: mailing.brands, link });
  await enqueueMail(tx, {
    to: claim.assureEmail,
    claimId: claim.id,
    ...renderMail('proofs-received', claim.lang, brand, {
      claimNumber: claim.numero,
      documents: received.map(({ proofId, file }) => ({ document: names.get(proofId) ?? '', file })),
      receivedAt: now,
      followUpUrl,
    }),
  });
}

/** The latest file transmitted for a proof of the claim, or undefined. */
export function findTransmittedFile(
  db: AppDatabase,
  claimId: number,
  proofId: number,
): Promise<UploadedFileRow | undefined> {
  return findLatestFileOfProof(db, claimId, proofId);
}

/** What a sweep of expired uploads did. */
export interface ExpiredUploadsSweep {
  /** Temporary uploads deleted (rows). */
  deleted: number;
  /** Of those, files whose bytes the store failed to remove (left as keys without a row). */
  bytesNotRemoved: number;
}

/**
 * Deletes the temporary uploads expired at `now`: their rows first (so no validation can attach
 * them any more), then their bytes; never the reverse, which would leave a row without its file.
 * At most EXPIRED_UPLOADS_PER_SWEEP per call: a sweep stays short and the next one takes the rest.
 */
export async function deleteExpiredUploads(
  db: AppDatabase,
  store: FileStore,
  now: Date = new Date(),
): Promise<ExpiredUploadsSweep> {
  const keys = await deleteExpiredTemporaryUploads(db, now, EXPIRED_UPLOADS_PER_SWEEP);
  const removals = await Promise.allSettled(keys.map((key) => store.remove(key)));
  return { deleted: keys.length, bytesNotRemoved: removals.filter((removal) => removal.status === 'rejected').length };
}
