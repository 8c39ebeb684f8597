import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createConnection, type Socket } from 'node:net';
import autocannon from 'autocannon';

/**
 * The claim bench's load generator, in a worker thread so that it does not share a server's event
 * loop. A saturation run is one autocannon per server process, run together, their latency
 * histograms merged into one result (each process gets the same connections). A run held at a
 * fixed rate sends evenly spaced requests from its own lean client (runHeldLoad). Each request
 * declares on its own bench subscription with its own Idempotency-Key, from its own address of
 * the benchmarking range (198.18.0.0/15), so the per-address limit of POST sinistres does not apply.
 */

export interface LoadJob {
  /** The POST address on each process. */
  urls: string[];
  /** Connections to each process. */
  connections: number;
  seconds: number;
  /** Requests per second sent to each process; unset: as fast as the answers come. */
  ratePerUrl?: number;
  /** Form fields of a valid declaration; the client sets the subscription and the insured number. */
  template: Record<string, string>;
  firstSubscriptionId: number;
  subscriptions: number;
  /** Requests sent by the earlier runs on the same database: this run declares on the next subscriptions. */
  firstIndex: number;
  /** Makes the keys of this run unlike those of every other run on the same database. */
  keyPrefix: string;
}

export interface LoadResult {
  /** Answers 2xx per second. */
  successesPerSecond: number;
  successes: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers not 2xx, transport errors and timeouts (0 expected). */
  failures: number;
  /** Requests built (the next run starts after them). */
  sent: number;
  /** Answers by HTTP status, to tell what the failures were. */
  statusCodes: Record<string, number>;
}

/** The insured number of the bench subscription `index` (bench/claim-submit.ts writes them). */
function benchInsuredNumber(index: number): string {
  return `SO-BENCH-${String(index).padStart(7, '0')}`;
}

/** The form and headers of the request at `index`: its own subscription, key and address. */
function requestOf(job: LoadJob, index: number): { body: string; headers: Record<string, string> } {
  const subscription = job.firstSubscriptionId + (index % job.subscriptions);
  const body = new URLSearchParams({
    ...job.template,
    souscription_id: String(subscription),
    assure_numero: benchInsuredNumber(subscription - job.firstSubscriptionId),
    // One mailbox per claimant, as in life: one address would meet its hourly mail share.
    assure_email: `bench.${subscription}@example.com`,
  }).toString();
  return {
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': `bench-${job.keyPrefix}-${String(index).padStart(10, '0')}`,
      'x-forwarded-for': `198.18.${(index >> 8) & 255}.${index & 255}`,
    },
  };
}

/** The value below which `share` of the sorted values fall (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

/** How long the requests still unanswered when a held run ends may take before they count as failed. */
const HELD_ANSWER_WAIT_MS = 10_000;

/** A request due at `dueAt` (performance.now()), serialised once. */
interface DueRequest {
  dueAt: number;
  bytes: Buffer;
}

/**
 * Kept-alive HTTP/1.1 connections to one process, up to `size`, each with one request at a time,
 * written from serialised bytes and read back to the status and the body's length: as lean as
 * autocannon's own client, so that the load costs the machine little beside the server it measures.
 * A request waits for a free connection in `queue`; `answered` is told its status (0: no answer).
 */
function connectionPool(url: URL, size: number, answered: (request: DueRequest, status: number) => void) {
  const queue: DueRequest[] = [];
  const idle: Socket[] = [];
  let open = 0;
  let closed = false;
  const serve = (socket: Socket) => {
    const request = queue.shift();
    if (request === undefined) {
      idle.push(socket);
      return;
    }
    let buffered = Buffer.alloc(0);
    const finish = (status: number) => {
      socket.off('data', read);
      socket.off('close', lost);
      answered(request, status);
      // The connection's own `close` counts it gone and opens another for the requests waiting.
      if (status === 0 || closed) socket.destroy();
      else serve(socket);
    };
    const lost = () => finish(0);
    const read = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffered.subarray(0, headEnd).toString('latin1');
      const status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      if (length !== undefined) {
        if (buffered.length >= headEnd + 4 + Number(length)) finish(status);
      } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
        // The last chunk, without trailers (neither server sends any).
        if (buffered.length > headEnd + 4 && buffered.subarray(-5).toString('latin1') === '0\r\n\r\n') finish(status);
      } else finish(0);
    };
    socket.on('data', read);
    socket.once('close', lost);
    socket.write(request.bytes);
  };
  const connect = () => {
    open += 1;
    const socket = createConnection({ host: url.hostname, port: Number(url.port) });
    socket.setNoDelay(true);
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      serve(socket);
    });
    socket.on('error', () => {});
    // Every connection that ends, idle (its keep-alive ended), carrying a request (which `lost`
    // fails) or never connected, is counted gone here, once.
    socket.once('close', () => {
      open -= 1;
      const at = idle.indexOf(socket);
      if (at >= 0) idle.splice(at, 1);
      if (closed) return;
      // Refused: a waiting request fails, so that none waits for a server that is not there.
      if (!connected) {
        const request = queue.shift();
        if (request) answered(request, 0);
      } else if (queue.length > 0 && open < size) connect();
    });
  };
  return {
    send(request: DueRequest) {
      queue.push(request);
      const socket = idle.pop();
      if (socket) serve(socket);
      else if (open < size) connect();
    },
    close() {
      closed = true;
      for (const socket of idle.splice(0)) socket.destroy();
    },
  };
}

/**
 * A load held at a fixed rate: each process gets a request every 1/`ratePerUrl` s, evenly spaced,
 * sent whether or not the earlier ones have been answered (an open loop, over up to `connections`
 * kept-alive connections a process). A request's latency runs from the moment it was due, so a
 * request that waited for a free connection counts its wait. (autocannon's own rate sends each
 * connection's share of a second at the start of the second, as fast as answers come: a server
 * then runs at full speed for part of each second and idles the rest, and its latencies are those
 * of saturation bursts, not of the rate asked.)
 */
async function runHeldLoad(job: LoadJob, ratePerUrl: number): Promise<LoadResult> {
  let next = job.firstIndex;
  const intervalMs = 1000 / ratePerUrl;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let failures = 0;
  let outstanding = 0;
  let allAnswered: (() => void) | undefined;
  const answered = (request: DueRequest, status: number) => {
    outstanding -= 1;
    statusCodes[String(status)] = (statusCodes[String(status)] ?? 0) + 1;
    if (status >= 200 && status < 300) latencies.push(performance.now() - request.dueAt);
    else failures += 1;
    if (outstanding === 0) allAnswered?.();
  };
  const targets = job.urls.map((address) => {
    const url = new URL(address);
    return { url, pool: connectionPool(url, job.connections, answered) };
  });
  const bytesOf = (url: URL) => {
    const { body, headers } = requestOf(job, next++);
    const lines = [
      `POST ${url.pathname}${url.search} HTTP/1.1`,
      `host: ${url.host}`,
      'connection: keep-alive',
      `content-length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };
  const started = performance.now();
  const end = started + job.seconds * 1000;
  let due = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request due by now leaves now, each counted from its own due time.
      while (started + due * intervalMs <= Math.min(now, end)) {
        const dueAt = started + due * intervalMs;
        for (const { url, pool } of targets) {
          outstanding += 1;
          pool.send({ dueAt, bytes: bytesOf(url) });
        }
        due += 1;
      }
      if (now >= end) resolve();
      else setTimeout(tick, Math.max(0, Math.min(intervalMs, started + due * intervalMs - now)));
    };
    tick();
  });
  if (outstanding > 0)
    await new Promise<void>((resolve) => {
      allAnswered = resolve;
      setTimeout(resolve, HELD_ANSWER_WAIT_MS).unref();
    });
  for (const { pool } of targets) pool.close();
  failures += outstanding;
  const sorted = latencies.toSorted((a, b) => a - b);
  return {
    successesPerSecond: latencies.length / job.seconds,
    successes: latencies.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    failures,
    sent: next - job.firstIndex,
    statusCodes,
  };
}

async function runLoad(job: LoadJob): Promise<LoadResult> {
  if (job.ratePerUrl !== undefined) return runHeldLoad(job, job.ratePerUrl);
  let next = job.firstIndex;
  const optionsOf = (url: string): autocannon.Options => ({
    url,
    connections: job.connections,
    duration: job.seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, ...requestOf(job, next++) }),
      },
    ],
  });
  const all = job.urls.map(optionsOf);
  // In a worker thread autocannon answers its raw histograms; aggregating them merges the processes.
  const raws = await Promise.all(all.map((options) => autocannon(options)));
  const aggregate = (
    autocannon as unknown as { aggregateResult(raw: unknown[], opts: autocannon.Options): autocannon.Result }
  ).aggregateResult;
  const result = aggregate(raws, all[0] as autocannon.Options);
  return {
    successesPerSecond: result['2xx'] / job.seconds,
    successes: result['2xx'],
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    sent: next - job.firstIndex,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]),
    ),
  };
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'claim-load') {
  parentPort?.postMessage(await runLoad((workerData as { job: LoadJob }).job));
}

/** Runs one load in a fresh worker thread. */
export function runLoadInWorker(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'claim-load', job } });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`claim load client exited with code ${code}`)));
  });
}
