import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrands } from '../../brands/index.ts';
import type { BrandCatalog } from '../../brands/lib/parse.ts';
import { LANGUAGES } from '../../contracts/languages.ts';
import { getTranslator, type MessageKey } from '../../site/i18n/index.ts';
import {
  ARTEFACTS_DIR,
  newVisitor,
  openPage,
  type RunningPortal,
  scriptsHaveRun,
  startPortal,
  watchScripts,
  workerBrowser,
} from './harness.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';

let portal: RunningPortal;
let browser: Browser;
let brands: BrandCatalog;

beforeAll(async () => {
  [portal, browser, brands] = await Promise.all([startPortal(), workerBrowser(), loadBrands()]);
  mkdirSync(ARTEFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('Home page of every brand', () => {
  it('When a visitor opens each partner home in French, then it shows that partner, its logo and French links', async () => {
    const t = getTranslator('fr');
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    for (const brand of [brands.neutral, ...brands.partners]) {
      const prefix = brand.slug ? `/${brand.slug}` : '';
      const response = await page.goto(`${portal.baseUrl}${prefix || '/'}`);
      expect(response?.status(), brand.slug).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      expect(await page.getAttribute('body', 'class')).toContain(`brand-${brand.slug || 'default'}`);
      const logo = page.locator('.site-header__brand img').first();
      expect(await logo.getAttribute('alt')).toBe(brand.name);
      expect(await logo.getAttribute('src')).toContain(brand.logo.replace('.svg', ''));
      expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await expect(page.locator('h1').textContent()).resolves.toBe(t('home.hero.title'));
      const declare = page.getByRole('link', { name: t('home.hero.primary') }).first();
      expect(await declare.getAttribute('href')).toBe(`${prefix}/declare-sinistre`);
      expect(await page.locator('.review').count()).toBe(4);
      expect(await page.locator('.partners__item img').count()).toBe(23);
    }
    await context.close();
  });

  it('When every document link of every home page is followed, then each opens a PDF of the site titled in the page language (golfy: conditions and four certificates; sandaya and yelloh: conditions)', async () => {
    const linksOf = (html: string) =>
      [...html.matchAll(/<a class="document-link" href="([^"]+)"[^>]*data-document="([^"]+)"/g)].map(
        ([, href = '', kind = '']) => ({ href, kind }),
      );
    const counts: Record<string, number> = {};
    for (const brand of [brands.neutral, ...brands.partners]) {
      for (const lang of LANGUAGES) {
        const path = `/${[brand.slug, lang === 'fr' ? '' : lang].filter(Boolean).join('/')}`;
        const home = await fetch(`${portal.baseUrl}${path}`);
        expect(home.status, path).toBe(200);
        const links = linksOf(await home.text());
        counts[brand.slug] = links.length;
        for (const link of links) {
          expect(link.href, path).toMatch(/^\/documents\//);
          const answer = await fetch(`${portal.baseUrl}${link.href}`);
          expect(answer.status, link.href).toBe(200);
          expect(answer.headers.get('content-type'), link.href).toBe('application/pdf');
          const pdf = Buffer.from(await answer.arrayBuffer()).toString('latin1');
          expect(pdf.startsWith('%PDF-'), link.href).toBe(true);
          // The title names the brand and the document in the page's language (Latin-1 text of the PDF).
          const title = getTranslator(lang)(`home.documents.${link.kind}` as MessageKey).replace(/’/g, "'");
          if (/^[\x20-\xff]*$/.test(title)) expect(pdf, link.href).toContain(title);
          expect(pdf, link.href).toContain(brand.name);
        }
      }
    }
    expect(Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0))).toEqual({
      golfy: 5,
      sandaya: 1,
      yelloh: 1,
    });
  });

  it('When a visitor opens one brand in every language, then the page, its links and hreflang alternates follow the language', async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    for (const lang of LANGUAGES) {
      const t = getTranslator(lang);
      const base = lang === 'fr' ? '/veligo' : `/veligo/${lang}`;
      await page.goto(`${portal.baseUrl}${base}`);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await page.locator('h1').textContent()).toBe(t('home.hero.title'));
      expect(await page.title()).toBe(t('meta.homeTitle', { brand: brands.bySlug.get('veligo')?.name ?? '' }));
      const logo = page.locator('.site-header__brand img').first();
      expect(await logo.getAttribute('alt')).toBe(brands.bySlug.get('veligo')?.name);
      expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const follow = page.getByRole('link', { name: t('home.hero.secondary') }).first();
      expect(await follow.getAttribute('href')).toBe(`${base}/suivre-dossier`);
      const alternates = await page
        .locator('link[rel=alternate][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => [
            link.getAttribute('hreflang'),
            new URL(link.getAttribute('href') ?? '', 'http://x').pathname,
          ]),
        );
      expect(alternates).toContainEqual(['de', '/veligo/de']);
      expect(alternates).toContainEqual(['x-default', '/veligo']);
      expect(alternates).toHaveLength(LANGUAGES.length + 1);
    }
    await context.close();
  });

  it('When the visitor is on golfy, sandaya or yelloh, then the partner document links carry the language', async () => {
    const golfy = await openPage(browser, portal.baseUrl, '/golfy/en');
    const hrefs = await golfy
      .locator('[data-document]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs).toHaveLength(5);
    expect(hrefs).toEqual([
      '/documents/golfy/conditions-en.pdf',
      '/documents/golfy/certificate-hole-in-one-en.pdf',
      '/documents/golfy/certificate-interruption-en.pdf',
      '/documents/golfy/certificate-level-up-en.pdf',
      '/documents/golfy/certificate-interruption-extension-en.pdf',
    ]);
    for (const slug of ['sandaya', 'yelloh']) {
      const page = await openPage(browser, portal.baseUrl, `/${slug}`);
      expect(await page.locator('[data-document="conditions"]').count()).toBe(1);
      await page.context().close();
    }
    const veligo = await openPage(browser, portal.baseUrl, '/veligo');
    expect(await veligo.locator('[data-document]').count()).toBe(0);
    await Promise.all([golfy.context().close(), veligo.context().close()]);
  });

  it('When the home page loads, then it ships no React (it has no island)', async () => {
    const responses: Response[] = [];
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await watchScripts(page);
    await page.goto(`${portal.baseUrl}/veligo`);
    await scriptsHaveRun(page);
    // Read once the scripts have run: a body read inside the listener could still be on its way.
    const scripts = await Promise.all(responses.map((response) => response.text()));
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).not.toContain('react.transitional.element');
    await context.close();
  });

  it('When a zenride page is in any language, then the employer badge beside its logo is written in that language, in the header and the footer', async () => {
    for (const lang of LANGUAGES) {
      const path = lang === 'fr' ? '/zenride' : `/zenride/${lang}`;
      const html = await (await fetch(`${portal.baseUrl}${path}`)).text();
      const badges = [...html.matchAll(/<img class="logo__second" src="([^"]+)"/g)].map(([, src = '']) => src);
      expect(badges, path).toHaveLength(2);
      for (const src of badges) {
        const svg = await (await fetch(`${portal.baseUrl}${src}`)).text();
        expect(svg, path).toContain(lang === 'fr' ? 'Avantage salarié' : '<title');
        if (lang !== 'fr') expect(svg, path).not.toContain('Avantage salarié');
      }
    }
  });
});

describe('Languages and redirects', () => {
  it('When the URL asks ?lang=en, then the visitor lands on the English URL of the same page', async () => {
    const page = await openPage(browser, portal.baseUrl, '/veligo/faq?lang=en');
    expect(new URL(page.url()).pathname).toBe('/veligo/en/faq');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.context().close();
  });

  it('When a path starts with /fluow, then it is redirected to /veligo', async () => {
    const page = await openPage(browser, portal.baseUrl, '/fluow/contact');
    expect(new URL(page.url()).pathname).toBe('/veligo/contact');
    expect(await page.getAttribute('body', 'class')).toContain('brand-veligo');
    await page.context().close();
  });

  it('When a German browser visits for the first time, then the German page is the first answer, its own URL in the address bar, and the next unprefixed page is German too', async () => {
    const page = await openPage(browser, portal.baseUrl, '/golfy', { locale: 'de-DE' });
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.waitForURL(/\/golfy\/de$/);
    await page.goto(`${portal.baseUrl}/golfy/faq`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.waitForURL(/\/golfy\/de\/faq$/);
    await page.context().close();
  });

  it('When the visitor picks a language in the menu, then the same page opens in that language', async () => {
    const page = await openPage(browser, portal.baseUrl, '/sandaya/contact');
    await page.locator('.language-menu summary').click();
    await page.locator('.language-menu a[hreflang="it"]').click();
    await page.waitForURL(/\/sandaya\/it\/contact$/);
    expect(await page.locator('h1').textContent()).toBe(getTranslator('it')('page.contact'));
    await page.context().close();
  });

  it('When the page does not exist, then the 404 page answers with HTTP 404 and a link home', async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    const response = await page.goto(`${portal.baseUrl}/veligo/en/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe(getTranslator('en')('notFound.title'));
    expect(await page.getByRole('link', { name: getTranslator('en')('notFound.home') }).getAttribute('href')).toBe(
      '/veligo/en',
    );
    const french = await page.goto(`${portal.baseUrl}/nobody/faq`);
    expect(french?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe("Ouuups, cette page n'existe pas\u00a0!");
    expect(await page.getAttribute('body', 'class')).toContain('brand-default');
    expect(await page.locator('link[rel=alternate][hreflang]').count()).toBe(0);
    await context.close();
  });

  it('When a first-time visitor whose browser speaks German mistypes an address, then the 404 keeps the typed address', async () => {
    const page = await openPage(browser, portal.baseUrl, '/veligo/declare-sinistr', { locale: 'de-DE' });
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/veligo/declare-sinistr');
    expect(await page.locator('h1').textContent()).toBe("Ouuups, cette page n'existe pas\u00a0!");
    await page.context().close();
  });
});

describe('Chrome', () => {
  it('When a phone visitor taps the menu button, then the menu opens and closes', async () => {
    const page = await openPage(browser, portal.baseUrl, '/homair', { width: 390, height: 844 });
    const toggle = page.locator('[data-menu-toggle]');
    const declare = page.locator('.site-menu').getByRole('link', { name: 'Déclarer un sinistre' });
    expect(await declare.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await declare.isVisible()).toBe(true);
    await toggle.click();
    expect(await declare.isVisible()).toBe(false);
    await page.context().close();
  });

  it('When a phone visitor taps next on the action cards, then the carousel moves 260 px', async () => {
    const page = await openPage(browser, portal.baseUrl, '/maeva', { width: 390, height: 844 });
    const track = page.locator('.actions__track');
    await page.locator('.actions [data-carousel-next]').click();
    await page.waitForTimeout(900);
    expect(await track.evaluate((element) => element.scrollLeft)).toBeGreaterThanOrEqual(240);
    await page.context().close();
  });

  it('When a new visitor arrives, then the cookie banner offers refusing as plainly as accepting, and is absent on the privacy page', async () => {
    const page = await openPage(browser, portal.baseUrl, '/tohapi', { consented: false });
    const banner = page.locator('#consent-banner');
    await banner.waitFor();
    const accept = banner.getByRole('button', { name: 'Tout accepter' });
    const reject = banner.getByRole('button', { name: 'Tout refuser' });
    expect(await accept.isVisible()).toBe(true);
    expect(await reject.isVisible()).toBe(true);
    const [acceptBox, rejectBox] = await Promise.all([accept.boundingBox(), reject.boundingBox()]);
    expect(Math.round(rejectBox?.height ?? 0)).toBe(Math.round(acceptBox?.height ?? -1));
    await expectNoSeriousViolation(page, 'cookie banner shown');
    await reject.click();
    await banner.waitFor({ state: 'hidden' });
    // The band leaves the top of the page without scrolling it: the header stays over nothing.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const privacy = await openPage(browser, portal.baseUrl, '/tohapi/politique-confidentialite', { consented: false });
    await scriptsHaveRun(privacy);
    expect(await privacy.locator('#consent-banner').count()).toBe(0);
    await Promise.all([page.context().close(), privacy.context().close()]);
  });

  it('When a new visitor arrives, then the banner is painted with the page, before any script file loads, and is the first stop after the skip link', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { consented: false });
    const page = await context.newPage();
    // No bundled script at all: the banner is in the page and the head's probe shows it.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto(`${portal.baseUrl}/veligo/contact`);
    const banner = page.locator('#consent-banner');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.getByRole('heading').textContent()).toBe('Nous respectons votre vie privée');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#consent-banner') !== null)).toBe(true);
    await context.close();
  });

  it('When a returning visitor whose choice is recorded arrives, then the banner never shows, and the cookie settings open the preferences', async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    // Sampled on every frame from the first one: a banner that flashed and hid would be seen.
    await context.addInitScript(() => {
      const seen: boolean[] = [];
      (window as unknown as { bannerSeen: boolean[] }).bannerSeen = seen;
      const sample = () => {
        const banner = document.getElementById('consent-banner');
        if (banner !== null) seen.push(getComputedStyle(banner).display !== 'none');
        if (document.readyState !== 'complete') requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/veligo/contact`);
    await page.waitForLoadState('load');
    const seen = await page.evaluate(() => (window as unknown as { bannerSeen: boolean[] }).bannerSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((visible) => !visible)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset['consent'])).toBeUndefined();
    await page.locator('footer').getByRole('button', { name: 'Gérer les cookies' }).click();
    await page.locator('#cc-main .pm').waitFor();
    expect(await page.locator('#cc-main .pm').getByRole('button', { name: 'Tout refuser' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('When a new visitor opens the preferences from the banner and refuses there, then the banner goes and the focus lands on the page', async () => {
    const page = await openPage(browser, portal.baseUrl, '/veligo', { consented: false });
    const banner = page.locator('#consent-banner');
    await banner.getByRole('button', { name: 'Personnaliser' }).click();
    const preferences = page.locator('#cc-main .pm');
    await preferences.waitFor();
    await preferences.getByRole('button', { name: 'Tout refuser' }).click();
    await banner.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    const cookie = (await page.context().cookies()).find((one) => one.name === 'cc_cookie');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}')).categories).toEqual(['necessary']);
    await page.reload();
    expect(await banner.isVisible()).toBe(false);
    await page.context().close();
  });

  it('When a new visitor opens the preferences on a German page, then they read in German, each category named', async () => {
    const page = await openPage(browser, portal.baseUrl, '/veligo/de', { consented: false });
    await page.locator('#consent-banner').getByRole('button', { name: 'Anpassen' }).click();
    const preferences = page.locator('#cc-main .pm');
    await preferences.waitFor();
    expect(await preferences.getByRole('heading', { name: 'Cookie-Einstellungen' }).isVisible()).toBe(true);
    for (const category of ['Notwendige Cookies', 'Reichweitenmessung', 'Live-Chat'])
      expect(await preferences.getByText(category, { exact: true }).count()).toBeGreaterThan(0);
    expect(await preferences.getByRole('button', { name: 'Alle ablehnen' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('When a new visitor refuses in the banner before its script has arrived, then the refusal is recorded once it has', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { consented: false });
    const page = await context.newPage();
    // The consent script loads after the first paint; on a slow phone the visitor can answer first.
    const gate = Promise.withResolvers<void>();
    await page.route(/CookieConsent\.astro[^/]*\.js$/, async (route) => {
      await gate.promise;
      await route.continue();
    });
    // Not until `load`: the held script may be what the load waits for.
    await page.goto(`${portal.baseUrl}/veligo`, { waitUntil: 'domcontentloaded' });
    const banner = page.locator('#consent-banner');
    await banner.getByRole('button', { name: 'Tout refuser' }).click();
    await expect.poll(() => banner.isVisible()).toBe(true);
    gate.resolve();
    await banner.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await context.cookies()).find((one) => one.name === 'cc_cookie')?.value ?? '')
      .toContain('necessary');
    const cookie = (await context.cookies()).find((one) => one.name === 'cc_cookie');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}')).categories).toEqual(['necessary']);
    await context.close();
  });

  it('When a phone visitor taps an action card anywhere, then its page opens; a keyboard focus rings the whole card', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { width: 390, height: 844 });
    const page = await context.newPage();
    // Interaction states come with the whole stylesheet, which the page links once it has painted:
    // held here, as on a slow connection, a keyboard visitor still sees the browser's own ring.
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/_astro\/[^/]+\.css$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not 'load': a sheet linked before the load event (a first paint reported early) holds it back.
    await page.goto(`${portal.baseUrl}/maeva`, { waitUntil: 'domcontentloaded' });
    const card = page.locator('.action-card').first();
    const link = card.locator('a');
    await link.focus();
    expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    release();
    await page.waitForFunction(() =>
      [...document.styleSheets].some((sheet) => sheet.href?.includes('/_astro/') ?? false),
    );
    expect(await card.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
    await expectNoSeriousViolation(page, 'action card focused at 390px');
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    await page.mouse.click((box?.x ?? 0) + 6, (box?.y ?? 0) + 6);
    await page.waitForURL((url) => url.pathname === '/maeva/declare-sinistre');
    await page.context().close();
  });

  it('When the home page is checked with axe, then it has no serious or critical accessibility violation', async () => {
    for (const width of [390, 1280]) {
      const page = await openPage(browser, portal.baseUrl, '/yelloh', { width, height: 900 });
      await expectNoSeriousViolation(page, `at ${width}px`);
      await page.context().close();
    }
  });

  it('When the home page is shown on a phone and a desktop, then screenshots are saved as artefacts', async () => {
    for (const [slug, width] of [
      ['veligo', 390],
      ['veligo', 1280],
      ['golfy', 390],
      ['golfy', 1280],
    ] as const) {
      const page = await openPage(browser, portal.baseUrl, `/${slug}`, { width, height: width === 390 ? 844 : 900 });
      await page.waitForLoadState('networkidle');
      // Scroll to the partners as a visitor would: their lazy logos load, then the screenshot shows them.
      await page.locator('.partners').scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.partners img')].every(
          (image) => image.complete && image.naturalWidth > 0,
        ),
      );
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const file = join(ARTEFACTS_DIR, `home-${slug}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(readFileSync(file).length).toBeGreaterThan(10_000);
      await page.context().close();
    }
  });
});

describe('Third-party tags', () => {
  const ANALYTICS = 'https://analytics.example.net/tag.js';
  const CHAT = 'https://chat.example.net/widget.js';

  /** Serves the page as a deployment configured with both tags would (config JSON and CSP). */
  async function openConfiguredPage(): Promise<{ page: Page; requested: string[] }> {
    const context = await newVisitor(browser, portal.baseUrl, { consented: false });
    const page = await context.newPage();
    await watchScripts(page);
    const requested: string[] = [];
    await page.route('https://*.example.net/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ contentType: 'text/javascript', body: 'window.__tagLoaded = true;' });
    });
    await page.route(`${portal.baseUrl}/sdlm`, async (route) => {
      const response = await route.fetch();
      const config = JSON.stringify({ chatWidgetUrl: CHAT, analyticsUrl: ANALYTICS });
      const html = (await response.text())
        .replace('</body>', `<script type="application/json" id="consent-config">${config}</script></body>`)
        .replace("script-src 'self'", "script-src 'self' https://analytics.example.net https://chat.example.net");
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${portal.baseUrl}/sdlm`);
    return { page, requested };
  }

  it('When tags are configured but the visitor refuses, then no tag is loaded', async () => {
    const { page, requested } = await openConfiguredPage();
    await page.locator('#consent-banner').getByRole('button', { name: 'Tout refuser' }).click();
    await page.waitForTimeout(300);
    expect(requested).toEqual([]);
    await page.reload();
    await scriptsHaveRun(page);
    expect(requested).toEqual([]);
    await page.context().close();
  });

  it('When the visitor accepts, then the analytics tag and the chat widget load', async () => {
    const { page, requested } = await openConfiguredPage();
    expect(requested).toEqual([]);
    await page.locator('#consent-banner').getByRole('button', { name: 'Tout accepter' }).click();
    await expect.poll(() => requested.sort()).toEqual([ANALYTICS, CHAT].sort());
    await page.context().close();
  });
});
