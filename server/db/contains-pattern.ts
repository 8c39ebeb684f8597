/**
 * `value` as a LIKE / ILIKE pattern matching it anywhere, its own wildcards (`%`, `_`) and the
 * escape character taken literally: what a "contains" filter of the back office sends.
 */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
