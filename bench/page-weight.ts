import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { consentCookie, launchBrowser } from '../scripts/browser.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { STATIC_PAGE_JAVASCRIPT_GOAL_BYTES } from '../scripts/shipped-javascript/page.ts';
import { startServerProcess } from './server-process.ts';

/**
 * What each customer page template costs a visitor, compressed as our server (or a CDN) sends it:
 * the HTML, CSS and JavaScript a real Chromium requests before the page's `load` event, for a new
 * visitor (who sees the cookie banner, part of the page) and for a returning one whose consent is
 * recorded; the consent library and its stylesheet load for neither until the banner is answered
 * or the preferences opened. What pages fetch after `load` without any interaction (the legal pages'
 * live content check, socket.io) is reported beside it. Each visit starts with an empty cache.
 */

interface PageTemplate {
  /** Example: "mentions-legales". */
  template: string;
  path: string;
}

/** One page per customer template, as a veligo visitor in French opens it. */
const PAGE_TEMPLATES: PageTemplate[] = [
  { template: 'home', path: '/veligo' },
  { template: 'declare-sinistre', path: '/veligo/declare-sinistre' },
  { template: 'steps', path: '/veligo/declare-step1' },
  { template: 'suivre-dossier', path: '/veligo/suivre-dossier' },
  { template: 'client-file', path: '/veligo/client-file' },
  { template: 'claim', path: '/veligo/claim' },
  { template: 'claim-step1', path: '/veligo/claim-step1' },
  { template: 'contact', path: '/veligo/contact' },
  { template: 'find-my-number', path: '/veligo/find-my-number' },
  { template: 'faq', path: '/veligo/faq' },
  { template: 'mentions-legales', path: '/veligo/mentions-legales' },
  { template: 'politique-confidentialite', path: '/veligo/politique-confidentialite' },
  { template: '404', path: '/veligo/page-inconnue' },
];

type Kind = 'html' | 'css' | 'js';
type Encoding = 'br' | 'gzip';

/** Bytes per kind of resource, in both encodings. */
type Weights = Record<Kind, Record<Encoding, number>>;

interface VisitWeights {
  /** Requested before the `load` event. */
  beforeLoad: Weights;
  /** Requested after it, before the network fell idle, without any interaction. */
  afterLoad: Weights;
}

export interface PageWeight extends PageTemplate {
  /** Whether the page hydrates a React island (the 5 KiB goal is for pages without one). */
  hasIsland: boolean;
  /** Where the visit ended (a step without a draft goes back to declare-sinistre). */
  finalPath: string;
  newVisitor: VisitWeights;
  returningVisitor: VisitWeights;
}

const emptyWeights = (): Weights => ({ html: { br: 0, gzip: 0 }, css: { br: 0, gzip: 0 }, js: { br: 0, gzip: 0 } });

/** The bytes our server sends for a URL with one encoding accepted (headers excluded). */
function transferBytes(url: string, encoding: Encoding, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { 'Accept-Encoding': encoding, Cookie: cookie } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function kindOf(url: string): Kind | undefined {
  const { pathname } = new URL(url);
  if (pathname.endsWith('.css')) return 'css';
  if (pathname.endsWith('.js') || pathname.endsWith('.mjs')) return 'js';
  return undefined;
}

/**
 * One visit in a fresh browser context. Resources are split by the browser's own clock (Resource
 * Timing start against the navigation's `loadEventStart`): code a `load` handler imports counts
 * after load. Inline scripts count as JavaScript too (gzipped and brotlied on their own), besides
 * being part of the HTML's bytes.
 */
async function visit(
  browser: import('playwright-core').Browser,
  baseUrl: string,
  path: string,
  consented: boolean,
): Promise<{ weights: VisitWeights; finalPath: string; hasIsland: boolean }> {
  const context = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  if (consented) await context.addCookies([consentCookie(baseUrl)]);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const finalUrl = page.url();
  const hasIsland = (await page.locator('astro-island').count()) > 0;
  const timings = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const loadStart = navigation?.loadEventStart || Number.POSITIVE_INFINITY;
    return {
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: entry.name, afterLoad: entry.startTime >= loadStart })),
      inline: [...document.querySelectorAll('script:not([src])')]
        .filter((script) => ['', 'module', 'text/javascript'].includes(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? ''),
    };
  });
  const cookie = consented ? `${consentCookie(baseUrl).name}=${consentCookie(baseUrl).value}` : '';
  await context.close();

  const weights: VisitWeights = { beforeLoad: emptyWeights(), afterLoad: emptyWeights() };
  for (const encoding of ['br', 'gzip'] as const) {
    weights.beforeLoad.html[encoding] += await transferBytes(finalUrl, encoding, cookie);
    for (const source of timings.inline)
      weights.beforeLoad.js[encoding] += (encoding === 'br' ? brotliCompressSync(source) : gzipSync(source)).length;
  }
  for (const { url, afterLoad } of timings.resources) {
    const kind = url.startsWith(baseUrl) ? kindOf(url) : undefined;
    if (kind === undefined) continue;
    const target = afterLoad ? weights.afterLoad : weights.beforeLoad;
    for (const encoding of ['br', 'gzip'] as const)
      target[kind][encoding] += await transferBytes(url, encoding, cookie);
  }
  return { weights, finalPath: new URL(finalUrl).pathname, hasIsland };
}

/** Visits every template as a new and as a returning visitor against the server of `distDir`. */
export async function measurePageWeights(distDir: string, templates = PAGE_TEMPLATES): Promise<PageWeight[]> {
  const portal = await startServerProcess(distDir);
  const browser = await launchBrowser();
  try {
    const results: PageWeight[] = [];
    for (const template of templates) {
      const first = await visit(browser, portal.baseUrl, template.path, false);
      const returning = await visit(browser, portal.baseUrl, template.path, true);
      results.push({
        ...template,
        hasIsland: first.hasIsland,
        finalPath: first.finalPath,
        newVisitor: first.weights,
        returningVisitor: returning.weights,
      });
    }
    return results;
  } finally {
    await browser.close();
    await portal.stop();
  }
}

/** Whether a page meets the JavaScript goal; undefined for a page with an island (another goal applies). */
function meetsStaticPageGoal(page: PageWeight): boolean | undefined {
  if (page.hasIsland) return undefined;
  return page.returningVisitor.beforeLoad.js.gzip <= STATIC_PAGE_JAVASCRIPT_GOAL_BYTES;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(5);
const total = (weights: Weights, encoding: Encoding) =>
  weights.html[encoding] + weights.css[encoding] + weights.js[encoding];

function weightsText(weights: Weights): string {
  return (
    `HTML ${kib(weights.html.br)}/${kib(weights.html.gzip)}  CSS ${kib(weights.css.br)}/${kib(weights.css.gzip)}` +
    `  JS ${kib(weights.js.br)}/${kib(weights.js.gzip)}  total ${kib(total(weights, 'br'))}/${kib(total(weights, 'gzip'))}`
  );
}

export function printPageWeights(pages: PageWeight[]): void {
  console.log('Page weight per template (KiB brotli/gzip, requested before the load event, empty cache;');
  console.log('  JS counts inline scripts too; "after load" is fetched without interaction once the page has loaded)');
  console.log(
    `  goal: a page without island loads ≤ ${STATIC_PAGE_JAVASCRIPT_GOAL_BYTES / 1024} KiB ` +
      `(${STATIC_PAGE_JAVASCRIPT_GOAL_BYTES.toLocaleString('en')} B) of JavaScript (gzip) for a returning visitor`,
  );
  for (const page of pages) {
    const goal = meetsStaticPageGoal(page);
    const verdict =
      goal === undefined
        ? 'island page (wizard goal applies)'
        : `${goal ? 'PASS' : 'FAIL'} (${page.returningVisitor.beforeLoad.js.gzip.toLocaleString('en')} B JS gzip)`;
    const redirected = page.finalPath.replace(/\/$/, '') !== page.path ? `  → ended on ${page.finalPath}` : '';
    console.log(`  ${page.template.padEnd(26)} ${page.path}${redirected}  ${verdict}`);
    console.log(`    new visitor        ${weightsText(page.newVisitor.beforeLoad)}`);
    console.log(`    returning visitor  ${weightsText(page.returningVisitor.beforeLoad)}`);
    for (const [who, after] of [
      ['new', page.newVisitor.afterLoad],
      ['returning', page.returningVisitor.afterLoad],
    ] as const)
      if (total(after, 'gzip') > 0) console.log(`      ${who.padEnd(9)} then, after load ${weightsText(after)}`);
  }
}

// `node bench/page-weight.ts`: builds the site if its inputs changed, then measures every template.
if (import.meta.main) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await ensureBuild(root);
  printPageWeights(await measurePageWeights(join(root, 'dist')));
}
