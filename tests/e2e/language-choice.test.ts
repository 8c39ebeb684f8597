import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../scripts/browser.ts';
import { getTranslator } from '../../site/i18n/index.ts';
import { newVisitor, type RunningPortal, startPortal } from './harness.ts';

/**
 * The language of a first visit is chosen before the page loads: by the server (and nginx, see
 * cdn.test.ts), or on a host that cannot negotiate by the inline script at the top of the head.
 */

const DIST = resolve('dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** The build served as a plain static host serves it: the file of each path, no negotiation, no headers. */
async function startStaticHost(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname));
    const candidates = [join(DIST, path), join(DIST, path, 'index.html')];
    const file = candidates.find((candidate) => {
      try {
        return candidate.startsWith(DIST) && statSync(candidate).isFile();
      } catch {
        return false;
      }
    });
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Every document the main frame loaded, in order (a same-document address change is not one). */
function documentsOf(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents.push(new URL(request.url()).pathname);
    }
  });
  return documents;
}

let portal: RunningPortal;
let browser: Browser;
let staticHost: { url: string; server: Server };

beforeAll(async () => {
  [portal, browser, staticHost] = await Promise.all([startPortal(), launchBrowser(), startStaticHost()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((done) => staticHost?.server.close(done));
});

describe('The language of a first visit', () => {
  it('When an English browser opens the French URL, then the English page is the first answer, and the visitor who picks Français stays French on reload', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-US' });
    const page = await context.newPage();
    const documents = documentsOf(page);
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    const response = await page.goto(`${portal.baseUrl}/veligo/declare-sinistre`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-language']).toBe('en');
    expect(await response?.text()).toContain('<html lang="en"');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').first().textContent()).toBe(getTranslator('en')('page.declare-sinistre'));
    // The address becomes the page's own URL without loading anything, so a reload keeps English.
    await page.waitForURL(/\/veligo\/en\/declare-sinistre$/);
    await page.waitForLoadState('networkidle');
    expect(documents).toEqual(['/veligo/declare-sinistre']);
    // One document, and one same-document change of the address to the page's own URL.
    expect(navigations).toBe(2);
    const cookie = (await context.cookies()).find(({ name }) => name === 'lang');
    expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' });
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

    await page.locator('.language-menu summary').click();
    await page.locator('.language-menu a[data-lang-link="fr"]').click();
    await page.waitForURL(/\/veligo\/declare-sinistre$/);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(new URL(page.url()).pathname).toBe('/veligo/declare-sinistre');
    expect((await context.cookies()).find(({ name }) => name === 'lang')?.value).toBe('fr');
    await context.close();
  });

  it('When the visitor chose German earlier, then an unprefixed URL keeps its French whatever the browser prefers', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/sandaya/de/contact`);
    await page.waitForLoadState('networkidle');
    await page.goto(`${portal.baseUrl}/sandaya/contact`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/sandaya/contact');
    await context.close();
  });

  it('When a language was stored before the cookie existed, then the stored language wins over the negotiated one, once', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('portal.v1.session.lang', 'fr');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto(`${portal.baseUrl}/faq`);
    await page.waitForURL(/\/faq$/);
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect((await context.cookies()).find(({ name }) => name === 'lang')?.value).toBe('fr');
    await context.close();
  });
});

describe('The language cookie and the cookie banner', () => {
  it('When a new visitor refuses every optional cookie, then the language cookie stays: a preference, exempt from consent', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-GB', consented: false });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/veligo/contact`);
    const banner = page.locator('#consent-banner');
    await banner.waitFor();
    expect(await banner.textContent()).not.toMatch(/\blang\b/);
    await page.waitForURL(/\/veligo\/en\/contact$/);
    await banner.locator('[data-consent-answer="necessary"]').click();
    await banner.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.cookie.includes('cc_cookie='));
    const names = (await context.cookies()).map(({ name, value }) => `${name}=${name === 'lang' ? value : '…'}`);
    expect(names).toContain('lang=en');
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });
});

describe('On a host that cannot negotiate the language', () => {
  it('When an English browser opens the French URL, then the inline script moves it to English before any script or stylesheet is asked', async () => {
    const context = await newVisitor(browser, staticHost.url, { locale: 'en-US' });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.resourceType()} ${new URL(request.url()).pathname}`));
    await page.goto(`${staticHost.url}/veligo/declare-sinistre?from=mail#top`);
    await page.waitForURL(/\/veligo\/en\/declare-sinistre\?from=mail#top$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(requests.slice(0, 2)).toEqual(['document /veligo/declare-sinistre', 'document /veligo/en/declare-sinistre']);
    await context.close();
  });

  it('When a French browser or a visitor with a language cookie opens the French URL, then it stays', async () => {
    const french = await newVisitor(browser, staticHost.url, { locale: 'fr-FR' });
    const page = await french.newPage();
    await page.goto(`${staticHost.url}/veligo/declare-sinistre`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/veligo/declare-sinistre');
    await french.close();

    const returning = await newVisitor(browser, staticHost.url, { locale: 'en-US' });
    await returning.addCookies([{ name: 'lang', value: 'fr', url: staticHost.url }]);
    const again = await returning.newPage();
    await again.goto(`${staticHost.url}/veligo/declare-sinistre`);
    await again.waitForLoadState('networkidle');
    expect(new URL(again.url()).pathname).toBe('/veligo/declare-sinistre');
    expect(await again.getAttribute('html', 'lang')).toBe('fr');
    await returning.close();
  });
});
