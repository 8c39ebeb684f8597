import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * dependency-cruiser cannot parse `.astro` files, so the boundaries of `.dependency-cruiser.cjs`
 * (site/ never imports server/, bench/ never imports tests/…) are checked here for the imports
 * Astro components write, with the same rules.
 */

const ROOT = path.join(import.meta.dirname, '..');

interface PathCondition {
  path?: string | string[];
  pathNot?: string | string[];
}

interface ForbiddenRule {
  name: string;
  from: PathCondition;
  to: PathCondition & { circular?: boolean };
}

const { forbidden } = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: ForbiddenRule[];
};

/** Whether `file` matches any of `patterns`, `$1` standing for what the `from` path captured. */
function matchesAny(patterns: string | string[] | undefined, file: string, captured: string): boolean {
  const list = patterns === undefined ? [] : [patterns].flat();
  return list.some((pattern) => new RegExp(pattern.replaceAll('$1', captured)).test(file));
}

/** The names of the rules an import of `to` from `from` (both relative to the root) breaks. */
function brokenRules(from: string, to: string): string[] {
  return forbidden
    .filter((rule) => rule.to.circular === undefined)
    .filter((rule) => {
      const fromPatterns = rule.from.path === undefined ? [] : [rule.from.path].flat();
      const match = fromPatterns.map((pattern) => new RegExp(pattern).exec(from)).find((found) => found !== null);
      if (match === undefined || match === null || matchesAny(rule.from.pathNot, from, '')) return false;
      const captured = match[1] ?? '';
      return matchesAny(rule.to.path, to, captured) && !matchesAny(rule.to.pathNot, to, captured);
    })
    .map((rule) => rule.name);
}

/** Every `.astro` file under the folders that hold them, relative to the root. */
function astroFiles(): string[] {
  return ['site', 'bench'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro'))
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
  );
}

/** The files a component imports by a relative path (frontmatter and scripts), relative to the root. */
function relativeImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    ([, specifier]) => specifier ?? '',
  );
  return specifiers.map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
}

describe('Astro components and the import boundaries', () => {
  it('When a component imports across a boundary, then the rule is found (site/ → server/)', () => {
    expect(brokenRules('site/components/Header.astro', 'server/config.ts')).toEqual(['site-imports-no-server']);
    expect(brokenRules('site/components/Header.astro', 'islands/forms/forms-island.ts')).toEqual([]);
  });

  it('When every Astro component is read, then none imports across a boundary', () => {
    const files = astroFiles();
    expect(files.length).toBeGreaterThan(0);
    const broken = files.flatMap((file) =>
      relativeImports(file).flatMap((target) =>
        brokenRules(file, target).map((rule) => `${file} → ${target}: ${rule}`),
      ),
    );
    expect(broken).toEqual([]);
  });
});
