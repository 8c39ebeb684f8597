import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { QuickSql } from './quick-sql.ts';
import { MARK, STALE_STATEMENT, statementName } from './statement-marks.ts';

/**
 * Prepared statements for the hot paths (a claim submit's two statements): on PostgreSQL, a
 * statement marked with `prepared(name, query)` is sent as a named prepared statement, parsed and
 * planned once per connection, then only bound and run (PostgreSQL keeps its generic plan once
 * five runs have shown it is no worse). Planning was 40 % of the database's work on a submit: its
 * write statement writes five tables through data-modifying CTEs.
 *
 * Only statements whose text takes a few shapes are marked (their values are parameters): each
 * shape is one prepared statement per connection, kept as long as the connection. The name is
 * the mark's and a hash of the whole text, so two shapes never share one. A marked statement
 * names its result columns instead of `*`: a column added by a migration while a process holds
 * the statement would otherwise change its result type, which PostgreSQL refuses. Should the
 * server still refuse it (a prepared statement dropped by `DISCARD ALL`, or a result type
 * changed), the client prepares it again under a new name from the next run on.
 *
 * The embedded database prepares them too, inside transactions (embedded-prepared-statements.ts).
 */

/**
 * `query`, marked to run as the prepared statement `name` (lowercase letters, digits and dashes),
 * and built into text by the quick builder (quick-sql.ts): a marked statement is on a hot path.
 */
export function prepared(name: string, query: SQL): SQL {
  if (!MARK.test(`/* prepared ${name} */`)) throw new RangeError(`Invalid prepared statement name: ${name}`);
  return new QuickSql(sql`${sql.raw(`/* prepared ${name} */`)} ${query}`.queryChunks);
}

type QueryConfig = { text: string; name?: string };

function isQueryConfig(value: unknown): value is QueryConfig {
  return typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';
}

/**
 * A pg client that sends marked statements as named prepared statements (the pool's `Client`).
 * Each connection keeps its own names; a name refused as stale is replaced by the next generation.
 */
export class PreparingClient extends pg.Client {
  #generation = 0;
  readonly #names = new Map<string, string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const send = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, ...rest: unknown[]) => {
      if (!isQueryConfig(config) || config.name !== undefined) return send(config, ...rest);
      const name = this.#nameOf(config.text);
      if (name === undefined) return send(config, ...rest);
      const stale = (error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && STALE_STATEMENT.has(code)) {
          this.#generation += 1;
          this.#names.clear();
        }
      };
      // The pool passes a callback; a checked-out client (Drizzle's transactions) awaits a promise.
      const last = rest.at(-1);
      if (typeof last === 'function') {
        const callback = last as (error: unknown, ...results: unknown[]) => unknown;
        return send({ ...config, name }, ...rest.slice(0, -1), (error: unknown, ...results: unknown[]) => {
          if (error) stale(error);
          return callback(error, ...results);
        });
      }
      const result = send({ ...config, name }, ...rest);
      if (result instanceof Promise) result.catch(stale);
      return result;
    }) as typeof this.query;
  }

  #nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined) {
      name = statementName(text, this.#generation);
      if (name !== undefined) this.#names.set(text, name);
    }
    return name;
  }
}
