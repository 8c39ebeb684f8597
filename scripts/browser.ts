import { type Browser, chromium } from 'playwright-core';

/**
 * The headless Chromium the browser tests (tests/e2e/) and the benchmarks (bench/) drive, and the
 * visitor state both give it. One place, so a test and the figure a benchmark prints see the same
 * browser: tests/ and bench/ import this, never each other.
 */

/** Debian's Chromium unless `CHROMIUM_PATH` names another. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Chromium's switches here: no sandbox (root), no GPU, none of the background traffic a closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium at `CHROMIUM_PATH`, headless, with `CHROMIUM_ARGS`. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
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
