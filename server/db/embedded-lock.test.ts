import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { openDatabase } from './client.ts';
import { EmbeddedDatabaseInUseError, type LockOwner, lockEmbeddedDatabase } from './embedded-lock.ts';
import { contracts } from './schema.ts';
import { startEmbeddedChild } from './test-child-process.ts';
import { prepareTestDatabase } from './test-database.ts';

const silent = createLogger('silent');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'claim-portal-lock-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

function writeLock(dataDir: string, owner: Partial<LockOwner> & { pid: number }): void {
  writeFileSync(
    join(dataDir, 'pgdata.lock'),
    JSON.stringify({ startedAt: new Date().toISOString(), hostname: hostname(), ...owner }),
  );
}

/** What PGlite 0.5 leaves in its folder when killed with -9. */
function writeCrashedPostmasterPid(dataDir: string): void {
  mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
  writeFileSync(
    join(dataDir, 'pgdata', 'postmaster.pid'),
    '-42\n/pglite/data\n1795321164\n5432\n\n\n       20         1\n',
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  ]);
}

describe('embedded database lock', () => {
  it('When nobody holds the folder, then the lock names this process, and release deletes it', async () => {
    const dataDir = temporaryDataDir();
    const lock = await lockEmbeddedDatabase(dataDir);
    const owner = JSON.parse(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8')) as LockOwner;
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(Date.parse(owner.startedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(lock.staleOwner).toBeUndefined();
    expect(lock.removedPostmasterPid).toBe(false);
    lock.release();
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
    const again = await lockEmbeddedDatabase(dataDir);
    again.release();
  });

  it('When this process already holds the folder, then a second lock is refused', async () => {
    const dataDir = temporaryDataDir();
    const first = await lockEmbeddedDatabase(dataDir);
    cleanups.push(() => first.release());
    const attempts = await Promise.allSettled([lockEmbeddedDatabase(dataDir), lockEmbeddedDatabase(dataDir)]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe('rejected');
      expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(EmbeddedDatabaseInUseError);
    }
    expect(JSON.parse(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8')).pid).toBe(process.pid);
  });

  it('When the lock names a dead process and PGlite left postmaster.pid -42, then both are cleared and the lock taken', async () => {
    const dataDir = temporaryDataDir();
    const pid = deadPid();
    writeLock(dataDir, { pid });
    writeCrashedPostmasterPid(dataDir);
    const lock = await lockEmbeddedDatabase(dataDir);
    cleanups.push(() => lock.release());
    expect(lock.staleOwner?.pid).toBe(pid);
    expect(lock.removedPostmasterPid).toBe(true);
    expect(existsSync(join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8')).pid).toBe(process.pid);
  });

  it('When the lock names a live process, then it is refused with a message saying what to do, and nothing is touched', async () => {
    const dataDir = temporaryDataDir();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
    cleanups.push(() => child.kill('SIGKILL'));
    const pid = child.pid ?? 0;
    writeLock(dataDir, { pid });
    writeCrashedPostmasterPid(dataDir);
    const lockBefore = readFileSync(join(dataDir, 'pgdata.lock'), 'utf8');

    const error = await lockEmbeddedDatabase(dataDir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbeddedDatabaseInUseError);
    expect((error as Error).message).toBe(
      `Another process (pid ${pid}) is using ${join(dataDir, 'pgdata')}; stop it or use another DATA_DIR.`,
    );
    expect(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8')).toBe(lockBefore);
    expect(existsSync(join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(true);
  });

  it('When the pid of the lock now belongs to another process, then the lock is stale', async () => {
    const dataDir = temporaryDataDir();
    // The parent process is alive, but it did not start at the time the lock records.
    writeLock(dataDir, { pid: process.ppid, processStart: '1' });
    const lock = await lockEmbeddedDatabase(dataDir);
    cleanups.push(() => lock.release());
    expect(lock.staleOwner?.pid).toBe(process.ppid);
  });

  it('When the lock names this very pid (a restarted container), then it is a previous life of ours', async () => {
    const dataDir = temporaryDataDir();
    writeLock(dataDir, { pid: process.pid });
    const lock = await lockEmbeddedDatabase(dataDir);
    cleanups.push(() => lock.release());
    expect(lock.staleOwner?.pid).toBe(process.pid);
  });

  it('When the lock file is not ours, then it is left alone with a clear error', async () => {
    const dataDir = temporaryDataDir();
    writeFileSync(join(dataDir, 'pgdata.lock'), 'garbage');
    await expect(lockEmbeddedDatabase(dataDir)).rejects.toThrow(/is not a lock file of this server/);
    expect(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8')).toBe('garbage');
  });

  // Six Node processes starting at once take 20–30 s beside browser files on two cores: the bound
  // finds a hang, as the children's own 60-second wait for their line does.
  it('When six processes race for one stale lock, then exactly one gets it', { timeout: 90_000 }, async () => {
    const dataDir = temporaryDataDir();
    writeLock(dataDir, { pid: deadPid() });
    const children = Array.from({ length: 6 }, () => startEmbeddedChild('lock', dataDir));
    cleanups.push(() => {
      for (const child of children) child.process.kill('SIGKILL');
    });
    const outcomes = await Promise.all(children.map((child) => child.waitForLine(/^(locked|in-use \d+)$/)));
    const winners = children.filter((_child, index) => outcomes[index] === 'locked');
    expect(winners).toHaveLength(1);
    const winnerPid = winners[0]?.pid;
    expect(outcomes.filter((outcome) => outcome !== 'locked')).toEqual(Array(5).fill(`in-use ${winnerPid}`));
    expect(JSON.parse(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8')).pid).toBe(winnerPid);
  });
});

describe('embedded database after a crash', () => {
  it('When a process is killed with -9 after a commit, then the next start opens the folder and finds the row', {
    timeout: 90_000,
  }, async () => {
    const prepared = await prepareTestDatabase('pglite');
    cleanups.push(() => prepared.remove());
    const child = startEmbeddedChild('crash', prepared.dataDir);
    await child.waitForLine(/^written$/);
    expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // What the crash left: our lock naming the dead process, PGlite's pid file naming -42.
    expect(JSON.parse(readFileSync(join(prepared.dataDir, 'pgdata.lock'), 'utf8')).pid).toBe(child.pid);
    expect(readFileSync(join(prepared.dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]).toBe('-42');

    const database = await withTimeout(openDatabase(prepared.config, silent), 30_000, 'Reopening after the crash');
    cleanups.push(() => database.close());
    const rows = await database.db
      .select({ nom: contracts.nom })
      .from(contracts)
      .where(eq(contracts.contratCompagnieId, 4242));
    expect(rows).toEqual([{ nom: 'written before the crash' }]);
  });

  it('When a live process has the database open, then a second start is refused, and succeeds once that process is killed', {
    timeout: 90_000,
  }, async () => {
    const prepared = await prepareTestDatabase('pglite');
    cleanups.push(() => prepared.remove());
    const child = startEmbeddedChild('hold', prepared.dataDir);
    cleanups.push(() => child.process.kill('SIGKILL'));
    await child.waitForLine(/^open$/);

    await expect(openDatabase(prepared.config, silent)).rejects.toThrow(
      `Another process (pid ${child.pid}) is using ${join(prepared.dataDir, 'pgdata')}; stop it or use another DATA_DIR.`,
    );
    // The live database was not touched: its pid file is still there.
    expect(existsSync(join(prepared.dataDir, 'pgdata', 'postmaster.pid'))).toBe(true);

    child.process.kill('SIGKILL');
    await child.exited;
    const database = await withTimeout(openDatabase(prepared.config, silent), 30_000, 'Opening after the kill');
    cleanups.push(() => database.close());
    await database.ping();
  });
});
