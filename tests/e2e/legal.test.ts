import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMPURIFY_OPTIONS, RICH_TEXT_URL_PATTERN } from '../../contracts/rich-text.ts';
import { sanitizeRichText } from '../../contracts/sanitize-rich-text.ts';
import { legalParagraphs } from '../../server/db/schema.ts';
import { LEGAL_NOTICE, PRIVACY_POLICY } from '../../content/legal-pages.ts';
import { getTranslator } from '../../site/i18n/index.ts';
import {
  ARTEFACTS_DIR,
  newVisitor,
  openPage,
  type RunningPortal,
  scriptsHaveRun,
  startPortal,
  workerBrowser,
} from './harness.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';

const require = createRequire(import.meta.url);
const purifySource = readFileSync(require.resolve('dompurify/dist/purify.min.js'), 'utf8');

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, resolve('dist'), { demo: true }), workerBrowser()]);
  mkdirSync(ARTEFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Whether an element has landed at the top of the viewport, just below the sticky header. */
function headingInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((target) => {
    const box = document.getElementById(target)?.getBoundingClientRect();
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    return box !== undefined && box.top >= header - 1 && box.top < header + 60;
  }, id);
}

describe('Legal pages', () => {
  it.each([
    ['/veligo', 'fr'],
    ['/veligo/en', 'en'],
    ['/golfy/de', 'de'],
  ] as const)(
    'When a visitor follows the review-policy link of %s, then the privacy policy opens on its review paragraph',
    async (home, lang) => {
      const page = await openPage(browser, portal.baseUrl, home);
      await page.locator('.reviews__policy a').click();
      await page.waitForURL(/politique-confidentialite#avis$/);
      expect(new URL(page.url()).pathname).toBe(`${home}/politique-confidentialite`);
      const avis = page.locator('h2#avis');
      await expect(avis.textContent()).resolves.toBe(
        PRIVACY_POLICY.paragraphs.find((paragraph) => paragraph.anchor === 'avis')?.texts[lang].nom,
      );
      await page.waitForLoadState('networkidle');
      // The page scrolls smoothly: wait for the heading to arrive.
      await expect.poll(() => headingInView(page, 'avis')).toBe(true);
      await page.context().close();
    },
  );

  it('When JavaScript is disabled, then both pages show every paragraph in the page language and the table of contents leads to them', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'it-IT' });
    const page = await context.newPage();
    const t = getTranslator('it');
    for (const content of [LEGAL_NOTICE, PRIVACY_POLICY]) {
      await page.goto(`${portal.baseUrl}/veligo/it/${content.slug}`);
      expect(await page.locator('h1').textContent()).toBe(t(`page.${content.slug}`));
      const headings = await page
        .locator('.legal__content h2')
        .evaluateAll((nodes) => nodes.map((node) => [node.id, node.textContent]));
      expect(headings).toEqual(content.paragraphs.map(({ anchor, texts }) => [anchor, texts.it.nom]));
      const toc = await page
        .locator('[data-legal-toc] a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(toc).toEqual(content.paragraphs.map(({ anchor }) => `#${anchor}`));
      const first = content.paragraphs[0]?.texts.it.contenu.replace(/<[^>]+>/g, '').slice(0, 40) ?? '';
      expect(await page.locator('.legal__text').first().textContent()).toContain(first);
    }
    await page.goto(`${portal.baseUrl}/veligo/it/mentions-legales`);
    const last = LEGAL_NOTICE.paragraphs.at(-1);
    await page
      .getByRole('navigation', { name: t('legal.toc.title') })
      .getByRole('link', { name: last?.texts.it.nom ?? '' })
      .click();
    expect(new URL(page.url()).hash).toBe(`#${last?.anchor}`);
    await context.close();
  });

  it('When the live content is the one the page was built with, then the page asks GET pages and leaves the text as it is', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'es-ES' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { builtSection: Element | null }).builtSection =
          document.querySelector('.legal__section');
      });
    });
    const asked = page.waitForResponse((response) => response.url().includes('/pages?page=mentions-legales&lang=es'));
    await page.goto(`${portal.baseUrl}/es/mentions-legales`);
    expect((await asked).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { builtSection: Element | null }).builtSection ===
          document.querySelector('.legal__section'),
      ),
    ).toBe(true);
    await context.close();
  });

  it.each(['/golfy/en', '/pl'])(
    'When the legal notice of %s is read, then it writes the complaint address the complaint page shows',
    async (prefix) => {
      const context = await newVisitor(browser, portal.baseUrl);
      const page = await context.newPage();
      await page.goto(`${portal.baseUrl}${prefix}/claim`);
      const lines = await page.locator('.forms-address span').allTextContents();
      expect(lines.length).toBeGreaterThanOrEqual(2);
      const asked = page.waitForResponse((response) => response.url().includes('/pages?page=mentions-legales'));
      await page.goto(`${portal.baseUrl}${prefix}/mentions-legales`);
      expect((await asked).status()).toBe(200);
      await page.waitForLoadState('networkidle');
      const complaints = (await page.locator('.legal__section:has(h2#reclamations) .legal__text').textContent()) ?? '';
      expect(complaints).toContain(lines.join(', '));
      expect(complaints).not.toContain('{{');
      await context.close();
    },
  );

  it('When a new visitor opens the privacy policy, then no cookie banner shows (it does on the legal notice, with a descriptive link)', async () => {
    const t = getTranslator('en');
    const privacy = await openPage(browser, portal.baseUrl, '/veligo/en/politique-confidentialite', {
      consented: false,
      locale: 'en-GB',
    });
    await scriptsHaveRun(privacy);
    expect(await privacy.locator('#consent-banner').count()).toBe(0);
    expect(await privacy.locator('[data-cc="show-preferencesModal"]').count()).toBe(0);
    await privacy.context().close();

    const notice = await openPage(browser, portal.baseUrl, '/veligo/en/mentions-legales', {
      consented: false,
      locale: 'en-GB',
    });
    const banner = notice.locator('#consent-banner');
    await banner.waitFor();
    const more = banner.getByRole('link', { name: t('cookies.more') });
    expect(await more.getAttribute('href')).toBe('/veligo/en/politique-confidentialite#cookies');
    await notice.context().close();
  });

  it('When the pages are checked with axe, then they have no serious or critical accessibility violation', async () => {
    for (const [path, width] of [
      ['/veligo/mentions-legales', 390],
      ['/veligo/en/politique-confidentialite', 1280],
      ['/golfy/pl/politique-confidentialite', 390],
    ] as const) {
      const page = await openPage(browser, portal.baseUrl, path, { width, height: 900 });
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolation(page, `${path} at ${width}px`);
      const levels = await page
        .locator('main :is(h1, h2, h3, h4)')
        .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
      expect(levels[0], path).toBe(1);
      for (const [index, level] of levels.entries())
        if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
      await page.context().close();
    }
  });

  it('When the pages are shown on a phone and a desktop, then screenshots are saved as artefacts', async () => {
    for (const [name, path, width] of [
      ['legal-notice-veligo', '/veligo/mentions-legales', 390],
      ['legal-notice-veligo', '/veligo/mentions-legales', 1280],
      ['privacy-golfy', '/golfy/en/politique-confidentialite#avis', 390],
      ['privacy-golfy', '/golfy/en/politique-confidentialite', 1280],
    ] as const) {
      const page = await openPage(browser, portal.baseUrl, path, { width, height: width === 390 ? 844 : 900 });
      await page.waitForLoadState('networkidle');
      // The page scrolls smoothly to a fragment: shoot once the heading has arrived below the header.
      if (path.includes('#')) await expect.poll(() => headingInView(page, 'avis')).toBe(true);
      const file = join(ARTEFACTS_DIR, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: !path.includes('#') });
      expect(readFileSync(file).length).toBeGreaterThan(10_000);
      await page.context().close();
    }
  });

  it("When a partner's own API answers hostile HTML, then the browser's sanitiser keeps exactly what the server's keeps", async () => {
    const hostile =
      '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a>, <a href="JaVaScRiPt:alert(1)">that</a> and <a href="claim">the form</a>.</p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(2)"><svg><script>alert(3)</script></svg>' +
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="x"></form>' +
      '<ul><li style="color:red" id="main">One</li><li><a href="//evil.example/x" title="t">away</a> <a href="mailto:dpo@example.com">DPO</a></li></ul>' +
      '<table><tr><th scope="col">A</th></tr><tr><td>1</td></tr></table><h2>Title</h2>';
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addScriptTag({ content: purifySource });
    const [inBrowser, onServer] = await page.evaluate(
      ({ html, server, options, pattern }) => {
        const purify = (window as unknown as { DOMPurify: { sanitize: (html: string, options: object) => string } })
          .DOMPurify;
        const normalise = (markup: string) => {
          const template = document.createElement('template');
          template.innerHTML = markup;
          return template.innerHTML;
        };
        const browserResult = purify.sanitize(html, {
          ...options,
          ALLOWED_URI_REGEXP: new RegExp(pattern.source, pattern.flags),
        });
        return [normalise(browserResult), normalise(server)];
      },
      {
        html: hostile,
        server: sanitizeRichText(hostile),
        options: { ...DOMPURIFY_OPTIONS, ALLOWED_URI_REGEXP: undefined },
        pattern: { source: RICH_TEXT_URL_PATTERN.source, flags: RICH_TEXT_URL_PATTERN.flags },
      },
    );
    expect(inBrowser).toBe(onServer);
    expect(onServer).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|<form|style=|id=|evil/i);
    expect(onServer).toContain('<a href="claim">the form</a>');
    await context.close();
  });

  it('When hostile content is saved in the database, then the page shows the live text without running or keeping any of it', async () => {
    const { db } = portal.database;
    const position = PRIVACY_POLICY.paragraphs.findIndex((paragraph) => paragraph.anchor === 'avis');
    await db
      .update(legalParagraphs)
      .set({
        nom: 'Avis clients (mis à jour)',
        contenu:
          '<p onmouseover="window.pwned=1">Texte mis à jour. <a href="javascript:window.pwned=2">Cliquez</a></p>' +
          '<script>window.pwned=3</script><img src="x" onerror="window.pwned=4"><a href="contact">Contact</a>',
      })
      .where(
        and(
          eq(legalParagraphs.pageId, 'politique-confidentialite'),
          eq(legalParagraphs.lang, 'fr'),
          eq(legalParagraphs.position, position),
        ),
      );
    const page = await openPage(browser, portal.baseUrl, '/veligo/politique-confidentialite#avis', {
      consented: false,
    });
    const updated = page.locator('.legal__text', { hasText: 'Texte mis à jour.' });
    await updated.waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.legal__text a', { hasText: 'Cliquez' }).click();
    await page.locator('.legal__text p', { hasText: 'Texte mis à jour.' }).hover();

    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const article = page.locator('[data-legal-page]');
    expect(await article.locator('script, img, [onerror], [onmouseover], a[href^="javascript:" i]').count()).toBe(0);
    expect(await article.innerHTML()).not.toMatch(/pwned|javascript:/);
    // The reworded paragraph keeps its anchor, and the table of contents follows the live names.
    expect(await page.locator('h2#avis').textContent()).toBe('Avis clients (mis à jour)');
    expect(await page.locator('[data-legal-toc] a[href="#avis"]').textContent()).toBe('Avis clients (mis à jour)');
    expect(await updated.locator('a[href="contact"]').count()).toBe(1);
    // No banner on this page, even for a visitor who has not answered it.
    expect(await page.locator('#consent-banner').count()).toBe(0);
    await page.context().close();
  });
});
