import { inArray } from 'drizzle-orm';
import { type AppDatabase, faqEntries } from '../db/public.ts';

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
