import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../logger.ts';
import { openDatabase } from './client.ts';
import { seedDemoTemplate } from './test-demo-template.ts';
import { startPostgresServer } from './test-postgres-server.ts';
import type { TestDatabaseServers } from './test-database.ts';

/**
 * Vitest's global setup, run once per test run before any test file, for every project:
 * - starts the throwaway PostgreSQL server and migrates a template database on it;
 * - migrates a template PGlite folder (PGlite's initdb takes seconds; copying a folder does not);
 * - seeds copies of them with the demo records in processes of their own, while the first files
 *   start (test-demo-template.ts): PostgreSQL, PGlite, and PGlite with the proofs' files for the
 *   browser files' portals.
 * Test files get fresh databases from them through test-database.ts. A failure is not thrown
 * here (it would stop unrelated tests): it is handed on, and every test that asks for that
 * database fails with it. One setup for the whole run, not one a project: Vitest runs the
 * projects' setups one after another, and each started its own server and templates (31 s before
 * the first file, against 6 s for this one).
 */

const TEMPLATE_DATABASE = 'claim_portal_template';
/** The template database seeded with the demo records (test-demo-template.ts). */
const DEMO_TEMPLATE_DATABASE = 'claim_portal_demo';
const silent = createLogger('silent');

async function preparePostgres(): Promise<{ server: Awaited<ReturnType<typeof startPostgresServer>>; url: string }> {
  const server = await startPostgresServer();
  try {
    const admin = new URL(server.url);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      await client.query(`create database ${TEMPLATE_DATABASE}`);
    } finally {
      await client.end();
    }
    const templateUrl = new URL(`/${TEMPLATE_DATABASE}`, admin).href;
    const database = await openDatabase({ DATA_DIR: tmpdir(), DATABASE_URL: templateUrl }, silent);
    await database.close();
    return { server, url: server.url };
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }
}

/** A migrated PGlite folder (its `pgdata` copied by test-database.ts for each test database). */
async function preparePgliteTemplate(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'claim-portal-pglite-template-'));
  try {
    const database = await openDatabase({ DATA_DIR: dataDir }, silent);
    await database.close();
    return dataDir;
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [postgres, pglite] = await Promise.allSettled([preparePostgres(), preparePgliteTemplate()]);
  // The demo templates are seeded while the first files start (test-demo-template.ts); a run that
  // ends first (a file or two) stops the seeding instead of waiting for it.
  const stopSeeding = new AbortController();
  const seeding: Promise<void>[] = [];
  const folders: string[] = [];
  const seedPglite = async (withFiles: boolean, templateDataDir: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'claim-portal-pglite-demo-'));
    folders.push(dir);
    seeding.push(
      seedDemoTemplate({ kind: 'pglite', templateDataDir, demoDataDir: dir, withFiles }, stopSeeding.signal),
    );
    return dir;
  };
  let pglitePaths: { templateDataDir: string; demoDataDir: string; demoWithFilesDataDir: string } | undefined;
  if (pglite.status === 'fulfilled') {
    folders.push(pglite.value);
    pglitePaths = {
      templateDataDir: pglite.value,
      demoDataDir: await seedPglite(false, pglite.value),
      demoWithFilesDataDir: await seedPglite(true, pglite.value),
    };
  }
  let postgresDemo: { database: string; readyDir: string } | undefined;
  if (postgres.status === 'fulfilled') {
    const readyDir = await mkdtemp(join(tmpdir(), 'claim-portal-postgres-demo-'));
    folders.push(readyDir);
    seeding.push(
      seedDemoTemplate(
        {
          kind: 'postgres',
          adminUrl: postgres.value.url,
          template: TEMPLATE_DATABASE,
          database: DEMO_TEMPLATE_DATABASE,
          readyDir,
        },
        stopSeeding.signal,
      ),
    );
    postgresDemo = { database: DEMO_TEMPLATE_DATABASE, readyDir };
  }
  const servers: TestDatabaseServers = {
    postgres:
      postgres.status === 'fulfilled'
        ? { url: postgres.value.url, template: TEMPLATE_DATABASE, ...(postgresDemo ? { demo: postgresDemo } : {}) }
        : { error: messageOf(postgres.reason) },
    pglite: pglitePaths ?? { error: messageOf(pglite.status === 'rejected' ? pglite.reason : undefined) },
  };
  // Provided by the root project, read by every project's files.
  project.provide('testDatabases', servers);
  return async () => {
    stopSeeding.abort();
    await Promise.all(seeding);
    if (postgres.status === 'fulfilled') await postgres.value.server.stop();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  };
}
