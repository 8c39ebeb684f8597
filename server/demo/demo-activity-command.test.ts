import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { count, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsSocketPath, startClaimsSocket } from '../staff-api/claims/socket.ts';
import { openDatabase } from '../db/client.ts';
import { activities } from '../db/schema.ts';
import { describeWithDatabases, type PreparedTestDatabase, prepareTestDatabase } from '../db/test-database.ts';
import { createLogger } from '../logger.ts';
import { parseDemoActivityArgs, runDemoActivityCommand } from './demo-activity-command.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const DAY_MS = 86_400_000;

describe('parseDemoActivityArgs', () => {
  it('When the arguments are wrong, then one line says which', () => {
    expect(parseDemoActivityArgs([])).toBe('--sessions is required.');
    expect(parseDemoActivityArgs(['--sessions', 'many'])).toBe('--sessions must be a whole number.');
    expect(parseDemoActivityArgs(['--sessions', '0'])).toBe('--sessions must be between 1 and 2000000.');
    expect(parseDemoActivityArgs(['--sessions', '10', '--days', '0'])).toBe('--days must be between 1 and 3650.');
    expect(parseDemoActivityArgs(['--sessions', '10', '--colour', 'red'])).toMatch(/Unknown option '--colour'/);
  });

  it('When they are right, then the seed is random unless given', () => {
    expect(parseDemoActivityArgs(['--sessions', '1_000', '--seed', '7'])).toEqual({
      sessions: 1_000,
      days: 90,
      seed: 7,
    });
    const drawn = parseDemoActivityArgs(['--sessions', '5', '--days', '30']);
    expect(drawn).toMatchObject({ sessions: 5, days: 30, seed: expect.any(Number) });
  });
});

describeWithDatabases('npm run demo-activity', (context) => {
  // 2,500 sessions: five of the command's 500-row rounds and a thousands separator; volume is the bench's.
  it('When staff add sessions twice, then both batches are written within the window, without a clash', async () => {
    const { db } = context.database;
    const before = (await db.select({ rows: count() }).from(activities))[0]?.rows ?? 0;

    const first = await runDemoActivityCommand(db, ['--sessions', '2_500', '--days', '10', '--seed', '1'], NOW);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/^2,500 visitor sessions added over the last 10 days in \d+\.\d s \(seed 1\)\.\n$/);
    const second = await runDemoActivityCommand(db, ['--sessions', '40', '--seed', '2'], NOW);
    expect(second.exitCode).toBe(0);

    const [all] = await db.select({ rows: count() }).from(activities);
    expect((all?.rows ?? 0) - before).toBe(2_540);
    const [outside] = await db
      .select({ rows: count() })
      .from(activities)
      .where(lt(activities.createdAt, new Date(NOW.getTime() - 90 * DAY_MS)));
    expect(outside?.rows).toBe(0);
    const [recent] = await db
      .select({ rows: count() })
      .from(activities)
      .where(gte(activities.createdAt, new Date(NOW.getTime() - 10 * DAY_MS)));
    expect(recent?.rows).toBeGreaterThanOrEqual(2_500);
  }, 120_000);

  it('When the arguments are wrong, then nothing is written and the usage is printed', async () => {
    const result = await runDemoActivityCommand(context.database.db, ['--sessions', '12x']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^--sessions must be a whole number\.\nUsage: npm run demo-activity/);
  });
});

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));

function runScript(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ['scripts/demo-activity.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run demo-activity (embedded database)', () => {
  let prepared: PreparedTestDatabase;
  const silent = createLogger('silent');

  beforeAll(async () => {
    prepared = await prepareTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await prepared?.remove();
  });

  it('When the server holds the embedded database, then the command goes through it and the sessions are there', async () => {
    const server = await openDatabase(prepared.config, silent);
    const socket = await startClaimsSocket(
      claimsSocketPath(prepared.dataDir),
      server,
      silent,
      undefined,
      runDemoActivityCommand,
    );
    try {
      const result = await runScript(['--sessions', '120'], prepared.dataDir);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^120 visitor sessions added over the last 90 days in/);
      expect(result.code).toBe(0);
      const [rows] = await server.db.select({ rows: count() }).from(activities);
      expect(rows?.rows).toBe(120);
    } finally {
      await socket?.close();
      await server.close();
    }
  }, 60_000);

  it('When no server runs, then the command opens the database itself', async () => {
    const result = await runScript(['--sessions', '30', '--seed', '9'], prepared.dataDir);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const database = await openDatabase(prepared.config, silent);
    try {
      const [rows] = await database.db.select({ rows: count() }).from(activities);
      expect(rows?.rows).toBe(150);
    } finally {
      await database.close();
    }
  }, 60_000);
});
