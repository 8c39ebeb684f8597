import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import backoffice from '../../locales/fr/backoffice.json' with { type: 'json' };
import { flatten, PLURAL_SUFFIX } from '../../locales/resources.ts';
import { t } from './texts.ts';

/**
 * No French text left inline in a back-office component, and `t` as components use it. The file
 * itself (texts filled, said once, keys used) is checked with the other French-only files:
 * locales/french-only.test.ts.
 */

const BACKOFFICE = fileURLToPath(new URL('..', import.meta.url));

const texts = flatten(backoffice);
/** The keys as the sources name them: plural forms folded to their base. */
const keys = new Set(Object.keys(texts).map((key) => key.replace(PLURAL_SUFFIX, '')));

/** Every source file of the back office (tests apart), with its path from `backoffice/`. */
const sources = readdirSync(BACKOFFICE, { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
  .map((path) => ({ path, code: readFileSync(join(BACKOFFICE, path), 'utf8') }));

/** Properties and attributes whose string is shown to staff (table titles, labels, placeholders…). */
const SHOWN = new Set(['title', 'label', 'placeholder', 'headerFilterPlaceholder', 'caption', 'aria-label', 'alt']);
/** Letters French writes and code identifiers do not (accents, ligatures, typographic apostrophe and quotes). */
const FRENCH_MARKS = /[À-ÖØ-öø-ÿŒœ’«»]/;

/** The inline texts of a source file: JSX text, strings with French marks, strings given to a shown property. */
function inlineTexts(path: string, code: string): string[] {
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const shownName = (node: ts.Node): string | undefined => {
    const { parent } = node;
    if ((ts.isPropertyAssignment(parent) || ts.isJsxAttribute(parent)) && parent.initializer === node)
      return parent.name.getText(file);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      const words = /\p{L}/u.test(node.text) && !keys.has(node.text);
      if (words && (FRENCH_MARKS.test(node.text) || SHOWN.has(shownName(node) ?? ''))) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.map((text) => `${relative(BACKOFFICE, join(BACKOFFICE, path))}: ${text}`);
}

describe('The back office sources', () => {
  it('When a component shows a text, then it reads it with t() (no French text inline)', () => {
    expect(sources.flatMap(({ path, code }) => inlineTexts(path, code))).toEqual([]);
  });
});

describe('t', () => {
  it('When a text has placeholders, then t fills them', () => {
    expect(t('claims.handling.title', { number: 'SI-0000003' })).toBe('Sinistre SI-0000003');
    expect(t('claims.list.filterLabel', { column: t('claims.list.columns.name') })).toBe('Filtrer\u00a0: Nom');
  });

  it('When a count is given, then t picks the French plural form (0 and 1 singular)', () => {
    expect([0, 1, 2, 1_000_000].map((count) => t('claims.list.results', { count }))).toEqual([
      '0 résultat',
      '1 résultat',
      '2 résultats',
      '1000000 résultats',
    ]);
  });
});
