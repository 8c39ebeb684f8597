/**
 * Fails when a commit subject is longer than 72 characters, the width `git log --oneline`, GitHub and
 * mail clients show whole. Commits older than the convention are history and stay as they are.
 *
 *   node scripts/check-commit-subjects.ts   run by `npm run lint`
 *
 * Outside a git checkout (an unpacked archive) it skips with a message. In a shallow clone that
 * lacks the first commit of the convention, it checks the commits committed since it.
 */
import { execFileSync } from 'node:child_process';

/** Characters a subject may have (code points: "é" counts one). */
export const MAX_SUBJECT_LENGTH = 72;

/** The first commit whose subject, and every one after it, keeps to the limit. */
export const CONVENTION_START: ConventionStart = {
  hash: 'cdbf82e2d82ea71ef58c624cf55785fddc59bee4',
  // Its committer date (`git log -1 --format=%ct`), for clones that do not reach it.
  committedAt: 1795913806,
};

export interface ConventionStart {
  hash: string;
  /** Seconds since the epoch. */
  committedAt: number;
}

export interface Commit {
  hash: string;
  /** Seconds since the epoch. */
  committedAt: number;
  subject: string;
}

/** What the check found; `ok` false makes the command exit 1. */
export interface SubjectReport {
  ok: boolean;
  message: string;
}

/** The format `readCommits` asks git for: hash, committer time and subject, tab-separated. */
const LOG_FORMAT = '%H%x09%ct%x09%s';

/** Parses `git log --format=%H%x09%ct%x09%s` output (a subject may itself hold tabs). */
export function parseLog(output: string): Commit[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [hash = '', committedAt = '', ...subject] = line.split('\t');
      return { hash, committedAt: Number(committedAt), subject: subject.join('\t') };
    });
}

/** The commits whose subject is longer than `max` characters. */
export function longSubjects(commits: readonly Commit[], max = MAX_SUBJECT_LENGTH): Commit[] {
  return commits.filter((commit) => [...commit.subject].length > max);
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

function isInsideGitCheckout(cwd: string): boolean {
  try {
    return git(cwd, ['rev-parse', '--is-inside-work-tree']).trim() === 'true';
  } catch {
    return false;
  }
}

function hasCommit(cwd: string, hash: string): boolean {
  try {
    git(cwd, ['cat-file', '-e', `${hash}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The commits under the convention that `cwd`'s HEAD reaches: the start commit and those after it
 * when the clone has it, else every commit it has that was committed at or after the start.
 */
function readCommits(cwd: string, start: ConventionStart): { commits: Commit[]; scope: string } {
  if (hasCommit(cwd, start.hash)) {
    const after = parseLog(git(cwd, ['log', `--format=${LOG_FORMAT}`, `${start.hash}..HEAD`]));
    const first = parseLog(git(cwd, ['log', '-1', `--format=${LOG_FORMAT}`, start.hash]));
    return { commits: [...after, ...first], scope: `since ${start.hash.slice(0, 7)}` };
  }
  const all = parseLog(git(cwd, ['log', `--format=${LOG_FORMAT}`, 'HEAD']));
  return {
    commits: all.filter((commit) => commit.committedAt >= start.committedAt),
    scope: `committed since ${start.hash.slice(0, 7)} (absent from this clone)`,
  };
}

/** Checks the subjects of the commits `cwd` holds under the convention. */
export function checkCommitSubjects(cwd: string, start: ConventionStart = CONVENTION_START): SubjectReport {
  if (!isInsideGitCheckout(cwd)) {
    return { ok: true, message: 'Commit subjects not checked: not a git checkout.' };
  }
  const { commits, scope } = readCommits(cwd, start);
  const long = longSubjects(commits);
  if (long.length === 0) {
    return { ok: true, message: `${commits.length} commit subjects ${scope} fit in ${MAX_SUBJECT_LENGTH} characters.` };
  }
  const lines = long.map((commit) => `  ${commit.hash.slice(0, 7)} (${[...commit.subject].length}) ${commit.subject}`);
  return {
    ok: false,
    message: [
      `${long.length} commit subjects ${scope} are longer than ${MAX_SUBJECT_LENGTH} characters;`,
      'shorten them (git rebase -i, reword) and say the rest in the body:',
      ...lines,
    ].join('\n'),
  };
}

if (import.meta.main) {
  const report = checkCommitSubjects(process.cwd());
  if (report.ok) {
    console.log(report.message);
  } else {
    console.error(report.message);
    process.exitCode = 1;
  }
}
