import { parseArgs } from 'node:util';
import type { ClaimsCommandResult } from '../staff-api/public.ts';
import type { DatabaseOrTransaction } from '../db/public.ts';
import { insertDemoActivities } from './demo-activities.ts';

/**
 * `npm run demo-activity -- --sessions N [--days D] [--seed S]`: adds N generated visitor sessions
 * (the demo's journeys, server/demo/demo-activities.ts) over the last D days, so the back office's
 * charts and statistics can be tried, or measured, on more data. Only activity records and
 * visitor reports are written: no claim, no personal data.
 */

export const DEMO_ACTIVITY_USAGE = `Usage: npm run demo-activity -- --sessions N [--days D] [--seed S]
  --sessions  visitor sessions to add (1 to ${(2_000_000).toLocaleString('en')})
  --days      spread them over the last D days (default 90)
  --seed      the same seed, the same sessions (default: random)
`;

/** Sessions per generation round: bounded memory for a million sessions. */
const ROUND_SESSIONS = 20_000;
const MAX_SESSIONS = 2_000_000;

type Options = { sessions: number; days: number; seed: number };

function usage(line: string): ClaimsCommandResult {
  return { exitCode: 1, stdout: '', stderr: `${line}\n${DEMO_ACTIVITY_USAGE}` };
}

function wholeNumber(text: string | undefined, name: string, min: number, max: number): number | string {
  if (text === undefined) return `--${name} is required.`;
  if (!/^\d+$/.test(text.replaceAll('_', ''))) return `--${name} must be a whole number.`;
  const value = Number(text.replaceAll('_', ''));
  if (value < min || value > max) return `--${name} must be between ${min} and ${max}.`;
  return value;
}

/** Reads the arguments; a string is the line that says what is wrong. */
export function parseDemoActivityArgs(args: readonly string[]): Options | string {
  let values: { sessions?: string; days?: string; seed?: string };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { sessions: { type: 'string' }, days: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const sessions = wholeNumber(values.sessions, 'sessions', 1, MAX_SESSIONS);
  if (typeof sessions === 'string') return sessions;
  const days = wholeNumber(values.days ?? '90', 'days', 1, 3_650);
  if (typeof days === 'string') return days;
  const seed =
    values.seed === undefined
      ? Math.floor(Math.random() * 2 ** 31)
      : wholeNumber(values.seed, 'seed', 0, Number.MAX_SAFE_INTEGER);
  if (typeof seed === 'string') return seed;
  return { sessions, days, seed };
}

/** Runs the command on `db`; `now` is the end of the window. */
export async function runDemoActivityCommand(
  db: DatabaseOrTransaction,
  args: readonly string[],
  now = new Date(),
): Promise<ClaimsCommandResult> {
  if (args.length === 0 || args.includes('--help')) return { exitCode: 0, stdout: DEMO_ACTIVITY_USAGE, stderr: '' };
  const options = parseDemoActivityArgs(args);
  if (typeof options === 'string') return usage(options);
  const started = performance.now();
  let written = 0;
  for (let round = 0; written < options.sessions; round += 1) {
    written += await insertDemoActivities(db, {
      now,
      days: options.days,
      sessions: Math.min(ROUND_SESSIONS, options.sessions - written),
      historicSessions: 0,
      // Each round its own seed: its sessions (and their socket ids) differ from the others'.
      seed: options.seed + round * 7_919,
    });
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    exitCode: 0,
    stdout: `${written.toLocaleString('en')} visitor sessions added over the last ${options.days} days in ${seconds.toFixed(1)} s (seed ${options.seed}).\n`,
    stderr: '',
  };
}
