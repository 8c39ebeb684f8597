import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import { createLogger, type Logger } from '../logger.ts';
import { type Database, type DatabaseDriver, openDatabase } from './client.ts';
import { DEMO_TEMPLATE_READY, seededDemoTemplate } from './test-demo-template.ts';

/**
 * Databases for tests, on both drivers: PGlite in a fresh temporary DATA_DIR, and a fresh
 * database (`t_<random>`) on the throwaway PostgreSQL server that test-global-setup.ts starts once
 * per run. Both start migrated (copied from templates migrated once per run) unless asked empty.
 * Nothing is skipped: when the PostgreSQL server could not start, asking for a PostgreSQL
 * database throws the reason, so those tests fail.
 *
 * @example
 * describeWithDatabases('claims repository', (context) => {
 *   it('When …, then …', async () => {
 *     await context.database.db.insert(claims).values(…);
 *   });
 * });
 */

/** What the global setup hands to the test files (vitest `provide`/`inject`). */
export interface TestDatabaseServers {
  /** `demo`: the template database seeded with the demo records, once its ready file is there. */
  postgres: { url: string; template: string; demo?: { database: string; readyDir: string } } | { error: string };
  /**
   * `demoDataDir`: the template seeded with the demo records, once ready; `demoWithFilesDataDir`:
   * the same with the proofs' files, for the browser files' portals.
   */
  pglite: { templateDataDir: string; demoDataDir?: string; demoWithFilesDataDir?: string } | { error: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabaseServers;
  }
}

export const DATABASE_DRIVERS: readonly DatabaseDriver[] = ['pglite', 'postgres'];

export interface TestDatabaseOptions {
  /** false: an empty database, no migration applied (to test the migrations). Default true. */
  migrated?: boolean;
  /**
   * A copy of the run's template seeded with the demo records as the run started
   * (test-demo-template.ts), as `seedDemoData(db)` seeds them; `'with-files'` (PGlite, for the
   * browser files' portals): with the proofs' files in `DATA_DIR/files` too, as a portal with
   * `DEMO_DATA=on` seeds them.
   */
  demo?: boolean | 'with-files';
}

/** A database prepared for a test, not opened. */
export interface PreparedTestDatabase {
  driver: DatabaseDriver;
  /** A fresh temporary folder, owned by this database. */
  dataDir: string;
  /** The server configuration that opens this database: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  config: Config;
  /** Deletes the folder and drops the database; close what was opened on it first. */
  remove(): Promise<void>;
}

/** A database prepared and opened. */
export interface TestDatabase extends PreparedTestDatabase {
  database: Database;
  /** Closes the database, then removes it. */
  close(): Promise<void>;
}

function servers(): TestDatabaseServers | undefined {
  try {
    return inject('testDatabases');
  } catch {
    // Outside vitest.
    return undefined;
  }
}

async function withAdminClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/**
 * Prepares a fresh database on `driver` without opening it: tests that start a server process, or
 * open and close it themselves, use its `config`.
 */
export async function prepareTestDatabase(
  driver: DatabaseDriver = 'pglite',
  options: TestDatabaseOptions = {},
): Promise<PreparedTestDatabase> {
  const migrated = options.migrated ?? true;
  const provided = servers();
  const dataDir = await mkdtemp(join(tmpdir(), `claim-portal-test-${driver}-`));
  const removeFolder = () => rm(dataDir, { recursive: true, force: true });

  if (driver === 'pglite') {
    const template = provided?.pglite;
    if (template && 'error' in template) {
      await removeFolder();
      throw new Error(`The PGlite template of the test run could not be made: ${template.error}`);
    }
    if (options.demo) {
      try {
        const demo = options.demo === 'with-files' ? template?.demoWithFilesDataDir : template?.demoDataDir;
        await cp(await seededDemoTemplate(demo), dataDir, { recursive: true });
      } catch (error) {
        await removeFolder();
        throw error;
      }
      await rm(join(dataDir, DEMO_TEMPLATE_READY));
    }
    // Without a template (outside the unit project) PGlite creates the folder itself, slowly.
    else if (migrated && template)
      await cp(join(template.templateDataDir, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
    return { driver, dataDir, config: loadConfig({ DATA_DIR: dataDir }), remove: removeFolder };
  }

  const server = provided?.postgres;
  if (server === undefined || 'error' in server) {
    await removeFolder();
    throw new Error(
      `The test PostgreSQL server is not running, so this test cannot run on PostgreSQL: ${
        server ? server.error : 'the global setup (server/db/test-global-setup.ts) did not run'
      }`,
    );
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  let template = migrated ? server.template : 'template0';
  if (options.demo) {
    try {
      await seededDemoTemplate(server.demo?.readyDir);
    } catch (error) {
      await removeFolder();
      throw error;
    }
    template = server.demo?.database ?? template;
  }
  await withAdminClient(server.url, (client) => client.query(`create database ${name} template ${template}`));
  const url = new URL(`/${name}`, server.url).href;
  return {
    driver,
    dataDir,
    config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url }),
    async remove() {
      await withAdminClient(server.url, (client) => client.query(`drop database if exists ${name} with (force)`));
      await removeFolder();
    },
  };
}

/** Prepares and opens a fresh database on `driver` (PGlite by default). */
export async function openTestDatabase(
  driver: DatabaseDriver = 'pglite',
  options: TestDatabaseOptions & { logger?: Logger } = {},
): Promise<TestDatabase> {
  const prepared = await prepareTestDatabase(driver, options);
  try {
    const database = await openDatabase(prepared.config, options.logger ?? createLogger('silent'));
    return {
      ...prepared,
      database,
      async close() {
        await database.close();
        await prepared.remove();
      },
    };
  } catch (error) {
    await prepared.remove();
    throw error;
  }
}

/** What a suite of describeWithDatabases reads, once its database is open (in tests and hooks). */
export interface DatabaseSuiteContext {
  readonly driver: DatabaseDriver;
  readonly database: Database;
  readonly config: Config;
}

/**
 * Declares the suite once per driver (`title [pglite]`, `title [postgres]`), each with its own
 * fresh migrated database, opened before its tests and closed after them; with `demo: true`,
 * holding the demo records (`seedDemoData(db)`, seeded once for the run).
 */
export function describeWithDatabases(title: string, suite: (context: DatabaseSuiteContext) => void): void;
export function describeWithDatabases(
  title: string,
  options: Pick<TestDatabaseOptions, 'demo'>,
  suite: (context: DatabaseSuiteContext) => void,
): void;
export function describeWithDatabases(
  title: string,
  ...args:
    | [(context: DatabaseSuiteContext) => void]
    | [Pick<TestDatabaseOptions, 'demo'>, (context: DatabaseSuiteContext) => void]
): void {
  const [options, suite] = args.length === 1 ? [{}, args[0]] : args;
  for (const driver of DATABASE_DRIVERS) {
    describe(`${title} [${driver}]`, () => {
      let current: TestDatabase | undefined;
      let openError: unknown;
      // A database that cannot be opened fails every test that uses it (a failing hook would
      // report them as skipped).
      beforeAll(async () => {
        current = await openTestDatabase(driver, options).catch((error: unknown) => {
          openError = error;
          return undefined;
        });
      }, 60_000);
      afterAll(async () => {
        await current?.close();
      });
      const opened = (): TestDatabase => {
        if (openError !== undefined) throw openError;
        if (!current) throw new Error(`The ${driver} test database is not open yet: use it in tests and hooks only.`);
        return current;
      };
      suite({
        driver,
        get database() {
          return opened().database;
        },
        get config() {
          return opened().config;
        },
      });
    });
  }
}
