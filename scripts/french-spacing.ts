/**
 * French typography: a non-breaking space (U+00A0) before `? ! : ;` in every
 * French text a visitor or staff reads, so a question mark never starts a line alone.
 *
 *   node scripts/french-spacing.ts          fixes the files below in place, prints what it changed
 *   node scripts/french-spacing.ts --check  changes nothing, exits 1 when a text needs fixing
 *
 * The files: every `locales/fr/*.json` (visitor, mail, API and back-office texts) and the French
 * (`fr:`) strings of `content/faq.ts`, `content/legal-pages.ts` and `content/documents.ts`. A plain
 * space, a narrow no-break space or no space at all before the mark becomes U+00A0. Left alone:
 * HTML tags and entities, URLs (`https://…`, `mailto:…`, `www.…`), markdown link targets,
 * `{{placeholders}}`, `$t(…)` nestings, times and formats (`14:05`, `HH:mm`: a mark with no space
 * before it is only spaced when a space, a closing sign or the end follows it), and `?!` pairs.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const NBSP = '\u00a0';

/**
 * Spans no text rule applies to: tags, entities, addresses, link targets, placeholders, and a
 * quotation in another language (« … » holding a mark glued to a Latin letter: « per brand? »).
 */
const PROTECTED =
  /«[^«»]*?[A-Za-z][?!:;][^«»]*»|<[^<>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+);|\b(?:https?|mailto|tel):[^\s<>"'`)]*|\bwww\.[^\s<>"'`)]*|\]\([^)]*\)|\{\{[^}]*\}\}|\$t\([^)]*\)/gi;

/** A space (or a narrow no-break space) before the mark. */
const SPACED = /[ \u202f]+([?!:;])/g;
/**
 * No space: a word, a number, a closing quote, bracket, placeholder or tag (a protected span stands
 * as `\ue000n\ue001` meanwhile), then the mark, then a space, a closing sign, a span or the end.
 */
const GLUED = /([\p{L}\p{N}»’”)\]}%\ue001])([?!:;])(?=[\s<»)\]"'’”.,!?\ue000]|$)/gu;

/** `text` with a no-break space before each `? ! : ;` of its prose (see the file's header). */
export function fixFrenchSpacing(text: string): string {
  const spans: string[] = [];
  const prose = text.replace(PROTECTED, (span) => `\ue000${spans.push(span) - 1}\ue001`);
  return prose
    .replace(SPACED, `${NBSP}$1`)
    .replace(GLUED, `$1${NBSP}$2`)
    .replace(/\ue000(\d+)\ue001/g, (_, index: string) => spans[Number(index)] ?? '');
}

const ROOT = join(import.meta.dirname, '..');
const TS_FILES = ['content/faq.ts', 'content/legal-pages.ts', 'content/documents.ts'];

/** Every file the rule covers, relative to the repository. */
export function frenchFiles(root = ROOT): string[] {
  const locales = readdirSync(join(root, 'locales/fr'))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `locales/fr/${name}`);
  return [...locales, ...TS_FILES];
}

function mapJsonStrings(value: unknown, fix: (text: string) => string): unknown {
  if (typeof value === 'string') return fix(value);
  if (Array.isArray(value)) return value.map((item) => mapJsonStrings(item, fix));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapJsonStrings(item, fix)]));
  return value;
}

/** The JSON file's text with its strings fixed (the files are written as `JSON.stringify(…, null, 2)`). */
function fixJson(source: string): string {
  return `${JSON.stringify(mapJsonStrings(JSON.parse(source), fixFrenchSpacing), null, 2)}\n`;
}

function isFrenchProperty(node: ts.Node): node is ts.PropertyAssignment {
  if (!ts.isPropertyAssignment(node)) return false;
  const { name } = node;
  return (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'fr';
}

/** The TypeScript file's text with the literals under its `fr:` properties fixed (their raw text: escapes stay). */
function fixTypeScript(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const literal = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const start = node.getStart(file) + 1;
      edits.push({ start, end: node.end - 1, text: source.slice(start, node.end - 1) });
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const start = node.getStart(file) + 1;
      const end = ts.isTemplateTail(node) ? node.end - 1 : node.end - 2;
      edits.push({ start, end, text: source.slice(start, end) });
    }
    ts.forEachChild(node, literal);
  };
  const visit = (node: ts.Node) => {
    if (isFrenchProperty(node)) literal(node.initializer);
    else ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + fixFrenchSpacing(edit.text) + out.slice(edit.end);
  return out;
}

/** The fixed text of one covered file (its path relative to the repository). */
export function fixFile(path: string, source: string): string {
  return path.endsWith('.json') ? fixJson(source) : fixTypeScript(source, path);
}

/** The covered files whose French texts need fixing, relative to `root`. */
export function filesToFix(root = ROOT): string[] {
  return frenchFiles(root).filter((path) => {
    const source = readFileSync(join(root, path), 'utf8');
    return fixFile(path, source) !== source;
  });
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  const pending = filesToFix();
  for (const path of pending) {
    if (check) console.log(`needs no-break spaces: ${path}`);
    else {
      const full = join(ROOT, path);
      writeFileSync(full, fixFile(path, readFileSync(full, 'utf8')));
      console.log(`fixed: ${relative(ROOT, full)}`);
    }
  }
  if (pending.length === 0) console.log('French spacing: every text is right.');
  if (check && pending.length > 0) process.exitCode = 1;
}
