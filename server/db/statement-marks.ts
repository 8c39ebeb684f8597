import { createHash } from 'node:crypto';

/**
 * The mark of a hot path's statement (`prepared` in prepared-statements.ts) and the name it is
 * prepared under, on PostgreSQL and in the embedded database alike. Apart from both, so that the
 * embedded database's thread (embedded-worker.ts) loads neither Drizzle nor pg.
 */

export const MARK = /^\/\* prepared ([a-z][a-z0-9-]{0,30}) \*\//;

/** Whether a statement's text is marked with `prepared` (one of the hot paths' own statements). */
export function isMarkedStatement(text: string): boolean {
  return MARK.test(text);
}

/** The server-side name of a marked statement's `text` (mark, hash of the text, generation), or undefined unmarked. */
export function statementName(text: string, generation: number): string | undefined {
  const mark = MARK.exec(text)?.[1];
  if (mark === undefined) return undefined;
  return `${mark}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}-${generation}`;
}

/**
 * SQLSTATEs after which a named statement is prepared again: `26000` the server no longer knows
 * it, `0A000` its cached plan would change its result type.
 */
export const STALE_STATEMENT = new Set(['26000', '0A000']);
