import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { CLAIMANT_WAIT_DAYS, WORK_QUEUE_GROUP_LIMIT } from '../../../contracts/backoffice.ts';
import { DECLARED_STATE } from '../../../contracts/claim-states.ts';
import { creationDayPattern } from '../../../contracts/dates.ts';
import type { Language } from '../../../contracts/languages.ts';
import { INSURER_TIME_ZONE } from '../../../contracts/time-zone.ts';
import {
  type DatabaseOrTransaction,
  containsPattern,
  claimantComments,
  claimEvents,
  claimProofs,
  claims,
  countryTranslations,
  documentTypes,
  documentTypeTranslations,
  FAQ_ENTRY_UNANSWERED,
  faqEntries,
  type Flag,
  guaranteeTranslations,
  reasonTranslations,
} from '../../db/public.ts';
import { countWaitingInbox } from '../inbox/repository.ts';

/**
 * The named queries of staff claim handling: the back office's list and claim page, the
 * terminal's `npm run claims`, and the claim's history. Labels are read in `language` (staff read
 * French). Functions taking a transaction lock what they read with `for update`.
 */

// the claim's documents, inside a query over claims ----------------------------------------------

/** The language staff read document names in. */
const STAFF_LANGUAGE: Language = 'fr';

/**
 * The claim of the outer query, named in full: inside a subquery drizzle writes a column without its
 * table (`"id"`), which would name the subquery's own `id`.
 */
const CLAIM_ID = sql.raw('"claims"."id"');

/** A document asked of the claimant and not received (on the claim's proofs `p`). */
const MISSING_PROOF = sql`p.demande = 1 and p.dropbox = 0`;
/** A document the claimant sent that staff have not validated (on the claim's proofs `p`). */
const PROOF_TO_REVIEW = sql`p.dropbox = 1 and p.valide = 0`;
/** Bank details replaced after a first file, not yet validated or refused (on the claim's proofs `p`). */
const BANK_DETAILS_CHANGED = sql`p.bank_details_changed_at is not null`;

/** Whether the claim of the outer query has a proof matching `where`. */
function hasProof(where: SQL): SQL {
  return sql`exists (select 1 from ${claimProofs} p where p.claim_id = ${CLAIM_ID} and ${where})`;
}

/** Short names (staff language first) of the outer claim's proofs matching `where`, by id, as JSON. */
function proofNames(where: SQL): SQL<unknown> {
  return sql`(select coalesce(json_agg(coalesce(t.nom_court, p.nom_court) order by p.id), '[]'::json)
    from ${claimProofs} p
    left join document_type_translations t on t.document_type_id = p.document_type_id and t.lang = ${STAFF_LANGUAGE}
    where p.claim_id = ${CLAIM_ID} and ${where})`;
}

/** The claims with a document missing, or one to review, and their names (the list and the work queue). */
const CLAIM_DOCUMENTS = {
  hasMissing: hasProof(MISSING_PROOF),
  hasToReview: hasProof(PROOF_TO_REVIEW),
  /** "RIB modifié — à vérifier": a bank-details proof received a new file (customer-api/proofs/service.ts). */
  hasBankDetailsChanged: hasProof(BANK_DETAILS_CHANGED),
  missingNames: proofNames(MISSING_PROOF),
  toReviewNames: proofNames(PROOF_TO_REVIEW),
};

/** The columns of a claim in the list and in the work queue. */
const LISTED_CLAIM_COLUMNS = {
  id: claims.id,
  number: claims.numero,
  socketId: claims.creationSocketId,
  name: claims.assureNom,
  createdAt: claims.createdAt,
  etat: claims.etat,
  company: claims.company,
  missing: CLAIM_DOCUMENTS.missingNames,
};

/** A JSON value as the driver answers it (node-postgres and PGlite parse json; be lenient). */
function jsonOf<T>(value: unknown, fallback: T): T {
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return (value ?? fallback) as T;
}

// the back office's list -------------------------------------------------------------------------

/** The back office's list filters (spec 3 §2); an empty text filters nothing. */
export interface ClaimsListFilter {
  /** Exact id. */
  id: string;
  /** Contained in the number, whatever the case (same for socketId and nom). */
  numero: string;
  socketId: string;
  nom: string;
  /** The creation day in the insurer's time zone: `YYYY/MM/DD` or its beginning, or `dd/mm/yyyy`, `dd/mm` (`creationDayPattern`). */
  created: string;
}

function claimsListWhere(filter: ClaimsListFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (filter.id !== '') filters.push(sql`${claims.id}::text = ${filter.id}`);
  if (filter.numero !== '') filters.push(ilike(claims.numero, containsPattern(filter.numero)));
  if (filter.socketId !== '') filters.push(ilike(claims.creationSocketId, containsPattern(filter.socketId)));
  if (filter.nom !== '') filters.push(ilike(claims.assureNom, containsPattern(filter.nom)));
  if (filter.created !== '') {
    const day = creationDayPattern(filter.created);
    filters.push(sql`to_char(${claims.createdAt} at time zone ${INSURER_TIME_ZONE}, 'YYYY/MM/DD') like ${day}`);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/** How many claims the list's filters keep. */
export async function countListedClaims(db: DatabaseOrTransaction, filter: ClaimsListFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(claims).where(claimsListWhere(filter));
  return Number(row?.total ?? 0);
}

/** A line of the back office's list. */
export interface ListedClaim {
  id: number;
  number: string;
  socketId: string | null;
  name: string;
  createdAt: Date;
  /** The state, the brand slug (null when unknown) and the documents awaited. */
  etat: string;
  company: string | null;
  missing: string[];
}

/** One page of the filtered list, newest first. */
export async function listClaimsPage(
  db: DatabaseOrTransaction,
  filter: ClaimsListFilter,
  page: { limit: number; offset: number },
): Promise<ListedClaim[]> {
  const rows = await db
    .select(LISTED_CLAIM_COLUMNS)
    .from(claims)
    .where(claimsListWhere(filter))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row, missing: jsonOf<string[]>(row.missing, []) }));
}

// the terminal's list ----------------------------------------------------------------------------

/** A line of `npm run claims -- list`: no personal data but the claimant's last name. */
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

/** The most recently declared claims (in `etat` when given), with their proof counts. */
export async function listClaimSummaries(
  db: DatabaseOrTransaction,
  options: { etat: string | undefined; limit: number },
): Promise<ClaimSummary[]> {
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
    .limit(options.limit);
  // node-postgres and PGlite may answer counts as strings or numbers.
  return rows.map((row) => ({
    ...row,
    requested: Number(row.requested),
    transmitted: Number(row.transmitted),
    validated: Number(row.validated),
  }));
}

// one claim --------------------------------------------------------------------------------------

/** The id of claim `numero`, locked until the transaction ends when `lock`; undefined when none. */
export async function findClaimId(
  db: DatabaseOrTransaction,
  numero: string,
  options: { lock?: boolean } = {},
): Promise<number | undefined> {
  const query = db.select({ id: claims.id }).from(claims).where(eq(claims.numero, numero));
  const [row] = options.lock === true ? await query.for('update') : await query;
  return row?.id;
}

/** What a mail to the claimant of claim `claimId` needs: its number, language, brand and address. */
export async function findClaimToMail(db: DatabaseOrTransaction, claimId: number) {
  const [claim] = await db
    .select({
      id: claims.id,
      numero: claims.numero,
      lang: claims.lang,
      company: claims.company,
      email: claims.assureEmail,
    })
    .from(claims)
    .where(eq(claims.id, claimId));
  return claim;
}

/** Claim `numero` with its object's and reason's names in `language`. */
export async function findClaimFacts(db: DatabaseOrTransaction, numero: string, language: Language) {
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
      confirmationAnnulation: claims.confirmationAnnulation,
    })
    .from(claims)
    .leftJoin(
      guaranteeTranslations,
      and(eq(guaranteeTranslations.guaranteeId, claims.garantieId), eq(guaranteeTranslations.lang, language)),
    )
    .leftJoin(
      reasonTranslations,
      and(eq(reasonTranslations.reasonId, claims.motifId), eq(reasonTranslations.lang, language)),
    )
    .where(eq(claims.numero, numero));
  return claim;
}

/** A proof as staff see it. */
export interface ProofDetail {
  id: number;
  documentTypeId: number | null;
  /** The document type's code, or null for "other document" without a type. */
  documentCode: string | null;
  /** The short name (in the staff language, else as the claimant named it). */
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
  /** When bank details already transmitted were replaced by a new file; null once staff validate or refuse it. */
  bankDetailsChangedAt: Date | null;
}

/** The proofs of a claim, by id. */
export function listProofDetails(
  db: DatabaseOrTransaction,
  claimId: number,
  language: Language,
): Promise<ProofDetail[]> {
  return db
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
      bankDetailsChangedAt: claimProofs.bankDetailsChangedAt,
    })
    .from(claimProofs)
    .leftJoin(documentTypes, eq(documentTypes.id, claimProofs.documentTypeId))
    .leftJoin(
      documentTypeTranslations,
      and(
        eq(documentTypeTranslations.documentTypeId, claimProofs.documentTypeId),
        eq(documentTypeTranslations.lang, language),
      ),
    )
    .where(eq(claimProofs.claimId, claimId))
    .orderBy(asc(claimProofs.id));
}

/** How to reach the claimant and what they wrote on declaring: the back office's claim page. */
export async function findClaimContact(db: DatabaseOrTransaction, claimId: number) {
  const [contact] = await db
    .select({
      telephone: claims.assureTelephone,
      adresse: claims.assureAdresse,
      cp: claims.assureCp,
      ville: claims.assureVille,
      // The country chosen at step 4 (its id), named in French as the back office reads it; '' when unknown.
      pays: sql<string>`coalesce(${countryTranslations.nom}, '')`,
      commentaire: claims.declarationCommentaire,
      destination: claims.destinationNom,
    })
    .from(claims)
    .leftJoin(
      countryTranslations,
      and(
        sql`${countryTranslations.countryId}::text = ${claims.assurePays}`,
        eq(countryTranslations.lang, STAFF_LANGUAGE),
      ),
    )
    .where(eq(claims.id, claimId));
  return contact;
}

/** The comments the claimant sent with proofs, oldest first. */
export function listClaimantComments(
  db: DatabaseOrTransaction,
  claimId: number,
): Promise<{ comment: string; at: Date }[]> {
  return db
    .select({ comment: claimantComments.commentaire, at: claimantComments.createdAt })
    .from(claimantComments)
    .where(eq(claimantComments.claimId, claimId))
    .orderBy(asc(claimantComments.createdAt));
}

// state ------------------------------------------------------------------------------------------

/** Claim `numero`'s id and state, locked until the transaction ends; undefined when none. */
export async function lockClaimState(
  tx: DatabaseOrTransaction,
  numero: string,
): Promise<{ id: number; etat: string } | undefined> {
  const [row] = await tx
    .select({ id: claims.id, etat: claims.etat })
    .from(claims)
    .where(eq(claims.numero, numero))
    .for('update');
  return row;
}

export async function updateClaimState(tx: DatabaseOrTransaction, claimId: number, etat: string): Promise<void> {
  await tx.update(claims).set({ etat }).where(eq(claims.id, claimId));
}

// document types ---------------------------------------------------------------------------------

export interface DocumentTypeSummary {
  id: number;
  code: string;
  /** Short name in the staff language. */
  nomCourt: string;
}

/** Every document type, by id. */
export function listDocumentTypeSummaries(
  db: DatabaseOrTransaction,
  language: Language,
): Promise<DocumentTypeSummary[]> {
  return db
    .select({
      id: documentTypes.id,
      code: documentTypes.code,
      nomCourt: sql<string>`coalesce(${documentTypeTranslations.nomCourt}, '')`,
    })
    .from(documentTypes)
    .leftJoin(
      documentTypeTranslations,
      and(eq(documentTypeTranslations.documentTypeId, documentTypes.id), eq(documentTypeTranslations.lang, language)),
    )
    .orderBy(asc(documentTypes.id));
}

// proofs -----------------------------------------------------------------------------------------

/** The first proof of the claim with that document type, if any. */
export async function findProofOfType(
  tx: DatabaseOrTransaction,
  claimId: number,
  documentTypeId: number,
): Promise<{ id: number; demande: Flag } | undefined> {
  const [row] = await tx
    .select({ id: claimProofs.id, demande: claimProofs.demande })
    .from(claimProofs)
    .where(and(eq(claimProofs.claimId, claimId), eq(claimProofs.documentTypeId, documentTypeId)))
    .orderBy(asc(claimProofs.id))
    .limit(1);
  return row;
}

/** Marks a proof requested of the claimant. */
export async function markProofRequested(tx: DatabaseOrTransaction, proofId: number): Promise<void> {
  await tx.update(claimProofs).set({ demande: 1 }).where(eq(claimProofs.id, proofId));
}

/** Adds a proof requested of the claimant; resolves its id. */
export async function insertRequestedProof(
  tx: DatabaseOrTransaction,
  proof: { claimId: number; documentTypeId: number; nomCourt: string },
): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(claimProofs)
    .values({ ...proof, demande: 1 })
    .returning({ id: claimProofs.id });
  return inserted?.id;
}

/** Proof `proofId` of the claim, locked until the transaction ends; undefined when the claim has no such proof. */
export async function lockProofOfClaim(tx: DatabaseOrTransaction, claimId: number, proofId: number) {
  const [proof] = await tx
    .select({
      nomCourt: claimProofs.nomCourt,
      nomFichier: claimProofs.nomFichier,
      dropbox: claimProofs.dropbox,
      valide: claimProofs.valide,
      validatedAt: claimProofs.validatedAt,
    })
    .from(claimProofs)
    .where(and(eq(claimProofs.id, proofId), eq(claimProofs.claimId, claimId)))
    .for('update');
  return proof;
}

/** Validates a proof (which also marks it transmitted, received and read, and its changed bank details checked); resolves when. */
export async function markProofValidated(tx: DatabaseOrTransaction, proofId: number): Promise<Date | null | undefined> {
  const [updated] = await tx
    .update(claimProofs)
    .set({
      valide: 1,
      dropbox: 1,
      validatedAt: sql`now()`,
      receptionDate: sql`coalesce(${claimProofs.receptionDate}, now())`,
      readAt: sql`coalesce(${claimProofs.readAt}, now())`,
      bankDetailsChangedAt: null,
    })
    .where(eq(claimProofs.id, proofId))
    .returning({ validatedAt: claimProofs.validatedAt });
  return updated?.validatedAt;
}

/** Asks a refused proof again: no longer transmitted, its file no longer named on it, changed bank details checked. */
export async function markProofRefused(tx: DatabaseOrTransaction, proofId: number): Promise<void> {
  await tx
    .update(claimProofs)
    .set({
      demande: 1,
      dropbox: 0,
      receptionDate: null,
      readAt: null,
      nomFichier: null,
      taille: null,
      bankDetailsChangedAt: null,
    })
    .where(eq(claimProofs.id, proofId));
}

/** Opened by staff: the proof is no longer "received and unread" for the claimant's banner. */
export async function markProofRead(db: DatabaseOrTransaction, proofId: number): Promise<void> {
  await db.update(claimProofs).set({ readAt: new Date() }).where(eq(claimProofs.id, proofId));
}

// history ----------------------------------------------------------------------------------------

/** An entry of a claim's history. */
export interface ClaimEventRecord {
  claimId: number;
  /** Who: the staff login, or `terminal`. */
  actor: string;
  /** What: "etat", "document_requested", "proof_validated", "proof_refused". */
  action: string;
  detail: Record<string, unknown>;
}

export async function insertClaimEvent(tx: DatabaseOrTransaction, event: ClaimEventRecord): Promise<void> {
  await tx
    .insert(claimEvents)
    .values({ claimId: event.claimId, staffLogin: event.actor, action: event.action, detail: event.detail });
}

/** A claim's history, oldest first. */
export function listClaimEvents(db: DatabaseOrTransaction, claimId: number) {
  return db
    .select({
      id: claimEvents.id,
      staffLogin: claimEvents.staffLogin,
      action: claimEvents.action,
      detail: claimEvents.detail,
      at: claimEvents.createdAt,
    })
    .from(claimEvents)
    .where(eq(claimEvents.claimId, claimId))
    .orderBy(asc(claimEvents.createdAt), asc(claimEvents.id));
}

// the work queue ---------------------------------------------------------------------------------

/**
 * The back office's work queue, 'À traiter': what waits for staff.
 *
 * - **Proofs to review**: claims holding a proof the claimant sent (`dropbox` 1) that staff have
 *   not validated (`valide` 0), whatever the claim's state. A claim whose bank details were replaced
 *   after a first file ("RIB modifié — à vérifier", until staff validate or refuse that proof) is
 *   flagged and comes first.
 * - **Waiting for the claimant** for more than CLAIMANT_WAIT_DAYS days: claims in `en_cours` with a
 *   requested document not received (`demande` 1, `dropbox` 0), nothing to review, and no movement
 *   since: the wait starts at the claim's last movement, the latest of its declaration, an entry of
 *   its history (a state change, a document requested, a proof validated or refused, by staff or
 *   `npm run claims`) and a file received from the claimant.
 * - **Questions without an answer**: FAQ entries whose answer is empty (the assistant's unanswered
 *   questions, grouped by their words).
 *
 * A claim is in one group at most, so the 'Sinistres' badge is the sum of the first two.
 */

const {
  hasMissing: HAS_MISSING,
  hasToReview: HAS_TO_REVIEW,
  hasBankDetailsChanged: HAS_BANK_DETAILS_CHANGED,
} = CLAIM_DOCUMENTS;

/** The first reception among the proofs still to review. */
const REVIEW_SINCE = sql<Date>`(select min(coalesce(p.reception_date, p.creation_date)) from ${claimProofs} p
  where p.claim_id = ${CLAIM_ID} and ${PROOF_TO_REVIEW})`;

/** The claim's last movement: declared, a history entry, a file received. */
const LAST_MOVEMENT = sql<Date>`greatest(
  ${claims.declarationDate},
  (select max(e.created_at) from ${claimEvents} e where e.claim_id = ${CLAIM_ID}),
  (select max(p.reception_date) from ${claimProofs} p where p.claim_id = ${CLAIM_ID})
)`;

const WAITING_TOO_LONG = and(
  eq(claims.etat, DECLARED_STATE),
  HAS_MISSING,
  sql`not ${HAS_TO_REVIEW}`,
  sql`${LAST_MOVEMENT} < now() - make_interval(days => ${CLAIMANT_WAIT_DAYS})`,
);

/** A claim line of the queue, before its brand is named. */
export interface QueueClaimRow extends ListedClaim {
  toReview: string[];
  since: Date;
  /** A bank-details proof received a new file after a first one, not yet validated or refused. */
  bankDetailsChanged: boolean;
}

/** The counts of the queue (the navigation's badges). */
export async function countWorkQueue(db: DatabaseOrTransaction) {
  const [[proofs], [waiting], [questions], inbox] = await Promise.all([
    db.select({ total: count() }).from(claims).where(HAS_TO_REVIEW),
    db.select({ total: count() }).from(claims).where(WAITING_TOO_LONG),
    db.select({ total: count() }).from(faqEntries).where(FAQ_ENTRY_UNANSWERED),
    countWaitingInbox(db, new Date()),
  ]);
  const counts = {
    proofs: Number(proofs?.total ?? 0),
    waiting: Number(waiting?.total ?? 0),
    questions: Number(questions?.total ?? 0),
  };
  return { ...counts, claims: counts.proofs + counts.waiting, ...inbox };
}

async function queueClaims(
  db: DatabaseOrTransaction,
  where: SQL | undefined,
  since: SQL<Date>,
  options: { flaggedFirst?: boolean } = {},
) {
  const rows = await db
    .select({
      ...LISTED_CLAIM_COLUMNS,
      toReview: CLAIM_DOCUMENTS.toReviewNames,
      since: since,
      bankDetailsChanged: sql<boolean>`${HAS_BANK_DETAILS_CHANGED}`,
    })
    .from(claims)
    .where(where)
    .orderBy(
      ...(options.flaggedFirst === true ? [sql`${HAS_BANK_DETAILS_CHANGED} desc`] : []),
      asc(since),
      asc(claims.id),
    )
    .limit(WORK_QUEUE_GROUP_LIMIT);
  return rows.map(
    (row): QueueClaimRow => ({
      ...row,
      missing: jsonOf<string[]>(row.missing, []),
      toReview: jsonOf<string[]>(row.toReview, []),
      since: new Date(row.since),
      bankDetailsChanged: row.bankDetailsChanged === true || String(row.bankDetailsChanged) === 'true',
    }),
  );
}

/** The three groups of the queue, each at most WORK_QUEUE_GROUP_LIMIT lines, and their counts. */
export async function readWorkQueue(db: DatabaseOrTransaction) {
  const [counts, proofs, waiting, questions] = await Promise.all([
    countWorkQueue(db),
    queueClaims(db, HAS_TO_REVIEW, REVIEW_SINCE, { flaggedFirst: true }),
    queueClaims(db, WAITING_TOO_LONG, LAST_MOVEMENT),
    db
      .select({
        id: faqEntries.id,
        question: faqEntries.question,
        lang: faqEntries.lang,
        occurence: faqEntries.occurence,
        lastAskedAt: faqEntries.lastAskedAt,
      })
      .from(faqEntries)
      .where(FAQ_ENTRY_UNANSWERED)
      .orderBy(desc(faqEntries.occurence), desc(faqEntries.lastAskedAt), asc(faqEntries.id))
      .limit(WORK_QUEUE_GROUP_LIMIT),
  ]);
  return { counts, proofs, waiting, questions };
}
