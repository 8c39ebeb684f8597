import { Agent, createServer, get as httpGet } from 'node:http';
import { type AddressInfo, connect as connectTcp, type Socket as TcpSocket } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../contracts/socket-events.ts';
import { STOP_DRAIN_MAX_MS } from './app.ts';
import type { Database } from './db/client.ts';
import { createCapturedLogger, createFakeSite, type RunningApp, startTestApp } from './test-support.ts';

let site: ReturnType<typeof createFakeSite>;
let server: RunningApp;
let logLines: string[];

beforeAll(async () => {
  site = createFakeSite();
  const captured = createCapturedLogger('debug');
  logLines = captured.lines;
  server = await startTestApp(site.staticDir, captured.logger);
});

afterAll(async () => {
  await server.close();
  site.remove();
});

describe('security headers', () => {
  it('When a page is served, then it carries the security headers but leaves the CSP to its <meta>', async () => {
    const response = await fetch(`${server.baseUrl}/veligo/en/faq`);
    const headers = response.headers;
    // Over plain HTTP, where RFC 6797 forbids it and browsers ignore it.
    expect(headers.get('strict-transport-security')).toBeNull();
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(headers.get('x-powered-by')).toBeNull();
    // The same built file for everyone: its request id stays in the log line.
    expect(headers.get('x-request-id')).toBeNull();
  });

  it('When a page is served over HTTPS behind a trusted proxy, then it tells browsers to keep to HTTPS', async () => {
    const behindProxy = await startTestApp(site.staticDir, undefined, {
      database: server.database,
      config: { TRUST_PROXY: '1' },
    });
    try {
      const secure = await fetch(`${behindProxy.baseUrl}/veligo/en/faq`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const plain = await fetch(`${behindProxy.baseUrl}/veligo/en/faq`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await behindProxy.close();
    }
  });

  it('When JSON is answered, then it may load nothing and not be framed', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('health', () => {
  it('When a client’s kept-alive connection has been idle longer than Node’s default 5 s, then its next request is answered on it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number | undefined; reused: boolean }>((resolve, reject) => {
        const request = httpGet(`${server.baseUrl}/healthz`, { agent }, (response) => {
          response.resume();
          response.once('end', () => resolve({ status: response.statusCode, reused: request.reusedSocket }));
        });
        request.once('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('When the server runs, then /healthz answers ok', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('When the database fails, then /healthz answers 503 and logs the failure without its message', async () => {
    const captured = createCapturedLogger();
    const failing: Database = {
      ...server.database,
      ping: () => Promise.reject(Object.assign(new Error('password for MARTIN'), { code: '57P01', severity: 'FATAL' })),
    };
    const broken = await startTestApp(site.staticDir, captured.logger, { database: failing });
    try {
      const response = await fetch(`${broken.baseUrl}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'database_unavailable' });
      await vi.waitFor(() => expect(captured.lines.join('\n')).toContain('"code":"57P01"'));
      expect(captured.lines.join('\n')).not.toContain('MARTIN');
    } finally {
      await broken.close();
    }
  });
});

describe('request log', () => {
  it('When a request carries personal data in its query, then the log line has the path but not the data', async () => {
    const response = await fetch(`${server.baseUrl}/x?numero=SO-123&dossier_nom=MARTIN`, {
      headers: { cookie: 'session=COOKIE-VALUE', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id');
    await vi.waitFor(() => expect(logLines.some((line) => line.includes('"path":"/x"'))).toBe(true));
    const line = logLines.find((entry) => entry.includes('"path":"/x"')) ?? '';
    expect(JSON.parse(line)).toMatchObject({ msg: 'request', method: 'GET', path: '/x', status: 404, requestId });
    expect(JSON.parse(line).durationMs).toBeTypeOf('number');
    const everything = logLines.join('\n');
    for (const secret of ['SO-123', 'MARTIN', 'numero', 'COOKIE-VALUE', '203.0.113.9']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('live events', () => {
  it('When a page connects and sends events, then valid ones are accepted and invalid ones dropped', async () => {
    const client: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.baseUrl, {
      transports: ['websocket'],
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('connect_error', reject);
      });
      client.emit('newconnection', { page: '/veligo/faq', navigator: 'Mozilla/5.0' });
      // @ts-expect-error: an old or hostile client sending a wrong payload
      client.emit('newconnection', { page: 42, navigator: 'SECRET-NAVIGATOR' });
      await vi.waitFor(() => {
        const events = logLines.filter((line) => line.includes('"event":"newconnection"'));
        expect(events.some((line) => line.includes('socket event dropped'))).toBe(true);
        expect(events.some((line) => line.includes('"msg":"socket event"'))).toBe(true);
      });
      expect(logLines.join('\n')).not.toContain('SECRET-NAVIGATOR');
      expect(client.connected).toBe(true);
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      client.disconnect();
    }
  });
});

/** A TCP connection to the app, for requests written by hand; `received` is all it got, once closed. */
async function rawConnection(port: number): Promise<{ socket: TcpSocket; received: Promise<string> }> {
  const socket = await new Promise<TcpSocket>((resolve, reject) => {
    const opened = connectTcp(port, '127.0.0.1', () => resolve(opened));
    opened.once('error', reject);
  });
  const received = new Promise<string>((resolve) => {
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve(answer));
  });
  return { socket, received };
}

describe('shutdown', () => {
  it('When shutdown begins while connected requests are written but not yet read, then every one of them is answered', {
    timeout: 60_000,
  }, async () => {
    const site2 = createFakeSite();
    const stopping = await startTestApp(site2.staticDir);
    try {
      const { port } = stopping.httpServer.address() as AddressInfo;
      const connections = await Promise.all(Array.from({ length: 20 }, () => rawConnection(port)));
      for (const { socket } of connections) socket.write('GET /faq HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      // In the same tick: the server has read none of these requests yet.
      const closed = stopping.close();
      const statuses = (await Promise.all(connections.map(({ received }) => received))).map(
        (answer) => answer.split('\r\n', 1)[0],
      );
      await closed;
      expect(statuses).toEqual(connections.map(() => 'HTTP/1.1 200 OK'));
    } finally {
      await stopping.close();
      site2.remove();
    }
  });

  it('When a request is still being answered after the stop has waited its longest, then its kept-alive connection closes once it is answered and the stop ends then', {
    timeout: 30_000,
  }, async () => {
    const site2 = createFakeSite();
    const stopping = await startTestApp(site2.staticDir);
    try {
      const { port } = stopping.httpServer.address() as AddressInfo;
      const { socket, received } = await rawConnection(port);
      const body = JSON.stringify({ question: 'Quels sont vos horaires ?', lang: 'fr' });
      const head = `POST /faq HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
      // The request has begun before the stop (so its answer keeps the connection alive)…
      socket.write(head + body.slice(0, 5));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const closed = stopping.close();
      // …and ends only once the stop no longer waits for it: the servers are being closed.
      await new Promise((resolve) => setTimeout(resolve, STOP_DRAIN_MAX_MS + 500));
      socket.write(body.slice(5));
      // Without closing the connection once answered, this waited for its keep-alive (75 s).
      await closed;
      expect((await received).split('\r\n', 1)[0]).toBe('HTTP/1.1 200 OK');
    } finally {
      await stopping.close();
      site2.remove();
    }
  });

  it('When shutdown has begun, then /healthz answers 503 stopping', async () => {
    const site2 = createFakeSite();
    const stopped = await startTestApp(site2.staticDir);
    await stopped.close();
    // The app's own server no longer accepts connections: ask the same app through another one.
    const probe = createServer(stopped.app);
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = probe.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'stopping' });
    } finally {
      probe.close();
      site2.remove();
    }
  });
});
