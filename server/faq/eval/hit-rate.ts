import { FAQ_ENTRIES } from '../../../content/faq.ts';
import type { Language } from '../../../contracts/languages.ts';
import type { AppDatabase } from '../../db/public.ts';
import { listFaqQuestionsOf } from '../repository.ts';
import type { FaqAssistant } from '../service.ts';
import { PARAPHRASE_SET } from './paraphrases.ts';
import { RETRIEVAL_SET } from './questions.ts';

/** The two evaluation sets of the FAQ assistant, by name. */
export const EVALUATION_SETS = {
  /** Written beside the entries (questions.ts). */
  retrieval: RETRIEVAL_SET,
  /** Written without looking at the entries (paraphrases.ts). */
  paraphrases: PARAPHRASE_SET,
} as const;
export type EvaluationSetName = keyof typeof EVALUATION_SETS;

/**
 * Top-1 hit rate of a set in one language: the share of its questions whose answer is the curated
 * entry they map to (the entry is found by its question in that language, as seeded from
 * content/faq.ts). `misses` names the questions answered otherwise, for a failing test's message.
 */
export async function hitRateOf(
  assistant: FaqAssistant,
  db: AppDatabase,
  set: EvaluationSetName,
  language: Language,
): Promise<{ rate: number; misses: string[] }> {
  const questions = EVALUATION_SETS[set][language];
  const answers = await Promise.all(questions.map(([question]) => assistant.respond(question, language)));
  const ids = answers.map((answer) => answer.entryId).filter((id) => id !== null);
  const rows = ids.length ? await listFaqQuestionsOf(db, ids) : [];
  const questionOf = new Map(rows.map((row) => [row.id, row.question]));
  const misses: string[] = [];
  questions.forEach(([question, key], index) => {
    const expected = FAQ_ENTRIES.find((entry) => entry.key === key)?.texts[language].question;
    const entryId = answers[index]?.entryId ?? null;
    const got = entryId === null ? undefined : questionOf.get(entryId);
    if (expected === undefined || got !== expected) misses.push(`${question} → ${got ?? 'none'}`);
  });
  return { rate: (questions.length - misses.length) / questions.length, misses };
}
