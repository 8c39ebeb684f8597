import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, type RunningPortal, signalInstallable, startPortal, workerBrowser } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Install-as-app prompt', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('When the browser signals installability, then the prompt appears; once dismissed it never comes back', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/yescapa`);
    const prompt = page.getByRole('complementary', { name: 'Installer l’application' });
    expect(await prompt.isVisible()).toBe(false);
    await signalInstallable(page);
    await prompt.waitFor();
    // On a phone it covers nothing: it sits in the page, under the main content, above the footer.
    const [main, offer, footer] = await Promise.all(
      ['main', '.install-prompt', 'body > footer'].map((selector) => page.locator(selector).boundingBox()),
    );
    expect(await prompt.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    expect(main && offer && footer && offer.y >= main.y + main.height && offer.y + offer.height <= footer.y).toBe(true);
    await prompt.getByRole('button', { name: 'Plus tard' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.reload();
    await signalInstallable(page);
    await page.waitForTimeout(200);
    expect(await prompt.isVisible()).toBe(false);
    await context.close();
  });

  it('When the browser signals installability on a phone while the footer is in view, then the prompt waits and nothing on screen moves', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { width: 390, height: 844 });
    await context.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    // A short page: its footer is on screen from the start.
    await page.goto(`${portal.baseUrl}/golfy/de/page-inconnue`, { waitUntil: 'load' });
    expect(await page.locator('body > footer').isVisible()).toBe(true);
    await signalInstallable(page);
    await page.waitForTimeout(300);
    expect(await page.getByRole('complementary', { name: 'App installieren' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await context.close();
  });

  it('When the visitor chooses to install, then the prompt disappears', async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/en`);
    await signalInstallable(page, 'accepted');
    const prompt = page.getByRole('complementary', { name: 'Install the app' });
    await prompt.waitFor();
    // On a wide screen too it sits in the page, under the main content, above the footer: it
    // covers nothing (floating in a corner, it hid a page's button or text).
    const [main, offer, footer] = await Promise.all(
      ['main', '.install-prompt', 'body > footer'].map((selector) => page.locator(selector).boundingBox()),
    );
    expect(await prompt.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    expect(main && offer && footer && offer.y >= main.y + main.height && offer.y + offer.height <= footer.y).toBe(true);
    await prompt.getByRole('button', { name: 'Install' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('Service worker', () => {
  it('When the connection is lost, then the page the visitor landed on opens from the cache, and a page never opened leads to their brand’s home in their language instead of the browser’s error page', async () => {
    const portal = await startPortal();
    const context = await newVisitor(browser, portal.baseUrl, { serviceWorkers: true, width: 390, height: 844 });
    const page = await context.newPage();
    try {
      await page.goto(`${portal.baseUrl}/veligo/es/contact`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      // The worker keeps the landing page and the brand's Spanish home, loaded before it was there.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const [name] = await caches.keys();
            const cache = await caches.open(name ?? '');
            return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
          }),
        )
        .toEqual(['/veligo/es', '/veligo/es/contact']);
      const homeHeading = await (async () => {
        const home = await context.newPage();
        await home.goto(`${portal.baseUrl}/veligo/es`);
        const text = await home.locator('h1').textContent();
        await home.close();
        return text ?? '';
      })();

      await context.setOffline(true);
      await page.goto(`${portal.baseUrl}/veligo/es/faq`);
      expect(new URL(page.url()).pathname).toBe('/veligo/es');
      await expect(page.locator('h1').textContent()).resolves.toBe(homeHeading);
      await page.goto(`${portal.baseUrl}/veligo/es/contact`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('es');
      expect(new URL(page.url()).pathname).toBe('/veligo/es/contact');
    } finally {
      await context.close();
      await portal.stop();
    }
  });

  it('When a new build is deployed, then the new service worker deletes the caches of the old one', async () => {
    const site = mkdtempSync(join(tmpdir(), 'portal-sw-'));
    cpSync(resolve('dist'), site, {
      recursive: true,
      filter: (source) =>
        !/\/dist\/[a-z]+\/|\/dist\/(en|de|es|it|nl|pl|da|pt)\//.test(`${source}/`) || source.includes('/_astro'),
    });
    const portal = await startPortal({}, site);
    const context = await newVisitor(browser, portal.baseUrl, { serviceWorkers: true });
    const page = await context.newPage();
    try {
      await page.goto(`${portal.baseUrl}/`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      const firstCaches = await page.evaluate(() => caches.keys());
      expect(firstCaches).toHaveLength(1);
      // The page has loaded its scripts before the new build lands: the home page goes on loading
      // some after its load event, through the old worker, and one reaching it just as the browser
      // stops it to hand over starts it again; with Playwright attached to every worker, that
      // restarted worker then held the new one back for ever (4 runs of 12).
      await page.waitForLoadState('networkidle');

      // Listening before the new build lands: the browser checks for a new worker by itself after
      // every navigation, so it may find the new one before the page asks.
      await page.evaluate(() => {
        const changed = new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done));
        Object.assign(window, { changed });
      });
      const worker = join(site, 'sw.js');
      writeFileSync(worker, readFileSync(worker, 'utf8').replace(/portal-[a-z0-9]+/, 'portal-nextbuild'));
      // A deployment brings its own compressed copies; this edited worker has none yet.
      for (const copy of [`${worker}.br`, `${worker}.gz`]) rmSync(copy, { force: true });
      // The browser's own check, started by the reload, holds the first update() asked for about
      // 3 s and may have read the old worker before the new build landed: ask again until the
      // new worker takes over.
      await page.evaluate(async () => {
        const { changed } = window as unknown as { changed: Promise<unknown> };
        let swapped = false;
        void changed.then(() => {
          swapped = true;
        });
        while (!swapped) {
          await (await navigator.serviceWorker.getRegistration())?.update();
          await Promise.race([changed, new Promise((done) => setTimeout(done, 500))]);
        }
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(['portal-nextbuild']);
    } finally {
      await context.close();
      await portal.stop();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
