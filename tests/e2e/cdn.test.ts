import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCdnConfig } from '../../scripts/cdn-config.ts';
import { type RunningNginx, startNginx, staticServerBlock } from '../../scripts/cluster/nginx.ts';
import { securityHeaders } from '../../scripts/cdn/site-rules.ts';
import { type RunningPortal, startPortal } from './harness.ts';

/**
 * The built site served as a CDN serves it: Debian's nginx configured by the generated
 * `nginx-site.conf` only answers each URL as the Express site router does.
 */

const DIST = resolve('dist');

/** URLs of every rule of the site router: pages, redirects, 404s, assets, files never served. */
const URLS = [
  '/',
  '/index',
  '/faq',
  '/en',
  '/en/declare-sinistre',
  '/veligo',
  '/veligo/en/faq',
  '/veligo/de/declare-step1',
  '/sandaya/contact',
  '/bo_login',
  '/bo_dashboard',
  // Former prefixes (brand field `formerSlugs`): 301, query kept.
  '/fluow',
  '/fluow/faq',
  '/fluow/en/contact?utm=x',
  // `?lang=`: 302 to the page in that language, other parameters kept.
  '/faq?lang=en',
  '/veligo/faq?lang=EN&x=1',
  '/veligo/de/faq?x=1&lang=fr',
  '/veligo/index?lang=de',
  '/en?lang=fr',
  '/veligo/faq?lang=xx',
  '/veligo/en/faq?lang=fr',
  '/en/faq?x=1&lang=FR',
  '/index?lang=fr',
  '/veligo/faq/?lang=fr',
  '/veligo/faq?lang=fr',
  '/?lang=fr&x=1',
  '/veligo?lang=FR',
  '/nope?lang=en',
  // Trailing slashes: 301 without them, never to another host.
  '/veligo/faq/',
  '/veligo/faq/?lang=en',
  '/bo_login/',
  '//evil.example/',
  '/_astro/',
  // Unknown paths: the 404 page of the company and language they name, status 404.
  '/nope',
  '/veligo/nope',
  '/veligo/en/nope',
  '/veligo/en/faq/more',
  '/de/nope',
  '/404',
  '/veligo/en/404',
  '/bo_nope',
  '/bo_faq/abc',
  '/bo_404',
  // Pages have one URL; configuration and dotfiles are not served.
  '/veligo/faq/index.html',
  '/404.html',
  '/index.html',
  '/_redirects',
  '/_headers',
  '/nginx-site.conf',
  '/.build-stamp',
  // Files of the build.
  '/sw.js',
  '/brand-themes.css',
  '/icon-default.svg',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemap-veligo.xml',
];

/** Unprefixed pages (and others) asked by browsers of other languages, with or without a language cookie. */
const NEGOTIATED: [string, Record<string, string>][] = [
  ['/veligo/declare-sinistre', { 'accept-language': 'en-US,en;q=0.9' }],
  ['/veligo/declare-sinistre', { 'accept-language': 'en-US,en;q=0.9', cookie: 'cc_cookie=1; lang=fr' }],
  ['/veligo/declare-sinistre', { 'accept-language': 'en-US,en;q=0.9', cookie: 'lang=xx' }],
  ['/veligo/declare-sinistre', { 'accept-language': 'en-US,en;q=0.9', cookie: 'cc_cookie=1; lang=de' }],
  ['/veligo/declare-sinistre', { 'accept-language': 'fr-FR,fr;q=0.9', cookie: 'lang=en' }],
  ['/veligo/declare-sinistre', { cookie: 'lang=it' }],
  ['/sandaya', { 'accept-language': 'en', cookie: 'golang=de; lang=pl' }],
  ['/faq', { 'accept-language': 'en', cookie: 'lang=DE' }],
  ['/faq', { 'accept-language': 'de', cookie: 'golang=en' }],
  ['/veligo/it/faq', { 'accept-language': 'en', cookie: 'lang=en' }],
  ['/veligo/faq?lang=de', { 'accept-language': 'en', cookie: 'lang=en' }],
  ['/veligo/faq?lang=fr', { 'accept-language': 'en', cookie: 'lang=de' }],
  ['/veligo/faq?x=1&lang=fr', { 'accept-language': 'de' }],
  ['/veligo/en/faq?lang=fr', { 'accept-language': 'en', cookie: 'lang=en' }],
  ['/bo_login', { 'accept-language': 'en', cookie: 'lang=de' }],
  ['/', { 'accept-language': 'de-CH,de;q=0.9,fr;q=0.5' }],
  ['/index', { 'accept-language': 'ja,nl-BE;q=0.8,en;q=0.5' }],
  ['/sandaya', { 'accept-language': 'PT-br' }],
  ['/faq', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' }],
  ['/faq', { 'accept-language': 'ja,zh;q=0.9' }],
  ['/faq', { 'accept-language': 'en;q=0, de;q=0.5' }],
  ['/faq', { 'accept-language': 'it;q=0' }],
  ['/suivre-dossier', { 'accept-language': '*' }],
  ['/veligo/de/faq', { 'accept-language': 'en' }],
  ['/veligo/faq?lang=de&x=1', { 'accept-language': 'en' }],
  ['/veligo/faq/', { 'accept-language': 'en' }],
  ['/veligo/nope', { 'accept-language': 'en' }],
  ['/bo_login', { 'accept-language': 'en' }],
];

interface Answer {
  status: number;
  location: string | null;
  headers: Record<string, string | null>;
  body: string;
}

/** The headers both must agree on (helmet's, CSP, cache, worker scope, type). */
const COMPARED_HEADERS = [
  ...securityHeaders().map(([name]) => name.toLowerCase()),
  // Neither sends it over plain HTTP.
  'strict-transport-security',
  'content-security-policy',
  'cache-control',
  'service-worker-allowed',
  'content-encoding',
  'content-language',
];

async function answerOf(base: string, path: string, extraHeaders: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    redirect: 'manual',
    headers: { 'accept-encoding': 'gzip', ...extraHeaders },
  });
  const headers = Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)]));
  // The tokens of Vary the language adds (nginx sends the encoding's on a line of its own, and
  // for other files than Express: those are left out).
  const vary = (response.headers.get('vary') ?? '').split(',').map((token) => token.trim().toLowerCase());
  headers['vary'] = vary.filter((token) => token === 'accept-language' || token === 'cookie').join(', ') || null;
  const type = response.headers.get('content-type');
  headers['content-type'] = type?.split(';')[0]?.trim() ?? null;
  const body = await response.text();
  return { status: response.status, location: response.headers.get('location'), headers, body };
}

/** The first asset Astro wrote, to check the hashed files' cache. */
function someHashedAsset(): string {
  const page = readFileSync(resolve(DIST, 'index.html'), 'utf8');
  const match = /["'](\/_astro\/[^"']+\.(?:js|css))["']/.exec(page);
  if (!match?.[1]) throw new Error('no /_astro/ asset referenced by the home page');
  return match[1];
}

let portal: RunningPortal;
let nginx: RunningNginx;

beforeAll(async () => {
  await writeCdnConfig(DIST);
  [portal, nginx] = await Promise.all([startPortal(), startNginx((port) => staticServerBlock(DIST, port))]);
});

afterAll(async () => {
  await Promise.all([nginx?.stop(), portal?.stop()]);
});

describe('The build served by nginx with the generated nginx-site.conf', () => {
  it('When nginx ends TLS itself, then it sends Strict-Transport-Security, and never over plain HTTP', () => {
    const conf = readFileSync(resolve(DIST, 'nginx-site.conf'), 'utf8');
    expect(conf).toContain('set $portal_hsts "";');
    expect(conf).toContain('if ($https = "on") {\n    set $portal_hsts "max-age=31536000; includeSubDomains";\n}');
    expect(conf).toContain('add_header Strict-Transport-Security "$portal_hsts" always;');
  });

  it.each([...URLS, someHashedAsset()])(
    'When %s is asked of nginx and of the Express server, then both answer the same',
    async (path) => {
      const [fromNginx, fromExpress] = await Promise.all([answerOf(nginx.url, path), answerOf(portal.baseUrl, path)]);
      expect({ status: fromNginx.status, location: fromNginx.location }).toEqual({
        status: fromExpress.status,
        location: fromExpress.location,
      });
      if (fromExpress.status >= 300 && fromExpress.status < 400) {
        // A redirect's own headers: the security ones (its body differs: nginx writes HTML).
        for (const [name] of securityHeaders()) {
          expect(fromNginx.headers[name.toLowerCase()], name).toBe(fromExpress.headers[name.toLowerCase()]);
        }
        return;
      }
      expect(fromNginx.headers).toEqual(fromExpress.headers);
      expect(fromNginx.body).toBe(fromExpress.body);
    },
  );

  it.each(NEGOTIATED)(
    'When %s is asked of nginx and of the Express server with %o, then both answer the same',
    async (path, headers) => {
      const [fromNginx, fromExpress] = await Promise.all([
        answerOf(nginx.url, path, headers),
        answerOf(portal.baseUrl, path, headers),
      ]);
      expect({ status: fromNginx.status, location: fromNginx.location }).toEqual({
        status: fromExpress.status,
        location: fromExpress.location,
      });
      if (fromExpress.status >= 300 && fromExpress.status < 400) return;
      expect(fromNginx.headers).toEqual(fromExpress.headers);
      expect(fromNginx.body).toBe(fromExpress.body);
    },
  );

  it('When an English browser asks the French URL of a page, then the English page answers at once, from both', async () => {
    for (const base of [portal.baseUrl, nginx.url]) {
      const answer = await answerOf(base, '/veligo/declare-sinistre', { 'accept-language': 'en-US,en;q=0.9' });
      expect(answer.status, base).toBe(200);
      expect(answer.body).toContain('<html lang="en"');
      expect(answer.body).toMatch(/<link rel="canonical" href="[^"]*\/veligo\/en\/declare-sinistre"/);
      expect(answer.headers['content-language']).toBe('en');
      expect(answer.headers['vary']).toMatch(/accept-language, cookie/);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('When a visitor who chose a language asks the French URL of a page, then that language answers whatever the browser prefers, from both', async () => {
    for (const base of [portal.baseUrl, nginx.url]) {
      const german = await answerOf(base, '/veligo/declare-sinistre', {
        'accept-language': 'en-US,en;q=0.9',
        cookie: 'cc_cookie=1; lang=de',
      });
      expect(german.status, base).toBe(200);
      expect(german.body).toContain('<html lang="de"');
      expect(german.headers['content-language']).toBe('de');
      expect(german.headers['vary']).toMatch(/accept-language, cookie/);
      const french = await answerOf(base, '/veligo/declare-sinistre', { 'accept-language': 'en', cookie: 'lang=fr' });
      expect(french.body, base).toContain('<html lang="fr"');
      const prefixed = await answerOf(base, '/veligo/it/faq', { 'accept-language': 'en', cookie: 'lang=en' });
      expect(prefixed.body, base).toContain('<html lang="it"');
      const askedFrench = await answerOf(base, '/veligo/faq?lang=fr', { 'accept-language': 'en', cookie: 'lang=de' });
      expect(askedFrench.status, base).toBe(200);
      expect(askedFrench.body, base).toContain('<html lang="fr"');
    }
  });

  it('When a hashed asset is asked for, then it may be cached for a year', async () => {
    const answer = await answerOf(nginx.url, someHashedAsset());
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('When a page is asked for in English, then nginx sends the 404 page of that company and language with 404', async () => {
    const answer = await answerOf(nginx.url, '/veligo/en/nope');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('<html lang="en"');
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'none'");
  });
});

describe('The Netlify / Cloudflare Pages files', () => {
  const redirects = () => readFileSync(resolve(DIST, '_redirects'), 'utf8').split('\n');
  const headers = () => readFileSync(resolve(DIST, '_headers'), 'utf8');

  it('When _redirects is read, then former prefixes, `?lang=` and 404 pages are there', () => {
    const lines = redirects();
    expect(lines).toContain('/fluow /veligo 301');
    expect(lines).toContain('/fluow/* /veligo/:splat 301');
    expect(lines).toContain('/veligo/:route lang=en /veligo/en/:route 302');
    expect(lines).toContain('/veligo/en/:route lang=fr /veligo/:route 302');
    expect(lines).toContain('/veligo lang=de /veligo/de 302');
    expect(lines).toContain('/veligo/en/* /veligo/en/404/index.html 404');
    expect(lines).toContain('/* /404.html 404');
    // An unknown back-office path: the back office's own 404 page, before the customer site's.
    expect(lines).toContain('/bo_* /bo_404/index.html 404');
    expect(lines.indexOf('/bo_* /bo_404/index.html 404')).toBeLessThan(lines.indexOf('/* /404.html 404'));
    // Netlify takes the first rule that matches: the home page before `:route`, 404s last.
    expect(lines.indexOf('/veligo lang=de /veligo/de 302')).toBeLessThan(
      lines.indexOf('/veligo/:route lang=de /veligo/de/:route 302'),
    );
    expect(lines.filter(Boolean).at(-1)).toBe('/* /404.html 404');
  });

  it('When _headers is read, then security, CSP and cache rules are there', () => {
    const text = headers();
    expect(text).toMatch(/^\/\*\n(?: {2}.+\n)*? {2}X-Frame-Options: DENY\n/m);
    expect(text).toContain("  Content-Security-Policy: frame-ancestors 'none'");
    expect(text).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(text).toContain('/sw.js\n  Cache-Control: no-cache\n  Service-Worker-Allowed: /');
    expect(text).toContain('/veligo/*\n  Cache-Control: no-cache');
    expect(text).toContain('/bo_dashboard\n  Cache-Control: no-cache');
    expect(text).toContain('  Strict-Transport-Security: max-age=31536000; includeSubDomains');
  });
});
