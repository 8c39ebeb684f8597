import type { FaqEntry, FaqListQuery } from '../../contracts/faq.ts';
import type { AppDatabase } from '../db/public.ts';
import { listFaqEntryRows } from './repository.ts';

/**
 * The staff's FAQ list, one page at a time (spec 3 'FAQ management'): the column filters
 * (numbers exact, texts contain, combined with AND; spec 3 §5) and the sort run in SQL, so a page
 * is read whatever the number of entries.
 */

/** One page of entries as staff list them, and how many the filters keep. */
export async function listFaqEntries(
  db: AppDatabase,
  query: FaqListQuery,
): Promise<{ datas: FaqEntry[]; total: number }> {
  const { rows, total } = await listFaqEntryRows(db, query);
  return {
    total,
    datas: rows.map((row) => ({
      id: row.id,
      lang: row.lang,
      question: row.question,
      reponse: row.reponse,
      sourceDocuments: row.sourceDocuments,
      keywords: row.keywords,
      occurence: row.occurence,
      reponse_utile_oui: row.reponseUtileOui,
      reponse_utile_non: row.reponseUtileNon,
      commentaire: row.commentaire,
      historique: row.historique,
      date_reponse_utile_non: row.dateReponseUtileNon?.toISOString() ?? null,
      modif_admin: row.modifAdmin?.toISOString() ?? null,
      derniere_occurrence: row.lastAskedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
      created_at: row.createdAt.toISOString(),
    })),
  };
}
