import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { CLAIMANT_WAIT_DAYS, WORK_QUEUE_GROUP_LIMIT } from '../../../contracts/backoffice.ts';
import { DECLARED_STATE } from '../../../contracts/claim-states.ts';
import { type DatabaseOrTransaction, claimEvents, claimProofs, claims, faqEntries } from '../../db/public.ts';
import { CLAIM_DOCUMENTS, CLAIM_ID, jsonOf, PROOF_TO_REVIEW } from './repository.ts';

/**
 * The back office's work queue, 'À traiter' (issue 19 item 8): what waits for staff.
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

const UNANSWERED = sql`btrim(regexp_replace(${faqEntries.reponse}, '<[^>]*>|&nbsp;', '', 'g')) = ''`;

/** A claim line of the queue, before its brand is named. */
export interface QueueClaimRow {
  id: number;
  number: string;
  socketId: string | null;
  name: string;
  createdAt: Date;
  etat: string;
  company: string | null;
  missing: string[];
  toReview: string[];
  since: Date;
  /** A bank-details proof received a new file after a first one, not yet validated or refused. */
  bankDetailsChanged: boolean;
}

/** The counts of the queue (the navigation's badges). */
export async function countWorkQueue(db: DatabaseOrTransaction) {
  const [[proofs], [waiting], [questions]] = await Promise.all([
    db.select({ total: count() }).from(claims).where(HAS_TO_REVIEW),
    db.select({ total: count() }).from(claims).where(WAITING_TOO_LONG),
    db.select({ total: count() }).from(faqEntries).where(UNANSWERED),
  ]);
  const counts = {
    proofs: Number(proofs?.total ?? 0),
    waiting: Number(waiting?.total ?? 0),
    questions: Number(questions?.total ?? 0),
  };
  return { ...counts, claims: counts.proofs + counts.waiting };
}

async function queueClaims(
  db: DatabaseOrTransaction,
  where: SQL | undefined,
  since: SQL<Date>,
  options: { flaggedFirst?: boolean } = {},
) {
  const rows = await db
    .select({
      id: claims.id,
      number: claims.numero,
      socketId: claims.creationSocketId,
      name: claims.assureNom,
      createdAt: claims.createdAt,
      etat: claims.etat,
      company: claims.company,
      missing: CLAIM_DOCUMENTS.missingNames,
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
      .where(UNANSWERED)
      .orderBy(desc(faqEntries.occurence), desc(faqEntries.lastAskedAt), asc(faqEntries.id))
      .limit(WORK_QUEUE_GROUP_LIMIT),
  ]);
  return { counts, proofs, waiting, questions };
}
