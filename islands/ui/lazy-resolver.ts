import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose zod schema (and the resolver glue) load on the first
 * validation, usually the first submit: the contract schemas it uses cost a phone real work to
 * build, which a step need not pay to show itself.
 */
/** What zodResolver takes: a zod 4 schema (classic or mini). */
type ZodSchema = { _zod: { input: FieldValues; output: unknown } };

export function lazyZodResolver<Values extends FieldValues, Output = Values>(
  loadSchema: () => Promise<ZodSchema>,
): Resolver<Values, unknown, Output> {
  let resolver: Resolver<Values, unknown, Output> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
      resolver = zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
    }
    return resolver(values, context, options);
  };
}
