import { resolve } from 'node:path';
import {
  type ClaimsCommandResult,
  describeClaimsFailure,
  planClaimsCommand,
  runClaimsAction,
} from '../server/staff-api/claims/command.ts';
import { claimsSocketPath, sendClaimsCommand } from '../server/staff-api/claims/socket.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { EmbeddedDatabaseInUseError } from '../server/db/embedded-lock.ts';
import { createLogger } from '../server/logger.ts';

/**
 * `npm run claims -- <command>`: the staff command for claims (server/staff-api/claims/command.ts).
 * It opens the database exactly as the server does (DATA_DIR or DATABASE_URL, migrations
 * applied) and never seeds demo data. When the running server holds the embedded database, the
 * command goes through the server's claims socket instead. Errors print one line on stderr and
 * exit with code 1.
 */

const failure = (line: string): ClaimsCommandResult => ({ exitCode: 1, stdout: '', stderr: `${line}\n` });

async function run(args: readonly string[]): Promise<ClaimsCommandResult> {
  const plan = planClaimsCommand(args);
  if (typeof plan !== 'function') return plan;
  let dataDir: string | undefined;
  let database: Database | undefined;
  try {
    const config = loadConfig(process.env);
    dataDir = resolve(config.DATA_DIR);
    // Warnings (a stale lock taken over) go to stderr, away from the tables on stdout.
    database = await openDatabase(config, createLogger('warn', process.stderr));
    return await runClaimsAction(plan, database);
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError && dataDir !== undefined) {
      const folder = dataDir;
      const socketPath = claimsSocketPath(folder);
      return sendClaimsCommand(socketPath, args).catch(() =>
        failure(
          `Cannot open the embedded database in ${folder}: another process (pid ${error.ownerPid}) has it open and does not answer on ${socketPath}. Stop it first, or run the server and this command on a PostgreSQL server (DATABASE_URL).`,
        ),
      );
    }
    return failure(describeClaimsFailure(error));
  } finally {
    await database?.close();
  }
}

const result = await run(process.argv.slice(2));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
