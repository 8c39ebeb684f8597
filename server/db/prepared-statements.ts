import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { QuickSql } from './quick-sql.ts';

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
 * The embedded database prepares them too, inside transactions (preparingOnPglite).
 */

const MARK = /^\/\* prepared ([a-z][a-z0-9-]{0,30}) \*\//;

/**
 * `query`, marked to run as the prepared statement `name` (lowercase letters, digits and dashes),
 * and built into text by the quick builder (quick-sql.ts): a marked statement is on a hot path.
 */
export function prepared(name: string, query: SQL): SQL {
  if (!MARK.test(`/* prepared ${name} */`)) throw new RangeError(`Invalid prepared statement name: ${name}`);
  return new QuickSql(sql`${sql.raw(`/* prepared ${name} */`)} ${query}`.queryChunks);
}

/** Whether a statement's text is marked with `prepared` (one of the hot paths' own statements). */
export function isMarkedStatement(text: string): boolean {
  return MARK.test(text);
}

/** The server-side name of a marked statement's `text` (mark, hash of the text, generation), or undefined unmarked. */
function statementName(text: string, generation: number): string | undefined {
  const mark = MARK.exec(text)?.[1];
  if (mark === undefined) return undefined;
  return `${mark}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}-${generation}`;
}

/**
 * SQLSTATEs after which a named statement is prepared again: `26000` the server no longer knows
 * it, `0A000` its cached plan would change its result type.
 */
const STALE_STATEMENT = new Set(['26000', '0A000']);

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

/** The wire protocol messages PGlite answers. */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A prepared statement of the embedded database: its name and its parameters' types. */
interface EmbeddedStatement {
  name: string;
  parameterTypes: number[];
}

/**
 * The embedded database (PGlite) running marked statements as prepared statements too, inside
 * transactions (where the submit's statements run): the first run parses the statement under its
 * name and reads its parameters' types, later runs only bind and run it, through the same wire
 * protocol steps PGlite's own `query` takes, in its query lock. Outside a transaction a marked
 * statement runs as any other (PGlite then also writes its files after it).
 */
export function preparingOnPglite(client: PGlite): PGlite {
  const statements = new Map<string, EmbeddedStatement>();
  let generation = 0;
  const step = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  /**
   * The client's parsers with the query's own on top (Drizzle passes four, for dates and
   * intervals). PGlite would copy all of the client's (some 300) into a new object for each
   * result: a query's own parsers are laid over them instead, which the result reads the same way.
   */
  const parsersOf = (options: QueryOptions | undefined): typeof client.parsers =>
    options?.parsers === undefined
      ? client.parsers
      : Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers);

  const run = (text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> =>
    client._runExclusiveQuery(async () => {
      const messages: BackendMessage[] = [];
      let statement = statements.get(text);
      /** Parsed under its name but not yet described: a failure there leaves the name taken. */
      let halfPrepared = false;
      try {
        if (statement === undefined) {
          const name = statementName(text, generation) ?? '';
          halfPrepared = true;
          await step(protocol.serialize.parse({ name, text }));
          const parameterTypes = parse.parseDescribeStatementResults(
            await step(protocol.serialize.describe({ type: 'S', name })),
          );
          statement = { name, parameterTypes };
          statements.set(text, statement);
          halfPrepared = false;
        }
        const types = statement.parameterTypes;
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const type = types[index] ?? 0;
          const serialize = options?.serializers?.[type] ?? client.serializers[type];
          return serialize ? serialize(value) : String(value);
        });
        messages.push(...(await step(protocol.serialize.bind({ statement: statement.name, values }))));
        messages.push(...(await step(protocol.serialize.describe({ type: 'P' }))));
        messages.push(...(await step(protocol.serialize.execute({}))));
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        // Forgotten by the server: every name goes. Prepared half-way: its name may be taken.
        // Either way the next try takes a new name.
        const stale = typeof code === 'string' && STALE_STATEMENT.has(code);
        if (stale) statements.clear();
        if (stale || halfPrepared) generation += 1;
        throw error;
      } finally {
        await step(protocol.serialize.sync());
      }
      const { parsers: _laidOver, ...resultOptions } = options ?? {};
      const [result] = parse.parseResults(messages, parsersOf(options), resultOptions);
      if (result === undefined) throw new Error('The prepared statement answered no result.');
      return result;
    });

  const withPreparedQueries = (transaction: Transaction): Transaction =>
    new Proxy(transaction, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property !== 'query' || typeof value !== 'function') return value;
        return (text: unknown, ...rest: unknown[]) =>
          typeof text === 'string' && MARK.test(text) && !target.closed
            ? run(text, rest[0] as unknown[] | undefined, rest[1] as QueryOptions | undefined)
            : Reflect.apply(value, target, [text, ...rest]);
      },
    });

  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite's methods read its private fields: called on it, never on this proxy.
      if (property !== 'transaction') return value.bind(target);
      return <T>(callback: (transaction: Transaction) => Promise<T>) =>
        Reflect.apply(value, target, [
          (transaction: Transaction) => callback(withPreparedQueries(transaction)),
        ]) as Promise<T>;
    },
  });
}
