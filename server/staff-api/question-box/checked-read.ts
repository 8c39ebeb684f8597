/**
 * How the question box runs one checked query, the same way on both databases and in the worker
 * thread that reads the embedded database's snapshot (snapshot-worker.ts): inside a transaction
 * the caller opened, read-only, with search_path = bo_ai, as the role that can read the three
 * views only (reader-role.ts), with at most 1,000 rows, refused when the planner's cost is over
 * the cap, and (on a PostgreSQL server) cancelled by the server once 5 s have passed.
 *
 * This file imports nothing from the app: the worker thread loads it on its own.
 */

const ROW_LIMIT = 1_000;

/** A question never holds the database longer than this (DESIGN.md §3). */
export const ANSWER_TIME_LIMIT_MS = 5_000;

/**
 * The planner's estimated cost above which a query is refused before it runs. Not a time bound
 * (the cost model counts rows, not time: `count(*)` over 100 million generated rows stays under
 * it); it refuses the obviously huge at once, and the 5 s limit stops the rest.
 */
export const MAX_PLAN_COST = 1_500_000;

/** The role questions run as: it may read the three views of bo_ai and nothing else. */
export const READER_ROLE = 'bo_ai_reader';

/** What a statement answers, whichever driver runs it. */
export interface StatementResult {
  rows: Record<string, unknown>[];
  fields?: { name: string }[];
}

/** Runs one SQL statement in the caller's transaction; rejects with the database's error. */
export type ExecuteStatement = (text: string) => Promise<StatementResult>;

export type ReadOutcome =
  | { kind: 'rows'; columns: string[]; rows: Record<string, unknown>[] }
  | { kind: 'too-costly'; cost: number }
  /** Stopped after ANSWER_TIME_LIMIT_MS (statement_timeout, or the worker was terminated). */
  | { kind: 'interrupted' }
  /** The database refused it: `message` is its first line, without the query's values. */
  | { kind: 'failed'; message: string; code?: string };

/** PostgreSQL's query_canceled: statement_timeout fired. */
const QUERY_CANCELED = '57014';

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The planner's total cost of a query (EXPLAIN without running it). */
async function estimatedCost(execute: ExecuteStatement, query: string): Promise<number> {
  const result = await execute(`explain (format json) ${query}`);
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plans = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Total Cost'?: number } }[];
  return Number(plans[0]?.Plan?.['Total Cost'] ?? Number.POSITIVE_INFINITY);
}

/**
 * Runs a query the guard accepted, in the caller's open transaction (which the caller rolls back
 * afterwards). `asReader`: switch to READER_ROLE (false only where the role could not be set up).
 * The statement timeout is set before each statement to what is left of the 5 s, so EXPLAIN and
 * the query together stay within them; PGlite ignores it, its worker is terminated instead.
 */
export async function readWithinLimits(
  execute: ExecuteStatement,
  query: string,
  options: { asReader: boolean },
): Promise<ReadOutcome> {
  const deadline = Date.now() + ANSWER_TIME_LIMIT_MS;
  const limitTime = () => execute(`set local statement_timeout = ${Math.max(1, deadline - Date.now())}`);
  try {
    await execute('set transaction read only');
    await execute('set local search_path = bo_ai');
    if (options.asReader) await execute(`set local role ${READER_ROLE}`);
    // On its own lines, so a trailing `-- comment` cannot swallow the wrapper.
    const wrapped = `select * from (\n${query}\n) as answer limit ${ROW_LIMIT}`;
    await limitTime();
    const cost = await estimatedCost(execute, wrapped);
    if (cost > MAX_PLAN_COST) return { kind: 'too-costly', cost };
    await limitTime();
    const result = await execute(wrapped);
    // Both drivers name the columns, even when no row comes back.
    const columns = result.fields?.map((field) => field.name) ?? Object.keys(result.rows[0] ?? {});
    return { kind: 'rows', columns, rows: result.rows };
  } catch (error) {
    const code = codeOf(error);
    if (code === QUERY_CANCELED) return { kind: 'interrupted' };
    return { kind: 'failed', message: firstLine(error), ...(code === undefined ? {} : { code }) };
  }
}
