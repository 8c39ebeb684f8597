import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../site/i18n/index.ts';
import { newVisitor, type RunningPortal, scriptsHaveRun, startPortal, watchScripts, workerBrowser } from './harness.ts';

/**
 * The language of an unprefixed page is chosen before the page loads: the one the visitor chose in
 * the language menu, else the browser's, else French; by the server (and nginx, see cdn.test.ts),
 * or on a host that cannot negotiate by the inline script at the top of the head.
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
  [portal, browser, staticHost] = await Promise.all([startPortal(), workerBrowser(), startStaticHost()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((done) => staticHost?.server.close(done));
});

/** The `lang` cookie of a visitor's browser, undefined when there is none. */
async function languageCookieOf(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find(({ name }) => name === 'lang')?.value;
}

/** Picks `lang` in the header's language menu of the page shown, and waits for the new page. */
async function pickInMenu(page: Page, lang: string): Promise<void> {
  await page.locator('.language-menu summary').click();
  await page.locator(`.language-menu a[data-lang-link="${lang}"]`).click();
  await page.waitForFunction((wanted) => document.documentElement.lang === wanted, lang);
  await page.waitForLoadState('networkidle');
}

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
    // Reading a page is not choosing its language.
    expect(await languageCookieOf(context)).toBeUndefined();

    await pickInMenu(page, 'fr');
    expect(new URL(page.url()).pathname).toBe('/veligo/declare-sinistre');
    const cookie = (await context.cookies()).find(({ name }) => name === 'lang');
    expect(cookie).toMatchObject({ value: 'fr', path: '/', sameSite: 'Lax' });
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(new URL(page.url()).pathname).toBe('/veligo/declare-sinistre');
    await page.goto(`${portal.baseUrl}/veligo/faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await context.close();
  });
});

describe('The language a returning visitor chose', () => {
  it('When an English browser picks Deutsch in the menu, then a partner\u2019s unprefixed link opened later is German in one document', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-US' });
    const first = await context.newPage();
    await first.goto(`${portal.baseUrl}/veligo/faq`);
    await first.waitForURL(/\/veligo\/en\/faq$/);
    await pickInMenu(first, 'de');
    expect(new URL(first.url()).pathname).toBe('/veligo/de/faq');
    expect(await languageCookieOf(context)).toBe('de');
    await first.close();

    const later = await context.newPage();
    const documents = documentsOf(later);
    const response = await later.goto(`${portal.baseUrl}/veligo/declare-sinistre`);
    expect(response?.headers()['content-language']).toBe('de');
    expect(await later.getAttribute('html', 'lang')).toBe('de');
    expect(await later.locator('h1').first().textContent()).toBe(getTranslator('de')('page.declare-sinistre'));
    await later.waitForURL(/\/veligo\/de\/declare-sinistre$/);
    await later.waitForLoadState('networkidle');
    expect(documents).toEqual(['/veligo/declare-sinistre']);
    await context.close();
  });

  it('When a French browser chose English in the footer, then unprefixed URLs answer in English', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/sandaya/contact`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.locator('.site-footer__languages a[data-lang-link="en"]').click();
    await page.waitForURL(/\/sandaya\/en\/contact$/);
    expect(await languageCookieOf(context)).toBe('en');

    const response = await page.goto(`${portal.baseUrl}/sandaya`);
    expect(response?.headers()['content-language']).toBe('en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.waitForURL(/\/sandaya\/en$/);
    await context.close();
  });

  it('When a visitor opens a link to a page in another language, then they read it there and their choice stays for unprefixed URLs', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/sandaya/contact`);
    await page.waitForURL(/\/sandaya\/en\/contact$/);
    await pickInMenu(page, 'de');

    await page.goto(`${portal.baseUrl}/veligo/it/faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/veligo/it/faq');
    expect(await languageCookieOf(context)).toBe('de');
    await page.goto(`${portal.baseUrl}/veligo/faq?from=partner`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.waitForURL(/\/veligo\/de\/faq\?from=partner$/);
    await context.close();

    // A visitor who chose nothing reads the link's language, then gets their browser's again.
    const newcomer = await newVisitor(browser, portal.baseUrl, { locale: 'en-GB' });
    const other = await newcomer.newPage();
    await watchScripts(other);
    await other.goto(`${portal.baseUrl}/veligo/it/faq`);
    await scriptsHaveRun(other);
    expect(await languageCookieOf(newcomer)).toBeUndefined();
    await other.goto(`${portal.baseUrl}/veligo/faq`);
    expect(await other.getAttribute('html', 'lang')).toBe('en');
    await newcomer.close();
  });

  it('When a visitor who chose English opens a link asking ?lang=fr, then they read French there and their choice stays', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'de-DE' });
    await context.addCookies([{ name: 'lang', value: 'en', url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/veligo/de/faq?lang=fr&from=mail`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.waitForURL(/\/veligo\/faq\?from=mail$/);
    await page.waitForLoadState('networkidle');
    expect(await languageCookieOf(context)).toBe('en');
    await page.goto(`${portal.baseUrl}/veligo/faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('When a visitor right-clicks a language, then nothing is chosen; when they open it in a new tab with a middle click, then it is', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/veligo/en/contact`);
    await page.waitForLoadState('networkidle');
    const footerLink = (lang: string) => page.locator(`.site-footer__languages a[data-lang-link="${lang}"]`);
    await footerLink('es').click({ button: 'right' });
    await page.keyboard.press('Escape');
    expect(await languageCookieOf(context)).toBeUndefined();
    const opened = context.waitForEvent('page');
    await footerLink('pt').click({ button: 'middle' });
    await (await opened).waitForLoadState();
    expect(await languageCookieOf(context)).toBe('pt');
    expect(new URL(page.url()).pathname).toBe('/veligo/en/contact');
    await context.close();
  });

  it('When an earlier version stored the language last read, then it is not taken for a choice and is removed', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('portal.v1.session.lang', 'fr');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await watchScripts(page);
    await page.goto(`${portal.baseUrl}/faq`);
    await page.waitForURL(/\/en\/faq$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await scriptsHaveRun(page);
    expect(await page.evaluate(() => localStorage.getItem('portal.v1.session.lang'))).toBeNull();
    expect(await languageCookieOf(context)).toBeUndefined();
    await context.close();
  });
});

describe('The language cookie and the cookie banner', () => {
  it('When a visitor who chose a language refuses every optional cookie, then the language cookie stays: a preference, exempt from consent', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-GB', consented: false });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/veligo/contact`);
    const banner = page.locator('#consent-banner');
    await banner.waitFor();
    expect(await banner.textContent()).not.toMatch(/\blang\b/);
    await page.waitForURL(/\/veligo\/en\/contact$/);
    await pickInMenu(page, 'nl');
    await banner.waitFor();
    await banner.locator('[data-consent-answer="necessary"]').click();
    await banner.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.cookie.includes('cc_cookie='));
    const names = (await context.cookies()).map(({ name, value }) => `${name}=${name === 'lang' ? value : '\u2026'}`);
    expect(names).toContain('lang=nl');
    await page.goto(`${portal.baseUrl}/veligo/contact`);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
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

  it('When a French browser or a visitor who chose French opens the French URL, then it stays', async () => {
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

  it('When a visitor who chose German opens a French URL asking ?lang=fr or ?lang=it, then the link\u2019s language shows', async () => {
    const context = await newVisitor(browser, staticHost.url, { locale: 'en-US' });
    await context.addCookies([{ name: 'lang', value: 'de', url: staticHost.url }]);
    const page = await context.newPage();
    await page.goto(`${staticHost.url}/sandaya/contact?lang=fr`);
    await page.waitForLoadState('networkidle');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(new URL(page.url()).pathname).toBe('/sandaya/contact');
    await page.goto(`${staticHost.url}/sandaya/contact?lang=it`);
    await page.waitForURL(/\/sandaya\/it\/contact$/);
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    expect(await languageCookieOf(context)).toBe('de');
    await context.close();
  });

  it('When a visitor who chose German opens the French URL with an English browser, then the inline script moves them to German', async () => {
    const context = await newVisitor(browser, staticHost.url, { locale: 'en-US' });
    await context.addCookies([{ name: 'lang', value: 'de', url: staticHost.url }]);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.resourceType()} ${new URL(request.url()).pathname}`));
    await page.goto(`${staticHost.url}/sandaya/contact`);
    await page.waitForURL(/\/sandaya\/de\/contact$/);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(requests.slice(0, 2)).toEqual(['document /sandaya/contact', 'document /sandaya/de/contact']);
    await context.close();
  });
});
