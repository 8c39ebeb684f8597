/**
 * The shape of a `locales/<lang>/<namespace>.json` file and its flat form. Kept apart from
 * `resources.ts` (which holds every language) so that an island can flatten the one file it
 * loads without shipping the others.
 */

/** A namespace's texts: nested objects whose leaves are strings. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** A tree's leaves as one flat object of dotted keys, in the file's order. */
export function flatten(tree: TextTree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[`${prefix}${key}`] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}
