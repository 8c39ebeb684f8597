import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contracts/languages.ts';
import { CUSTOMER_ROUTES, INDEXED_ROUTES, isIndexedRoute, pagePath } from '../../contracts/routes.ts';
import { loadBrands } from '../../brands/index.ts';
import { STATIC_PAGE_JAVASCRIPT_GOAL_BYTES } from '../../scripts/shipped-javascript/page.ts';
import { getTranslator } from '../../site/i18n/index.ts';
import { newVisitor, type RunningPortal, startPortal, workerBrowser } from './harness.ts';

const dist = resolve('dist');
/** The origin the build was made for: PUBLIC_SITE_URL, else this machine on PORT (astro.config.mjs). */
const origin = process.env['PUBLIC_SITE_URL']
  ? new URL(process.env['PUBLIC_SITE_URL']).origin
  : `http://localhost:${process.env['PORT']?.trim() || '4321'}`;

function headLinks(page: string): { rel: string; hreflang: string | undefined; href: string }[] {
  const html = readFileSync(join(dist, page), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link\b([^>]*)>/g)].flatMap(([, attributes = '']) => {
    const value = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
    const rel = value('rel');
    const href = value('href');
    return (rel === 'canonical' || rel === 'alternate') && href ? [{ rel, hreflang: value('hreflang'), href }] : [];
  });
}

/** The built file of a page's canonical path. */
function builtPage(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

function metaDescription(html: string): string | undefined {
  const escaped = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  return escaped
    ?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('Canonical and hreflang links of the built pages', () => {
  it.each([
    ['veligo/index.html', '/veligo', (lang: string) => (lang === 'fr' ? '/veligo' : `/veligo/${lang}`)],
    ['de/faq/index.html', '/de/faq', (lang: string) => (lang === 'fr' ? '/faq' : `/${lang}/faq`)],
    [
      'golfy/en/politique-confidentialite/index.html',
      '/golfy/en/politique-confidentialite',
      (lang: string) =>
        lang === 'fr' ? '/golfy/politique-confidentialite' : `/golfy/${lang}/politique-confidentialite`,
    ],
  ])(
    'When %s is built, then its canonical, each language and x-default are absolute on the public origin',
    (page, path, pathIn) => {
      const links = headLinks(page);
      expect(links.filter((link) => link.rel === 'canonical')).toEqual([
        { rel: 'canonical', hreflang: undefined, href: `${origin}${path}` },
      ]);
      const alternates = links.filter((link) => link.rel === 'alternate').map((link) => [link.hreflang, link.href]);
      expect(alternates).toEqual([
        ...LANGUAGES.map((lang) => [lang, `${origin}${pathIn(lang)}`]),
        ['x-default', `${origin}${pathIn('fr')}`],
      ]);
    },
  );

  it('When the 404 page is built, then it has no canonical (noindex)', () => {
    const html = readFileSync(join(dist, 'veligo/404/index.html'), 'utf8');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(headLinks('veligo/404/index.html')).toEqual([]);
  });

  it.each(['fr', 'en'] as const)(
    "When a wizard step, the confirmation, a claim's page or a complaint step is built in %s, then it says noindex and names no canonical",
    (lang) => {
      const unlisted = CUSTOMER_ROUTES.filter((route) => !isIndexedRoute(route));
      expect(unlisted).toEqual(
        expect.arrayContaining(['declare-step3', 'confirmation-sinistre', 'client-file', 'claim-step2']),
      );
      for (const route of unlisted) {
        const page = builtPage(pagePath({ company: 'veligo', lang, route }));
        expect(readFileSync(join(dist, page), 'utf8'), page).toContain('<meta name="robots" content="noindex">');
        expect(headLinks(page), page).toEqual([]);
      }
    },
  );

  it.each(LANGUAGES)(
    'When the pages a search engine may list are built in %s, then none says noindex and each has its own description in that language',
    (lang) => {
      const t = getTranslator(lang);
      const descriptions = INDEXED_ROUTES.map((route) => {
        const page = builtPage(pagePath({ company: 'sandaya', lang, route }));
        const html = readFileSync(join(dist, page), 'utf8');
        expect(html, page).not.toContain('noindex');
        return metaDescription(html);
      });
      expect(descriptions).toEqual(INDEXED_ROUTES.map((route) => t(`meta.description.${route}`)));
      expect(new Set(descriptions).size).toBe(INDEXED_ROUTES.length);
    },
  );
});

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, dist, { demo: true }), workerBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('What a search engine reads', () => {
  it("When a crawler reads robots.txt, then it may read every page but the back office's and finds the sitemaps, which list each brand's listable pages in every language with the alternates the pages name", async () => {
    const robots = await fetch(`${portal.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await robots.text()).split('\n');
    expect(rules).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /bo_', `Sitemap: ${origin}/sitemap.xml`]),
    );
    expect(rules.filter((line) => line.startsWith('Disallow:'))).toEqual(['Disallow: /bo_']);

    // Read as a crawler's XML parser would: any error in the file fails the parse.
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/veligo/contact`);
    const read = (path: string) =>
      page.evaluate(async (address) => {
        const response = await fetch(address);
        const doc = new DOMParser().parseFromString(await response.text(), 'application/xml');
        const xhtml = 'http://www.w3.org/1999/xhtml';
        return {
          type: response.headers.get('content-type'),
          error: doc.querySelector('parsererror')?.textContent ?? null,
          root: doc.documentElement.localName,
          sitemaps: [...doc.documentElement.children]
            .filter((child) => child.localName === 'sitemap')
            .map((child) => child.firstElementChild?.textContent ?? ''),
          urls: [...doc.documentElement.children]
            .filter((child) => child.localName === 'url')
            .map((url) => ({
              loc: url.firstElementChild?.textContent ?? '',
              links: [...url.getElementsByTagNameNS(xhtml, 'link')].map((link) => [
                link.getAttribute('hreflang'),
                link.getAttribute('href'),
              ]),
            })),
        };
      }, `${portal.baseUrl}${path}`);
    const index = await read('/sitemap.xml');
    expect(index).toMatchObject({ type: 'application/xml', error: null, root: 'sitemapindex' });
    const brands = await loadBrands();
    const slugs = [brands.neutral, ...brands.partners].map((brand) => brand.slug || 'default');
    expect(index.sitemaps).toEqual(slugs.map((slug) => `${origin}/sitemap-${slug}.xml`));

    let listed = 0;
    for (const sitemap of index.sitemaps) {
      const { type, error, root, urls } = await read(new URL(sitemap).pathname);
      expect({ type, error, root }).toEqual({ type: 'application/xml', error: null, root: 'urlset' });
      expect(urls.length).toBe(INDEXED_ROUTES.length * LANGUAGES.length);
      for (const { loc, links } of urls) {
        // The page it names is built, and names itself and its languages as the sitemap does.
        const pageLinks = headLinks(builtPage(new URL(loc).pathname));
        expect(
          pageLinks.filter((link) => link.rel === 'canonical').map((link) => link.href),
          loc,
        ).toEqual([loc]);
        expect(
          pageLinks.filter((link) => link.rel === 'alternate').map((link) => [link.hreflang, link.href]),
          loc,
        ).toEqual(links);
      }
      listed += urls.length;
    }
    expect(listed).toBe(slugs.length * INDEXED_ROUTES.length * LANGUAGES.length);
    await context.close();
  });
});

describe('What a visitor loads', () => {
  it.each(LANGUAGES)(
    'When a new visitor sees the cookie banner in %s, then its link says what it is about',
    async (lang) => {
      const context = await newVisitor(browser, portal.baseUrl, { consented: false });
      const page = await context.newPage();
      const prefix = lang === 'fr' ? '/veligo' : `/veligo/${lang}`;
      await page.goto(`${portal.baseUrl}${prefix}/contact`);
      const link = page.locator('#consent-banner a');
      await link.waitFor();
      expect(await link.textContent()).toBe(getTranslator(lang)('cookies.more'));
      expect(await link.textContent()).not.toMatch(/^(en savoir plus|learn more|more|read more)$/i);
      expect(await link.getAttribute('href')).toBe(`${prefix}/politique-confidentialite#cookies`);
      await context.close();
    },
  );

  it.each(['/veligo', '/veligo/mentions-legales', '/en/claim', '/golfy/de/404', '/veligo/politique-confidentialite'])(
    'When a returning visitor whose consent is recorded opens %s (no island), then at most 5 KiB of JavaScript (gzip) loads before the page has loaded, and no banner code',
    async (path) => {
      const context = await newVisitor(browser, portal.baseUrl);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
      });
      await page.goto(`${portal.baseUrl}${path}`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      expect(await page.locator('astro-island').count()).toBe(0);
      const beforeLoad = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return performance
          .getEntriesByType('resource')
          .filter(
            (entry) => entry.startTime < navigation.loadEventStart && new URL(entry.name).pathname.endsWith('.js'),
          )
          .map((entry) => new URL(entry.name).pathname);
      });
      // The page's own scripts come right after its first paint (scripts/after-paint-load.ts),
      // before or after the load event as the machine goes: counted either way.
      const afterFirstPaint = await page.evaluate(() => {
        const loader = document.querySelector<HTMLScriptElement>('script[data-scripts]');
        return `${loader?.dataset['scripts'] ?? ''} ${loader?.dataset['modules'] ?? ''}`.split(' ').filter(Boolean);
      });
      const pageScripts = [...new Set([...beforeLoad, ...afterFirstPaint])];
      // As sent: the build's gzip copy, or the file itself when it is too small to have one.
      const sentBytes = (file: string) =>
        existsSync(join(dist, `${file}.gz`))
          ? readFileSync(join(dist, `${file}.gz`)).length
          : readFileSync(join(dist, file)).length;
      const fileBytes = pageScripts.reduce((sum, file) => sum + sentBytes(file), 0);
      const inline = await page.locator('script:not([src]):not([type="application/json"])').allTextContents();
      const inlineBytes = inline.reduce((sum, source) => sum + gzipSync(source).length, 0);
      expect(fileBytes + inlineBytes).toBeLessThanOrEqual(STATIC_PAGE_JAVASCRIPT_GOAL_BYTES);
      expect(scripts.filter((url) => /consent-banner|cookieconsent/.test(url))).toEqual([]);
      await context.close();
    },
  );
});
