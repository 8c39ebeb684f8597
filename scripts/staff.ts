import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { claimsSocketPath, STAFF_COMMAND, sendClaimsCommand } from '../server/staff-api/claims/socket.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { EmbeddedDatabaseInUseError } from '../server/db/embedded-lock.ts';
import { createLogger } from '../server/logger.ts';
import {
  runStaffCommand,
  STAFF_USAGE,
  type StaffCommandResult,
  staffCommandNeedsPassword,
} from '../server/staff-api/sessions/command.ts';

/**
 * `npm run staff -- add <login> | passwd <login> | remove <login> | list`: back-office accounts.
 * The password is asked twice without echo on a terminal, or read from the first line of stdin
 * (`echo "$PASSWORD" | npm run staff -- add camille`). Like `npm run claims`, the command goes
 * through the running server when it holds the embedded database.
 */

/** Asks `question` on the terminal without echoing the answer. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolveAnswer) => {
    const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    process.stdout.write(question);
    const output = terminal as unknown as { _writeToOutput: (text: string) => void };
    output._writeToOutput = () => {};
    terminal.question('', (answer) => {
      terminal.close();
      process.stdout.write('\n');
      resolveAnswer(answer);
    });
  });
}

async function readPassword(): Promise<string | undefined> {
  if (process.stdin.isTTY) {
    const first = await askHidden('Password: ');
    const second = await askHidden('Password again: ');
    return first === second ? first : undefined;
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function run(args: readonly string[]): Promise<StaffCommandResult> {
  if (args.length === 0 || args[0] === 'help' || args[0] === '--help')
    return { exitCode: args.length === 0 ? 1 : 0, stdout: STAFF_USAGE, stderr: '' };
  let password = '';
  if (staffCommandNeedsPassword(args)) {
    const typed = await readPassword();
    if (typed === undefined) return { exitCode: 1, stdout: '', stderr: 'The two passwords differ.\n' };
    password = typed;
  }
  let database: Database | undefined;
  let dataDir: string | undefined;
  try {
    const config = loadConfig(process.env);
    dataDir = resolve(config.DATA_DIR);
    database = await openDatabase(config, createLogger('warn', process.stderr));
    return await runStaffCommand(database.db, args, password, { dataDir });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError && dataDir !== undefined) {
      const socketPath = claimsSocketPath(dataDir);
      return sendClaimsCommand(socketPath, [STAFF_COMMAND, ...args, password]).catch(() => ({
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
