import { readFileSync, realpathSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Loaded before anything else (`--import`, set in `NODE_OPTIONS` by vitest.config.ts) by the test
 * workers and every Node process a test starts: resolves the relative `.js` imports between the
 * files of an installed package without Node's own resolver, which is slow there.
 *
 * Why: to tell whether such a file is ES or CommonJS, Node 24 reads the package's scope
 * (`getPackageScopeConfig`) and copies it whole, which parses the package's `exports` map again for
 * every file. drizzle-orm's map is 137 KB and the server loads 461 of its files: about a second of
 * CPU at each process start, for nothing (a third of a small test file's time).
 *
 * What it answers is what Node would: the URL of the file next to its importer (its real path, as
 * Node keeps symlinks resolved) and the format its nearest `package.json` declares. Anything else
 * (a `require`, a bare name, a folder, a missing file, a query, a package that leaves its type to
 * syntax detection) goes to Node's resolver unchanged, errors included.
 */

/** The `type` each folder's nearest package.json declares: `module`, `commonjs`, or none. */
const typeOfFolder = new Map<string, 'module' | 'commonjs' | null>();

function declaredType(folder: string): 'module' | 'commonjs' | null {
  const walked: string[] = [];
  let type: 'module' | 'commonjs' | null = null;
  for (let current = folder; ; current = dirname(current)) {
    const known = typeOfFolder.get(current);
    if (known !== undefined) {
      type = known;
      break;
    }
    walked.push(current);
    let text: string | undefined;
    try {
      text = readFileSync(join(current, 'package.json'), 'utf8');
    } catch {
      text = undefined;
    }
    if (text !== undefined) {
      try {
        const declared = (JSON.parse(text) as { type?: unknown }).type;
        type = declared === 'module' || declared === 'commonjs' ? declared : null;
      } catch {
        type = null;
      }
      break;
    }
    if (dirname(current) === current) break;
  }
  for (const folderWalked of walked) typeOfFolder.set(folderWalked, type);
  return type;
}

/** A relative `.js` path with nothing Node would read differently from a plain file path. */
const PLAIN_RELATIVE_JS = /^\.\.?\/[^?#%\\]*\.js$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.startsWith('file:') &&
      parent.includes('/node_modules/') &&
      PLAIN_RELATIVE_JS.test(specifier) &&
      // An `import`, never a `require` (which these hooks see too, with its own rules).
      context.conditions.includes('import') &&
      Object.keys(context.importAttributes ?? {}).length === 0
    ) {
      const path = fileURLToPath(new URL(specifier, parent));
      let real: string | undefined;
      try {
        real = statSync(path).isFile() ? realpathSync(path) : undefined;
      } catch {
        real = undefined;
      }
      const format = real === undefined ? null : declaredType(dirname(real));
      if (real !== undefined && format !== null) {
        return { url: pathToFileURL(real).href, format, shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
});
