import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import backoffice from './fr/backoffice.json' with { type: 'json' };
import staffApi from './fr/staff-api.json' with { type: 'json' };
import { flatten, PLURAL_SUFFIX, type TextTree } from './resources.ts';

/**
 * The French-only files (the staff read French) against the sources that read them: every text
 * filled and said once, its plural forms French, its placeholders whole, every key used and
 * every key used there. (The translated namespaces have their own test: locales.test.ts.)
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every source file under `folder` (tests apart). */
function sourcesOf(folder: string): { path: string; code: string }[] {
  return (
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      // Tests and their helpers (test-support.ts, test-*.ts) build data, not what staff read.
      .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !/(^|\/)test-[^/]*$/.test(path))
      .map((path) => ({ path: `${folder}/${path}`, code: readFileSync(join(ROOT, folder, path), 'utf8') }))
  );
}

/** `mapsKeys`: the sources keep keys in maps (navigation, error meanings), so a quoted key-like string counts too. */
const FILES: { name: string; tree: TextTree; sources: { path: string; code: string }[]; mapsKeys: boolean }[] = [
  { name: 'backoffice.json', tree: backoffice, sources: sourcesOf('backoffice'), mapsKeys: true },
  // The FAQ's staff requests (list, edit, generate) are refused in the staff API's words too.
  {
    name: 'staff-api.json',
    tree: staffApi,
    sources: [...sourcesOf('server/staff-api'), ...sourcesOf('server/faq')],
    mapsKeys: false,
  },
];

describe.each(FILES)('locales/fr/$name', ({ tree, sources, mapsKeys }) => {
  const texts = flatten(tree);
  /** The keys as the sources name them: plural forms folded to their base. */
  const keys = new Set(Object.keys(texts).map((key) => key.replace(PLURAL_SUFFIX, '')));

  it('When the file is read, then no text is empty', () => {
    expect(Object.keys(texts).filter((key) => (texts[key] ?? '').trim() === '')).toEqual([]);
  });

  it('When a text has plural forms, then it has exactly the French ones (Intl.PluralRules: one, many, other)', () => {
    const french = new Intl.PluralRules('fr').resolvedOptions().pluralCategories.toSorted();
    const forms = new Map<string, string[]>();
    for (const key of Object.keys(texts)) {
      const match = PLURAL_SUFFIX.exec(key);
      if (match)
        forms.set(key.slice(0, match.index), [...(forms.get(key.slice(0, match.index)) ?? []), match[1] ?? '']);
    }
    expect(forms.size).toBeGreaterThan(0);
    for (const [base, categories] of forms) expect(`${base}: ${categories.toSorted()}`).toBe(`${base}: ${french}`);
  });

  it('When a text has placeholders, then each is a whole {{name}} (no unbalanced braces)', () => {
    const broken = Object.entries(texts)
      .filter(([, text]) => /\{\{|\}\}/.test(text.replace(/\{\{\s*[\w.]+\s*\}\}/g, '')))
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('When two keys hold the same text, then it is one key instead (plural forms of one key apart)', () => {
    const keysOfText = new Map<string, string[]>();
    for (const [key, text] of Object.entries(texts))
      if (!PLURAL_SUFFIX.test(key)) keysOfText.set(text, [...(keysOfText.get(text) ?? []), key]);
    expect([...keysOfText.values()].filter((same) => same.length > 1)).toEqual([]);
  });

  it('When the sources are read, then every key of the file is used in them', () => {
    const code = sources.map((source) => source.code).join('\n');
    expect([...keys].filter((key) => !code.includes(`'${key}'`))).toEqual([]);
  });

  it('When a source names a key, then the file has it', () => {
    const groups = Object.keys(tree).join('|');
    // t('…') or staffText('…') with any quote (a template there is a key the file cannot be
    // checked for), and any quoted string that starts like a key (maps of keys: navigation…).
    const call = `\\b(?:t|staffText)\\(\\s*['"\`]([^'"\`]*)['"\`]`;
    const named = new RegExp(mapsKeys ? `${call}|['"]((?:${groups})\\.[\\w.]+)['"]` : call, 'g');
    const unknown = sources.flatMap(({ path, code }) =>
      [...code.matchAll(named)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((key) => !keys.has(key))
        .map((key) => `${path}: ${key}`),
    );
    expect(unknown).toEqual([]);
  });
});

/** Letters French writes and code identifiers do not (accents, ligatures, typographic apostrophe and quotes). */
const FRENCH_MARKS = /[À-ÖØ-öø-ÿŒœ’«»]/;

describe('The staff API sources', () => {
  it('When a route or service refuses or answers, then its French words come from staff-api.json (none inline)', () => {
    const inline = sourcesOf('server/staff-api').flatMap(({ path, code }) => {
      const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true);
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        const literal =
          ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node);
        if (literal && FRENCH_MARKS.test(node.text)) found.push(`${path}: ${node.text}`);
        ts.forEachChild(node, visit);
      };
      visit(file);
      return found;
    });
    expect(inline).toEqual([]);
  });
});
