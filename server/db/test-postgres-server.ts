import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL server for the test run: `initdb` in a temporary folder, `pg_ctl start` on
 * 127.0.0.1 with a free port, trust authentication, stopped and deleted at the end. PostgreSQL
 * refuses to run as root, so as root the server runs as an unprivileged user (`PG_TEST_USER`, else
 * `postgres` when the Debian package created it, else `nobody`).
 *
 * Binaries: `PG_BIN` (a folder), else `initdb` in /usr/local/bin, on PATH, or in the newest
 * /usr/lib/postgresql/<version>/bin.
 */

const run = promisify(execFile);

/** Prefix of the temporary folders, so that servers left by a killed run can be found and stopped. */
const FOLDER_PREFIX = 'claim-portal-pg-';

export interface PostgresServer {
  /** Connection URL of the `postgres` database as the `postgres` superuser. Example: "postgres://postgres@127.0.0.1:41234/postgres". */
  url: string;
  /** `initdb --version`. Example: "initdb (PostgreSQL) 15.18". */
  version: string;
  /** The server's process id (the postmaster's; its backends are its children), read from its data folder. */
  pid(): number | undefined;
  stop(): Promise<void>;
}

function findBinaries(): string {
  const candidates = [
    process.env['PG_BIN'],
    '/usr/local/bin',
    ...(process.env['PATH'] ?? '').split(delimiter),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
  ];
  for (const folder of candidates) {
    if (folder && existsSync(join(folder, 'initdb')) && existsSync(join(folder, 'pg_ctl'))) return folder;
  }
  throw new Error(
    'PostgreSQL is not installed: no initdb and pg_ctl found (PG_BIN, /usr/local/bin, PATH, /usr/lib/postgresql/*/bin). ' +
      'Install it with `apt-get install postgresql` (.ci/run does).',
  );
}

function userExists(name: string): boolean {
  return readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .some((line) => line.startsWith(`${name}:`));
}

interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

/** As root: the unprivileged user the server runs as. Otherwise: undefined (run as ourselves). */
function serverUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const name =
    process.env['PG_TEST_USER'] ?? ['postgres', 'nobody'].find((candidate) => userExists(candidate)) ?? 'nobody';
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error(`User ${name} does not exist (PG_TEST_USER).`);
  return { name, uid: Number(uid), gid: Number(gid) };
}

async function runCommand(user: RunAs | undefined, command: string, args: string[]): Promise<string> {
  const [file, fileArgs] = user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
  try {
    const { stdout } = await run(file, fileArgs, { timeout: 120_000 });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} ${args[0] ?? ''} failed: ${(stderr || stdout || String(error)).trim()}`);
  }
}

/** A port free at the time of asking (for a server that cannot listen on port 0: PostgreSQL, nginx). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops and deletes the servers of earlier runs whose test process died without stopping them. */
async function stopAbandonedServers(bin: string, user: RunAs | undefined): Promise<void> {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(FOLDER_PREFIX)) continue;
    const root = join(tmpdir(), entry);
    const owner = existsSync(join(root, 'owner.pid')) ? Number(readFileSync(join(root, 'owner.pid'), 'utf8')) : 0;
    if (Number.isSafeInteger(owner) && owner > 0 && isAlive(owner)) continue;
    if (existsSync(join(root, 'data', 'postmaster.pid'))) {
      await runCommand(user, join(bin, 'pg_ctl'), ['stop', '-D', join(root, 'data'), '-m', 'immediate', '-w']).catch(
        () => {},
      );
    }
    await rm(root, { recursive: true, force: true });
  }
}

/** Starts the server; rejects with a message naming what failed. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findBinaries();
  const user = serverUser();
  await stopAbandonedServers(bin, user);
  const version = (await runCommand(undefined, join(bin, 'initdb'), ['--version'])).trim();

  const root = await mkdtemp(join(tmpdir(), FOLDER_PREFIX));
  await writeFile(join(root, 'owner.pid'), `${process.pid}\n`);
  if (user) await chown(root, user.uid, user.gid);
  const dataDir = join(root, 'data');
  await runCommand(user, join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);

  // Durability is not needed by a throwaway server: no fsync makes the tests faster.
  const settings = [
    '-c listen_addresses=127.0.0.1',
    `-k ${root}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ];
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    try {
      await runCommand(user, join(bin, 'pg_ctl'), [
        'start',
        '-D',
        dataDir,
        '-w',
        '-t',
        '60',
        '-l',
        join(root, 'server.log'),
        '-o',
        `-p ${port} ${settings.join(' ')}`,
      ]);
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        version,
        pid() {
          try {
            const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
            return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
          } catch {
            return undefined;
          }
        },
        async stop() {
          await runCommand(user, join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
          await rm(root, { recursive: true, force: true });
        },
      };
    } catch (error) {
      // Most likely another process took the port between freePort() and the start: try another.
      lastError = error;
    }
  }
  const log = existsSync(join(root, 'server.log')) ? readFileSync(join(root, 'server.log'), 'utf8').slice(-2000) : '';
  await rm(root, { recursive: true, force: true });
  throw new Error(`PostgreSQL did not start: ${String(lastError)}\n${log}`);
}
