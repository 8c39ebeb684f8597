import { Readable } from 'node:stream';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import { getDocumentType } from '../../../content/documents.ts';
import type { DatabaseTransaction } from '../../db/public.ts';
import { type FileStore, newFileKey } from '../../files/public.ts';
import { type DemoFile, demoFileOf } from '../demo-files.ts';
import { guaranteeIdsOfFamily } from '../records/guarantees.ts';
import { CONTRACTS, claimHolderOf } from '../records/people.ts';
import { randomUUID } from 'node:crypto';
import { advanceIdentities, type DemoRow, insertDemoRows, nextIds, updateDemoRows } from '../repository.ts';
import {
  DEFAULT_VOLUME_SEED,
  type GeneratedClaim,
  type GeneratedEvent,
  type GeneratedProof,
  generateDemoVolume,
} from './claims.ts';
import { demoFaqUsageOf } from './faq.ts';
import { demoMailsOf, type WrittenClaim } from './mails.ts';
import { demoMessagesOf } from './messages.ts';

/**
 * Writes the generated claims (claims.ts) into the seed's transaction: subscriptions, claims,
 * proofs, their file versions, history and mails, each table in multi-row INSERTs; then the
 * messages (messages.ts) and the FAQ assistant's use (faq.ts). Claims and
 * proofs are written with their ids given (after the hand-written ones), so that history and
 * mails can name them without a round trip; the identity columns then go on after them.
 *
 * With a file store, the proofs of the claims still open get their files (one small demo file per
 * version), which staff open to handle them; the closed claims' proofs name their files only, as
 * proofs imported from a former tool would.
 */

/** Files written to the file store at once. */
const FILE_WRITES_AT_ONCE = 32;

const OPEN_STATES: readonly string[] = ['en_cours', 'attente_traitement'];

interface VolumeOptions {
  brands: BrandCatalog;
  now: Date;
  origin: string;
  fileStore?: FileStore | undefined;
  seed?: number | undefined;
}

/** Writes the generated claims; answers how many. */
export async function writeDemoVolume(tx: DatabaseTransaction, options: VolumeOptions): Promise<number> {
  const seed = options.seed ?? DEFAULT_VOLUME_SEED;
  const volume = generateDemoVolume(options.brands, { now: options.now, seed });
  const familyOf = new Map(CONTRACTS.map((contract) => [contract.contratCompagnieId, contract.family]));

  await insertDemoRows(
    tx,
    'subscriptions',
    volume.subscriptions.map(({ assurePays, ...subscription }) => ({
      ...subscription,
      assurePays: String(assurePays),
    })),
  );
  await insertDemoRows(
    tx,
    'subscriptionGuarantees',
    volume.subscriptions.flatMap(({ souscriptionId, contratCompagnieId }) =>
      guaranteeIdsOfFamily(familyOf.get(contratCompagnieId) ?? 'sejour').map((guaranteeId) => ({
        souscriptionId,
        guaranteeId,
      })),
    ),
  );

  const next = await nextIds(tx);
  let proofId = next.claimProofs;
  const written: WrittenClaim[] = volume.claims.map((claim, index) => ({
    claim,
    id: next.claims + index,
    proofIds: claim.proofs.map(() => proofId++),
  }));
  await insertDemoRows(tx, 'claims', written.map(claimRowOf));
  await insertDemoRows(
    tx,
    'claimProofs',
    written.flatMap(({ claim, id, proofIds }) =>
      claim.proofs.map((proof, index) => proofRowOf(claim, proof, id, proofIds[index] ?? 0)),
    ),
  );
  await insertDemoRows(
    tx,
    'claimEvents',
    written.flatMap(({ claim, id, proofIds }) =>
      claim.events.map((event) => ({
        claimId: id,
        staffLogin: event.actor,
        action: event.action,
        detail: detailOf(claim, event, proofIds),
        createdAt: event.at,
      })),
    ),
  );
  if (options.fileStore) await writeVersions(tx, options.fileStore, written);
  const { mails, tokens } = demoMailsOf(written, { ...options, seed });
  await insertDemoRows(
    tx,
    'mailOutbox',
    mails.map((mail, index) => ({ ...mail, id: next.mailOutbox + index })),
  );
  await insertDemoRows(tx, 'followUpTokens', tokens);
  await writeMessages(tx, written, { ...options, seed, next: { ...next, mailOutbox: next.mailOutbox + mails.length } });
  const faq = demoFaqUsageOf({ now: options.now, seed });
  await updateDemoRows(tx, 'faqEntries', ['lang', 'question'], faq.entries);
  await insertDemoRows(tx, 'faqEntries', faq.unanswered);
  await advanceIdentities(tx);
  return written.length;
}

/** Writes the complaints and contact messages (messages.ts), their inbox entries, mails and files. */
async function writeMessages(
  tx: DatabaseTransaction,
  written: readonly WrittenClaim[],
  options: VolumeOptions & { seed: number; next: Awaited<ReturnType<typeof nextIds>> },
): Promise<void> {
  const { next } = options;
  const messages = demoMessagesOf(written, {
    ...options,
    first: {
      complaint: next.complaints,
      contact: next.contactMessages,
      inbox: next.inboxMessages,
      note: next.inboxNotes,
      answer: next.inboxAnswers,
      mail: next.mailOutbox,
    },
  });
  await insertDemoRows(tx, 'complaints', messages.complaints);
  await insertDemoRows(tx, 'contactMessages', messages.contactMessages);
  await insertDemoRows(tx, 'mailOutbox', messages.mails);
  await insertDemoRows(tx, 'inboxMessages', messages.inboxMessages);
  await insertDemoRows(tx, 'inboxNotes', messages.inboxNotes);
  await insertDemoRows(tx, 'inboxAnswers', messages.inboxAnswers);
  await insertDemoRows(tx, 'inboxEvents', messages.inboxEvents);
  const { fileStore } = options;
  if (!fileStore) return;
  const files = messages.attachments.map((attachment) => ({
    ...attachment,
    id: randomUUID(),
    file: demoFileOf(attachment.fileName, 'message'),
    key: newFileKey(),
  }));
  await storeFiles(
    fileStore,
    files.map(({ key, file }) => ({ key, file })),
  );
  await insertDemoRows(
    tx,
    'uploadedFiles',
    files.map(({ id, key, file, fileName, at }) => ({
      id,
      storageKey: key,
      originalName: fileName,
      mime: file.mime,
      size: file.bytes.length,
      sha256: file.sha256,
      status: 'attached',
      claimProofId: null,
      createdAt: at,
      expiresAt: null,
      transmittedAt: at,
      channel: null,
    })),
  );
  await insertDemoRows(
    tx,
    'messageAttachments',
    files.map(({ id, complaintId, contactMessageId }) => ({ uploadedFileId: id, complaintId, contactMessageId })),
  );
}

/** Stores files in the file store, a few at once. */
async function storeFiles(fileStore: FileStore, files: readonly { key: string; file: DemoFile }[]): Promise<void> {
  for (let start = 0; start < files.length; start += FILE_WRITES_AT_ONCE) {
    await Promise.all(
      files
        .slice(start, start + FILE_WRITES_AT_ONCE)
        .map(({ key, file }) => fileStore.put(key, Readable.from([file.bytes]), file.mime)),
    );
  }
}

function claimRowOf({ claim, id }: WrittenClaim): DemoRow<'claims'> {
  const { subscription } = claim;
  return {
    id,
    numero: claim.numero,
    ...claimHolderOf(subscription),
    sinistreDate: claim.sinistreDate,
    sejourMontant: claim.sejourMontant,
    motifId: claim.motifId,
    garantieId: claim.garantieId,
    justificatifs: claim.justificatifs,
    declarationCommentaire: claim.declarationCommentaire,
    lang: claim.lang,
    company: claim.company,
    acquisitionMethode: claim.acquisitionMethode,
    forceClientId: claim.forceClientId,
    sinistreEtiquetteId: claim.sinistreEtiquetteId,
    confirmationAnnulation: claim.confirmationAnnulation,
    etat: claim.etat,
    declarationDate: claim.declarationDate,
    createdAt: claim.declarationDate,
    updatedAt: claim.events.at(-1)?.at ?? claim.declarationDate,
  };
}

/** A proof's row; its size is its demo file's where the file is stored (open claims), else a scan's usual size. */
function proofRowOf(claim: GeneratedClaim, proof: GeneratedProof, claimId: number, id: number): DemoRow<'claimProofs'> {
  const stored = proof.nomFichier !== null && OPEN_STATES.includes(claim.etat);
  return {
    id,
    claimId,
    documentTypeId: proof.documentTypeId,
    demande: proof.demande,
    dropbox: proof.dropbox,
    valide: proof.valide,
    nomCourt: getDocumentType(proof.documentTypeId).texts.fr.nomCourt,
    nomFichier: proof.nomFichier,
    taille:
      proof.nomFichier === null
        ? null
        : stored
          ? demoFileOf(proof.nomFichier, claim.numero).bytes.length
          : 18_000 + (proof.nomFichier.length % 7) * 1_000,
    creationDate: proof.creationDate,
    receptionDate: proof.receptionDate,
    readAt: proof.readAt,
    validatedAt: proof.validatedAt,
  };
}

/**
 * The history entry's detail, as the claims service writes it (server/staff-api/claims/service.ts);
 * `claim.proofs` are the proofs the events' `proof` indexes point into, written under `proofIds`.
 */
export function detailOf(
  claim: { proofs: readonly { documentTypeId: number; versions?: readonly { fileName: string }[] }[] },
  event: GeneratedEvent,
  proofIds: readonly number[],
): Record<string, unknown> {
  if (event.action === 'etat') return { from: event.from, to: event.to };
  const index = event.proof ?? 0;
  const proof = claim.proofs[index];
  const document = proof ? getDocumentType(proof.documentTypeId).texts.fr.nomCourt : '';
  const detail = { proofId: proofIds[index], document };
  if (event.action !== 'proof_refused') return detail;
  return { ...detail, file: proof?.versions?.[0]?.fileName ?? null, motif: event.motif };
}

/** Stores a small file per version of the proofs staff may still open, and attaches it. */
async function writeVersions(
  tx: DatabaseTransaction,
  fileStore: FileStore,
  written: readonly WrittenClaim[],
): Promise<void> {
  const rows: DemoRow<'uploadedFiles'>[] = [];
  const files: { key: string; file: DemoFile }[] = [];
  for (const { claim, proofIds } of written) {
    if (!OPEN_STATES.includes(claim.etat)) continue;
    for (const [index, proof] of claim.proofs.entries()) {
      for (const version of proof.versions) {
        const file = demoFileOf(version.fileName, claim.numero);
        const key = newFileKey();
        files.push({ key, file });
        rows.push({
          storageKey: key,
          originalName: version.fileName,
          mime: file.mime,
          size: file.bytes.length,
          sha256: file.sha256,
          status: 'attached',
          claimProofId: proofIds[index] ?? null,
          createdAt: version.at,
          expiresAt: null,
          transmittedAt: version.at,
          channel: 'demo',
        });
      }
    }
  }
  await storeFiles(fileStore, files);
  await insertDemoRows(tx, 'uploadedFiles', rows);
}
