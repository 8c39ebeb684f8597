import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import { type FaqEntry, type FaqFilter, type FaqListQuery, typedDay } from '../../contracts/faq.ts';
import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { type AppDatabase, faqEntries } from '../db/public.ts';

/**
 * The staff's FAQ list, one page at a time (spec 3 'FAQ management'): the filters of spec 3 §5
 * and the sort run in SQL, so a page is read whatever the number of entries.
 */

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

/** One page of entries as staff list them, and how many the filters keep. */
export async function listFaqEntries(
  db: AppDatabase,
  query: FaqListQuery,
): Promise<{ datas: FaqEntry[]; total: number }> {
  const where = and(
    ...(Object.keys(query) as (keyof FaqListQuery)[])
      .filter((field): field is FaqFilter => !['page', 'size', 'sort', 'dir'].includes(field))
      .map((field) => filterOf(field, query[field])),
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
  return {
    total: Number(counted?.total ?? 0),
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
