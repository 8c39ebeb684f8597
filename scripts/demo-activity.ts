import { resolve } from 'node:path';
import { claimsSocketPath, DEMO_ACTIVITY_COMMAND, sendClaimsCommand } from '../server/staff-api/claims/socket.ts';
import type { ClaimsCommandResult } from '../server/staff-api/claims/command.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { EmbeddedDatabaseInUseError } from '../server/db/embedded-lock.ts';
import {
  DEMO_ACTIVITY_USAGE,
  parseDemoActivityArgs,
  runDemoActivityCommand,
} from '../server/demo/demo-activity-command.ts';
import { createLogger } from '../server/logger.ts';

/**
 * `npm run demo-activity -- --sessions N`: adds generated visitor sessions to the database the
 * server uses (DATA_DIR or DATABASE_URL). Like `npm run claims`, the command goes through the
 * running server when it holds the embedded database.
 */

/** A million sessions take minutes: the server's answer may be long in coming. */
const SERVER_ANSWER_TIMEOUT_MS = 60 * 60_000;

async function run(args: readonly string[]): Promise<ClaimsCommandResult> {
  if (args.length === 0 || args.includes('--help'))
    return { exitCode: args.length === 0 ? 1 : 0, stdout: DEMO_ACTIVITY_USAGE, stderr: '' };
  const options = parseDemoActivityArgs(args);
  if (typeof options === 'string') return { exitCode: 1, stdout: '', stderr: `${options}\n${DEMO_ACTIVITY_USAGE}` };
  // The seed is fixed here, so the same sessions are written whichever process writes them.
  const fixed = [
    '--sessions',
    String(options.sessions),
    '--days',
    String(options.days),
    '--seed',
    String(options.seed),
  ];
  let database: Database | undefined;
  let dataDir: string | undefined;
  try {
    const config = loadConfig(process.env);
    dataDir = resolve(config.DATA_DIR);
    database = await openDatabase(config, createLogger('warn', process.stderr));
    return await runDemoActivityCommand(database.db, fixed);
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError && dataDir !== undefined) {
      const socketPath = claimsSocketPath(dataDir);
      return sendClaimsCommand(socketPath, [DEMO_ACTIVITY_COMMAND, ...fixed], SERVER_ANSWER_TIMEOUT_MS).catch(() => ({
        exitCode: 1 as const,
        stdout: '',
        stderr: `Cannot open the embedded database in ${dataDir}: another process (pid ${error.ownerPid}) has it open and does not answer on ${socketPath}. Stop it first.\n`,
      }));
    }
    return { exitCode: 1, stdout: '', stderr: `${error instanceof Error ? error.message : String(error)}\n` };
  } finally {
    await database?.close();
  }
}

const result = await run(process.argv.slice(2));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
