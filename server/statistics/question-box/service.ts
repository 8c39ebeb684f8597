import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { backfillActivitySummaries } from '../analysis/summaries.ts';
import { type FormRange, looksLikeSql, sqlOfQuestion } from './question-forms.ts';
import { checkQuery } from './sql-guard.ts';

/**
 * The analysis page's question box (spec 3): a question in one of the documented forms
 * (question-forms.ts), any question when a model is configured, or SQL typed by staff; the SQL is
 * checked (sql-guard.ts), then run with search_path = bo_ai in a READ ONLY transaction with a 5 s
 * statement timeout, and at most 1,000 rows come back. The answer shows the SQL and the rows.
 */

export const ROW_LIMIT = 1_000;
export const STATEMENT_TIMEOUT = '5s';

/**
 * The planner's estimated cost above which a query is refused before it runs. The embedded
 * database (PGlite) cannot interrupt a running statement, so `statement_timeout` binds on a
 * PostgreSQL server only: this bound keeps the box within about the same 5 s on PGlite (measured on
 * a 2-core machine: a cost of 1.1 million ran in 4.2 s; a month of sessions grouped by brand costs
 * a few ten thousand).
 */
export const MAX_PLAN_COST = 1_500_000;

/** The views' documentation, for staff (the box's help) and for a model. */
export const VIEWS_DOCUMENTATION = `sessions(session, created_at timestamptz, day date (Paris), brand text ('' = neutral brand), language text, device 'smartphone'|'ordinateur', browser text, furthest_step smallint (0-6, null if no declaration step), declared boolean, pages int)
visits(session, visited_at timestamptz, page text ('/', '/declare-sinistre', '/declare-step1'…, '/confirmation-sinistre', '/faq', '/find-my-number', '/contact', '/suivre-dossier', '/client-file', '/claim', '/claim-step1', '/claim-step2', '/mentions-legales', '/politique-confidentialite'), brand text)
reports(kind 'find_number'|'follow_up', status 'success'|'error', brand text, language text, created_at timestamptz)`;

export interface ModelSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

export type BoxAnswer =
  | { ok: true; query: string; columns: string[]; rows: Record<string, unknown>[] }
  | { ok: false; query: string; reason: string };

/** SQL from a model, or undefined. The model's SQL goes through the same gate as typed SQL. */
async function sqlFromModel(settings: ModelSettings, question: string, range: FormRange): Promise<string | undefined> {
  try {
    const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0,
        messages: [
          {
            role: 'system',
            content: `Write ONE PostgreSQL SELECT answering the question, over these views only:\n${VIEWS_DOCUMENTATION}\nDates are Europe/Paris. Default period: ${range.start} to ${range.end}. Reply with the SQL only.`,
          },
          { role: 'user', content: question },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) return undefined;
    const answer = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = answer.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return undefined;
    const fenced = /```(?:sql)?\s*([\s\S]*?)```/i.exec(content);
    return (fenced?.[1] ?? content).trim() || undefined;
  } catch {
    return undefined;
  }
}

class Rollback extends Error {}

class TooCostly extends Error {
  readonly cost: number;
  constructor(cost: number) {
    super('query too costly');
    this.cost = cost;
  }
}

/** The planner's total cost of a query (EXPLAIN without running it). */
async function estimatedCost(tx: Pick<AppDatabase, 'execute'>, query: string): Promise<number> {
  const result = (await tx.execute(sql.raw(`explain (format json) ${query}`))) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Total Cost'?: number } }[];
  return Number(plans[0]?.Plan?.['Total Cost'] ?? Number.POSITIVE_INFINITY);
}

export async function answerQuestion(
  db: AppDatabase,
  question: string,
  range: FormRange,
  model?: ModelSettings,
): Promise<BoxAnswer> {
  const asked = question.trim();
  let query = looksLikeSql(asked) ? asked : sqlOfQuestion(asked, range);
  if (query === undefined && model) query = await sqlFromModel(model, asked, range);
  if (query === undefined)
    return {
      ok: false,
      query: '',
      reason:
        'Question non reconnue. Exemples : « Combien de visiteurs uniques ont consulté leur dossier entre le 1 mars et le 31 mars ? », « How many visitors declared a claim per brand? », ou une requête SELECT.',
    };
  query = query.replace(/;\s*$/, '');
  const verdict = await checkQuery(query);
  if (!verdict.ok) return { ok: false, query, reason: verdict.reason };

  await backfillActivitySummaries(db);
  let rows: Record<string, unknown>[] = [];
  let columns: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql.raw(`set local statement_timeout = '${STATEMENT_TIMEOUT}'`));
      await tx.execute(sql`set local search_path = bo_ai`);
      // On its own lines, so a trailing `-- comment` cannot swallow the wrapper.
      const wrapped = `select * from (\n${query}\n) as answer limit ${ROW_LIMIT}`;
      const cost = await estimatedCost(tx, wrapped);
      if (cost > MAX_PLAN_COST) throw new TooCostly(cost);
      const result = await tx.execute(sql.raw(wrapped));
      const answer = result as unknown as { rows: Record<string, unknown>[]; fields?: { name: string }[] };
      rows = answer.rows;
      // Both drivers name the columns, even when no row comes back.
      columns = answer.fields?.map((field) => field.name) ?? Object.keys(rows[0] ?? {});
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof TooCostly)
      return {
        ok: false,
        query,
        reason: `Requête refusée : trop coûteuse (coût estimé ${Math.round(error.cost).toLocaleString('fr-FR')}, limite ${MAX_PLAN_COST.toLocaleString('fr-FR')}). Restreignez les dates ou regroupez davantage.`,
      };
    if (!(error instanceof Rollback)) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return { ok: false, query, reason: `Requête refusée par la base : ${message}` };
    }
  }
  return {
    ok: true,
    query,
    columns,
    rows: rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? Number(value) : value,
        ]),
      ),
    ),
  };
}
