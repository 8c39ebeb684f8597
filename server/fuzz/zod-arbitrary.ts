import { utcDayOf } from '../../contracts/dates.ts';
import fc from 'fast-check';
import type { z } from 'zod/mini';
import {
  edgeNumber,
  hostileCharacter,
  hostileString,
  hostileValue,
  longString,
  PROTOTYPE_KEYS,
} from './hostile-values.ts';

/**
 * fast-check arbitraries derived from zod 4 schemas by walking `schema._zod.def`, which classic
 * zod and `zod/mini` share (the contracts use both; `zod-fast-check` reads zod 3 only):
 * - `validArbitrary(schema)`: values the schema should accept (best effort: refinements and
 *   transforms cannot be inverted, so callers decide validity with the schema itself);
 * - `hostileArbitrary(schema)`: what an attacker derives from the same shape: the valid value
 *   with one field broken, a required field missing, unknown and prototype keys added, strings
 *   with NUL, controls or lone surrogates, 100 kB strings, edge numbers, near-miss enum values,
 *   huge arrays, deep nesting, and whole values of the wrong type.
 */

type Schema = z.core.$ZodType;

/** What we read of a def: its `type`, and per type the fields used below. */
interface Def {
  type: string;
  [key: string]: unknown;
}

/** What we read of a check's def: `string_format`, `max_length`, `greater_than`… */
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  maximum?: number;
  minimum?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

function defOf(schema: Schema): Def {
  return schema._zod.def as unknown as Def;
}

function checksOf(def: Def): CheckDef[] {
  const checks = (def['checks'] as { _zod: { def: CheckDef } }[] | undefined) ?? [];
  return checks.map((check) => check._zod.def);
}

/** Whether a field of an object may be left out (optional, or with a default). */
function isOptionalField(schema: Schema): boolean {
  return schema._zod.optin === 'optional';
}

/** Strings as the checks of a string schema describe them (pattern, format, lengths). */
function validString(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = (def['format'] as string | undefined) ?? checks.find((check) => check.format)?.format;
  let maxLength = 40;
  let minLength = 0;
  let pattern: RegExp | undefined;
  for (const check of checks) {
    if (check.check === 'max_length' && typeof check.maximum === 'number') maxLength = check.maximum;
    if (check.check === 'min_length' && typeof check.minimum === 'number') minLength = check.minimum;
    if (check.check === 'length_equals' && typeof check.value === 'number') minLength = maxLength = check.value;
    if (check.check === 'string_format' && check.format === 'regex' && check.pattern) pattern ??= check.pattern;
  }
  const withinLength = (value: string) => value.length >= minLength && value.length <= maxLength;
  switch (format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= Math.min(maxLength, 254));
    case 'date':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map(utcDayOf);
    case 'datetime':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'uuid':
    case 'guid':
      return fc.uuid({ version: 4 });
    default:
      break;
  }
  if (def['pattern'] instanceof RegExp) pattern ??= def['pattern'];
  if (pattern) {
    // Lengths are cut to fit; validity stays the schema's call. fast-check cannot build every
    // pattern (some Unicode properties): those get plain strings, which the schema then judges.
    try {
      return fc.stringMatching(pattern).map((value) => (withinLength(value) ? value : value.slice(0, maxLength)));
    } catch {
      return fc.string({ minLength: Math.min(minLength, maxLength), maxLength: Math.min(maxLength, 60) });
    }
  }
  return fc.string({ minLength: Math.min(minLength, maxLength), maxLength: Math.min(maxLength, 60) });
}

function validNumber(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) integer = true;
    if (check.check === 'greater_than' && typeof check.value === 'number')
      min = check.inclusive ? check.value : check.value + (integer ? 1 : Number.EPSILON);
    if (check.check === 'less_than' && typeof check.value === 'number')
      max = check.inclusive ? check.value : check.value - (integer ? 1 : Number.EPSILON);
  }
  if ((def['format'] as string | undefined)?.includes('int')) integer = true;
  // Checks on int schemas sit in the def's own format; `greater_than` may follow the format check.
  if (integer)
    return fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function validArray(def: Def, depth: number): fc.Arbitrary<unknown[]> {
  let minLength = 0;
  let maxLength = 4;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && typeof check.minimum === 'number') minLength = check.minimum;
    if (check.check === 'max_length' && typeof check.maximum === 'number')
      maxLength = Math.min(check.maximum, maxLength);
  }
  return fc.array(validOf(def['element'] as Schema, depth + 1), {
    minLength: Math.min(minLength, maxLength),
    maxLength: Math.max(minLength, maxLength),
  });
}

function validObject(def: Def, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape = def['shape'] as Record<string, Schema>;
  const fields = Object.entries(shape);
  const requiredKeys = fields.filter(([, field]) => !isOptionalField(field)).map(([name]) => name);
  return fc.record(Object.fromEntries(fields.map(([name, field]) => [name, validOf(field, depth + 1)])), {
    requiredKeys,
  });
}

/** Values the schema should accept; `depth` stops runaway recursion through lazy schemas. */
function validOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 12) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return validString(def);
    case 'number':
      return validNumber(def);
    case 'bigint':
      return fc.bigInt();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'nan':
      return fc.constant(Number.NaN);
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, unknown>));
    case 'object':
      return validObject(def, depth);
    case 'array':
      return validArray(def, depth);
    case 'tuple':
      return fc.tuple(...(def['items'] as Schema[]).map((item) => validOf(item, depth + 1)));
    case 'record':
      return fc.dictionary(
        validOf(def['keyType'] as Schema, depth + 1) as fc.Arbitrary<string>,
        validOf(def['valueType'] as Schema, depth + 1),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def['options'] as Schema[]).map((option) => validOf(option, depth + 1)));
    case 'intersection':
      return validOf(def['left'] as Schema, depth + 1);
    case 'optional':
      return fc.option(validOf(def['innerType'] as Schema, depth + 1), { nil: undefined, freq: 5 });
    case 'nullable':
      return fc.option(validOf(def['innerType'] as Schema, depth + 1), { nil: null, freq: 5 });
    case 'default':
    case 'prefault':
      return fc.option(validOf(def['innerType'] as Schema, depth + 1), { nil: undefined, freq: 4 });
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'promise':
      return validOf(def['innerType'] as Schema, depth + 1);
    case 'lazy':
      return validOf((def['getter'] as () => Schema)(), depth + 1);
    case 'pipe':
      return validOf(pipeInput(def), depth + 1);
    default:
      // any, unknown, custom, transform, file…: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * The side of a pipe whose values a client sends: its input, unless the input is a bare string
 * and the output a string format (`z.pipe(z.string().check(z.trim()), z.email())`).
 */
function pipeInput(def: Def): Schema {
  const input = def['in'] as Schema;
  const output = def['out'] as Schema;
  const inputDef = defOf(input);
  const outputDef = defOf(output);
  const inputIsBareString =
    inputDef.type === 'string' && !checksOf(inputDef).some((check) => check.check === 'string_format');
  if (inputIsBareString && outputDef.type === 'string' && outputDef['format'] !== undefined) return output;
  return input;
}

/** Values the schema should accept (best effort: check with the schema when it matters). */
export function validArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  return validOf(schema);
}

/** The schema under wrappers (optional, default, pipe…), whose shape tells what to break. */
function unwrap(schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; hops < 10; hops++) {
    const def = defOf(current);
    if (['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'].includes(def.type))
      current = def['innerType'] as Schema;
    else if (def.type === 'pipe') current = pipeInput(def);
    else if (def.type === 'lazy') current = (def['getter'] as () => Schema)();
    else return current;
  }
  return current;
}

/** Values one step away from an accepted string: a hostile character inserted, or far too long. */
function nearString(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.tuple(validOf(schema) as fc.Arbitrary<string>, hostileCharacter, fc.nat()).map(([valid, bad, at]) => {
      const text = typeof valid === 'string' ? valid : '';
      const index = text.length === 0 ? 0 : at % (text.length + 1);
      return text.slice(0, index) + bad + text.slice(index);
    }),
    fc.tuple(validOf(schema) as fc.Arbitrary<string>, longString).map(([valid, long]) => `${valid ?? ''}${long}`),
    (validOf(schema) as fc.Arbitrary<string>).map((valid) => ` ${String(valid).toUpperCase()} `),
  );
}

/** Values near the accepted ones for the schema's own type; every type also gets hostileValue. */
function nearMiss(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return nearString(inner);
    case 'number':
    case 'bigint':
      return fc.oneof(
        edgeNumber,
        edgeNumber.map((value) => String(value)),
        fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '99999999999999999999999', '0x1F', '1_000', ' 1 '),
      );
    case 'boolean':
      return fc.constantFrom('true', 'false', 0, 1, 'on', 'yes', null);
    case 'literal':
    case 'enum': {
      const values =
        def.type === 'literal'
          ? (def['values'] as unknown[])
          : Object.values(def['entries'] as Record<string, unknown>);
      return fc
        .constantFrom(...values)
        .chain((value) =>
          fc.constantFrom(
            String(value).toUpperCase(),
            ` ${String(value)}`,
            `${String(value)}\u0000`,
            typeof value === 'number' ? String(value) : Number.NaN,
            [value],
            { value },
          ),
        );
    }
    case 'object':
      return hostileObject(inner, depth);
    case 'array':
      return fc.oneof(
        fc.array(hostileOf(def['element'] as Schema, depth + 1), { minLength: 1, maxLength: 3 }),
        fc
          .tuple(validOf(def['element'] as Schema), fc.integer({ min: 1000, max: 20_000 }))
          .map(([element, length]) => Array.from({ length }, () => element)),
      );
    case 'union':
      return fc.oneof(...(def['options'] as Schema[]).map((option) => hostileOf(option, depth + 1)));
    default:
      return hostileValue;
  }
}

/** The valid object with one field broken, one required field missing, or unknown keys added. */
function hostileObject(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const shape = defOf(schema)['shape'] as Record<string, Schema>;
  const names = Object.keys(shape);
  const valid = validOf(schema, depth) as fc.Arbitrary<Record<string, unknown>>;
  const required = names.filter((name) => !isOptionalField(shape[name] as Schema));
  const variants: fc.Arbitrary<unknown>[] = [
    // Unknown keys, prototype keys among them, beside valid fields.
    fc
      .tuple(
        valid,
        fc.array(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileString), { minLength: 1, maxLength: 3 }),
      )
      .chain(([object, keys]) =>
        fc.array(hostileValue, { minLength: keys.length, maxLength: keys.length }).map((values) => {
          const copy: Record<string, unknown> = { ...object };
          keys.forEach((key, index) => {
            Object.defineProperty(copy, key, {
              value: values[index],
              enumerable: true,
              writable: true,
              configurable: true,
            });
          });
          return copy;
        }),
      ),
    // Every field hostile.
    fc.record(Object.fromEntries(names.map((name) => [name, hostileValue]))),
  ];
  if (names.length > 0) {
    // One field broken, the others valid: what gets past a check that reads only the first field.
    variants.push(
      fc
        .tuple(valid, fc.constantFrom(...names))
        .chain(([object, name]) =>
          hostileOf(shape[name] as Schema, depth + 1).map((bad) => ({ ...object, [name]: bad })),
        ),
    );
  }
  if (required.length > 0) {
    variants.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([object, name]) => {
        const copy: Record<string, unknown> = { ...object };
        delete copy[name];
        return copy;
      }),
    );
  }
  return fc.oneof(...variants);
}

function hostileOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileValue;
  return fc.oneof({ weight: 3, arbitrary: nearMiss(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

/**
 * What an attacker sends where `schema` is expected: mostly near misses (one field broken, one
 * missing, unknown keys), some whole values of another type, and a share of valid values so the
 * code behind the parser is reached too.
 */
export function hostileArbitrary(schema: Schema, validShare = 0.15): fc.Arbitrary<unknown> {
  const validWeight = Math.round(validShare * 100);
  return fc.oneof(
    { weight: validWeight, arbitrary: validOf(schema) },
    { weight: 100 - validWeight, arbitrary: hostileOf(schema, 0) },
  );
}
