import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database (PGlite) run in a worker thread (embedded-worker.ts), seen from the main
 * thread as the PGlite client Drizzle drives: `query`, `exec`, `transaction`, `dataDir`.
 *
 * PGlite runs each statement synchronously in WebAssembly: in the main thread, that held
 * everything else (a burst of queries ran as one chain of microtasks, a timer waited seconds
 * behind it) and left the second core idle while the portal's own JavaScript waited. In a worker,
 * the database works while the main thread answers other requests, and timers, signals and
 * sockets are served between and during queries.
 *
 * Calls are posted at once and run in the order made, under PGlite's own locks: a transaction's
 * statements run inside it, and any other call waits for its end (query through the transaction's
 * handle only, as with PGlite itself). BEGIN is not answered, and is posted with the transaction's
 * first statement: a transaction costs one message each way less, and holds the database only
 * from the moment it has something to run. A query's parsers run here,
 * on the text PostgreSQL sent for their types.
 *
 * A transaction's statement marked as prepared (a hot path's own, prepared-statements.ts) may say
 * that it is the transaction's last: its one row has a true `ends_transaction` column
 * (`ENDS_TRANSACTION`). The worker then commits right after it, before
 * answering, instead of holding the database until the main thread has read the answer and sent
 * the end: PGlite runs one transaction at a time, and under load that wait (the main thread busy
 * with other requests) was about a millisecond of each claim submit's 5 to 8. The transaction is
 * then over: a later statement through its handle fails, its end is not sent, and an error thrown
 * by the callback after that statement rolls nothing back. A false or missing column, or an
 * unmarked statement (such as a question box's query), changes nothing; on PostgreSQL
 * (node-postgres) the column is only read by the caller.
 */

/** The column by which a transaction's statement says that nothing follows it (see above). */
export const ENDS_TRANSACTION = 'ends_transaction';

export type EmbeddedRequest = { id: number } & (
  | { op: 'open'; folder: string }
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types the worker leaves as text: the caller's parsers for them run here. */
      keepTextOf: number[];
      /** The transaction it belongs to, if any. */
      transaction?: number;
    }
  | { op: 'exec'; text: string; transaction?: number }
  /** The one request never answered (its `id` is 0). */
  | { op: 'begin'; transaction: number }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'close' }
);

/** An error of the worker: its name, message, and PostgreSQL's fields (code, severity, constraint…). */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number>;
}

export type EmbeddedReply = { id: number } & (
  | {
      ok: true;
      value: unknown;
      /** The statement ended its transaction (`ENDS_TRANSACTION`): the worker has committed it. */
      ended?: true;
    }
  | { ok: false; error: WireError }
);

/** What an answered request resolves with: its value, and whether it ended its transaction. */
type Answer = { value: unknown; ended: boolean };

/** Distributes the request type over its variants, so that each keeps its own fields without `id`. */
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

/** The worker stopped: every call then fails with this. */
class EmbeddedDatabaseStoppedError extends Error {
  override name = 'EmbeddedDatabaseStoppedError';
}

function rebuilt(error: WireError): Error {
  const rebuiltError = new Error(error.message);
  Object.assign(rebuiltError, error.fields);
  rebuiltError.name = error.name;
  return rebuiltError;
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parsed(result: Results, options: QueryOptions | undefined): Results {
  const parsers = options?.parsers;
  if (parsers === undefined) return result;
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] }))
    .filter((column) => column.parse !== undefined);
  if (columns.length === 0) return result;
  const arrays = options?.rowMode === 'array';
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { index, name, parse } of columns) {
      const key = arrays ? index : name;
      const value = row[key];
      if (typeof value === 'string' && parse) row[key] = parse(value);
    }
  }
  return result;
}

export class EmbeddedClient {
  readonly dataDir: string;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #stopped: Error | undefined;
  /** Set by `close`: the worker's end is then expected, not reported. */
  #closing = false;
  #nextTransaction = 1;

  private constructor(dataDir: string, onStop: (error: Error) => void) {
    this.dataDir = dataDir;
    this.#worker = new Worker(new URL('./embedded-worker.ts', import.meta.url));
    this.#worker.on('message', (reply: EmbeddedReply) => {
      const waiting = this.#pending.get(reply.id);
      if (waiting === undefined) return;
      this.#pending.delete(reply.id);
      if (reply.ok) waiting.resolve({ value: reply.value, ended: reply.ended === true });
      else waiting.reject(rebuilt(reply.error));
    });
    const stop = (error: Error) => {
      if (this.#stopped) return;
      this.#stopped = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      if (!this.#closing) onStop(error);
    };
    this.#worker.on('error', (error) =>
      stop(new EmbeddedDatabaseStoppedError(`The embedded database failed: ${error.message}`)),
    );
    this.#worker.on('exit', (code) =>
      stop(new EmbeddedDatabaseStoppedError(`The embedded database stopped (exit code ${code}).`)),
    );
  }

  /** Starts the worker and opens the database in `folder`. `onStop` hears of a worker that stops unasked. */
  static async open(folder: string, onStop: (error: Error) => void = () => {}): Promise<EmbeddedClient> {
    const client = new EmbeddedClient(folder, onStop);
    try {
      await client.#send({ op: 'open', folder });
    } catch (error) {
      client.#closing = true;
      await client.#worker.terminate();
      throw error;
    }
    return client;
  }

  #send(request: Unsent<EmbeddedRequest>): Promise<unknown> {
    return this.#ask(request).then((answer) => answer.value);
  }

  #ask(request: Unsent<EmbeddedRequest>): Promise<Answer> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter structured cloning cannot copy (a function): this call fails, alone.
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  /** A query; `onEnded` hears that it ended its transaction (`ENDS_TRANSACTION`). */
  #query<T>(
    transaction: number | undefined,
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
    onEnded?: () => void,
  ): Promise<Results<T>> {
    const keepTextOf = options?.parsers === undefined ? [] : Object.keys(options.parsers).map(Number);
    return this.#ask({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode ?? 'object',
      keepTextOf,
      ...(transaction === undefined ? {} : { transaction }),
    }).then(({ value, ended }) => {
      if (ended) onEnded?.();
      return parsed(value as Results, options) as Results<T>;
    });
  }

  #exec(transaction: number | undefined, text: string): Promise<Results[]> {
    return this.#send({ op: 'exec', text, ...(transaction === undefined ? {} : { transaction }) }) as Promise<
      Results[]
    >;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#exec(undefined, text);
  }

  async transaction<T>(callback: (transaction: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTransaction++;
    if (this.#stopped) throw this.#stopped;
    // Posted with the transaction's first message, not before: the worker holds the database from
    // BEGIN on, and would otherwise wait while the caller builds its first statement. Not
    // answered: a BEGIN that fails fails the transaction's first statement, or its end.
    let begun = false;
    const begin = () => {
      if (begun || this.#stopped) return;
      begun = true;
      this.#worker.postMessage({ op: 'begin', transaction: id, id: 0 } satisfies EmbeddedRequest);
    };
    let closed = false;
    /** Committed by the worker after a statement that ended it (`ENDS_TRANSACTION`). */
    let ended = false;
    const over = () => Promise.reject(new Error('This transaction has ended: its last statement committed it.'));
    const handle = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (ended) return over();
        begin();
        return this.#query<R>(id, text, params, options, () => {
          ended = true;
        });
      },
      exec: (text: string) => {
        if (ended) return over();
        begin();
        return this.#exec(id, text);
      },
      rollback: async () => {
        throw new Error('Roll back by throwing from the transaction callback.');
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      closed = true;
      if (begun && !ended) await this.#send({ op: 'end', transaction: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    if (ended) return result;
    begin();
    await this.#send({ op: 'end', transaction: id, commit: true });
    return result;
  }

  /** Closes the database, then stops the worker. Idempotent. */
  async close(): Promise<void> {
    this.#closing = true;
    if (!this.#stopped) await this.#send({ op: 'close' }).catch(() => {});
    await this.#worker.terminate();
  }

  /** This client as the PGlite Drizzle expects: it calls only `query` and `transaction` (and `exec`). */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
