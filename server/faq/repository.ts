import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Language } from '../../contracts/languages.ts';
import {
  type AppDatabase,
  type DatabaseOrTransaction,
  faqEntries,
  faqQuestionCandidates,
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
