import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCapturedLogger,
  createFakeSite,
  FAKE_SITE_FILES,
  type RunningApp,
  startTestApp,
} from '../test-support.ts';

let site: ReturnType<typeof createFakeSite>;
let server: RunningApp;

beforeAll(async () => {
  site = createFakeSite();
  server = await startTestApp(site.staticDir);
});

afterAll(async () => {
  await server.close();
  site.remove();
});

function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
}

/** A request with the path exactly as written (fetch would normalise `//host` paths). */
function rawGet(path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.baseUrl}/`, { path }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.once('error', reject);
    request.end();
  });
}

async function expectPage(path: string, status: number, file: string): Promise<Response> {
  const response = await get(path);
  expect(response.status).toBe(status);
  expect(await response.text()).toBe(FAKE_SITE_FILES[file]);
  return response;
}

async function expectRedirect(path: string, status: number, location: string): Promise<void> {
  const response = await get(path);
  expect(response.status).toBe(status);
  expect(response.headers.get('location')).toBe(location);
}

describe('static site', () => {
  it('When the home page is asked, then the neutral French home is served, revalidated on each visit', async () => {
    const response = await expectPage('/', 200, 'index.html');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    ['/veligo', 'veligo/index.html'],
    ['/veligo/en', 'veligo/en/index.html'],
    ['/en', 'en/index.html'],
    ['/faq', 'faq/index.html'],
    ['/veligo/en/faq', 'veligo/en/faq/index.html'],
    ['/index', 'index.html'],
    ['/veligo/index', 'veligo/index.html'],
    ['/en/index', 'en/index.html'],
    ['/bo_login', 'bo_login/index.html'],
  ])('When %s is asked, then %s is served', async (path, file) => {
    await expectPage(path, 200, file);
  });

  it('When a page is asked with HEAD, then it answers like GET without a body', async () => {
    const response = await get('/veligo/en/faq', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('');
  });

  describe('the language of an unprefixed page', () => {
    const english = { 'accept-language': 'en-US,en;q=0.9' };

    it('When a visitor whose browser prefers English asks a French URL, then the English page answers at once, varying by language and cookie', async () => {
      const response = await get('/veligo/faq', { headers: english });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(FAKE_SITE_FILES['veligo/en/faq/index.html']);
      expect(response.headers.get('content-language')).toBe('en');
      expect(response.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('location')).toBeNull();
    });

    it.each([
      ['/', 'de-CH,de;q=0.9,en;q=0.8', 'veligo/de/faq/index.html', '/veligo/faq'],
      ['/', 'ja,en;q=0.5', 'en/index.html', '/'],
      ['/', 'en;q=0.2, fr;q=0.9', 'index.html', '/'],
      ['/', 'ja', 'index.html', '/'],
    ])(
      'When the home or a page is asked with Accept-Language %s %s, then %s answers',
      async (_, acceptLanguage, file, path) => {
        const response = await get(path, { headers: { 'accept-language': acceptLanguage } });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(FAKE_SITE_FILES[file]);
        expect(response.headers.get('content-language')).toBe(
          file.startsWith('veligo/de') ? 'de' : file.startsWith('en') ? 'en' : 'fr',
        );
      },
    );

    it('When the visitor chose a language, then an unprefixed URL answers in it whatever the browser prefers', async () => {
      const german = await get('/veligo/faq', { headers: { ...english, cookie: 'cc_cookie=1; lang=de' } });
      expect(german.status).toBe(200);
      expect(await german.text()).toBe(FAKE_SITE_FILES['veligo/de/faq/index.html']);
      expect(german.headers.get('content-language')).toBe('de');
      expect(german.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
      const fromFrenchBrowser = await get('/', { headers: { 'accept-language': 'fr-FR,fr', cookie: 'lang=en' } });
      expect(await fromFrenchBrowser.text()).toBe(FAKE_SITE_FILES['en/index.html']);
      expect(fromFrenchBrowser.headers.get('content-language')).toBe('en');
    });

    it('When the visitor chose French, then an unprefixed URL stays French for a browser preferring English', async () => {
      const response = await get('/veligo/faq', { headers: { ...english, cookie: 'cc_cookie=1; lang=fr' } });
      expect(await response.text()).toBe(FAKE_SITE_FILES['veligo/faq/index.html']);
      expect(response.headers.get('content-language')).toBe('fr');
      expect(response.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
    });

    it('When the language cookie names no supported language, then the browser decides', async () => {
      const response = await get('/veligo/faq', { headers: { ...english, cookie: 'lang=xx; golang=de' } });
      expect(await response.text()).toBe(FAKE_SITE_FILES['veligo/en/faq/index.html']);
    });

    it('When a visitor who chose English asks a prefixed URL, then it is served as asked', async () => {
      const response = await get('/veligo/de/faq', { headers: { ...english, cookie: 'lang=en' } });
      expect(await response.text()).toBe(FAKE_SITE_FILES['veligo/de/faq/index.html']);
      expect(response.headers.get('content-language')).toBeNull();
      expect(response.headers.get('set-cookie')).toBeNull();
    });

    it('When the negotiated language has no page of its own, then the French page answers', async () => {
      const response = await get('/faq', { headers: { 'accept-language': 'de' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(FAKE_SITE_FILES['faq/index.html']);
    });

    it('When a prefixed URL, a back-office page, a 404 or ?lang= is asked by an English browser, then the answer is unchanged', async () => {
      const prefixed = await get('/veligo/de/faq', { headers: english });
      expect(await prefixed.text()).toBe(FAKE_SITE_FILES['veligo/de/faq/index.html']);
      expect(prefixed.headers.get('content-language')).toBeNull();
      expect(prefixed.headers.get('vary')).not.toMatch(/Accept-Language/);
      const backOffice = await get('/bo_login', { headers: english });
      expect(await backOffice.text()).toBe(FAKE_SITE_FILES['bo_login/index.html']);
      expect(backOffice.headers.get('vary')).not.toMatch(/Accept-Language/);
      const missing = await get('/veligo/nope', { headers: english });
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe(FAKE_SITE_FILES['veligo/404/index.html']);
      const asked = await get('/veligo/faq?lang=de', { headers: english });
      expect(asked.status).toBe(302);
      expect(asked.headers.get('location')).toBe('/veligo/de/faq');
    });

    it('When the negotiated page is asked with HEAD, then it answers like GET without a body', async () => {
      const response = await get('/veligo/faq', { method: 'HEAD', headers: english });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-language')).toBe('en');
      expect(await response.text()).toBe('');
    });
  });

  describe('redirects', () => {
    it.each([
      ['/faq?lang=en', 302, '/en/faq'],
      ['/?lang=en', 302, '/en'],
      ['/veligo?lang=de', 302, '/veligo/de'],
      ['/veligo/faq?lang=de&x=1', 302, '/veligo/de/faq?x=1'],
      ['/veligo/en/faq?lang=fr', 302, '/veligo/faq?lang=fr'],
      ['/en/faq?x=1&lang=FR', 302, '/faq?lang=fr&x=1'],
      ['/index?lang=fr', 302, '/?lang=fr'],
      ['/veligo/faq/?lang=fr', 302, '/veligo/faq?lang=fr'],
      ['/en/faq?utm_source=mail&lang=EN', 302, '/en/faq?utm_source=mail'],
      ['/fluow', 301, '/veligo'],
      ['/fluow/faq', 301, '/veligo/faq'],
      ['/fluow/en/faq?x=1', 301, '/veligo/en/faq?x=1'],
      ['/veligo/faq/', 301, '/veligo/faq'],
      ['/en/?x=1', 301, '/en?x=1'],
      ['/bo_login/', 301, '/bo_login'],
    ])('When %s is asked, then it answers %i to %s', async (path, status, location) => {
      await expectRedirect(path, status, location);
    });

    it('When ?lang= names no supported language, then the page is served as is', async () => {
      await expectPage('/veligo/faq?lang=xx', 200, 'veligo/faq/index.html');
      await expectPage('/veligo/faq?lang=', 200, 'veligo/faq/index.html');
    });

    it('When a French URL is asked with ?lang=fr by a visitor who chose English, then the French page answers there, not negotiated', async () => {
      for (const path of ['/veligo/faq?lang=fr', '/?lang=fr&x=1', '/veligo?lang=FR']) {
        const response = await get(path, { headers: { 'accept-language': 'en', cookie: 'lang=en' } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-language'), path).toBeNull();
        expect(response.headers.get('set-cookie'), path).toBeNull();
      }
      expect(await (await get('/veligo/faq?lang=fr', { headers: { cookie: 'lang=en' } })).text()).toBe(
        FAKE_SITE_FILES['veligo/faq/index.html'],
      );
    });

    it('When ?lang= is on a back-office page, then it is ignored', async () => {
      await expectPage('/bo_login?lang=en', 200, 'bo_login/index.html');
    });

    it('When a path starts with several slashes, then the redirect stays on this site', async () => {
      expect(await rawGet('//evil.example.com/')).toEqual({ status: 301, location: '/evil.example.com' });
      expect(await rawGet('///evil.example.com//')).toEqual({ status: 301, location: '/evil.example.com' });
    });
  });

  describe('not found', () => {
    it.each([
      ['/unknownco/faq', '404.html'],
      ['/nope', '404.html'],
      ['/veligo/nope', 'veligo/404/index.html'],
      ['/veligo/en/nope', 'veligo/404/index.html'],
      ['/en/nope', 'en/404/index.html'],
      ['/de/nope', '404.html'],
      ['/veligo/faq/extra', 'veligo/404/index.html'],
      ['/404', '404.html'],
      ['/veligo/404', 'veligo/404/index.html'],
      ['/veligo/en/faq/index.html', 'veligo/404/index.html'],
      ['/index.html', '404.html'],
      ['/404.html', '404.html'],
      ['/.build-stamp', '404.html'],
      ['/_astro/missing.js', '404.html'],
      ['/bo_dashboard', '404.html'],
      ['/veligo/contact', 'veligo/404/index.html'],
    ])('When %s is asked, then it answers 404 with %s', async (path, file) => {
      const response = await expectPage(path, 404, file);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    });

    it('When the 404 page is asked with a range, then it still answers 404', async () => {
      const response = await get('/nope', { headers: { range: 'bytes=0-3' } });
      expect(response.status).toBe(404);
    });

    it('When a page is posted to, then the JSON 404 envelope answers', async () => {
      const response = await get('/contact', { method: 'POST' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ status: 'error', message: 'Not found' });
    });
  });

  describe('assets', () => {
    it('When a hashed asset is asked, then it is cached for a year as immutable', async () => {
      const response = await get('/_astro/app.Ab12Cd34.js');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(FAKE_SITE_FILES['_astro/app.Ab12Cd34.js']);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('When the service worker is asked, then it is revalidated and may control the whole site', async () => {
      const response = await get('/sw.js');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('service-worker-allowed')).toBe('/');
      expect(response.headers.get('content-security-policy')).toBeNull();
    });

    it('When the web manifest is asked, then it is served', async () => {
      const response = await get('/manifest-veligo.webmanifest');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(FAKE_SITE_FILES['manifest-veligo.webmanifest']);
    });
  });
});

describe('a visitor who leaves before a file is sent', () => {
  let leftSite: ReturnType<typeof createFakeSite>;
  let leftServer: RunningApp;
  let logged: string[];

  beforeAll(async () => {
    leftSite = createFakeSite();
    // A compressed copy, so the asset is sent by the route that negotiates encodings.
    writeFileSync(
      join(leftSite.staticDir, '_astro/app.Ab12Cd34.js.br'),
      brotliCompressSync(FAKE_SITE_FILES['_astro/app.Ab12Cd34.js'] ?? ''),
    );
    const captured = createCapturedLogger();
    logged = captured.lines;
    leftServer = await startTestApp(leftSite.staticDir, captured.logger);
  });

  afterAll(async () => {
    await leftServer.close();
    leftSite.remove();
  });

  /** Sends a GET and closes the connection at once, as a phone does when its visitor goes back. */
  function leaveAtOnce(path: string): Promise<void> {
    const { port } = new URL(leftServer.baseUrl);
    return new Promise((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: br\r\n\r\n`);
        socket.destroy();
        resolve();
      });
      socket.once('error', () => resolve());
    });
  }

  it('When visitors close the connection before pages and assets are sent, then nothing is logged as a server error and the site answers the next visitor', async () => {
    for (let round = 0; round < 20; round += 1)
      await Promise.all(['/veligo', '/veligo/faq', '/_astro/app.Ab12Cd34.js'].map(leaveAtOnce));
    const next = await fetch(`${leftServer.baseUrl}/veligo`);
    expect(next.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const entries = logged.map((line) => JSON.parse(line) as { level: number; msg: string; status?: number });
    expect(entries.filter((entry) => entry.level >= 50).map((entry) => entry.msg)).toEqual([]);
    expect(entries.filter((entry) => (entry.status ?? 0) >= 500)).toEqual([]);
  });
});
