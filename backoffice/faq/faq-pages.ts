import { FAQ_PATH, FAQ_SORTS, FAQ_UNANSWERED_PARAM, type FaqEntry, FaqListAnswerSchema } from '../../contracts/faq.ts';
import { staffApi } from '../api/client.ts';
import { t } from '../lib/texts.ts';

/**
 * The FAQ list as the server pages it (GET /faq with FaqListQuerySchema's query): what the table
 * asks for one page — its page, size, sort and header filters — turned into the query, and the
 * server's answer into what a remote Tabulator table reads.
 */

/** What Tabulator passes to a remote table's request. */
export interface FaqTableParams {
  page?: number;
  size?: number;
  sort?: { field: string; dir: 'asc' | 'desc' }[];
  filter?: { field: string; value: unknown }[];
}

/** One page's answer: its entries and the total, or the spec's error (3 §8: 'Erreur 141' refused, 'Erreur 142' unreachable). */
export type FaqPageAnswer = { ok: true; entries: FaqEntry[]; total: number } | { ok: false; error: string };

const SORTABLE: readonly string[] = FAQ_SORTS;

/** The query of one page: a sort the server does not know (none chosen) is the default, by id. */
export function faqPageQuery(
  params: FaqTableParams,
  defaultSize: number,
  options: { unansweredOnly?: boolean } = {},
): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page ?? 1, size: params.size ?? defaultSize };
  if (options.unansweredOnly) query[FAQ_UNANSWERED_PARAM] = '1';
  const [sort] = params.sort ?? [];
  if (sort && SORTABLE.includes(sort.field)) {
    query['sort'] = sort.field;
    query['dir'] = sort.dir;
  }
  for (const filter of params.filter ?? []) {
    const value = String(filter.value ?? '');
    if (value !== '') query[filter.field] = value;
  }
  return query;
}

/** Asks the server for one page of entries. */
export async function readFaqPage(
  params: FaqTableParams,
  defaultSize: number,
  options: { unansweredOnly?: boolean } = {},
): Promise<FaqPageAnswer> {
  const result = await staffApi(FAQ_PATH, FaqListAnswerSchema, { query: faqPageQuery(params, defaultSize, options) });
  if (result.ok) return { ok: true, entries: result.data.datas, total: result.data.total };
  return { ok: false, error: t('common.errorCode', { code: result.kind === 'network' ? 142 : 141 }) };
}
