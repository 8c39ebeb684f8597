import fc from 'fast-check';

/**
 * Values an attacker sends whatever a field expects: wrong types, control characters, lone
 * surrogates, very long strings, deep nesting, huge arrays, numbers at the edges and keys that
 * name JavaScript's prototype machinery. `zod-arbitrary.ts` puts them where a schema expects a
 * value; the encoders (`requests.ts`) carry them into query strings, JSON, forms and sockets.
 */

/** A long string: at least 100 kB, as the issue asks, from a repeated hostile unit. */
export const LONG_STRING_CHARACTERS = 100 * 1024;

/** Keys with a meaning to JavaScript objects and to query-string or form parsers. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Characters that break naive text handling: NUL, controls, separators, bidi and BOM, lone surrogates. */
const HOSTILE_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '😀',
  '\u0301',
  '%',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '../',
  '..\\',
  "'",
  '"',
  '`',
  '\\',
  '<script>',
  '{{',
  '${',
  "'; drop table claims; --",
  '$1',
  '*',
  '?',
  '#',
  '&',
  '=',
  '[]',
  ';',
];

/** One hostile character or sequence. */
export const hostileCharacter: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_CHARACTERS);

/** A string built of hostile characters and ordinary text, short enough for any field. */
const hostileShortString: fc.Arbitrary<string> = fc
  .array(fc.oneof(hostileCharacter, fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

/** A string of at least LONG_STRING_CHARACTERS characters (a repeated hostile or plain unit). */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(fc.constantFrom('a', 'é', '\u0000', '😀', '\ud800', 'SO-1', '%ZZ'), hostileShortString), fc.nat(4096))
  .map(([part, extra]) => {
    const unit = part === '' ? 'a' : part;
    return unit.repeat(Math.ceil(LONG_STRING_CHARACTERS / unit.length)) + 'x'.repeat(extra);
  });

/** Strings an attacker sends in a text field. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: hostileShortString },
  { weight: 2, arbitrary: fc.constantFrom('', ' ', '   ', 'null', 'undefined', 'NaN', 'true', '[object Object]') },
  { weight: 2, arbitrary: fc.constantFrom('-0', '1e308', '1e400', '-1', '0x10', '99999999999999999999', '2147483648') },
  { weight: 1, arbitrary: longString },
);

/** Numbers at the edges of what JSON and PostgreSQL integers hold. */
export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 63,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** An array or object nested `depth` levels deep (1,000 by default), built without recursion. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** An object whose own keys include prototype keys (own properties, not prototypes). */
const prototypeKeyedObject: fc.Arbitrary<Record<string, unknown>> = fc
  .uniqueArray(fc.constantFrom(...PROTOTYPE_KEYS), { minLength: 1 })
  .chain((keys) =>
    fc
      .array(fc.oneof(fc.constant({ polluted: true }), fc.string({ maxLength: 4 }), fc.constant(null)), {
        minLength: keys.length,
        maxLength: keys.length,
      })
      .map((values) => Object.fromEntries(keys.map((key, index) => [key, values[index]]))),
  );

/** A value of any type, shaped to hurt: the whole payload an attacker sends instead of the expected one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  // The large values (deep, huge, many keys) are a sixth of the draws: enough of each in 1,000
  // cases, few enough that a run stays within its time on two cores.
  { weight: 6, arbitrary: hostileString },
  { weight: 4, arbitrary: edgeNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, undefined, true, false, [], {}) },
  { weight: 1, arbitrary: fc.constantFrom(1000, 2000).map((depth) => deeplyNested(depth, 'array')) },
  { weight: 1, arbitrary: fc.constantFrom(1000, 2000).map((depth) => deeplyNested(depth, 'object')) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((length) => Array.from({ length }, () => 0)) },
  { weight: 2, arbitrary: prototypeKeyedObject },
  { weight: 2, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2000, max: 6000 }).map(manyKeys) },
);

/** An object with `count` keys: what a parser limited in fields must refuse. */
function manyKeys(count: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: count }, (_unused, index) => [`k${index}`, 'v']));
}
