import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { LocalFileStore } from '../../files/store.ts';
import { createLogger, type Logger } from '../../logger.ts';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DatabaseSuiteContext } from '../../db/test-database.ts';
import { rateLimitHits } from '../../db/schema.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createFakeSite, createTestCatalog, type RunningApp } from '../../test-support.ts';

/** Shared by the proofs, attestation and forms tests: the real app with a file store the test can look into. */

export interface AppWithFileStore extends RunningApp {
  fileStore: LocalFileStore;
  /** Everything in the store: stored files, and `.incoming/…` partial files. */
  storedFiles(): string[];
}

/**
 * Starts the real app on a free loopback port with the test brand catalogue (neutral and `veligo`),
 * serving `database` (left open on close) and storing uploads in a fresh temporary folder (deleted
 * on close).
 */
async function startAppWithFileStore(
  database: Database,
  staticDir: string,
  options: { logger?: Logger } = {},
): Promise<AppWithFileStore> {
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-store-'));
  const fileStore = new LocalFileStore(join(root, 'files'));
  const app = createApp({
    config: loadConfig({}),
    logger: options.logger ?? createLogger('silent'),
    brands: createTestCatalog(),
    database,
    staticDir,
    fileStore,
  });
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = app.httpServer.address() as AddressInfo;
  return {
    ...app,
    database,
    fileStore,
    baseUrl: `http://127.0.0.1:${port}`,
    storedFiles() {
      const files = fileStore.rootDir;
      if (!existsSync(files)) return [];
      const incoming = join(files, '.incoming');
      return [
        ...readdirSync(files).filter((name) => name !== '.incoming'),
        ...(existsSync(incoming) ? readdirSync(incoming).map((name) => `.incoming/${name}`) : []),
      ].sort();
    },
    async close() {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A multipart form of string fields and files, in the given order (send `lang` first). */
export function multipartForm(
  fields: ReadonlyArray<readonly [string, string]> | Readonly<Record<string, string>>,
  files: ReadonlyArray<{ field: string; bytes: Buffer; name: string; type: string }> = [],
): FormData {
  const body = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) body.append(name, value);
  for (const file of files)
    body.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

/** POSTs a body and reads the JSON answer. */
export async function postForm(
  url: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/**
 * The hooks every partner-API route suite needs: demo data seeded once, the app started with a
 * file store on a fake build, and fresh abuse counters before each test (every request comes from
 * 127.0.0.1). Read `suite.app` inside the tests.
 */
export function usePartnerApiApp(context: DatabaseSuiteContext, logger: Logger): { readonly app: AppWithFileStore } {
  let site: ReturnType<typeof createFakeSite> | undefined;
  let app: AppWithFileStore | undefined;
  beforeAll(async () => {
    await seedDemoData(context.database.db);
    site = createFakeSite();
    app = await startAppWithFileStore(context.database, site.staticDir, { logger });
  });
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });
  beforeEach(async () => {
    await context.database.db.delete(rateLimitHits);
  });
  return {
    get app() {
      if (app === undefined) throw new Error('The app starts in beforeAll: read suite.app inside a test.');
      return app;
    },
  };
}
