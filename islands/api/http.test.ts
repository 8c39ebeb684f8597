import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRequest } from './http.ts';

/** A real HTTP peer on a free port. */
async function startPeer(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('sendRequest', () => {
  it('When the peer answers JSON, then its status, body and Retry-After come back', async () => {
    const origin = await startPeer((request, response) => {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      response.end(JSON.stringify({ method: request.method, accept: request.headers.accept }));
    });
    const answer = await sendRequest(`${origin}/x`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect(answer).toEqual({
      answered: true,
      status: 429,
      body: { method: 'POST', accept: 'application/json' },
      retryAfter: '30',
    });
  });

  it('When the answer is not JSON, then the body is undefined', async () => {
    const origin = await startPeer((_request, response) => response.end('<html>'));
    expect(await sendRequest(origin)).toEqual({ answered: true, status: 200, body: undefined, retryAfter: null });
  });

  it('When the peer does not answer in time, then there is no answer', async () => {
    const origin = await startPeer(() => {
      // Never answers.
    });
    expect(await sendRequest(origin, { timeoutMs: 200 })).toEqual({ answered: false });
  });

  it('When the caller aborts, then there is no answer', async () => {
    const origin = await startPeer(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const answer = sendRequest(origin, { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    expect(await answer).toEqual({ answered: false });
  });
});

/**
 * Biome's noRestrictedGlobals keeps `fetch` and `XMLHttpRequest` in the two clients; what it cannot
 * see (a member call such as `window.fetch` or `navigator.sendBeacon`) is checked here.
 */
describe('The browser HTTP clients', () => {
  const ROOT = fileURLToPath(new URL('../..', import.meta.url));
  const CLIENTS = ['islands/api/http.ts', 'backoffice/api/client.ts'];
  const MEMBER_CALL = /\b(?:window|globalThis|self|navigator)\s*\.\s*(?:fetch|sendBeacon|XMLHttpRequest)\b/;

  it('When browser code sends a request, then it goes through islands/api/http.ts or backoffice/api/client.ts', () => {
    const senders = ['islands', 'site', 'backoffice']
      .flatMap((folder) =>
        readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
          .filter((path) => /\.(ts|tsx|astro|js|mjs)$/.test(path) && !/\.test\.tsx?$/.test(path))
          .map((path) => `${folder}/${path}`),
      )
      .filter((path) => !CLIENTS.includes(path) && MEMBER_CALL.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(senders).toEqual([]);
  });
});
