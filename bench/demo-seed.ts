import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadBrands } from '../brands/index.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/db/client.ts';
import { startPostgresServer } from '../server/db/test-postgres-server.ts';
import { seedDemoData } from '../server/demo/seed.ts';
import { LocalFileStore } from '../server/files/store.ts';
import { createLogger } from '../server/logger.ts';
import { type BenchRow, benchRow } from './results.ts';

/**
 * The demo at full volume (`npm start`'s seed): the time to generate and write the ~2,400
 * generated claims, their proofs, files, history, mails and the inbox's messages, on PGlite and on
 * PostgreSQL. Measured as the full seed's time less the hand-written records' seed (the
 * reference, measured in the same run on a fresh database of the same driver), with a local file
 * store as `npm start` has. Goal: at most 10 s.
 */

export interface DemoSeedFigures {
  driver: 'pglite' | 'postgres';
  recordsMs: number;
  fullMs: number;
}

const logger = createLogger('warn', process.stderr);

async function timeSeed(open: () => Promise<Database>, volume: 'records' | 'full', filesDir: string): Promise<number> {
  const database = await open();
  try {
    const brands = await loadBrands();
    const fileStore = new LocalFileStore(join(filesDir, volume));
    const started = performance.now();
    await seedDemoData(database.db, { volume, brands, fileStore });
    return performance.now() - started;
  } finally {
    await database.close();
  }
}

async function measurePglite(): Promise<DemoSeedFigures> {
  const root = mkdtempSync(join(tmpdir(), 'portal-bench-demo-pglite-'));
  try {
    const open = (name: string) => () => openDatabase(loadConfig({ DATA_DIR: join(root, name) }), logger);
    const recordsMs = await timeSeed(open('records'), 'records', root);
    const fullMs = await timeSeed(open('full'), 'full', root);
    return { driver: 'pglite', recordsMs, fullMs };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function measurePostgres(): Promise<DemoSeedFigures> {
  const server = await startPostgresServer();
  const root = mkdtempSync(join(tmpdir(), 'portal-bench-demo-pg-'));
  try {
    const admin = await openDatabase(loadConfig({ DATA_DIR: root, DATABASE_URL: server.url }), logger);
    try {
      await admin.db.execute(sql`create database demo_records`);
      await admin.db.execute(sql`create database demo_full`);
    } finally {
      await admin.close();
    }
    const open = (name: string) => () =>
      openDatabase(
        loadConfig({ DATA_DIR: join(root, name), DATABASE_URL: server.url.replace(/\/postgres$/, `/${name}`) }),
        logger,
      );
    const recordsMs = await timeSeed(open('demo_records'), 'records', root);
    const fullMs = await timeSeed(open('demo_full'), 'full', root);
    return { driver: 'postgres', recordsMs, fullMs };
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export async function measureDemoSeed(): Promise<DemoSeedFigures[]> {
  return [await measurePglite(), await measurePostgres()];
}

export function demoSeedRows(all: readonly DemoSeedFigures[]): BenchRow[] {
  return all.map((figures) =>
    benchRow(
      `Demo data at full volume (${figures.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      'generated claims, files, mails and messages: full seed less the records seed',
      (figures.fullMs - figures.recordsMs) / 1000,
      's',
      { name: 'seed of the hand-written records only', value: figures.recordsMs / 1000 },
      { op: '<=', value: 10 },
    ),
  );
}
