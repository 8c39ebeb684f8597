import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runLoadInWorker } from './load-client.ts';

/** A server that answers every request after `delayMs`, with `status`, and notes when each arrived. */
async function recordingServer(
  delayMs: number,
  status = 200,
): Promise<{ server: Server; url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = createServer((request, response) => {
    arrivals.push(performance.now());
    request.resume();
    request.once('end', () =>
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ numero_sinistre: 'SI-0000001' }));
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sinistres`, arrivals };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const job = (urls: string[], ratePerUrl: number, connections: number) => ({
  urls,
  connections,
  seconds: 1,
  ratePerUrl,
  template: { lang: 'fr' },
  firstSubscriptionId: 500_000,
  subscriptions: 100,
  keyPrefix: 'test',
  firstIndex: 0,
});

describe('the claim bench holds a fixed rate', () => {
  it('When a rate is held, then each process gets its requests evenly spaced, not in bursts, and every answer counts', async () => {
    const first = await recordingServer(5);
    const second = await recordingServer(5);
    servers.push(first.server, second.server);
    const result = await runLoadInWorker(job([first.url, second.url], 50, 8));
    expect(result.successes).toBe(result.sent);
    expect(result.failures).toBe(0);
    for (const { arrivals } of [first, second]) {
      expect(arrivals.length).toBeGreaterThanOrEqual(45);
      // 50 a second is one every 20 ms, over the whole second. A client sending in bursts leaves
      // most gaps between arrivals near 0; a pause of this process (busy beside other test files),
      // which notes a few arrivals late and together, moves only those gaps, not the median.
      const gaps = arrivals
        .slice(1)
        .map((at, index) => at - (arrivals[index] ?? at))
        .sort((a, b) => a - b);
      const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
      expect(median).toBeGreaterThanOrEqual(10);
      expect(median).toBeLessThanOrEqual(40);
      expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(700);
    }
    expect(result.p50Ms).toBeGreaterThanOrEqual(5);
  });

  it('When the process answers slower than the rate, then a request’s latency counts its wait for a connection', async () => {
    const slow = await recordingServer(200);
    servers.push(slow.server);
    // 20 a second over one connection that carries 5: the later requests wait, and it shows.
    const result = await runLoadInWorker(job([slow.url], 20, 1));
    expect(result.p99Ms).toBeGreaterThan(1_000);
    expect(result.p50Ms).toBeGreaterThan(200);
  }, 30_000);

  it('When the process closes idle connections between requests, then no request is lost or counted failed', async () => {
    const closing = await recordingServer(30);
    closing.server.keepAliveTimeout = 50;
    servers.push(closing.server);
    // One request every 100 ms over up to 4 connections: each waits idle past the server's 50 ms.
    const result = await runLoadInWorker(job([closing.url], 10, 4));
    expect(result.failures).toBe(0);
    expect(result.successes).toBe(result.sent);
    expect(closing.arrivals.length).toBe(result.sent);
  });

  it('When the process refuses, then the answers count as failures by status', async () => {
    const refusing = await recordingServer(0, 503);
    servers.push(refusing.server);
    const result = await runLoadInWorker(job([refusing.url], 20, 2));
    expect(result.successes).toBe(0);
    expect(result.failures).toBe(result.sent);
    expect(result.statusCodes['503']).toBe(result.sent);
  });
});
