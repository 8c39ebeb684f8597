import { parse } from 'libpg-query';

/**
 * The question box's gate for SQL, generated or typed (spec 3 "AI question box", DESIGN.md §2):
 * PostgreSQL's own parser (libpg-query) reads the text, and it is accepted only as ONE SELECT over
 * the allow-listed views of schema `bo_ai` (views.ts), calling only plain functions, with no
 * parameter, no `INTO`, no locking and no cast to a catalogue type. Anything the walk does not
 * know is refused. The database then runs it read-only (service.ts): the gate says why a query
 * is refused, the transaction makes sure nothing is written even if the gate missed something.
 */

export const MAX_QUERY_LENGTH = 4_000;

/** The views a query may read (schema bo_ai). */
export const ALLOWED_RELATIONS = new Set(['sessions', 'visits', 'reports']);

/** Plain functions: aggregates, dates, text and numbers. No function with a side effect. */
const ALLOWED_FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'round',
  'floor',
  'ceil',
  'abs',
  'coalesce',
  'nullif',
  'greatest',
  'least',
  'lower',
  'upper',
  'length',
  'substring',
  'replace',
  'concat',
  'left',
  'right',
  'trim',
  'date_trunc',
  'date_part',
  'extract',
  'to_char',
  'now',
  'make_date',
  'make_interval',
  'percentile_cont',
  'percentile_disc',
  'stddev',
  'bool_and',
  'bool_or',
  'string_agg',
  'array_agg',
  'row_number',
  'rank',
  'dense_rank',
  'lag',
  'lead',
  'generate_series',
  'timezone',
]);

/** Types a value may be cast to. */
const ALLOWED_TYPES = new Set([
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'float4',
  'float8',
  'real',
  'text',
  'varchar',
  'bpchar',
  'char',
  'bool',
  'boolean',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'interval',
]);

/** SQLValueFunction operations allowed (CURRENT_DATE and the like, not CURRENT_USER). */
const ALLOWED_VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

/** Node types that never belong in a read of the views. */
const REFUSED_NODES = new Set([
  'InsertStmt',
  'UpdateStmt',
  'DeleteStmt',
  'MergeStmt',
  'ParamRef',
  'RangeFunction',
  'RangeTableFunc',
  'RangeTableSample',
  'XmlExpr',
  'XmlSerialize',
  'CurrentOfExpr',
]);

export type GuardVerdict = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): GuardVerdict => ({ ok: false, reason: `Requête refusée : ${reason}` });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function names(list: Json | undefined): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const string = (item as { String?: { sval?: string } } | null)?.String;
    return (string?.sval ?? '').toLowerCase();
  });
}

export async function checkQuery(text: string): Promise<GuardVerdict> {
  if (text.length > MAX_QUERY_LENGTH) return refuse(`trop longue (plus de ${MAX_QUERY_LENGTH} caractères).`);
  if (text.includes('\u0000')) return refuse('caractère nul.');
  let tree: { stmts?: { stmt?: Record<string, Json> }[] };
  try {
    tree = (await parse(text)) as unknown as typeof tree;
  } catch {
    return refuse('ce n’est pas du SQL valide.');
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) return refuse('une seule instruction est acceptée.');
  const statement = statements[0]?.stmt ?? {};
  if (Object.keys(statement)[0] !== 'SelectStmt') return refuse('seule une instruction SELECT est acceptée.');

  // Names of the query's own CTEs (WITH x AS (…)), readable like the views.
  const cteNames = new Set<string>();
  const collectCtes = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(collectCtes);
    else if (node && typeof node === 'object') {
      const cte = (node as { CommonTableExpr?: { ctename?: string } }).CommonTableExpr;
      if (cte?.ctename) cteNames.add(cte.ctename.toLowerCase());
      for (const value of Object.values(node)) collectCtes(value);
    }
  };
  collectCtes(statement);

  let verdict: GuardVerdict = { ok: true };
  const walk = (node: Json): void => {
    if (!verdict.ok || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!verdict.ok) return;
      if (REFUSED_NODES.has(key)) {
        verdict = refuse(key.endsWith('Stmt') ? 'seule la lecture est permise.' : `construction non permise (${key}).`);
        return;
      }
      if (key === 'intoClause') {
        verdict = refuse('SELECT … INTO n’est pas permis.');
        return;
      }
      if (key === 'withClause' && (value as { recursive?: boolean } | null)?.recursive) {
        // A recursive query's cost cannot be estimated: it could run for ever on the embedded database.
        verdict = refuse('WITH RECURSIVE n’est pas permis.');
        return;
      }
      if (key === 'lockingClause') {
        verdict = refuse('FOR UPDATE / FOR SHARE ne sont pas permis.');
        return;
      }
      if (key === 'RangeVar') {
        const relation = value as { relname?: string; schemaname?: string; catalogname?: string };
        const name = (relation.relname ?? '').toLowerCase();
        const schema = relation.schemaname?.toLowerCase();
        if (relation.catalogname || (schema !== undefined && schema !== 'bo_ai')) {
          verdict = refuse(
            `la table « ${schema ?? ''}.${name} » n’est pas permise ; lisez sessions, visits ou reports.`,
          );
          return;
        }
        if (!ALLOWED_RELATIONS.has(name) && !(schema === undefined && cteNames.has(name))) {
          verdict = refuse(`la table « ${name} » n’est pas permise ; lisez sessions, visits ou reports.`);
          return;
        }
      }
      if (key === 'FuncCall') {
        const parts = names((value as { funcname?: Json }).funcname);
        const name = parts.at(-1) ?? '';
        const schema = parts.length > 1 ? parts[0] : undefined;
        if ((schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name)) {
          verdict = refuse(`la fonction « ${parts.join('.')} » n’est pas permise.`);
          return;
        }
      }
      if (key === 'TypeCast' || key === 'TypeName') {
        const typeName = key === 'TypeName' ? value : (value as { typeName?: Json }).typeName;
        const parts = names((typeName as { names?: Json } | null)?.names);
        const name = parts.at(-1) ?? '';
        if (parts.length > 0 && !ALLOWED_TYPES.has(name)) {
          verdict = refuse(`le type « ${name} » n’est pas permis.`);
          return;
        }
      }
      if (key === 'SQLValueFunction') {
        const op = (value as { op?: string }).op ?? '';
        if (!ALLOWED_VALUE_FUNCTIONS.has(op)) {
          verdict = refuse('cette fonction système n’est pas permise.');
          return;
        }
      }
      walk(value);
    }
  };
  walk(statement);
  return verdict;
}
