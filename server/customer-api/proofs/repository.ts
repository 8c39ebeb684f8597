import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/languages.ts';
import type { ProofChannel } from '../../../contracts/proof-channels.ts';
import {
  type DatabaseOrTransaction,
  queryRows,
  claimantComments,
  claimProofs,
  documentTypes,
  uploadedFiles,
} from '../../db/public.ts';

/**
 * The proofs module's queries, one named function each. Functions taking a
 * `DatabaseOrTransaction` run in the caller's transaction when given one.
 */

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
export type ProofRow = typeof claimProofs.$inferSelect;

/** The code of the "other document" type (spec 2 §3), when the reference data has it. */
const OTHER_DOCUMENT_CODE = 'AUTRE';

/** Records a file just stored as `temporary`, deletable after `expiresAt`; returns its id (the `temp_file`). */
export async function insertTemporaryUpload(
  db: DatabaseOrTransaction,
  file: { storageKey: string; originalName: string; mime: UploadedFileRow['mime']; size: number; sha256: string },
  expiresAt: Date,
): Promise<string> {
  const [row] = await db
    .insert(uploadedFiles)
    .values({ ...file, status: 'temporary', expiresAt })
    .returning({ id: uploadedFiles.id });
  if (!row) throw new Error('The upload insert returned no row.');
  return row.id;
}

/**
 * The uploaded files of `ids`, locked until the transaction ends (in id order, so two validations
 * naming the same files wait for each other instead of deadlocking).
 */
export async function lockUploadedFiles(db: DatabaseOrTransaction, ids: readonly string[]): Promise<UploadedFileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.id, [...ids]))
    .orderBy(asc(uploadedFiles.id))
    .for('update');
}

/** Every proof of a claim, locked until the transaction ends: validations of one claim run one after the other. */
export async function lockProofsOfClaim(db: DatabaseOrTransaction, claimId: number): Promise<ProofRow[]> {
  return db
    .select()
    .from(claimProofs)
    .where(eq(claimProofs.claimId, claimId))
    .orderBy(asc(claimProofs.id))
    .for('update');
}

/** Id of the "other document" type, or null when the reference data has none. */
export async function findOtherDocumentTypeId(db: DatabaseOrTransaction): Promise<number | null> {
  const [row] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.code, OTHER_DOCUMENT_CODE))
    .limit(1);
  return row?.id ?? null;
}

/** A proof the claimant added on their own ("other document", upload type 0): not requested, transmitted. */
export async function insertOtherDocumentProof(
  db: DatabaseOrTransaction,
  proof: { claimId: number; documentTypeId: number | null; nomCourt: string },
): Promise<number> {
  const [row] = await db
    .insert(claimProofs)
    .values({ ...proof, demande: 0, dropbox: 1, valide: 0 })
    .returning({ id: claimProofs.id });
  if (!row) throw new Error('The proof insert returned no row.');
  return row.id;
}

/**
 * Marks a proof transmitted with a file (spec 2 §4: dropbox 1, valide 0), received at `receivedAt`
 * and unread by staff, which makes it the claim's `a_justificatif_non_lu`. `bankDetailsChanged`:
 * the file replaces bank details already transmitted, which staff must check
 * (`bank_details_changed_at`, cleared when they validate or refuse the proof).
 */
export async function markProofTransmitted(
  db: DatabaseOrTransaction,
  proofId: number,
  file: { nomFichier: string; taille: number; bankDetailsChanged: boolean },
  receivedAt: Date,
): Promise<void> {
  await db
    .update(claimProofs)
    .set({
      dropbox: 1,
      valide: 0,
      nomFichier: file.nomFichier,
      taille: file.taille,
      receptionDate: receivedAt,
      readAt: null,
      validatedAt: null,
      ...(file.bankDetailsChanged ? { bankDetailsChangedAt: receivedAt } : {}),
    })
    .where(eq(claimProofs.id, proofId));
}

/**
 * Attaches a temporary file to a proof as its newest version, transmitted at `transmittedAt`
 * through `channel`: it is no longer deleted when it expires, and the versions before it stay.
 */
export async function attachUploadToProof(
  db: DatabaseOrTransaction,
  fileId: string,
  proofId: number,
  version: { transmittedAt: Date; channel: ProofChannel },
): Promise<void> {
  await db
    .update(uploadedFiles)
    .set({ status: 'attached', claimProofId: proofId, expiresAt: null, ...version })
    .where(eq(uploadedFiles.id, fileId));
}

/** The proofs of a claim that hold at least one attached file (a version), by id. */
export async function findProofsWithFiles(db: DatabaseOrTransaction, claimId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ proofId: claimProofs.id })
    .from(claimProofs)
    .innerJoin(uploadedFiles, eq(uploadedFiles.claimProofId, claimProofs.id))
    .where(and(eq(claimProofs.claimId, claimId), eq(uploadedFiles.status, 'attached')));
  return new Set(rows.map((row) => row.proofId));
}

/** Newest version first: by transmission (files from before versions were recorded by upload time). */
const NEWEST_VERSION_FIRST = [
  sql`coalesce(${uploadedFiles.transmittedAt}, ${uploadedFiles.createdAt}) desc`,
  desc(uploadedFiles.createdAt),
  desc(uploadedFiles.id),
];

/** Stores the comment the claimant sent with a validation. */
export async function insertClaimantComment(
  db: DatabaseOrTransaction,
  comment: { claimId: number; commentaire: string; transmittedFiles: number; lang: Language },
): Promise<void> {
  await db.insert(claimantComments).values(comment);
}

/** The latest file attached to a proof of a claim, or undefined (unknown proof, another claim's, no file). */
export async function findLatestFileOfProof(
  db: DatabaseOrTransaction,
  claimId: number,
  proofId: number,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select({ file: uploadedFiles })
    .from(uploadedFiles)
    .innerJoin(claimProofs, eq(claimProofs.id, uploadedFiles.claimProofId))
    .where(and(eq(claimProofs.id, proofId), eq(claimProofs.claimId, claimId), eq(uploadedFiles.status, 'attached')))
    .orderBy(...NEWEST_VERSION_FIRST)
    .limit(1);
  return row?.file;
}

/** One version of a proof of a claim (an attached file), or undefined (unknown, another proof's or claim's). */
export async function findFileVersionOfProof(
  db: DatabaseOrTransaction,
  claimId: number,
  proofId: number,
  fileId: string,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select({ file: uploadedFiles })
    .from(uploadedFiles)
    .innerJoin(claimProofs, eq(claimProofs.id, uploadedFiles.claimProofId))
    .where(
      and(
        eq(uploadedFiles.id, fileId),
        eq(claimProofs.id, proofId),
        eq(claimProofs.claimId, claimId),
        eq(uploadedFiles.status, 'attached'),
      ),
    )
    .limit(1);
  return row?.file;
}

/** A version of a proof as staff see it: the file, when and how it came. */
export interface ProofVersion {
  /** The uploaded file's id: opens this version. */
  id: string;
  proofId: number;
  originalName: string;
  size: number;
  mime: UploadedFileRow['mime'];
  /** When it was transmitted (for files from before versions were recorded: when uploaded). */
  transmittedAt: Date;
  /** How; null when not recorded. */
  channel: ProofChannel | null;
}

/** Every version of every proof of a claim, newest first. */
export async function listProofVersions(db: DatabaseOrTransaction, claimId: number): Promise<ProofVersion[]> {
  const rows = await db
    .select({
      id: uploadedFiles.id,
      proofId: claimProofs.id,
      originalName: uploadedFiles.originalName,
      size: uploadedFiles.size,
      mime: uploadedFiles.mime,
      transmittedAt: uploadedFiles.transmittedAt,
      createdAt: uploadedFiles.createdAt,
      channel: uploadedFiles.channel,
    })
    .from(uploadedFiles)
    .innerJoin(claimProofs, eq(claimProofs.id, uploadedFiles.claimProofId))
    .where(and(eq(claimProofs.claimId, claimId), eq(uploadedFiles.status, 'attached')))
    .orderBy(...NEWEST_VERSION_FIRST);
  return rows.map(({ createdAt, transmittedAt, ...row }) => ({
    ...row,
    size: Number(row.size),
    transmittedAt: transmittedAt ?? createdAt,
  }));
}

/**
 * Deletes up to `limit` temporary uploads expired at `now` and returns their storage keys. Rows
 * another transaction holds (a validation attaching them) are skipped, and a row attached in the
 * meantime no longer matches.
 */
export async function deleteExpiredTemporaryUploads(
  db: DatabaseOrTransaction,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ storage_key: string }>(
    db,
    sql`
    delete from ${uploadedFiles}
    where id in (
      select id from ${uploadedFiles}
      where status = 'temporary' and expires_at < ${now.toISOString()}
      order by expires_at
      limit ${limit}
      for update skip locked
    )
    and status = 'temporary' and expires_at < ${now.toISOString()}
    returning storage_key`,
  );
  return rows.map((row) => row.storage_key);
}
