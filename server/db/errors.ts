/**
 * Reading database errors the same way on both drivers, and logging them without personal data.
 *
 * Both drivers throw the PostgreSQL protocol's DatabaseError (with `code`, the SQLSTATE), but
 * Drizzle wraps it in a DrizzleQueryError whose message and `params` carry the query's values
 * (names, e-mails…), and the server's `detail` quotes key values too. Never log either: log
 * `loggableDatabaseError(error)`.
 */

/** The PostgreSQL error fields that never carry values. */
interface DatabaseErrorSummary {
  name: string;
  /** SQLSTATE. Example: "23505" (unique violation). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** The stack frames of the error as thrown, without its message. */
  stack?: string;
}

/** SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505';

interface ProtocolError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  severity?: unknown;
}

/** The PostgreSQL error itself: the error, or the `cause` Drizzle wrapped it in. */
function protocolErrorOf(error: unknown): ProtocolError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as ProtocolError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && 'severity' in candidate) {
      return candidate;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error (wrapped or not), or undefined for other errors. */
export function sqlStateOf(error: unknown): string | undefined {
  const code = protocolErrorOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is a unique violation, of the named constraint or index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = protocolErrorOf(error);
  return found?.code === UNIQUE_VIOLATION && (constraint === undefined || found.constraint === constraint);
}

/**
 * What may be logged of a database error: SQLSTATE, constraint, table, column, routine and stack
 * frames; no message (PostgreSQL quotes bad input in some), query parameters or detail. Other
 * errors are returned unchanged.
 */
export function loggableDatabaseError(error: unknown): unknown {
  const found = protocolErrorOf(error);
  if (!found) return error;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const summary: DatabaseErrorSummary = { name: 'DatabaseError' };
  for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
    const value = text(found[key]);
    if (value !== undefined) summary[key] = value;
  }
  const stack = (error as { stack?: unknown }).stack;
  if (typeof stack === 'string') {
    // Frames end with `file:line:column`; lines of the message (which quotes values) do not.
    const frames = stack.split('\n').filter((line) => /^ {4}at \S.*:\d+:\d+\)?$/.test(line));
    summary.stack = ['DatabaseError', ...frames].join('\n');
  }
  return summary;
}
