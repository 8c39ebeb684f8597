import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Language } from '../../contracts/languages.ts';
import { type AppDatabase, queryRows, faqEntries, faqQuestionCandidates } from '../db/public.ts';

/**
 * A question nothing matched becomes a staff entry (and a line of 'À traiter') only once several
 * distinct askers have asked it in a few days: one visitor's question, or a script's, stays a
 * candidate staff never see. Askers are counted by a keyed hash (server/security/keyed-hash.ts)
 * that nobody can read back, kept with the candidate and deleted with it: when the entry is made,
 * or CANDIDATE_LIFETIME_MS after the last asking.
 */

/** Distinct askers a question needs before staff see it. */
export const ASKERS_FOR_AN_ENTRY = 3;
/** A candidate not asked again within this is forgotten, with its askers' hashes. */
export const CANDIDATE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export interface AskedQuestion {
  lang: Language;
  /** questionKeyOf the redacted wording: similar questions share it. */
  key: string;
  /** The wording, personal data redacted, at most 300 characters. */
  question: string;
  /** Keyed hash of the asker. */
  askerHash: string;
}

/**
 * Counts a question with no entry of its words: on its entry when one exists (made meanwhile by
 * another process), else as a candidate of this asker; the asker that makes ASKERS_FOR_AN_ENTRY
 * turns the candidate into an entry (without answer, its occurrences the askings so far). One
 * transaction, locked on the question's words, so that concurrent askers make one entry.
 */
export async function countUnmatchedQuestion(db: AppDatabase, asked: AskedQuestion, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`faq-question:${asked.lang}:${asked.key}`}, 0))`,
    );
    const [entry] = await tx
      .select({ id: faqEntries.id })
      .from(faqEntries)
      .where(and(eq(faqEntries.lang, asked.lang), eq(faqEntries.questionKey, asked.key)))
      .orderBy(asc(faqEntries.id))
      .limit(1);
    if (entry) {
      await tx
        .update(faqEntries)
        .set({ occurence: sql`${faqEntries.occurence} + 1`, lastAskedAt: now })
        .where(eq(faqEntries.id, entry.id));
      return;
    }
    await tx
      .insert(faqQuestionCandidates)
      .values({ lang: asked.lang, questionKey: asked.key, question: asked.question, askerHash: asked.askerHash })
      .onConflictDoUpdate({
        target: [faqQuestionCandidates.lang, faqQuestionCandidates.questionKey, faqQuestionCandidates.askerHash],
        set: { askings: sql`${faqQuestionCandidates.askings} + 1`, lastAskedAt: now },
      });
    const [tally] = await queryRows<{ askers: number | string; askings: number | string; question: string }>(
      tx,
      sql`select count(*) as askers, sum(askings) as askings,
            (array_agg(question order by first_asked_at, id))[1] as question
          from ${faqQuestionCandidates}
          where lang = ${asked.lang} and question_key = ${asked.key}`,
    );
    if (Number(tally?.askers ?? 0) < ASKERS_FOR_AN_ENTRY) return;
    await tx
      .insert(faqEntries)
      .values({
        lang: asked.lang,
        question: tally?.question ?? asked.question,
        questionKey: asked.key,
        occurence: Number(tally?.askings ?? 1),
        lastAskedAt: now,
      })
      .onConflictDoUpdate({
        target: [faqEntries.lang, faqEntries.question],
        set: { occurence: sql`${faqEntries.occurence} + ${Number(tally?.askings ?? 1)}`, lastAskedAt: now },
      });
    await tx
      .delete(faqQuestionCandidates)
      .where(and(eq(faqQuestionCandidates.lang, asked.lang), eq(faqQuestionCandidates.questionKey, asked.key)));
  });
}

/** Forgets the candidates nobody asked for CANDIDATE_LIFETIME_MS, and their askers' hashes. */
export async function forgetStaleCandidates(db: AppDatabase, now = Date.now()): Promise<void> {
  await db
    .delete(faqQuestionCandidates)
    .where(lt(faqQuestionCandidates.lastAskedAt, new Date(now - CANDIDATE_LIFETIME_MS)));
}
