import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Our own lock on the embedded database folder `DATA_DIR/pgdata`.
 *
 * PGlite does not stop a second process from opening a folder that another one is using (measured:
 * the second process starts, runs crash recovery on the live folder and writes to it), and after a
 * `kill -9` it leaves `postmaster.pid` (holding pid -42) behind, which has been seen to make the
 * next open hang. So before PGlite opens the folder we take `DATA_DIR/pgdata.lock`, naming our
 * process; a lock whose process is gone is stale and is taken over, and then any `postmaster.pid`
 * left in the folder belongs to a dead process and is deleted.
 *
 * The lock is checked against the processes of this machine: DATA_DIR must not be shared between
 * machines (several machines share a PostgreSQL server through DATABASE_URL instead).
 */

/** What the lock file holds (JSON). */
export interface LockOwner {
  pid: number;
  /** ISO time the owner took the lock, for people reading the file. */
  startedAt: string;
  hostname: string;
  /** Linux: the kernel's boot id; another value means the machine restarted since. */
  bootId?: string;
  /** Linux: start time of the owner process in clock ticks since boot, to detect pid reuse. */
  processStart?: string;
}

/** Another live process holds the folder. The message tells the deployer what to do. */
export class EmbeddedDatabaseInUseError extends Error {
  override name = 'EmbeddedDatabaseInUseError';
  readonly ownerPid: number;

  constructor(ownerPid: number, folder: string) {
    super(`Another process (pid ${ownerPid}) is using ${folder}; stop it or use another DATA_DIR.`);
    this.ownerPid = ownerPid;
  }
}

export interface EmbeddedLock {
  /** Path of the lock file. */
  readonly path: string;
  /** The stale owner whose lock was taken over, when the previous process died without releasing it. */
  readonly staleOwner: LockOwner | undefined;
  /** Whether a `postmaster.pid` left by a dead PGlite was deleted. */
  readonly removedPostmasterPid: boolean;
  /** Deletes the lock file (if it is still ours). Synchronous, so it also works in an exit handler. */
  release(): void;
}

/** Lock files held by this process: a second open of the same folder here is refused too. */
const heldByThisProcess = new Set<string>();

/** Attempts at taking the lock when other processes race for a stale one. */
const MAX_ATTEMPTS = 10;

function readProcFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function currentBootId(): string | undefined {
  return readProcFile('/proc/sys/kernel/random/boot_id')?.trim();
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function processStartOf(pid: number): string | undefined {
  const stat = readProcFile(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function describeSelf(): LockOwner {
  const bootId = currentBootId();
  const processStart = processStartOf(process.pid);
  return {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    hostname: hostname(),
    ...(bootId === undefined ? {} : { bootId }),
    ...(processStart === undefined ? {} : { processStart }),
  };
}

function parseOwner(content: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(content);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid } = value as { pid?: unknown };
    return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 ? (value as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote `owner` may still run. `kill(pid, 0)` answers ESRCH for no such
 * process and EPERM for a live process of another user. Our own pid in a lock this process does
 * not hold is a previous life of ours (containers start their server as the same pid every time);
 * on Linux a different boot id or process start time means the pid was reused.
 */
function isOwnerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (owner.bootId !== undefined) {
    const bootId = currentBootId();
    if (bootId !== undefined && bootId !== owner.bootId) return false;
  }
  if (owner.processStart !== undefined) {
    const processStart = processStartOf(owner.pid);
    if (processStart !== undefined && processStart !== owner.processStart) return false;
  }
  return true;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Creates the lock file with its whole content at once: the content is written to a private file,
 * then hard-linked to the lock's name, which fails with EEXIST when a lock exists (like an
 * `open(…, 'wx')`, without a moment where the lock exists but is still empty).
 */
async function tryCreate(path: string, content: string): Promise<boolean> {
  const draft = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(draft, content, { flag: 'wx', mode: 0o644, flush: true });
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

/**
 * Moves a stale lock out of the way. Renaming first makes the takeover race-safe: of several
 * processes that saw the same stale lock, one renames it; the others find nothing to rename. If
 * what was renamed is not the stale lock that was read (another process took over in between),
 * it is put back.
 */
async function removeStale(path: string, staleContent: string): Promise<void> {
  const aside = `${path}.stale.${process.pid}.${randomUUID()}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readIfExists(aside);
  if (moved !== staleContent) {
    await link(aside, path).catch(() => {});
  }
  await unlink(aside).catch(() => {});
}

/**
 * Takes the lock of the embedded database in `dataDir` (`dataDir/pgdata.lock` for
 * `dataDir/pgdata`), taking over a stale one, then deletes a `postmaster.pid` left in the folder
 * by a PGlite that did not close (a clean close deletes it, and no live process can own the folder
 * while we hold the lock). Throws EmbeddedDatabaseInUseError when a live process holds it.
 */
export async function lockEmbeddedDatabase(dataDir: string): Promise<EmbeddedLock> {
  const folder = resolve(dataDir, 'pgdata');
  const path = resolve(dataDir, 'pgdata.lock');
  if (heldByThisProcess.has(path)) throw new EmbeddedDatabaseInUseError(process.pid, folder);
  // Reserved at once: a concurrent call of this process must not take our new lock for a stale one.
  heldByThisProcess.add(path);
  try {
    return await takeLock(path, folder);
  } catch (error) {
    heldByThisProcess.delete(path);
    throw error;
  }
}

async function takeLock(path: string, folder: string): Promise<EmbeddedLock> {
  const content = `${JSON.stringify(describeSelf())}\n`;
  let staleOwner: LockOwner | undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (await tryCreate(path, content)) {
      const removedPostmasterPid = (await readIfExists(join(folder, 'postmaster.pid'))) !== undefined;
      if (removedPostmasterPid) await rm(join(folder, 'postmaster.pid'), { force: true });
      let released = false;
      return {
        path,
        staleOwner,
        removedPostmasterPid,
        release() {
          if (released) return;
          released = true;
          heldByThisProcess.delete(path);
          try {
            if (readFileSync(path, 'utf8') === content) unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    }
    const existing = await readIfExists(path);
    if (existing === undefined) continue;
    const owner = parseOwner(existing);
    // A lock we cannot read was not written by this code (it writes whole files): refuse to guess.
    if (owner === undefined) {
      throw new Error(`${path} is not a lock file of this server; delete it if no server uses ${folder}.`);
    }
    if (isOwnerAlive(owner)) throw new EmbeddedDatabaseInUseError(owner.pid, folder);
    staleOwner = owner;
    await removeStale(path, existing);
  }
  throw new Error(`Could not take ${path}: other processes keep taking it.`);
}
