import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ActivitiesQuerySchema, LoginRequestSchema } from '../../contracts/backoffice.ts';
import { FindNumberReportSchema } from '../../contracts/statistics.ts';
import { InfosDossierQuerySchema, LienSuiviFieldsSchema } from '../../contracts/partner-api.ts';
import { AddHistoryPagesSchema, MovePageSchema } from '../../contracts/socket-events.ts';
import { deeplyNested, hostileValue, LONG_STRING_CHARACTERS } from './hostile-values.ts';
import { hostileArbitrary, validArbitrary } from './zod-arbitrary.ts';

/** The generator the fuzz suite derives its cases with: what it makes of the contracts' schemas. */
describe('arbitraries derived from zod schemas', () => {
  // Refinements cannot be inverted (a regex-shaped day may not be a real day): fewer pass there.
  it.each([
    ['an object of trimmed, bounded strings', LoginRequestSchema, 150],
    ['a query of coerced numbers, defaults and dates', ActivitiesQuerySchema, 150],
    ['a mini strict object with defaults and a refinement', LienSuiviFieldsSchema, 40],
    ['a mini object with regex and overwrite checks', InfosDossierQuerySchema, 150],
    ['a socket payload', MovePageSchema, 150],
    ['a socket payload with nullable defaults', AddHistoryPagesSchema, 150],
    ['a report with refinements', FindNumberReportSchema, 40],
  ])('When %s is walked, then valid values pass the schema', (_kind, schema, least) => {
    const values = fc.sample(validArbitrary(schema), { seed: 42, numRuns: 200 });
    const accepted = values.filter((value) => z.safeParse(schema, value).success).length;
    expect(accepted).toBeGreaterThan(least);
  });

  it('When hostile values are derived, then most are refused and some stay valid', () => {
    const values = fc.sample(hostileArbitrary(LienSuiviFieldsSchema), { seed: 7, numRuns: 500 });
    const accepted = values.filter((value) => z.safeParse(LienSuiviFieldsSchema, value).success).length;
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(250);
  });

  it('When hostile values are derived for an object, then unknown prototype keys are own properties', () => {
    const values = fc.sample(hostileArbitrary(z.strictObject({ a: z.string() })), { seed: 3, numRuns: 1000 });
    const polluted = values.filter(
      (value) => typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__'),
    );
    expect(polluted.length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('When hostile values of any type are drawn, then long strings and deep nesting are among them', () => {
    const values = fc.sample(hostileValue, { seed: 11, numRuns: 2000 });
    expect(values.some((value) => typeof value === 'string' && value.length >= LONG_STRING_CHARACTERS)).toBe(true);
    expect(values.some((value) => Array.isArray(value) && value.length === 1 && Array.isArray(value[0]))).toBe(true);
    expect(JSON.stringify(deeplyNested(1000, 'object')).split('{').length - 1).toBe(1000);
  });
});
