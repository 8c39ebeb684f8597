import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import { handleErrors } from '../errors.ts';
import { refuseCrossSiteWrites } from './same-origin.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(refuseCrossSiteWrites(['https://sinistre.example.com']));
  app.all('/write', (_request, response) => {
    response.json({ status: 'success' });
  });
  app.use(handleErrors(pino({ level: 'silent' })));
  server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const post = (headers: Record<string, string>) => fetch(`${base}/write`, { method: 'POST', headers });

describe('refuseCrossSiteWrites', () => {
  it('When a page of the same origin posts, then the request goes through', async () => {
    expect((await post({ origin: base, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });
  it('When another site posts, then it is refused with 403', async () => {
    const response = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ status: 'error' });
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });
  it('When the configured public site posts from its own origin, then it is allowed', async () => {
    expect((await post({ origin: 'https://sinistre.example.com', 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
  it('When a client sends no browser header (curl, a partner server), then it goes through; reads are never checked', async () => {
    expect((await post({})).status).toBe(200);
    expect((await fetch(`${base}/write`, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});
