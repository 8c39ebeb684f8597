import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/languages.ts';
import { ClaimNumberSchema } from '../../../contracts/partner-api.ts';
import type { AppDatabase, DatabaseOrTransaction } from '../../db/client.ts';
import {
  claimProofs,
  claims,
  documentTypes,
  documentTypeTranslations,
  type Flag,
  guaranteeTranslations,
  reasonTranslations,
} from '../../db/schema.ts';

/**
 * What staff do to a claim from a terminal (`npm run claims`, scripts/claims.ts) until the back
 * office does it: list and read claims, move a claim between the states the follow-up page
 * shows, ask the claimant for a document, validate a transmitted one. Labels are French, the
 * back office's language.
 */

/**
 * The states the follow-up page tells apart (spec 2 §4), in the order a claim goes through them:
 * declared and collecting proofs, complete and awaiting the insurer, then paid or closed.
 */
export const FOLLOW_UP_ETATS = ['en_cours', 'attente_traitement', 'paiement_envoye', 'sans_suite'] as const;

/** Any state, with `force`: lower-case words joined by underscores, as the insurer's tools write them. */
const ETAT_FORMAT = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const MAX_ETAT_LENGTH = 40;

/** Largest `list --limit`. */
export const MAX_LIST_LIMIT = 1000;
export const DEFAULT_LIST_LIMIT = 50;

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
  const query = db.select({ id: claims.id }).from(claims).where(eq(claims.numero, numero));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ClaimsAdminError(`No claim ${numero}.`);
  return row.id;
}

// list -------------------------------------------------------------------------------------------

/** A line of `list`: no personal data but the claimant's last name. */
export interface ClaimSummary {
  numero: string;
  declarationDate: Date;
  etat: string;
  /** Brand slug of the site it was declared on, or null. */
  company: string | null;
  lang: Language;
  assureNom: string;
  /** Proofs asked of the claimant (`demande` 1). */
  requested: number;
  /** Proofs with a transmitted file (`dropbox` 1). */
  transmitted: number;
  /** Proofs validated by staff (`valide` 1). */
  validated: number;
}

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
  const countWhere = (flag: typeof claimProofs.demande) =>
    sql<number>`(count(${claimProofs.id}) filter (where ${flag} = 1))::int`;
  const rows = await db
    .select({
      numero: claims.numero,
      declarationDate: claims.declarationDate,
      etat: claims.etat,
      company: claims.company,
      lang: claims.lang,
      assureNom: claims.assureNom,
      requested: countWhere(claimProofs.demande),
      transmitted: countWhere(claimProofs.dropbox),
      validated: countWhere(claimProofs.valide),
    })
    .from(claims)
    .leftJoin(claimProofs, eq(claimProofs.claimId, claims.id))
    .where(options.etat === undefined ? undefined : eq(claims.etat, options.etat))
    .groupBy(claims.id)
    .orderBy(desc(claims.declarationDate), desc(claims.id))
    .limit(limit);
  // node-postgres and PGlite may answer counts as strings or numbers.
  return rows.map((row) => ({
    ...row,
    requested: Number(row.requested),
    transmitted: Number(row.transmitted),
    validated: Number(row.validated),
  }));
}

// show -------------------------------------------------------------------------------------------

/** A proof as `show` lists it. */
export interface ProofDetail {
  id: number;
  documentTypeId: number | null;
  /** The document type's code, or null for "other document" without a type. */
  documentCode: string | null;
  /** The short name (French). */
  nomCourt: string;
  demande: Flag;
  dropbox: Flag;
  valide: Flag;
  nomFichier: string | null;
  taille: number | null;
  creationDate: Date;
  receptionDate: Date | null;
  readAt: Date | null;
  validatedAt: Date | null;
}

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
  proofs: ProofDetail[];
}

/** A claim with its proofs (by id); throws ClaimsAdminError when there is no such claim. */
export async function getClaim(db: DatabaseOrTransaction, claimNumber: string): Promise<ClaimDetail> {
  const numero = parseClaimNumber(claimNumber);
  const [claim] = await db
    .select({
      id: claims.id,
      numero: claims.numero,
      etat: claims.etat,
      declarationDate: claims.declarationDate,
      company: claims.company,
      lang: claims.lang,
      acquisitionMethode: claims.acquisitionMethode,
      assureNumero: claims.assureNumero,
      assureNom: claims.assureNom,
      assurePrenom: claims.assurePrenom,
      assureEmail: claims.assureEmail,
      souscriptionId: claims.souscriptionId,
      contratCompagnieId: claims.contratCompagnieId,
      garantieId: claims.garantieId,
      garantieNom: sql<string>`coalesce(${guaranteeTranslations.nom}, '')`,
      motifId: claims.motifId,
      motifNom: sql<string>`coalesce(${reasonTranslations.nom}, '')`,
      sinistreDate: claims.sinistreDate,
    })
    .from(claims)
    .leftJoin(
      guaranteeTranslations,
      and(eq(guaranteeTranslations.guaranteeId, claims.garantieId), eq(guaranteeTranslations.lang, STAFF_LANGUAGE)),
    )
    .leftJoin(
      reasonTranslations,
      and(eq(reasonTranslations.reasonId, claims.motifId), eq(reasonTranslations.lang, STAFF_LANGUAGE)),
    )
    .where(eq(claims.numero, numero));
  if (!claim) throw new ClaimsAdminError(`No claim ${numero}.`);
  const proofs = await db
    .select({
      id: claimProofs.id,
      documentTypeId: claimProofs.documentTypeId,
      documentCode: documentTypes.code,
      nomCourt: sql<string>`coalesce(${documentTypeTranslations.nomCourt}, ${claimProofs.nomCourt})`,
      demande: claimProofs.demande,
      dropbox: claimProofs.dropbox,
      valide: claimProofs.valide,
      nomFichier: claimProofs.nomFichier,
      taille: claimProofs.taille,
      creationDate: claimProofs.creationDate,
      receptionDate: claimProofs.receptionDate,
      readAt: claimProofs.readAt,
      validatedAt: claimProofs.validatedAt,
    })
    .from(claimProofs)
    .leftJoin(documentTypes, eq(documentTypes.id, claimProofs.documentTypeId))
    .leftJoin(
      documentTypeTranslations,
      and(
        eq(documentTypeTranslations.documentTypeId, claimProofs.documentTypeId),
        eq(documentTypeTranslations.lang, STAFF_LANGUAGE),
      ),
    )
    .where(eq(claimProofs.claimId, claim.id))
    .orderBy(asc(claimProofs.id));
  const { id: _id, garantieId, garantieNom, motifId, motifNom, ...rest } = claim;
  return { ...rest, garantie: { id: garantieId, nom: garantieNom }, motif: { id: motifId, nom: motifNom }, proofs };
}

// set-etat ---------------------------------------------------------------------------------------

export interface EtatChange {
  numero: string;
  previous: string;
  etat: string;
}

/**
 * Moves a claim to another state. States other than FOLLOW_UP_ETATS (which the follow-up page
 * shows as "in treatment") are refused unless `force`.
 */
export async function setClaimEtat(
  db: AppDatabase,
  claimNumber: string,
  etat: string,
  options: { force?: boolean } = {},
): Promise<EtatChange> {
  const numero = parseClaimNumber(claimNumber);
  if (!ETAT_FORMAT.test(etat) || etat.length > MAX_ETAT_LENGTH) {
    throw new ClaimsAdminError(
      `"${etat}" is not a state: use lower-case words joined by underscores, ${MAX_ETAT_LENGTH} characters at most.`,
    );
  }
  if (!(FOLLOW_UP_ETATS as readonly string[]).includes(etat) && options.force !== true) {
    throw new ClaimsAdminError(
      `"${etat}" is not a state the follow-up page knows (${FOLLOW_UP_ETATS.join(', ')}); add --force to set it anyway.`,
    );
  }
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ etat: claims.etat })
      .from(claims)
      .where(eq(claims.numero, numero))
      .for('update');
    if (!current) throw new ClaimsAdminError(`No claim ${numero}.`);
    if (current.etat !== etat) await tx.update(claims).set({ etat }).where(eq(claims.numero, numero));
    return { numero, previous: current.etat, etat };
  });
}

// document types ---------------------------------------------------------------------------------

export interface DocumentTypeSummary {
  id: number;
  code: string;
  /** Short name in French. */
  nomCourt: string;
}

/** Every document type, by id. */
export function listDocumentTypes(db: DatabaseOrTransaction): Promise<DocumentTypeSummary[]> {
  return db
    .select({
      id: documentTypes.id,
      code: documentTypes.code,
      nomCourt: sql<string>`coalesce(${documentTypeTranslations.nomCourt}, '')`,
    })
    .from(documentTypes)
    .leftJoin(
      documentTypeTranslations,
      and(
        eq(documentTypeTranslations.documentTypeId, documentTypes.id),
        eq(documentTypeTranslations.lang, STAFF_LANGUAGE),
      ),
    )
    .orderBy(asc(documentTypes.id));
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
 * requested instead of doubled; one already requested is refused.
 */
export async function requestDocument(
  db: AppDatabase,
  claimNumber: string,
  documentType: string,
): Promise<DocumentRequest> {
  const numero = parseClaimNumber(claimNumber);
  return db.transaction(async (tx) => {
    const claimId = await claimIdOf(tx, numero, true);
    const type = await findDocumentType(tx, documentType);
    const [existing] = await tx
      .select({ id: claimProofs.id, demande: claimProofs.demande })
      .from(claimProofs)
      .where(and(eq(claimProofs.claimId, claimId), eq(claimProofs.documentTypeId, type.id)))
      .orderBy(asc(claimProofs.id))
      .limit(1);
    if (existing?.demande === 1) {
      throw new ClaimsAdminError(`${numero} already asks for ${type.code} (proof ${existing.id}).`);
    }
    if (existing) {
      await tx.update(claimProofs).set({ demande: 1 }).where(eq(claimProofs.id, existing.id));
      return { numero, proofId: existing.id, documentType: type, created: false };
    }
    const [inserted] = await tx
      .insert(claimProofs)
      .values({ claimId, documentTypeId: type.id, demande: 1, nomCourt: type.nomCourt })
      .returning({ id: claimProofs.id });
    if (!inserted) throw new Error(`The proof requested of ${numero} was not written.`);
    return { numero, proofId: inserted.id, documentType: type, created: true };
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
 * is then marked transmitted as well, so the follow-up page shows it validated.
 */
export async function validateDocument(
  db: AppDatabase,
  claimNumber: string,
  proofId: number,
  options: { force?: boolean } = {},
): Promise<DocumentValidation> {
  const numero = parseClaimNumber(claimNumber);
  if (!Number.isSafeInteger(proofId) || proofId < 1 || proofId > 2_147_483_647) {
    throw new ClaimsAdminError(`"${proofId}" is not a proof id; \`npm run claims -- show ${numero}\` lists them.`);
  }
  return db.transaction(async (tx) => {
    const claimId = await claimIdOf(tx, numero, true);
    const [proof] = await tx
      .select({
        id: claimProofs.id,
        nomCourt: claimProofs.nomCourt,
        dropbox: claimProofs.dropbox,
        valide: claimProofs.valide,
        validatedAt: claimProofs.validatedAt,
      })
      .from(claimProofs)
      .where(and(eq(claimProofs.id, proofId), eq(claimProofs.claimId, claimId)))
      .for('update');
    if (!proof) {
      throw new ClaimsAdminError(`${numero} has no proof ${proofId}; \`npm run claims -- show ${numero}\` lists them.`);
    }
    if (proof.valide === 1) {
      return { numero, proofId, nomCourt: proof.nomCourt, validatedAt: proof.validatedAt, alreadyValidated: true };
    }
    if (proof.dropbox === 0 && options.force !== true) {
      throw new ClaimsAdminError(
        `Proof ${proofId} of ${numero} has no transmitted file; add --force if the document came another way.`,
      );
    }
    const [updated] = await tx
      .update(claimProofs)
      .set({
        valide: 1,
        dropbox: 1,
        validatedAt: sql`now()`,
        receptionDate: sql`coalesce(${claimProofs.receptionDate}, now())`,
        readAt: sql`coalesce(${claimProofs.readAt}, now())`,
      })
      .where(eq(claimProofs.id, proofId))
      .returning({ validatedAt: claimProofs.validatedAt });
    if (!updated) throw new Error(`Proof ${proofId} of ${numero} was not validated.`);
    return { numero, proofId, nomCourt: proof.nomCourt, validatedAt: updated.validatedAt, alreadyValidated: false };
  });
}

// refuse-document --------------------------------------------------------------------------------

/**
 * Refuses a transmitted proof (illegible, wrong document…): it is asked again (`demande` 1,
 * `dropbox` 0), so the follow-up page shows it to send. The refused file stays in the file store,
 * attached to the proof, and the claim's history keeps its name and the reason.
 */
export async function refuseDocument(
  db: AppDatabase,
  claimNumber: string,
  proofId: number,
): Promise<{ numero: string; proofId: number; nomCourt: string; nomFichier: string | null }> {
  const numero = parseClaimNumber(claimNumber);
  return db.transaction(async (tx) => {
    const claimId = await claimIdOf(tx, numero, true);
    const [proof] = await tx
      .select({
        nomCourt: claimProofs.nomCourt,
        nomFichier: claimProofs.nomFichier,
        dropbox: claimProofs.dropbox,
        valide: claimProofs.valide,
      })
      .from(claimProofs)
      .where(and(eq(claimProofs.id, proofId), eq(claimProofs.claimId, claimId)))
      .for('update');
    if (!proof) throw new ClaimsAdminError(`${numero} has no proof ${proofId}.`);
    if (proof.dropbox === 0)
      throw new ClaimsAdminError(`Proof ${proofId} of ${numero} has no transmitted file to refuse.`);
    if (proof.valide === 1) throw new ClaimsAdminError(`Proof ${proofId} of ${numero} is already validated.`);
    await tx
      .update(claimProofs)
      .set({ demande: 1, dropbox: 0, receptionDate: null, readAt: null, nomFichier: null, taille: null })
      .where(eq(claimProofs.id, proofId));
    return { numero, proofId, nomCourt: proof.nomCourt, nomFichier: proof.nomFichier };
  });
}
