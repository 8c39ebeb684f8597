import type { Language } from '../../contracts/languages.ts';
import type { AppDatabase } from '../db/public.ts';
import {
  countAskingOnEntry,
  countCandidateAsking,
  deleteCandidatesAskedBefore,
  deleteCandidatesOfQuestion,
  findEntryOfQuestion,
  insertOrCountEntry,
  lockQuestion,
  tallyCandidates,
} from './repository.ts';

/**
 * A question nothing matched becomes a staff entry (and a line of 'À traiter') only once several
 * distinct askers have asked it in a few days: one visitor's question, or a script's, stays a
 * candidate staff never see. Askers are counted by a keyed hash (server/security/keyed-hash.ts)
 * that nobody can read back, kept with the candidate and deleted with it: when the entry is made,
 * or CANDIDATE_LIFETIME_MS after the last asking.
 */

/** Distinct askers a question needs before staff see it. */
const ASKERS_FOR_AN_ENTRY = 3;
/** A candidate not asked again within this is forgotten, with its askers' hashes. */
const CANDIDATE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

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
    await lockQuestion(tx, asked.lang, asked.key);
    const entry = await findEntryOfQuestion(tx, asked.lang, asked.key);
    if (entry) {
      await countAskingOnEntry(tx, entry.id, now);
      return;
    }
    await countCandidateAsking(tx, asked, now);
    const tally = await tallyCandidates(tx, asked.lang, asked.key);
    if (Number(tally?.askers ?? 0) < ASKERS_FOR_AN_ENTRY) return;
    await insertOrCountEntry(tx, {
      lang: asked.lang,
      question: tally?.question ?? asked.question,
      questionKey: asked.key,
      occurence: Number(tally?.askings ?? 1),
      lastAskedAt: now,
    });
    await deleteCandidatesOfQuestion(tx, asked.lang, asked.key);
  });
}

/** Forgets the candidates nobody asked for CANDIDATE_LIFETIME_MS, and their askers' hashes. */
export async function forgetStaleCandidates(db: AppDatabase, now = Date.now()): Promise<void> {
  await deleteCandidatesAskedBefore(db, new Date(now - CANDIDATE_LIFETIME_MS));
}
