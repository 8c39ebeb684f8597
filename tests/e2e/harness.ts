import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { loadBrands } from '../../brands/index.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';

/** Where screenshots and other artefacts of the browser tests are written. */
export const ARTEFACTS_DIR = resolve('test-results');

export interface RunningPortal {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the real server (built site, APIs, socket.io) on a free port with a throwaway data folder. */
export async function startPortal(
  env: Record<string, string> = {},
  staticDir = resolve('dist'),
): Promise<RunningPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const brands = await loadBrands();
  const logger = pino({ level: 'silent' });
  const database = await openDatabase(config, logger);
  const portal = createApp({ config, logger, brands, database, staticDir });
  await new Promise<void>((done) => portal.httpServer.listen(0, '127.0.0.1', done));
  const { port } = portal.httpServer.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await portal.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, without the background traffic a closed network refuses. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The cookie of a visitor who answered the cookie banner with "necessary only". */
export function consentCookie(baseUrl: string): { name: string; value: string; url: string } {
  const value = encodeURIComponent(
    JSON.stringify({
      categories: ['necessary'],
      revision: 0,
      data: null,
      consentTimestamp: new Date().toISOString(),
      consentId: 'e2e',
      services: { necessary: [], analytics: [], support: [] },
      languageCode: 'fr',
      lastConsentTimestamp: new Date().toISOString(),
      expirationTime: Date.now() + 86_400_000,
    }),
  );
  return { name: 'cc_cookie', value, url: baseUrl };
}

/** A visitor who already answered the cookie banner (so it does not cover what a test clicks). */
export async function newVisitor(
  browser: Browser,
  baseUrl: string,
  options: { locale?: string; width?: number; height?: number; consented?: boolean; serviceWorkers?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'fr-FR',
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
  });
  if (options.consented !== false) await context.addCookies([consentCookie(baseUrl)]);
  return context;
}
