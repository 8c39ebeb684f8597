import type { ClaimChange } from '../../../contracts/socket-events.ts';
import { CLAIM_STATES } from '../../../contracts/claim-states.ts';
import type { ClaimChangeSignal } from '../../claim-change-signal.ts';
import type { Language } from '../../../contracts/languages.ts';
import type { AppDatabase, DatabaseOrTransaction } from '../../db/public.ts';
import { ClaimNumberSchema } from '../../../contracts/claim-number-schema.ts';
import { type ClaimMailing, mailClaimChange } from './claimant-mails.ts';
import { findEstablishmentCopy, listClaimMails } from '../../mail/public.ts';
import { isCancellationGroup } from '../../../contracts/declaration-rules.ts';
import type { EstablishmentCopy } from '../../../contracts/backoffice.ts';
import { listProofVersions, listStandingRefusals } from '../../customer-api/public.ts';
import {
  type ClaimSummary,
  type DocumentTypeSummary,
  findClaimContact,
  findClaimFacts,
  findClaimId,
  findProofOfType,
  insertClaimEvent,
  insertRequestedProof,
  listClaimantComments,
  listClaimEvents,
  listClaimSummaries,
  listDocumentTypeSummaries,
  listProofDetails,
  lockClaimState,
  lockProofOfClaim,
  markProofRefused,
  markProofRequested,
  markProofValidated,
  type ProofDetail,
  updateClaimState,
} from './repository.ts';

export type { ClaimSummary, DocumentTypeSummary } from './repository.ts';

/**
 * What staff do to a claim, from the back office (handling-routes.ts) or a terminal
 * (`npm run claims`, command.ts): list and read claims, move a claim between the states the
 * follow-up page shows, ask the claimant for a document, validate or refuse a transmitted one.
 * Each change writes its entry in the claim's history, with who made it, and mails the claimant
 * in the transaction of the change, then tells the pages following the claim: every caller (a
 * route, the claims socket, a terminal) leaves the same trace. Labels are French, the back office's language.
 */

/** Any state, with `force`: lower-case words joined by underscores, as the insurer's tools write them. */
const ETAT_FORMAT = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const MAX_ETAT_LENGTH = 40;

/** Largest `list --limit`. */
export const MAX_LIST_LIMIT = 1000;
export const DEFAULT_LIST_LIMIT = 50;

// Who the history names for a change made with `npm run claims` (no staff account has this login).
export { TERMINAL_ACTOR } from '../sessions/accounts.ts';

/**
 * Who makes a change, as the claim's history shows it (a staff login, or TERMINAL_ACTOR), how
 * the claimant is mailed about it (claimant-mails.ts), and how the pages open on the claim hear
 * of it (none told without it: a terminal with no server running).
 */
export interface ClaimChangeBy {
  actor: string;
  mailing: ClaimMailing;
  signalClaimChange?: ClaimChangeSignal | undefined;
}

/**
 * Writes a change in one transaction, then, once it is committed (so that a page reading the
 * claim again sees it), tells the pages following the claim.
 */
async function changeClaim<Result>(
  db: AppDatabase,
  by: ClaimChangeBy,
  change: ClaimChange,
  write: (tx: DatabaseOrTransaction) => Promise<{ claimId: number; result: Result }>,
): Promise<Result> {
  const { claimId, result } = await db.transaction(write);
  by.signalClaimChange?.(claimId, change);
  return result;
}

/** A refusal meant for the staff member: one line saying what is wrong and what to do. */
export class ClaimsAdminError extends Error {
  override name = 'ClaimsAdminError';
}

/** The label language of staff tools. */
const STAFF_LANGUAGE: Language = 'fr';

function parseClaimNumber(numero: string): string {
  const parsed = ClaimNumberSchema.safeParse(numero.toUpperCase());
  if (!parsed.success) throw new ClaimsAdminError(`"${numero}" is not a claim number (SI- and seven digits).`);
  return parsed.data;
}

async function claimIdOf(db: DatabaseOrTransaction, numero: string, lock = false): Promise<number> {
  const id = await findClaimId(db, numero, { lock });
  if (id === undefined) throw new ClaimsAdminError(`No claim ${numero}.`);
  return id;
}

function checkProofId(numero: string, proofId: number): void {
  if (!Number.isSafeInteger(proofId) || proofId < 1 || proofId > 2_147_483_647) {
    throw new ClaimsAdminError(`"${proofId}" is not a proof id; \`npm run claims -- show ${numero}\` lists them.`);
  }
}

// list -------------------------------------------------------------------------------------------

export interface ListClaimsOptions {
  /** Only claims in this state. */
  etat?: string | undefined;
  /** At most this many, most recent first (default 50, at most 1000). */
  limit?: number | undefined;
}

/** The most recently declared claims, with their proof counts. */
export async function listClaims(db: DatabaseOrTransaction, options: ListClaimsOptions = {}): Promise<ClaimSummary[]> {
  const limit = options.limit ?? DEFAULT_LIST_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new ClaimsAdminError(`The limit must be a whole number from 1 to ${MAX_LIST_LIMIT}.`);
  }
  return listClaimSummaries(db, { etat: options.etat, limit });
}

// show -------------------------------------------------------------------------------------------

export interface ClaimDetail {
  numero: string;
  etat: string;
  declarationDate: Date;
  company: string | null;
  lang: Language;
  acquisitionMethode: string;
  assureNumero: string;
  assureNom: string;
  assurePrenom: string;
  assureEmail: string;
  souscriptionId: number;
  contratCompagnieId: number;
  /** The claim group and its French name. */
  garantie: { id: number; nom: string };
  /** The reason and its French name. */
  motif: { id: number; nom: string };
  /** ISO date of the event. */
  sinistreDate: string;
  /** Whether step 5's copy box (the definitive cancellation, copied to the establishment) was ticked. */
  confirmationAnnulation: boolean;
  proofs: ProofDetail[];
}

/** A claim with its proofs and its id; throws ClaimsAdminError when there is no such claim. */
async function readClaim(db: DatabaseOrTransaction, claimNumber: string): Promise<{ id: number; claim: ClaimDetail }> {
  const numero = parseClaimNumber(claimNumber);
  const facts = await findClaimFacts(db, numero, STAFF_LANGUAGE);
  if (!facts) throw new ClaimsAdminError(`No claim ${numero}.`);
  const proofs = await listProofDetails(db, facts.id, STAFF_LANGUAGE);
  const { id, garantieId, garantieNom, motifId, motifNom, ...rest } = facts;
  const garantie = { id: garantieId, nom: garantieNom };
  return { id, claim: { ...rest, garantie, motif: { id: motifId, nom: motifNom }, proofs } };
}

/** A claim with its proofs (by id); throws ClaimsAdminError when there is no such claim. */
export async function getClaim(db: DatabaseOrTransaction, claimNumber: string): Promise<ClaimDetail> {
  return (await readClaim(db, claimNumber)).claim;
}

/**
 * What became of the claim's copy to its booking establishment: null for a group without the copy
 * box; not asked; asked without any address (nothing was written, see
 * customer-api/claims/establishment-copy.ts); else its mail's state, recipient and sending time.
 */
async function establishmentCopyOf(
  db: DatabaseOrTransaction,
  id: number,
  claim: Pick<ClaimDetail, 'garantie' | 'confirmationAnnulation'>,
): Promise<EstablishmentCopy | null> {
  if (!isCancellationGroup(claim.garantie.id)) return null;
  const none = { recipient: null, sentAt: null };
  if (!claim.confirmationAnnulation) return { state: 'notRequested', ...none };
  const mail = await findEstablishmentCopy(db, id);
  if (!mail) return { state: 'noAddress', ...none };
  return { state: mail.status, recipient: mail.recipient, sentAt: mail.sentAt?.toISOString() ?? null };
}

/**
 * What the back office's claim page shows: the claim, each proof with every version of its file
 * (newest first) and the refusal that sent it back to the claimant while no new file came, how to
 * reach the claimant, their comments, the history.
 */
export async function getClaimForHandling(db: DatabaseOrTransaction, claimNumber: string) {
  const { id, claim } = await readClaim(db, claimNumber);
  const versions = await listProofVersions(db, id);
  const refusals = await listStandingRefusals(db, id);
  return {
    ...claim,
    proofs: claim.proofs.map((proof) => {
      const refusal = refusals.find((standing) => standing.proofId === proof.id);
      return {
        ...proof,
        versions: versions
          .filter((version) => version.proofId === proof.id)
          .map(({ proofId: _, ...version }) => version),
        refusal: refusal ? { at: refusal.at, motif: refusal.motif } : null,
      };
    }),
    contact: await findClaimContact(db, id),
    comments: await listClaimantComments(db, id),
    history: await listClaimEvents(db, id),
    mails: await listClaimMails(db, id),
    establishmentCopy: await establishmentCopyOf(db, id, claim),
    documentTypes: await listDocumentTypes(db),
    etats: CLAIM_STATES,
  };
}

// set-etat ---------------------------------------------------------------------------------------

export interface EtatChange {
  numero: string;
  previous: string;
  etat: string;
}

/**
 * Moves a claim to another state, written in its history as `etat` { from, to } (setting the
 * state it has changes nothing and writes nothing), and mails the claimant when what they see
 * changes. States other than CLAIM_STATES (which the follow-up page shows as "in treatment") are
 * refused unless `force`.
 */
export async function setClaimEtat(
  db: AppDatabase,
  claimNumber: string,
  etat: string,
  options: ClaimChangeBy & { force?: boolean },
): Promise<EtatChange> {
  const numero = parseClaimNumber(claimNumber);
  if (!ETAT_FORMAT.test(etat) || etat.length > MAX_ETAT_LENGTH) {
    throw new ClaimsAdminError(
      `"${etat}" is not a state: use lower-case words joined by underscores, ${MAX_ETAT_LENGTH} characters at most.`,
    );
  }
  if (!(CLAIM_STATES as readonly string[]).includes(etat) && options.force !== true) {
    throw new ClaimsAdminError(
      `"${etat}" is not a state the follow-up page knows (${CLAIM_STATES.join(', ')}); add --force to set it anyway.`,
    );
  }
  return changeClaim(db, options, 'etat', async (tx) => {
    const current = await lockClaimState(tx, numero);
    if (!current) throw new ClaimsAdminError(`No claim ${numero}.`);
    if (current.etat !== etat) {
      await updateClaimState(tx, current.id, etat);
      await insertClaimEvent(tx, {
        claimId: current.id,
        actor: options.actor,
        action: 'etat',
        detail: { from: current.etat, to: etat },
      });
      await mailClaimChange(tx, options.mailing, current.id, {
        kind: 'claim-state-changed',
        from: current.etat,
        to: etat,
      });
    }
    return { claimId: current.id, result: { numero, previous: current.etat, etat } };
  });
}

// document types ---------------------------------------------------------------------------------

/** Every document type, by id, with its French short name. */
export function listDocumentTypes(db: DatabaseOrTransaction): Promise<DocumentTypeSummary[]> {
  return listDocumentTypeSummaries(db, STAFF_LANGUAGE);
}

async function findDocumentType(db: DatabaseOrTransaction, idOrCode: string): Promise<DocumentTypeSummary> {
  const wanted = idOrCode.trim();
  const types = await listDocumentTypes(db);
  const found = /^\d+$/.test(wanted)
    ? types.find((type) => type.id === Number(wanted))
    : types.find((type) => type.code.toLowerCase() === wanted.toLowerCase());
  if (!found) {
    throw new ClaimsAdminError(`No document type "${idOrCode}"; \`npm run claims -- document-types\` lists them.`);
  }
  return found;
}

// request-document -------------------------------------------------------------------------------

export interface DocumentRequest {
  numero: string;
  proofId: number;
  documentType: DocumentTypeSummary;
  /** false: a proof of this type existed (sent unasked) and is now asked for. */
  created: boolean;
}

/**
 * Asks the claimant for a document: a proof with `demande` 1, shown as missing on the follow-up
 * page until a file is transmitted. A proof of that type that the claimant sent unasked becomes
 * requested instead of doubled; one already requested is refused. Written in the history as
 * `document_requested` { proofId, document }. Each change here mails the claimant (claimant-mails.ts).
 */
export async function requestDocument(
  db: AppDatabase,
  claimNumber: string,
  documentType: string,
  by: ClaimChangeBy,
): Promise<DocumentRequest> {
  const numero = parseClaimNumber(claimNumber);
  return changeClaim(db, by, 'document_requested', async (tx) => {
    const claimId = await claimIdOf(tx, numero, true);
    const type = await findDocumentType(tx, documentType);
    const existing = await findProofOfType(tx, claimId, type.id);
    if (existing?.demande === 1) {
      throw new ClaimsAdminError(`${numero} already asks for ${type.code} (proof ${existing.id}).`);
    }
    let proofId = existing?.id;
    if (proofId !== undefined) await markProofRequested(tx, proofId);
    else proofId = await insertRequestedProof(tx, { claimId, documentTypeId: type.id, nomCourt: type.nomCourt });
    if (proofId === undefined) throw new Error(`The proof requested of ${numero} was not written.`);
    const detail = { proofId, document: type.nomCourt };
    await insertClaimEvent(tx, { claimId, actor: by.actor, action: 'document_requested', detail });
    await mailClaimChange(tx, by.mailing, claimId, { kind: 'document-requested', proofId });
    return { claimId, result: { numero, proofId, documentType: type, created: existing === undefined } };
  });
}

// validate-document ------------------------------------------------------------------------------

export interface DocumentValidation {
  numero: string;
  proofId: number;
  nomCourt: string;
  /** When it was validated (null only for a proof an import marked validated without a date). */
  validatedAt: Date | null;
  /** true: it was validated before; nothing changed. */
  alreadyValidated: boolean;
}

/**
 * Validates a proof of the claim (`valide` 1, `validated_at`), which also marks it read. A proof
 * with no transmitted file is refused unless `force` (the document came by post or e-mail): it
 * is then marked transmitted as well, so the follow-up page shows it validated. Written in the
 * history as `proof_validated` { proofId, document } (validating it again writes nothing).
 */
export async function validateDocument(
  db: AppDatabase,
  claimNumber: string,
  proofId: number,
  options: ClaimChangeBy & { force?: boolean },
): Promise<DocumentValidation> {
  const numero = parseClaimNumber(claimNumber);
  checkProofId(numero, proofId);
  return changeClaim<DocumentValidation>(db, options, 'document_validated', async (tx) => {
    const claimId = await claimIdOf(tx, numero, true);
    const proof = await lockProofOfClaim(tx, claimId, proofId);
    if (!proof) {
      throw new ClaimsAdminError(`${numero} has no proof ${proofId}; \`npm run claims -- show ${numero}\` lists them.`);
    }
    const { nomCourt } = proof;
    if (proof.valide === 1)
      return { claimId, result: { numero, proofId, nomCourt, validatedAt: proof.validatedAt, alreadyValidated: true } };
    if (proof.dropbox === 0 && options.force !== true) {
      throw new ClaimsAdminError(
        `Proof ${proofId} of ${numero} has no transmitted file; add --force if the document came another way.`,
      );
    }
    const validatedAt = await markProofValidated(tx, proofId);
    if (validatedAt === undefined) throw new Error(`Proof ${proofId} of ${numero} was not validated.`);
    const detail = { proofId, document: nomCourt };
    await insertClaimEvent(tx, { claimId, actor: options.actor, action: 'proof_validated', detail });
    await mailClaimChange(tx, options.mailing, claimId, { kind: 'proof-validated', proofId });
    return { claimId, result: { numero, proofId, nomCourt, validatedAt, alreadyValidated: false } };
  });
}

// refuse-document --------------------------------------------------------------------------------

export interface DocumentRefusal {
  numero: string;
  proofId: number;
  nomCourt: string;
  /** The refused file's name. */
  nomFichier: string | null;
}

/**
 * Refuses a transmitted proof (illegible, wrong document…): it is asked again (`demande` 1,
 * `dropbox` 0), so the follow-up page shows it to send. The refused file stays in the file store,
 * attached to the proof, and the history keeps its name and the reason: `proof_refused`
 * { proofId, document, file, motif }.
 */
export async function refuseDocument(
  db: AppDatabase,
  claimNumber: string,
  proofId: number,
  options: ClaimChangeBy & { motif: string },
): Promise<DocumentRefusal> {
  const numero = parseClaimNumber(claimNumber);
  checkProofId(numero, proofId);
  return changeClaim(db, options, 'document_refused', async (tx) => {
    const claimId = await claimIdOf(tx, numero, true);
    const proof = await lockProofOfClaim(tx, claimId, proofId);
    if (!proof) throw new ClaimsAdminError(`${numero} has no proof ${proofId}.`);
    if (proof.dropbox === 0)
      throw new ClaimsAdminError(`Proof ${proofId} of ${numero} has no transmitted file to refuse.`);
    if (proof.valide === 1) throw new ClaimsAdminError(`Proof ${proofId} of ${numero} is already validated.`);
    await markProofRefused(tx, proofId);
    const detail = { proofId, document: proof.nomCourt, file: proof.nomFichier, motif: options.motif };
    await insertClaimEvent(tx, { claimId, actor: options.actor, action: 'proof_refused', detail });
    await mailClaimChange(tx, options.mailing, claimId, { kind: 'proof-refused', proofId, reason: options.motif });
    return { claimId, result: { numero, proofId, nomCourt: proof.nomCourt, nomFichier: proof.nomFichier } };
  });
}
