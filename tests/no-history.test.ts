import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository describes the product as it is. Why a line changed lives in git (its commit's
 * subject and body), never in a test title, an assertion message or a comment: a ticket's number
 * tells a reader nothing. And a reader has the repository only, so nothing sends them to a design
 * note or a specification kept beside it: the sentence says the rule or the reason itself.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A ticket's number: the word (or its plural), then the number, a space, dash, underscore or # between. */
const TICKET_NUMBER = /\bissues?[-_ ]?#?\d/i;

/** The design and style notes and the specification, which live beside the repository, not in it. */
const OUTSIDE_DOCUMENT = /\b(?:DESIGN|STYLE)\.md\b|\.\.\/shared\//;

/** Generated: its text is the registry's, not ours. */
const GENERATED = new Set(['package-lock.json']);

/** Every file git tracks, relative to the root. */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
}

/** Each line of the text files among `paths` that matches `pattern`, as `path:line: text`. */
function linesMatching(paths: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const path of paths) {
    const bytes = readFileSync(join(ROOT, path));
    if (bytes.includes(0)) continue; // A picture, a font, a PDF: no sentence to read.
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        if (pattern.test(line)) found.push(`${path}:${index + 1}: ${line.trim().slice(0, 160)}`);
      });
  }
  return found;
}

describe('No history and no outside document in the repository', () => {
  const files = trackedFiles().filter((path) => !GENERATED.has(path));

  it('When the code, tests, texts, configuration and documents are read, then no line names a ticket number', () => {
    expect(linesMatching(files, TICKET_NUMBER)).toEqual([]);
  });

  it('When the code, tests, texts, configuration and documents are read, then no line points to the design or style notes or the specification beside the repository', () => {
    expect(linesMatching(files, OUTSIDE_DOCUMENT)).toEqual([]);
  });
});
