import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README and `docs/` describe the product as it is: a README short enough to read first, links
 * and code paths that lead somewhere, and no history (the history lives in git).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README_MAX_LINES = 400;

/** Backquoted text starting with one of these folders is read as a path of the repository. */
const REPOSITORY_FOLDERS = [
  '.ci',
  'backoffice',
  'bench',
  'brands',
  'content',
  'contracts',
  'docs',
  'islands',
  'locales',
  'scripts',
  'server',
  'site',
  'tests',
];

/**
 * Paths the documents name before they exist: the modules other changes of the same restructuring
 * create. Remove each once its module is merged.
 */
const PLANNED_PATHS = new Set<string>([]);

/** Placeholders (`brands/<slug>.ts`), globs and ellipses name many files, or none in particular. */
const NOT_ONE_PATH = /[<>*…{}]/;

function documentFiles(): string[] {
  const docs = join(ROOT, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(docs, name))
    : [];
  return [join(ROOT, 'README.md'), ...inDocs];
}

/** The text outside fenced code blocks, line by line (code samples are not prose). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = proseLines(readFileSync(file, 'utf8'))
    .map((line) => /^#{1,6} (.+)$/.exec(line)?.[1])
    .filter((heading): heading is string => heading !== undefined);
  return new Set(headings.map(anchorOf));
}

/** Relative links `[text](target)` of a document, as `target` strings. */
function relativeLinksOf(text: string): string[] {
  const targets = proseLines(text).flatMap((line) => [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]));
  return targets.filter((target): target is string => target !== undefined && !/^[a-z]+:/i.test(target));
}

/** Backquoted spans of a document that name one path of the repository. */
function repositoryPathsOf(text: string): string[] {
  const spans = proseLines(text).flatMap((line) => [...line.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? ''));
  return spans.filter((span) => {
    if (NOT_ONE_PATH.test(span) || !span.includes('/')) return false;
    const folder = span.split('/')[0] ?? '';
    return REPOSITORY_FOLDERS.includes(folder) && /^[\w.[\]@/-]+$/.test(span);
  });
}

describe('the README and docs/', () => {
  it(`When the README is read, then it has at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('When a document links to another file, then that file exists, and the heading it names too', () => {
    const broken: string[] = [];
    for (const file of documentFiles()) {
      for (const target of relativeLinksOf(readFileSync(file, 'utf8'))) {
        const [path = '', anchor] = target.split('#');
        const linked = path === '' ? file : resolve(dirname(file), path);
        if (!existsSync(linked)) broken.push(`${relative(ROOT, file)}: ${target} (no such file)`);
        else if (anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) {
          broken.push(`${relative(ROOT, file)}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('When a document names a path of the repository in backquotes, then that path exists', () => {
    const missing: string[] = [];
    for (const file of documentFiles()) {
      for (const path of repositoryPathsOf(readFileSync(file, 'utf8'))) {
        const bare = path.replace(/\/$/, '');
        if (PLANNED_PATHS.has(bare)) continue;
        if (!existsSync(join(ROOT, bare))) missing.push(`${relative(ROOT, file)}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('When paths are checked, then placeholders, globs and planned modules are left out', () => {
    expect(
      repositoryPathsOf('`brands/<slug>.ts` `server/**/*.test.ts` `server/app.ts` `npm test` `/bo_login` `site/`'),
    ).toEqual(['server/app.ts', 'site/']);
    expect(anchorOf("Signed links from a partner's e-mail")).toBe('signed-links-from-a-partners-e-mail');
  });
});
