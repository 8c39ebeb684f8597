import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import express, { type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleErrors } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { contentDispositionOf, sendStoredFile } from './download.ts';
import { LocalFileStore, newFileKey } from './store.ts';
import { samplePng } from './test-support.ts';

let root: string;
let server: Server;
let baseUrl: string;
let png: Buffer;
const pngKey = newFileKey();
/** What the database would hold for each stored file, by id. */
const rows = new Map<string, { key: string; originalName: string; mime: string; size?: number }>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'claim-portal-download-'));
  const store = new LocalFileStore(root);
  png = await samplePng();
  await store.put(pngKey, Readable.from([png]), 'image/png');
  rows.set('photo', { key: pngKey, originalName: 'Photo vélo "cassé".png', mime: 'image/png', size: png.length });
  rows.set('odd-type', { key: pngKey, originalName: 'page.html', mime: 'text/html' });
  rows.set('lost', { key: newFileKey(), originalName: 'lost.pdf', mime: 'application/pdf' });

  const app = express();
  app.get('/files/:id', async (request: Request<{ id: string }>, response: Response) => {
    const row = rows.get(request.params.id);
    if (!row) throw new Error('unknown test row');
    await sendStoredFile(response, store, row);
  });
  app.use(handleErrors(createLogger('silent')));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('sendStoredFile', () => {
  it('When a stored file is downloaded, then it comes as an attachment that nothing may run or sniff', async () => {
    const response = await fetch(`${baseUrl}/files/photo`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Photo velo _casse_.png"; filename*=UTF-8''Photo%20v%C3%A9lo%20%22cass%C3%A9%22.png`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
  });

  it('When the recorded type is not one the uploads accept, then the file is served as octet-stream', async () => {
    const response = await fetch(`${baseUrl}/files/odd-type`);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    await response.arrayBuffer();
  });

  it('When the stored file is missing, then 404 answers in the error envelope', async () => {
    const response = await fetch(`${baseUrl}/files/lost`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 'error', message: 'File not found' });
  });
});

describe('contentDispositionOf', () => {
  it.each([
    ['facture.pdf', `attachment; filename="facture.pdf"; filename*=UTF-8''facture.pdf`],
    [
      'a\r\nSet-Cookie: x=1.pdf',
      `attachment; filename="aSet-Cookie: x=1.pdf"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1.pdf`,
    ],
    ['..\\..\\secret.pdf', `attachment; filename="secret.pdf"; filename*=UTF-8''secret.pdf`],
    ["l'été (1)*.jpg", `attachment; filename="l'ete (1)*.jpg"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%281%29%2A.jpg`],
    ['证件.png', `attachment; filename="__.png"; filename*=UTF-8''%E8%AF%81%E4%BB%B6.png`],
    ['100%.pdf', `attachment; filename="100_.pdf"; filename*=UTF-8''100%25.pdf`],
    ['\u202Egnp.exe', `attachment; filename="gnp.exe"; filename*=UTF-8''gnp.exe`],
    ['', `attachment; filename="file"; filename*=UTF-8''file`],
  ])('When the name is %j, then the header is %s', (name, header) => {
    expect(contentDispositionOf(name)).toBe(header);
  });
});
