import {
  type BuildQueryConfig,
  Name,
  Param,
  Placeholder,
  type Query,
  SQL,
  type SQLChunk,
  StringChunk,
} from 'drizzle-orm';

/**
 * A statement whose text and parameters are built with less work than Drizzle's own builder, for
 * the hot paths (the statements marked with `prepared`, prepared-statements.ts).
 *
 * Drizzle asks of every chunk, one class after the other, which of a dozen it is (`is()`, walking
 * the chunk's prototypes for each class it is not): a claim submit's write statement (570 chunks,
 * 52 parameters) took 0.26-0.30 ms to build on a slow day, on the main thread, while the embedded
 * database waited for it. Here the chunks a statement is mostly made of (text, identifiers,
 * parameters, nested `sql`) are read with one `instanceof` each; any other chunk (a table, a
 * column, a list, a placeholder, inlined parameters…) is handed to Drizzle's builder, alone, at the
 * right parameter number. Typings are left out: the node-postgres and PGlite drivers never read
 * them. The text and the parameters are Drizzle's own (quick-sql.test.ts compares them).
 */
export class QuickSql extends SQL {
  override toQuery(config: BuildQueryConfig): Query {
    if (config.inlineParams || config.invokeSource !== undefined) return super.toQuery(config);
    const query: Query = { sql: '', params: [] };
    appendChunks(this.queryChunks, query, config);
    return query;
  }
}

/** Whether an `sql` chunk inlines its parameters (`sql.inlineParams()`): Drizzle then builds it. */
function inlinesParams(chunk: SQL): boolean {
  return (chunk as unknown as { shouldInlineParams?: boolean }).shouldInlineParams === true;
}

function appendChunks(chunks: readonly SQLChunk[], query: Query, config: BuildQueryConfig): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      query.sql += chunk.value.join('');
    } else if (chunk instanceof SQL && !inlinesParams(chunk)) {
      appendChunks(chunk.queryChunks, query, config);
    } else if (chunk instanceof Param && !(chunk.value instanceof Placeholder)) {
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) appendChunks([value], query, config);
      else appendValue(value, query, config);
    } else if (chunk instanceof Name) {
      query.sql += config.escapeName(chunk.value);
    } else if (chunk === undefined) {
      // Drizzle writes nothing for it either.
    } else if (chunk === null || (typeof chunk !== 'object' && typeof chunk !== 'function')) {
      appendValue(chunk, query, config);
    } else {
      const built = new SQL([chunk]).toQuery({ ...config, paramStartIndex: { value: query.params.length } });
      query.sql += built.sql;
      query.params.push(...built.params);
    }
  }
}

/** A value interpolated as a parameter, numbered as Drizzle numbers them. */
function appendValue(value: unknown, query: Query, config: BuildQueryConfig): void {
  query.sql += config.escapeParam(query.params.length, value);
  query.params.push(value);
}
