import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/**
 * The claim bench's load generator, in a worker thread so that it does not share a server's event
 * loop: one autocannon per server process, run together, their latency histograms merged into one
 * result (a small round-robin: each process gets the same connections and the same rate). Each
 * request declares on its own bench subscription with its own Idempotency-Key, from its own
 * address of the benchmarking range (198.18.0.0/15), so the per-address limit of POST sinistres
 * does not apply.
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

async function runLoad(job: LoadJob): Promise<LoadResult> {
  let next = job.firstIndex;
  const optionsOf = (url: string): autocannon.Options => ({
    url,
    connections: job.connections,
    duration: job.seconds,
    ...(job.ratePerUrl === undefined ? {} : { overallRate: Math.max(1, Math.round(job.ratePerUrl)) }),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const index = next++;
          const subscription = job.firstSubscriptionId + (index % job.subscriptions);
          const body = new URLSearchParams({
            ...job.template,
            souscription_id: String(subscription),
            assure_numero: benchInsuredNumber(subscription - job.firstSubscriptionId),
            // One mailbox per claimant, as in life: one address would meet its hourly mail share.
            assure_email: `bench.${subscription}@example.com`,
          }).toString();
          return {
            ...request,
            body,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'idempotency-key': `bench-${job.keyPrefix}-${String(index).padStart(10, '0')}`,
              'x-forwarded-for': `198.18.${(index >> 8) & 255}.${index & 255}`,
            },
          };
        },
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
