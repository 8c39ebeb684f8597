import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { isMarkedStatement, STALE_STATEMENT, statementName } from './statement-marks.ts';

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
          typeof text === 'string' && isMarkedStatement(text) && !target.closed
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
