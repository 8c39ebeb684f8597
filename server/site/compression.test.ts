import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { type RunningApp, startTestApp } from '../test-support.ts';

/** A build folder with pages and assets large enough to be precompressed, as `astro build` leaves it. */
const PAGE = `<!doctype html><html lang="fr"><body>${'<p>Déclarez votre sinistre en ligne.</p>'.repeat(80)}</body></html>`;
const SCRIPT = `export const steps = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `step-${index}`))};`;
const FILES: Record<string, string> = {
  'index.html': PAGE,
  'veligo/declare-sinistre/index.html': PAGE.replace('fr', 'fr-veligo'),
  '_astro/wizard.Ab12Cd34.js': SCRIPT,
  'small.css': 'body{margin:0}',
};

let root: string;
let server: RunningApp;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'claim-portal-compressed-'));
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  await precompressDirectory(root);
  server = await startTestApp(root);
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET with raw bytes and headers (fetch would decompress on its own). */
function rawGet(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest(
        `${server.baseUrl}${path}`,
        { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      request.once('error', reject);
      request.end();
    },
  );
}

describe('precompressed delivery', () => {
  it('When the browser accepts brotli, then the page is sent brotli-compressed, smaller, as HTML', async () => {
    const response = await rawGet('/veligo/declare-sinistre', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.body.length).toBeLessThan(PAGE.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(FILES['veligo/declare-sinistre/index.html']);
  });

  it('When the browser accepts only gzip, then gzip is sent', async () => {
    const response = await rawGet('/', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toBe(PAGE);
  });

  it('When the browser accepts no encoding, then the page is sent as is', async () => {
    const response = await rawGet('/', 'identity');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(PAGE);
  });

  it('When a hashed script is asked, then its brotli copy is sent as JavaScript, cached for a year', async () => {
    const response = await rawGet('/_astro/wizard.Ab12Cd34.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('When a file is too small to gain from compression, then it has no copy and is sent as is', async () => {
    const response = await rawGet('/small.css', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe('body{margin:0}');
  });

  it('When a compressed copy is asked by its own name or a path climbs out, then nothing leaks', async () => {
    expect((await rawGet('/index.html.br', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await rawGet('/_astro/../../etc/passwd', 'br')).status).toBe(404);
  });
});
