import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { typedDay } from '../../contracts/dates.ts';
import { FAQ_FILTERS, FAQ_UNANSWERED_PARAM, type FaqFilter, type FaqListQuery } from '../../contracts/faq.ts';
import type { Language } from '../../contracts/languages.ts';
import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import {
  FAQ_ENTRY_UNANSWERED,
  type AppDatabase,
  type DatabaseOrTransaction,
  faqEntries,
  faqQuestionCandidates,
  knowledgeDocuments,
  queryRows,
} from '../db/public.ts';

/**
 * The FAQ module's named queries.
 */

/** The question of each FAQ entry of `ids`. */
export function listFaqQuestionsOf(db: AppDatabase, ids: readonly number[]) {
  return db
    .select({ id: faqEntries.id, question: faqEntries.question })
    .from(faqEntries)
    .where(inArray(faqEntries.id, [...ids]));
}

// unmatched questions and their candidates ------------------------------------------------------------

/** Takes the transaction lock of the question's words, so concurrent askers count one after the other. */
export async function lockQuestion(tx: DatabaseOrTransaction, lang: Language, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`faq-question:${lang}:${key}`}, 0))`);
}

/** The first entry of the question's words (`key`, a questionKeyOf) in `lang`, if any. */
export async function findEntryOfQuestion(tx: DatabaseOrTransaction, lang: Language, key: string) {
  const [entry] = await tx
    .select({ id: faqEntries.id })
    .from(faqEntries)
    .where(and(eq(faqEntries.lang, lang), eq(faqEntries.questionKey, key)))
    .orderBy(asc(faqEntries.id))
    .limit(1);
  return entry;
}

/** Counts one more asking of entry `id`, asked at `now`. */
export async function countAskingOnEntry(tx: DatabaseOrTransaction, id: number, now: Date): Promise<void> {
  await tx
    .update(faqEntries)
    .set({ occurence: sql`${faqEntries.occurence} + 1`, lastAskedAt: now })
    .where(eq(faqEntries.id, id));
}

/** Counts one asking of the question's candidate by this asker (the candidate is made on the first). */
export async function countCandidateAsking(
  tx: DatabaseOrTransaction,
  asked: { lang: Language; key: string; question: string; askerHash: string },
  now: Date,
): Promise<void> {
  await tx
    .insert(faqQuestionCandidates)
    .values({ lang: asked.lang, questionKey: asked.key, question: asked.question, askerHash: asked.askerHash })
    .onConflictDoUpdate({
      target: [faqQuestionCandidates.lang, faqQuestionCandidates.questionKey, faqQuestionCandidates.askerHash],
      set: { askings: sql`${faqQuestionCandidates.askings} + 1`, lastAskedAt: now },
    });
}

/** The question's candidates: distinct askers, askings, and the first wording asked. */
export async function tallyCandidates(tx: DatabaseOrTransaction, lang: Language, key: string) {
  const [tally] = await queryRows<{ askers: number | string; askings: number | string; question: string }>(
    tx,
    sql`select count(*) as askers, sum(askings) as askings,
            (array_agg(question order by first_asked_at, id))[1] as question
          from ${faqQuestionCandidates}
          where lang = ${lang} and question_key = ${key}`,
  );
  return tally;
}

/** Makes the entry (without answer) of an asked question, or adds its askings to the same question's entry. */
export async function insertOrCountEntry(
  tx: DatabaseOrTransaction,
  entry: { lang: Language; question: string; questionKey: string; occurence: number; lastAskedAt: Date },
): Promise<void> {
  await tx
    .insert(faqEntries)
    .values(entry)
    .onConflictDoUpdate({
      target: [faqEntries.lang, faqEntries.question],
      set: { occurence: sql`${faqEntries.occurence} + ${entry.occurence}`, lastAskedAt: entry.lastAskedAt },
    });
}

/** Deletes the question's candidates, with their askers' hashes. */
export async function deleteCandidatesOfQuestion(
  tx: DatabaseOrTransaction,
  lang: Language,
  key: string,
): Promise<void> {
  await tx
    .delete(faqQuestionCandidates)
    .where(and(eq(faqQuestionCandidates.lang, lang), eq(faqQuestionCandidates.questionKey, key)));
}

/** Deletes the candidates last asked before `before`, with their askers' hashes. */
export async function deleteCandidatesAskedBefore(db: AppDatabase, before: Date): Promise<void> {
  await db.delete(faqQuestionCandidates).where(lt(faqQuestionCandidates.lastAskedAt, before));
}

// the staff's FAQ list ------------------------------------------------------------------------------

/** An HTML text's words: tags and non-breaking spaces aside, as the table shows the answer. */
const wordsOf = (html: SQL | typeof faqEntries.reponse) =>
  sql`regexp_replace(regexp_replace(${html}, '<[^>]*>', '', 'g'), '&nbsp;', ' ', 'g')`;

/** Whether `text` contains `typed`, case-sensitive. */
const contains = (text: SQL | typeof faqEntries.question, typed: string) => sql`strpos(${text}, ${typed}) > 0`;

/** The day a timestamp falls on in Paris, as the table shows it (dd/mm/yyyy). */
const shownDay = (column: SQL) => sql`to_char(${column} at time zone ${INSURER_TIME_ZONE}, 'DD/MM/YYYY')`;

const EXACT_NUMBERS = {
  id: faqEntries.id,
  occurence: faqEntries.occurence,
  reponse_utile_oui: faqEntries.reponseUtileOui,
  reponse_utile_non: faqEntries.reponseUtileNon,
} as const;
const TEXTS = {
  question: faqEntries.question,
  sourceDocuments: faqEntries.sourceDocuments,
  commentaire: faqEntries.commentaire,
} as const;
const DATES = {
  date_reponse_utile_non: faqEntries.dateReponseUtileNon,
  modif_admin: faqEntries.modifAdmin,
  derniere_occurrence: faqEntries.lastAskedAt,
  created_at: faqEntries.createdAt,
} as const;

/** The condition of one column's filter (undefined: nothing typed). */
function filterOf(field: FaqFilter, typed: string): SQL | undefined {
  if (typed === '') return undefined;
  if (field in EXACT_NUMBERS) return sql`${EXACT_NUMBERS[field as keyof typeof EXACT_NUMBERS]}::text = ${typed.trim()}`;
  if (field === 'lang') return sql`${faqEntries.lang} = ${typed.trim()}`;
  if (field in TEXTS) return contains(sql`${TEXTS[field as keyof typeof TEXTS]}`, typed);
  if (field === 'reponse') return contains(wordsOf(faqEntries.reponse), typed);
  if (field === 'historique') return contains(wordsOf(sql`${faqEntries.historique}::text`), typed);
  // A date: a day not yet typed whole finds nothing, as the table's own filter did.
  const day = typedDay(typed);
  if (day === undefined) return sql`false`;
  return sql`${shownDay(sql`${DATES[field as keyof typeof DATES]}`)} = ${day}`;
}

const SORTS = EXACT_NUMBERS;

/**
 * One page of entries as staff list them (spec 3 §5's filters and the sort run in SQL, so a page is
 * read whatever the number of entries), and how many the filters keep.
 */
export async function listFaqEntryRows(db: AppDatabase, query: FaqListQuery) {
  const where = and(
    ...FAQ_FILTERS.map((field) => filterOf(field, query[field])),
    query[FAQ_UNANSWERED_PARAM] === '1' ? FAQ_ENTRY_UNANSWERED : undefined,
  );
  const order = query.dir === 'desc' ? desc(SORTS[query.sort]) : asc(SORTS[query.sort]);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(faqEntries)
      .where(where)
      .orderBy(order, asc(faqEntries.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(faqEntries).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

// the assistant's index, askings and ratings --------------------------------------------------------

/** What the curated content of `language` looks like now (it changes when staff edit it). */
export async function readCuratedContentStamp(db: AppDatabase, language: Language) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
            (select count(*) from faq_entries where lang = ${language} and reponse <> '') as curated,
            (select max(modif_admin) from faq_entries where lang = ${language}) as edited,
            (select count(*) from knowledge_documents where lang = ${language}) as documents,
            (select max(updated_at) from knowledge_documents where lang = ${language}) as documents_at`,
  );
  return row;
}

/** The entries of `language`, as the assistant's index reads them. */
export function listIndexEntries(db: AppDatabase, language: Language) {
  return db
    .select({
      id: faqEntries.id,
      question: faqEntries.question,
      reponse: faqEntries.reponse,
      sourceDocuments: faqEntries.sourceDocuments,
      keywords: faqEntries.keywords,
    })
    .from(faqEntries)
    .where(eq(faqEntries.lang, language));
}

/** The knowledge documents of `language`, as the assistant's index reads them. */
export function listIndexDocuments(db: AppDatabase, language: Language) {
  return db
    .select({ id: knowledgeDocuments.id, title: knowledgeDocuments.title, body: knowledgeDocuments.body })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.lang, language));
}

/** Counts a customer's rating on entry `id` (a "no" dated `now`); answers the entries rated. */
export function rateEntry(db: AppDatabase, id: number, helpful: boolean, now: Date) {
  return db
    .update(faqEntries)
    .set(
      helpful
        ? { reponseUtileOui: sql`${faqEntries.reponseUtileOui} + 1` }
        : { reponseUtileNon: sql`${faqEntries.reponseUtileNon} + 1`, dateReponseUtileNon: now },
    )
    .where(eq(faqEntries.id, id))
    .returning({ id: faqEntries.id });
}

/** Entry `id`, locked for the transaction's update, if it exists. */
export async function findEntryForUpdate(tx: DatabaseOrTransaction, id: number) {
  const [current] = await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).for('update');
  return current;
}

/** Writes staff's edit of entry `id`. */
export async function updateEntry(
  tx: DatabaseOrTransaction,
  id: number,
  values: Partial<typeof faqEntries.$inferInsert>,
): Promise<void> {
  await tx.update(faqEntries).set(values).where(eq(faqEntries.id, id));
}
