import { staffText } from '../../i18n/public.ts';
import { parse } from 'libpg-query';

/**
 * The question box's gate for SQL, generated or typed (spec 3 "AI question box"):
 * PostgreSQL's own parser (libpg-query) reads the text, and it is accepted only as ONE SELECT over
 * the allow-listed views of schema `bo_ai` (migration 0008), built of allow-listed node types,
 * operators and plain functions, with no parameter, no `INTO`, no locking, no regular expression,
 * no cast to a catalogue type, and nothing that makes a value much larger than the query (an
 * inflating function, a long series, many joins of values). Anything the walk does not know is
 * refused. The gate says why
 * a query is refused; it is not the only wall: the query then runs read-only, as a role that can
 * read the three views only, within 5 s (service.ts), so a query the gate wrongly accepts can
 * still neither write, nor read anything else, nor hold the database.
 */

const MAX_QUERY_LENGTH = 4_000;

/** The views a query may read (schema bo_ai). */
const ALLOWED_RELATIONS = new Set(['sessions', 'visits', 'reports']);

/**
 * Plain functions: aggregates, dates, text and numbers. No function with a side effect, and none
 * that can make a value much larger than the query that asks for it (INFLATING_FUNCTIONS).
 */
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
  'concat',
  'left',
  'right',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
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
  'row_number',
  'rank',
  'dense_rank',
  'lag',
  'lead',
  'generate_series',
  'timezone',
]);

/**
 * Functions refused with a reason of their own: each can turn a short query into a value of
 * hundreds of megabytes (nested `replace` multiplies a text at each level; an aggregate into one
 * text or array gathers a whole cross join), which the database would build and the portal carry.
 * Listed so that the refusal says why; the allow-list above refuses them anyway.
 */
const INFLATING_FUNCTIONS = new Set([
  'replace',
  'repeat',
  'lpad',
  'rpad',
  'overlay',
  'translate',
  'format',
  'string_agg',
  'array_agg',
  'json_agg',
  'jsonb_agg',
  'json_object_agg',
  'jsonb_object_agg',
  'xmlagg',
  'array_fill',
  'array_to_string',
  'string_to_array',
]);

/**
 * Joins of values a query may make: `||`, each argument of `concat` after the first, each
 * non-constant field of a ROW or element of an ARRAY after the first. Each can double a value,
 * and a chain of CTEs doubles it again at each step (`with b as (select s || s from a), c as
 * (select s || s from b)…`): within this budget a 4,000-character query builds at most 2^8 times
 * itself, about 1 MB.
 */
const MAX_VALUE_JOINS = 8;

/** The values a set-returning function may give: enough for a year of hours or a range of days. */
const MAX_SERIES_VALUES = 1_000_000;

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

/**
 * The node types a read of the views is made of (libpg-query's JSON names a node by its type, in
 * PascalCase, where a field may hold any node). Anything else (a write inside a CTE, a function in
 * FROM, XML, JSON_TABLE, a parameter…) is refused, including node types a later parser adds.
 */
const ALLOWED_NODES = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'A_Const',
  'A_Star',
  'A_Expr',
  'A_ArrayExpr',
  'A_Indices',
  'A_Indirection',
  'BoolExpr',
  'BooleanTest',
  'NullTest',
  'CaseExpr',
  'CaseWhen',
  'CoalesceExpr',
  'MinMaxExpr',
  'FuncCall',
  'TypeCast',
  'RangeVar',
  'RangeSubselect',
  'JoinExpr',
  'SortBy',
  'SubLink',
  'WindowDef',
  'GroupingSet',
  'GroupingFunc',
  'SQLValueFunction',
  'RowExpr',
  'CommonTableExpr',
  'List',
  'String',
  'Integer',
  'Float',
  'Boolean',
]);

/** Node types refused with a reason of their own (the allow-list refuses every other). */
const REFUSED_STATEMENTS = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

/**
 * Operators by kind of expression. Comparison, arithmetic, `||`, LIKE/ILIKE, IN, BETWEEN,
 * IS [NOT] DISTINCT FROM, NULLIF and `= ANY (…)`. Regular expressions (`~`, `~*`, `!~`,
 * SIMILAR TO) are refused: a pattern can backtrack for hours on a short text, and no cost
 * estimate sees it coming.
 */
const COMPARISONS = ['=', '<>', '!=', '<', '>', '<=', '>='];
const ALLOWED_OPERATORS: Record<string, ReadonlySet<string>> = {
  AEXPR_OP: new Set([...COMPARISONS, '+', '-', '*', '/', '%', '||']),
  AEXPR_OP_ANY: new Set(COMPARISONS),
  AEXPR_OP_ALL: new Set(COMPARISONS),
  AEXPR_DISTINCT: new Set(['=']),
  AEXPR_NOT_DISTINCT: new Set(['=']),
  AEXPR_NULLIF: new Set(['=']),
  AEXPR_IN: new Set(['=', '<>']),
  AEXPR_LIKE: new Set(['~~', '!~~']),
  AEXPR_ILIKE: new Set(['~~*', '!~~*']),
  AEXPR_BETWEEN: new Set(['BETWEEN']),
  AEXPR_NOT_BETWEEN: new Set(['NOT BETWEEN']),
  AEXPR_BETWEEN_SYM: new Set(['BETWEEN SYMMETRIC']),
  AEXPR_NOT_BETWEEN_SYM: new Set(['NOT BETWEEN SYMMETRIC']),
};

/**
 * Set-returning functions: their rows are estimated exactly by the planner only when every
 * argument is a constant (with a non-constant one it guesses 1,000 rows, and the cost cap of
 * service.ts would let `generate_series(1, (select 2000000000))` run).
 */
const SET_RETURNING_FUNCTIONS = new Set(['generate_series']);

/** Functions whose arguments after the first must be integer constants: `substring(x from text)` is a regular expression. */
const INTEGER_ARGUMENTS_AFTER_FIRST = new Set(['substring']);

/** Milliseconds of an interval written as a constant (`1 day`, `2 hours`), or undefined. */
const INTERVAL_UNITS_MS: Record<string, number> = {
  microsecond: 0.001,
  millisecond: 1,
  second: 1_000,
  sec: 1_000,
  minute: 60_000,
  min: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 28 * 86_400_000,
  year: 365 * 86_400_000,
};

export type GuardVerdict = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): GuardVerdict => ({ ok: false, reason: staffText('guard.refused', { reason }) });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function names(list: Json | undefined): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const string = (item as { String?: { sval?: string } } | null)?.String;
    return (string?.sval ?? '').toLowerCase();
  });
}

/** A literal, or a literal cast to an allowed type (`'2026-01-01'::date`, `interval '1 day'`). */
function isConstant(node: Json | undefined): boolean {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
  if ('A_Const' in node) return true;
  const cast = (node as { TypeCast?: { arg?: Json } }).TypeCast;
  return cast !== undefined && isConstant(cast.arg);
}

/** An integer literal, possibly cast (`2`, `'2'::int`). */
function isIntegerConstant(node: Json | undefined): boolean {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
  const constant = (node as { A_Const?: { ival?: Json; sval?: Json; fval?: Json; boolval?: Json } }).A_Const;
  if (constant) return constant.sval === undefined && constant.fval === undefined && constant.boolval === undefined;
  const cast = (node as { TypeCast?: { arg?: Json; typeName?: { names?: Json } } }).TypeCast;
  if (!cast) return false;
  const type = names(cast.typeName?.names).at(-1) ?? '';
  return ['int', 'int2', 'int4', 'int8', 'integer', 'smallint', 'bigint'].includes(type) && isConstant(cast.arg);
}

/** A constant's text (a literal or a literal cast), with its cast's type name, or undefined. */
function constantText(node: Json | undefined): { text: string; type: string } | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const constant = (
    node as { A_Const?: { ival?: { ival?: number }; fval?: { fval?: string }; sval?: { sval?: string } } }
  ).A_Const;
  if (constant?.ival !== undefined) return { text: String(constant.ival.ival ?? 0), type: 'numeric' };
  if (constant?.fval !== undefined) return { text: constant.fval.fval ?? '', type: 'numeric' };
  if (constant?.sval !== undefined) return { text: constant.sval.sval ?? '', type: 'unknown' };
  const cast = (node as { TypeCast?: { arg?: Json; typeName?: { names?: Json; typmods?: Json } } }).TypeCast;
  if (!cast || cast.typeName?.typmods !== undefined) return undefined;
  const inner = constantText(cast.arg);
  return inner && { text: inner.text, type: names(cast.typeName?.names).at(-1) ?? '' };
}

/** An interval constant in milliseconds (`'1 day'`, `interval '2 hours'`), or undefined. */
function intervalMs(node: Json | undefined): number | undefined {
  const constant = constantText(node);
  if (!constant || !['unknown', 'interval'].includes(constant.type)) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+?)s?\s*$/i.exec(constant.text);
  const unit = INTERVAL_UNITS_MS[match?.[2]?.toLowerCase() ?? ''];
  return match && unit !== undefined ? Number(match[1]) * unit : undefined;
}

/**
 * How many values `generate_series` gives over constants: numbers (start, stop, step 1 by
 * default), or dates and timestamps with an interval step. Undefined when it cannot be read.
 */
function seriesLength(args: readonly Json[]): number | undefined {
  const [start, stop, step] = args.map(constantText);
  if (!start || !stop || args.length > 3) return undefined;
  if (start.type === 'numeric' && stop.type === 'numeric' && (step === undefined || step.type === 'numeric')) {
    const span = Number(stop.text) - Number(start.text);
    const by = step === undefined ? 1 : Number(step.text);
    if (!Number.isFinite(span) || !Number.isFinite(by)) return undefined;
    return by === 0 || span / by < 0 ? 0 : Math.floor(span / by) + 1;
  }
  const from = Date.parse(start.text.replace(' ', 'T'));
  const to = Date.parse(stop.text.replace(' ', 'T'));
  const by = intervalMs(args[2] ?? null);
  if (Number.isNaN(from) || Number.isNaN(to) || by === undefined) return undefined;
  return by === 0 || to < from ? 0 : Math.floor((to - from) / by) + 1;
}

/** Names of common table expressions visible at a point of the query (never shadowing a schema-qualified name). */
type CteScope = ReadonlySet<string>;

/** The walk of one query's tree: the first refusal met is its verdict. */
class TreeCheck {
  verdict: GuardVerdict = { ok: true };
  /** Joins of values met so far (MAX_VALUE_JOINS). */
  joins = 0;
  /** Whether an ARRAY(SELECT …) was met: it gathers a whole result into one value. */
  arraySubquery = false;

  /** Counts `count` joins of values. */
  join(count: number): void {
    if (count > 0) this.joins += count;
  }

  fail(reason: string): void {
    if (this.verdict.ok) this.verdict = refuse(reason);
  }

  /** A SELECT: its WITH list first (each CTE sees the earlier ones), then the rest with every CTE in scope. */
  walkSelect(select: { [key: string]: Json }, outer: CteScope): void {
    const withClause = select['withClause'] as { recursive?: boolean; ctes?: Json } | undefined;
    let scope = outer;
    if (withClause) {
      // A recursive query's cost cannot be estimated: it could run for ever.
      if (withClause.recursive) {
        this.fail(staffText('guard.recursive'));
        return;
      }
      for (const item of Array.isArray(withClause.ctes) ? withClause.ctes : []) {
        const cte = (item as { CommonTableExpr?: { ctename?: string; ctequery?: Json } } | null)?.CommonTableExpr;
        if (!cte?.ctename) {
          this.fail(staffText('guard.construction', { name: 'WITH' }));
          return;
        }
        this.walk(cte.ctequery ?? null, scope);
        scope = new Set([...scope, cte.ctename.toLowerCase()]);
      }
    }
    for (const [key, value] of Object.entries(select)) {
      if (key === 'withClause') continue;
      if (key === 'intoClause') {
        this.fail(staffText('guard.selectInto'));
        return;
      }
      if (key === 'lockingClause') {
        this.fail(staffText('guard.locking'));
        return;
      }
      this.walk(value, scope);
    }
  }

  checkRelation(relation: { relname?: string; schemaname?: string; catalogname?: string }, scope: CteScope): void {
    const name = (relation.relname ?? '').toLowerCase();
    const schema = relation.schemaname?.toLowerCase();
    if (relation.catalogname || (schema !== undefined && schema !== 'bo_ai')) {
      this.fail(staffText('guard.table', { name: `${schema ?? ''}.${name}` }));
      return;
    }
    if (!ALLOWED_RELATIONS.has(name) && !(schema === undefined && scope.has(name)))
      this.fail(staffText('guard.table', { name }));
  }

  checkFunction(call: { funcname?: Json; args?: Json }): void {
    const parts = names(call.funcname);
    const name = parts.at(-1) ?? '';
    const schema = parts.length > 1 ? parts[0] : undefined;
    if ((schema === undefined || schema === 'pg_catalog') && INFLATING_FUNCTIONS.has(name)) {
      this.fail(staffText('guardBounds.inflatingFunction', { name }));
      return;
    }
    if ((schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name)) {
      this.fail(staffText('guard.function', { name: parts.join('.') }));
      return;
    }
    const args = Array.isArray(call.args) ? call.args : [];
    if (SET_RETURNING_FUNCTIONS.has(name) && !args.every(isConstant)) {
      this.fail(staffText('guard.constantsOnly', { name }));
      return;
    }
    if (name === 'concat') this.join(args.length - 1);
    if (SET_RETURNING_FUNCTIONS.has(name)) {
      const length = seriesLength(args);
      if (length === undefined || length > MAX_SERIES_VALUES) {
        this.fail(staffText('guardBounds.longSeries', { name, max: MAX_SERIES_VALUES.toLocaleString('fr-FR') }));
        return;
      }
    }
    if (INTEGER_ARGUMENTS_AFTER_FIRST.has(name) && !args.slice(1).every(isIntegerConstant))
      this.fail(staffText('guard.integerPositions', { name }));
  }

  checkOperator(expression: { kind?: string; name?: Json }): void {
    const kind = expression.kind ?? '';
    const operator = names(expression.name);
    const allowed = ALLOWED_OPERATORS[kind];
    if (kind === 'AEXPR_OP' && operator[0] === '||') this.join(1);
    if (!allowed || operator.length !== 1 || !allowed.has((operator[0] ?? '').toUpperCase()))
      this.fail(
        kind === 'AEXPR_SIMILAR' || /~/.test(operator.join(''))
          ? staffText('guard.regularExpressions')
          : staffText('guard.operator', { name: operator.join('.') || kind }),
      );
  }

  /**
   * Checks what a node of the tree names that needs more than being an allowed node: false when
   * it is refused (the walk stops), true when its fields are to be walked.
   */
  checkNode(key: string, fields: { [key: string]: Json }, scope: CteScope): boolean {
    switch (key) {
      case 'RangeVar':
        this.checkRelation(fields as { relname?: string; schemaname?: string; catalogname?: string }, scope);
        return true;
      case 'FuncCall':
        this.checkFunction(fields);
        return true;
      case 'A_Expr':
        this.checkOperator(fields as { kind?: string; name?: Json });
        return true;
      case 'RowExpr':
        this.join((Array.isArray(fields['args']) ? fields['args'] : []).filter((arg) => !isConstant(arg)).length - 1);
        return true;
      case 'A_ArrayExpr':
        this.join(
          (Array.isArray(fields['elements']) ? fields['elements'] : []).filter((element) => !isConstant(element))
            .length - 1,
        );
        return true;
      case 'SubLink':
        if (fields['subLinkType'] === 'ARRAY_SUBLINK') this.arraySubquery = true;
        // `x op ANY (SELECT …)` names its operator here.
        if (fields['operName'] !== undefined)
          this.checkOperator({ kind: 'AEXPR_OP_ANY', name: fields['operName'] as Json });
        return true;
      case 'TypeCast': {
        const parts = names((fields['typeName'] as { names?: Json } | undefined)?.names);
        const name = parts.at(-1) ?? '';
        if (parts.length > 0 && !ALLOWED_TYPES.has(name)) {
          this.fail(staffText('guard.type', { name }));
          return false;
        }
        return true;
      }
      case 'SQLValueFunction':
        if (!ALLOWED_VALUE_FUNCTIONS.has((fields['op'] as string | undefined) ?? '')) {
          this.fail(staffText('guard.systemFunction'));
          return false;
        }
        return true;
      case 'intoClause':
        this.fail(staffText('guard.selectInto'));
        return false;
      case 'lockingClause':
        this.fail(staffText('guard.locking'));
        return false;
      default:
        return true;
    }
  }

  walk(node: Json, scope: CteScope): void {
    if (!this.verdict.ok || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) this.walk(item, scope);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!this.verdict.ok) return;
      if (/^[A-Z]/.test(key)) {
        if (REFUSED_STATEMENTS.has(key)) {
          this.fail(staffText('guard.readOnly'));
          return;
        }
        if (!ALLOWED_NODES.has(key)) {
          this.fail(staffText('guard.construction', { name: key }));
          return;
        }
      }
      const fields = (value ?? {}) as { [key: string]: Json };
      if (key === 'SelectStmt') {
        this.walkSelect(fields, scope);
        continue;
      }
      if (!this.checkNode(key, fields, scope)) return;
      this.walk(value, scope);
    }
  }
}

/**
 * Checks one query before it runs: PostgreSQL's own parser reads it, and a walk of its tree
 * accepts only a read of the views. A CTE's name is readable only where PostgreSQL itself would
 * resolve it (inside the SELECT that declares it: its main query, its set operation's arms, the
 * later CTEs of its WITH list), never under a schema name: a CTE named `pg_stats` inside a
 * subquery does not make the catalog's `pg_stats` readable outside it.
 */
export async function checkQuery(text: string): Promise<GuardVerdict> {
  if (text.length > MAX_QUERY_LENGTH) return refuse(staffText('guard.tooLong', { max: MAX_QUERY_LENGTH }));
  if (text.includes('\u0000')) return refuse(staffText('guard.nullCharacter'));
  let tree: { stmts?: { stmt?: Record<string, Json> }[] };
  try {
    tree = (await parse(text)) as unknown as typeof tree;
  } catch {
    return refuse(staffText('guard.notSql'));
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) return refuse(staffText('guard.oneStatement'));
  const statement = statements[0]?.stmt ?? {};
  if (Object.keys(statement)[0] !== 'SelectStmt') return refuse(staffText('guard.selectOnly'));
  const check = new TreeCheck();
  check.walk(statement, new Set());
  if (!check.verdict.ok) return check.verdict;
  if (check.arraySubquery) return refuse(staffText('guardBounds.arraySubquery'));
  if (check.joins > MAX_VALUE_JOINS) return refuse(staffText('guardBounds.tooManyJoins', { max: MAX_VALUE_JOINS }));
  return check.verdict;
}
