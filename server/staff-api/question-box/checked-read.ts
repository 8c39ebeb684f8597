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

/**
 * An answer's rows never weigh more than this, serialised (every input is bounded):
 * the database measures them before sending any (so a value of hundreds of megabytes never
 * crosses to the portal's thread), and the reader measures their JSON again before posting them.
 */
export const ANSWER_BYTE_LIMIT = 1_048_576;

/** A database's message is shown to staff up to this length (it may quote a value of any size). */
const MESSAGE_LIMIT = 300;

/** Names of the wrapper's own columns: never a view's, and removed from the answer. */
const BYTES_COLUMN = 'question_box_answer_bytes';
const POSITION_COLUMN = 'question_box_answer_position';

/** A question never holds the database longer than this, so staff questions cannot stall the portal. */
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
  /** The rows weigh more than ANSWER_BYTE_LIMIT (`bytes`: what they weigh, at least). None is sent. */
  | { kind: 'too-large'; bytes: number }
  /** The worker reading the snapshot was stopped at its memory limit. */
  | { kind: 'memory-limit' }
  /** Stopped after ANSWER_TIME_LIMIT_MS (statement_timeout, or the worker was terminated). */
  | { kind: 'interrupted' }
  /** The database refused it: `message` is its first line, without the query's values. */
  | { kind: 'failed'; message: string; code?: string };

/** What a question reader answers (readers.ts on a PostgreSQL server, snapshot-reader.ts on the embedded database). */
export interface ReaderAnswer {
  outcome:
    | ReadOutcome
    /** Too many questions in line (embedded database). */
    | { kind: 'busy' }
    /** The database could not be reached, or its snapshot not taken. */
    | { kind: 'unavailable' };
  /** When the data read was copied, when it is a snapshot. */
  dataAsOf?: Date;
}

/** Runs the questions the guard accepted, on a PostgreSQL server or on a snapshot of the embedded database. */
export interface QuestionReader {
  /** Runs one query the guard accepted. Never rejects. */
  read(query: string): Promise<ReaderAnswer>;
  /** Makes ready in the background what the first question needs (the embedded database's snapshot). */
  prepare(): void;
  /** Stops the reader's worker and removes its snapshot, if it has them. */
  close(): Promise<void>;
}

/** PostgreSQL's query_canceled: statement_timeout fired. */
const QUERY_CANCELED = '57014';

/** The first line of an error, cut to MESSAGE_LIMIT characters. */
export function firstLine(error: unknown): string {
  const line = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
  return line.length > MESSAGE_LIMIT ? `${line.slice(0, MESSAGE_LIMIT)}…` : line;
}

/**
 * The query inside the wrapper that bounds its answer: at most ROW_LIMIT rows, and none at all
 * when their text weighs more than ANSWER_BYTE_LIMIT. Always one row more than the answer's at
 * least: BYTES_COLUMN (the weight of all the rows) and POSITION_COLUMN (null when no row is sent),
 * so the weight is known even when nothing is sent. The query sits on its own lines, so that a
 * trailing `-- comment` cannot swallow the wrapper.
 */
function boundedQuery(query: string): string {
  return `with question_box_answer as (select * from (
${query}
) as question_box_answer limit ${ROW_LIMIT})
select (kept.question_box_row).*, total.bytes as ${BYTES_COLUMN}, kept.position as ${POSITION_COLUMN}
from (select coalesce(sum(octet_length(each_row::text)), 0)::bigint as bytes from question_box_answer each_row) total
left join (select each_row as question_box_row, row_number() over () as position from question_box_answer each_row) kept
  on total.bytes <= ${ANSWER_BYTE_LIMIT}
order by kept.position`;
}

/** The JSON weight of rows, as the portal will send them (a bigint counts as its digits). */
function jsonBytes(rows: readonly Record<string, unknown>[]): number {
  return Buffer.byteLength(
    JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  );
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
    const wrapped = boundedQuery(query);
    await limitTime();
    const cost = await estimatedCost(execute, wrapped);
    if (cost > MAX_PLAN_COST) return { kind: 'too-costly', cost };
    await limitTime();
    const result = await execute(wrapped);
    const bytes = Number(result.rows[0]?.[BYTES_COLUMN] ?? 0);
    if (bytes > ANSWER_BYTE_LIMIT) return { kind: 'too-large', bytes };
    // Both drivers name the columns, even when no row comes back; the last two are the wrapper's.
    const columns = (result.fields?.map((field) => field.name) ?? Object.keys(result.rows[0] ?? {})).slice(0, -2);
    const rows = result.rows
      .filter((row) => row[POSITION_COLUMN] !== null && row[POSITION_COLUMN] !== undefined)
      .map(({ [BYTES_COLUMN]: _bytes, [POSITION_COLUMN]: _position, ...row }) => row);
    // Text escaped in JSON may weigh more than in the database's measure: measured again as sent.
    const sent = jsonBytes(rows);
    if (sent > ANSWER_BYTE_LIMIT) return { kind: 'too-large', bytes: sent };
    return { kind: 'rows', columns, rows };
  } catch (error) {
    const code = codeOf(error);
    if (code === QUERY_CANCELED) return { kind: 'interrupted' };
    return { kind: 'failed', message: firstLine(error), ...(code === undefined ? {} : { code }) };
  }
}
