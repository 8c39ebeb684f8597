import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import type { BrandInput } from '../brands/lib/schema.ts';
import { type BrandCatalog, parseBrandModules } from '../brands/lib/parse.ts';
import { type App, createApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { BodyPaceOptions } from './files/body-pace.ts';
import type { Database } from './db/client.ts';
import { openTestDatabase } from './db/test-database.ts';
import { createLogger, type Logger } from './logger.ts';

/** Shared by the server tests: a small brand catalogue, a fake build folder and a running app. */

function brand(name: string, logo: string): BrandInput {
  return {
    name,
    logo,
    theme: { primary: '#1f4e8c', onPrimary: '#ffffff', primaryDark: '#153a6b', accent: '#f2a93b', tint: '#eef3fa' },
    support: [{ line: 'FR', phone: '+33 1 84 88 40 10' }],
  };
}

/** The neutral brand and one partner, `veligo`, formerly `fluow`. */
/** The test brands' complaint addresses: the deployment's, and veligo's own (with characters HTML escapes). */
export const TEST_COMPLAINT_ADDRESSES = {
  neutral: ['Neutral Test – Complaints', '1 rue du Test', '75001 Paris'],
  veligo: ['Veligo <Test> & Co – Réclamations', '2 quai des Vélos', '69001 Lyon'],
};

export function createTestCatalog(): BrandCatalog {
  return parseBrandModules(
    {
      'brands/_default.ts': {
        default: { ...brand('Neutral Test', 'default.svg'), complaintAddress: TEST_COMPLAINT_ADDRESSES.neutral },
      },
      'brands/veligo.ts': {
        default: {
          ...brand('Veligo Test', 'veligo.svg'),
          formerSlugs: ['fluow'],
          complaintAddress: TEST_COMPLAINT_ADDRESSES.veligo,
        },
      },
    },
    new Set(['default.svg', 'veligo.svg']),
  );
}

/** Each built file of the fake site, with content naming it. */
export const FAKE_SITE_FILES: Record<string, string> = {
  'index.html': '<h1>home neutral fr</h1>',
  'en/index.html': '<h1>home neutral en</h1>',
  'faq/index.html': '<h1>faq neutral fr</h1>',
  'en/faq/index.html': '<h1>faq neutral en</h1>',
  'veligo/index.html': '<h1>home veligo fr</h1>',
  'veligo/en/index.html': '<h1>home veligo en</h1>',
  'veligo/faq/index.html': '<h1>faq veligo fr</h1>',
  'veligo/en/faq/index.html': '<h1>faq veligo en</h1>',
  'veligo/de/faq/index.html': '<h1>faq veligo de</h1>',
  // Astro writes the root 404 page as 404.html.
  '404.html': '<h1>404 neutral fr</h1>',
  'en/404/index.html': '<h1>404 neutral en</h1>',
  'veligo/404/index.html': '<h1>404 veligo fr</h1>',
  'bo_login/index.html': '<h1>bo login</h1>',
  '_astro/app.Ab12Cd34.js': 'console.log("asset");',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest-veligo.webmanifest': '{"name":"Veligo"}',
  '.build-stamp': 'secret-stamp',
};

/** Writes the fake build folder into a new temporary directory; `remove` deletes it. */
export function createFakeSite(): { staticDir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-site-'));
  for (const [file, content] of Object.entries(FAKE_SITE_FILES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  return { staticDir: root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A logger writing its JSON lines into `lines`, to read what the server logs. */
export function createCapturedLogger(level: 'info' | 'debug' = 'info'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: createLogger(level, stream), lines };
}

export interface RunningApp extends App {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  database: Database;
}

export interface TestAppOptions {
  /** The database to serve; it stays open when the app closes. Default: a fresh PGlite one, closed with the app. */
  database?: Database;
  /** Environment the configuration is read from. Example: { TRUST_PROXY: '1' }. Default: none. */
  config?: Record<string, string>;
  /** How slow a body may arrive before it is cut (createApp's `bodyPace`). Example: { idleMs: 1000 }. */
  bodyPace?: BodyPaceOptions;
}

/** Starts the real app on a free port with the test catalogue. */
export async function startTestApp(
  staticDir: string,
  logger: Logger = createLogger('silent'),
  options: TestAppOptions = {},
): Promise<RunningApp> {
  const owned = options.database ? undefined : await openTestDatabase('pglite');
  const database = options.database ?? (owned as NonNullable<typeof owned>).database;
  const config = loadConfig(options.config ?? {});
  const app = createApp({
    config,
    logger,
    brands: createTestCatalog(),
    database,
    staticDir,
    ...(options.bodyPace ? { bodyPace: options.bodyPace } : {}),
  });
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = app.httpServer.address() as AddressInfo;
  return {
    ...app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await owned?.close();
    },
  };
}
