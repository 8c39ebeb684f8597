import { chmod, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod/mini';
import type { AppDatabase, Database } from '../../db/public.ts';
import type { Logger } from '../../logger.ts';
import { runStaffCommand } from '../sessions/command.ts';
import { type ClaimsCommandResult, planClaimsCommand, runClaimsAction } from './command.ts';
import type { ClaimChangeSignal } from '../../claim-change-signal.ts';

/** First argument of a request carrying an `npm run staff` command: `[STAFF_COMMAND, ...args, password]`. */
export const STAFF_COMMAND = '--staff';
/** First argument of a request carrying an `npm run demo-activity` command. */
export const DEMO_ACTIVITY_COMMAND = '--demo-activity';

/**
 * The claims socket: while the server holds the embedded database (one process at a time),
 * `npm run claims` asks the server to run the command for it. A Unix socket in a folder only the
 * server's user may enter (0700): the file system is the authorisation, nothing listens on the
 * network. One request a connection: a JSON line `{"args": [...]}`, answered by a JSON line
 * `{"exitCode", "stdout", "stderr"}`.
 */

/** Most bytes a request may have: a command line, never more. */
const MAX_REQUEST_BYTES = 16 * 1024;
/** Linux refuses socket paths of 108 bytes and more. */
const MAX_SOCKET_PATH_BYTES = 107;
/** A command that does not answer within this is reported as failed by the client. */
const CLIENT_TIMEOUT_MS = 30_000;

const RequestSchema = z.strictObject({ args: z.array(z.string().check(z.maxLength(1_000))).check(z.maxLength(20)) });
const ResultSchema = z.object({
  exitCode: z.union([z.literal(0), z.literal(1)]),
  stdout: z.string(),
  stderr: z.string(),
});

/**
 * Runs `npm run demo-activity`'s arguments. The demo feature's runDemoActivityCommand, given by the
 * composition root (server/index.ts), so the staff API does not depend on the demo.
 */
export type DemoActivityCommand = (db: AppDatabase, args: readonly string[]) => Promise<ClaimsCommandResult>;

/** Without the demo's command, the socket answers that it cannot run it. */
const refuseDemoActivityCommand: DemoActivityCommand = async () => ({
  exitCode: 1,
  stdout: '',
  stderr: 'This server does not run demo-activity.\n',
});

/** Where the server of DATA_DIR listens: `DATA_DIR/run/claims.sock`. */
export function claimsSocketPath(dataDir: string): string {
  return join(resolve(dataDir), 'run', 'claims.sock');
}

export interface ClaimsSocket {
  /** Stops accepting commands (those running finish) and removes the socket file. */
  close(): Promise<void>;
}

/** Reads one line of at most MAX_REQUEST_BYTES from a connection. */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end !== -1) resolveLine(received.slice(0, end));
      else if (Buffer.byteLength(received) > MAX_REQUEST_BYTES) reject(new Error('request too long'));
    });
    socket.once('end', () => reject(new Error('request ended without a line')));
    socket.once('error', reject);
  });
}

/**
 * Listens on `path` for claims commands run on `database`; a command that changes a claim tells
 * its open follow-up pages through `signalClaimChange`. The caller holds the database (the
 * embedded lock), so a socket file already there is a crashed server's and is replaced.
 * Resolves undefined, with a warning, when the path is too long for a Unix socket.
 */
export async function startClaimsSocket(
  path: string,
  database: Database,
  logger: Logger,
  signalClaimChange: ClaimChangeSignal = () => {},
  runDemoActivityCommand: DemoActivityCommand = refuseDemoActivityCommand,
): Promise<ClaimsSocket | undefined> {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    logger.warn('claims socket not started: DATA_DIR is too long a path for a Unix socket');
    return undefined;
  }
  const folder = join(path, '..');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  await rm(path, { force: true });

  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    void (async () => {
      let result: ClaimsCommandResult;
      try {
        const request = z.parse(RequestSchema, JSON.parse(await readLine(socket)));
        if (request.args[0] === STAFF_COMMAND) {
          // `npm run staff`: the password travels in the request, never in a log.
          logger.info({ command: `staff ${request.args[1] ?? ''}` }, 'staff command');
          // The socket is DATA_DIR/run/claims.sock: the first account's password file is in DATA_DIR.
          result = await runStaffCommand(database.db, request.args.slice(1, -1), request.args.at(-1) ?? '', {
            dataDir: resolve(path, '..', '..'),
          });
        } else if (request.args[0] === DEMO_ACTIVITY_COMMAND) {
          logger.info({ command: 'demo-activity' }, 'demo activity command');
          result = await runDemoActivityCommand(database.db, request.args.slice(1));
        } else {
          // A change made tells the follow-up pages open on the claim, which read it again.
          const plan = planClaimsCommand(request.args, { signalClaimChange });
          // Only the command's name is logged: its arguments may name a claim.
          logger.info({ command: request.args[0] ?? '' }, 'claims command');
          result = typeof plan === 'function' ? await runClaimsAction(plan, database) : plan;
        }
      } catch {
        result = { exitCode: 1, stdout: '', stderr: 'The server could not read the command.\n' };
      }
      socket.end(`${JSON.stringify(result)}\n`);
    })();
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolveClose) => {
        // Node removes the socket file when a listening Unix socket server closes.
        server.close(() => resolveClose());
      }),
  };
}

/**
 * Sends a command to the server listening on `path`. Rejects with the connection's error code
 * (ENOENT, ECONNREFUSED: no server there) when nothing answers.
 */
export function sendClaimsCommand(
  path: string,
  args: readonly string[],
  timeoutMs = CLIENT_TIMEOUT_MS,
): Promise<ClaimsCommandResult> {
  return new Promise((resolveResult, reject) => {
    const socket = createConnection(path);
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the server did not answer in time')));
    socket.once('connect', () => socket.write(`${JSON.stringify({ args })}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.once('error', reject);
    socket.once('end', () => {
      try {
        resolveResult(z.parse(ResultSchema, JSON.parse(received)));
      } catch {
        reject(new Error('the server sent an unreadable answer'));
      }
    });
  });
}
