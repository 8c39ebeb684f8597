import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Commit,
  checkCommitSubjects,
  longSubjects,
  MAX_SUBJECT_LENGTH,
  parseLog,
} from './check-commit-subjects.ts';

/** Seconds since the epoch (November 2023). */
const FIRST_COMMIT_TIME = 1_700_000_000;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function emptyFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'claim-portal-subjects-'));
  folders.push(folder);
  return folder;
}

/** A repository whose commits have these subjects, committed 1000 s apart from FIRST_COMMIT_TIME on. */
function repositoryWith(subjects: string[]): { folder: string; commits: Commit[] } {
  const folder = emptyFolder();
  const run = (args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', args, { cwd: folder, encoding: 'utf8', env: { ...process.env, ...env } });
  run(['init', '--quiet']);
  subjects.forEach((subject, index) => {
    const date = `@${FIRST_COMMIT_TIME + index * 1000} +0000`;
    run(
      [
        '-c',
        'user.name=Test',
        '-c',
        'user.email=test@example.com',
        'commit',
        '--quiet',
        '--allow-empty',
        '-m',
        subject,
      ],
      {
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    );
  });
  const commits = parseLog(run(['log', '--reverse', '--format=%H%x09%ct%x09%s']));
  return { folder, commits };
}

const fits = 'Say the rule once';
const tooLong = `Say ${'very '.repeat(14)}long`; // 78 characters

describe('longSubjects', () => {
  const commit = (subject: string): Commit => ({ hash: 'a'.repeat(40), committedAt: 0, subject });

  it('When a subject has 72 characters, then it fits; with 73, then it is reported', () => {
    const limit = commit('x'.repeat(MAX_SUBJECT_LENGTH));
    const over = commit('x'.repeat(MAX_SUBJECT_LENGTH + 1));
    expect(longSubjects([limit, over])).toEqual([over]);
  });

  it('When a subject has letters outside ASCII, then each counts as one character', () => {
    expect(longSubjects([commit('é🙂'.repeat(MAX_SUBJECT_LENGTH / 2))])).toEqual([]);
  });
});

describe('parseLog', () => {
  it('When a subject holds a tab, then it is kept whole', () => {
    expect(parseLog('abc\t1700000000\tFix\tthe tab\n')).toEqual([
      { hash: 'abc', committedAt: 1_700_000_000, subject: 'Fix\tthe tab' },
    ]);
  });
});

describe('checkCommitSubjects', () => {
  it('When the folder is not a git checkout, then the check is skipped and passes', () => {
    const report = checkCommitSubjects(emptyFolder());
    expect(report).toEqual({ ok: true, message: 'Commit subjects not checked: not a git checkout.' });
  });

  it('When only commits before the start are long, then the check passes', () => {
    const { folder, commits } = repositoryWith([tooLong, fits, fits]);
    const start = commits[1];
    if (start === undefined) throw new Error('no start commit');
    expect(checkCommitSubjects(folder, start).ok).toBe(true);
  });

  it('When the start or a later commit is long, then each is named and the check fails', () => {
    const { folder, commits } = repositoryWith([fits, tooLong, fits, tooLong]);
    const start = commits[1];
    if (start === undefined) throw new Error('no start commit');
    const report = checkCommitSubjects(folder, start);
    expect(report.ok).toBe(false);
    expect(report.message).toContain(commits[1]?.hash.slice(0, 7));
    expect(report.message).toContain(commits[3]?.hash.slice(0, 7));
    expect(report.message).not.toContain(commits[2]?.hash.slice(0, 7));
  });

  it('When the clone lacks the start commit, then the commits committed since it are checked', () => {
    const { folder } = repositoryWith([tooLong, fits, tooLong]);
    const absent = { hash: 'f'.repeat(40), committedAt: FIRST_COMMIT_TIME + 1000 };
    const report = checkCommitSubjects(folder, absent);
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(/^1 commit subjects committed since fffffff \(absent from this clone\)/);
  });
});
