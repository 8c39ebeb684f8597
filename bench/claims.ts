import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PARTNER_API_BASE } from '../contracts/partner-api.ts';

/**
 * Claim submissions per second (POST sinistres: validation, one transaction writing the claim,
 * its requested proofs, a follow-up token and the confirmation mail) on a fresh embedded
 * database, over loopback, with autocannon in a worker thread so the client does not share the
 * server's event loop. Each request declares on its own subscription with its own
 * Idempotency-Key (the bench database gets extra subscriptions first); a second run measures
 * retried submits (a key already used: the stored claim is answered).
 */

/** Extra subscriptions written for the bench: more than the new-claims run can use. */
const BENCH_SUBSCRIPTIONS = 40_000;
const FIRST_BENCH_SUBSCRIPTION_ID = 500_000;
/** Contract and guarantee of the generic demo subscriptions (campsites, "interruption" group 12). */
const CONTRACT_ID = 1201;
const GUARANTEE_ID = 12;
const CONNECTIONS = 10;
const NEW_CLAIMS_SECONDS = 10;
const RETRIES_SECONDS = 5;

export interface ClaimSubmitFigures {
  /** New claims: successful submissions per second and the 99th percentile latency. */
  newClaimsPerSecond: number;
  newClaimsP99Ms: number;
  newClaimsTotal: number;
  /** Answers that were not 2xx (0 expected) and transport errors, in the new-claims run. */
  newClaimsFailures: number;
  /** Retried submits (an already used key): answers per second and p99 latency. */
  retriesPerSecond: number;
  retriesP99Ms: number;
  retriesFailures: number;
}

interface ClientJob {
  url: string;
  seconds: number;
  /** Form fields of a valid declaration; the client sets the subscription, number and key. */
  template: Record<string, string>;
  /** `new`: a subscription and a key per request; `retry`: the same declaration and key each time. */
  mode: 'new' | 'retry';
  firstSubscriptionId: number;
  subscriptions: number;
}

interface ClientResult {
  requests: number;
  successes: number;
  seconds: number;
  p99Ms: number;
  failures: number;
}

function benchInsuredNumber(index: number): string {
  return `SO-BENCH-${String(index).padStart(7, '0')}`;
}

/** The worker: runs autocannon and posts back the figures. */
async function runClientWorker(job: ClientJob): Promise<ClientResult> {
  let next = 0;
  const bodyOf = (souscriptionId: number) =>
    new URLSearchParams({
      ...job.template,
      souscription_id: String(souscriptionId),
      assure_numero: benchInsuredNumber(souscriptionId - FIRST_BENCH_SUBSCRIPTION_ID),
    }).toString();
  const retryBody = bodyOf(job.firstSubscriptionId);
  const retryKey = 'bench-retry-key-000000000001';
  const options: autocannon.Options = {
    url: job.url,
    connections: CONNECTIONS,
    duration: job.seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const index = next++;
          const body = job.mode === 'retry' ? retryBody : bodyOf(job.firstSubscriptionId + (index % job.subscriptions));
          const key = job.mode === 'retry' ? retryKey : `bench-${process.pid}-${String(index).padStart(12, '0')}`;
          return {
            ...request,
            body,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'idempotency-key': key,
              // Each submit from its own address of the benchmarking range (198.18.0.0/15): the
              // bench measures the server, not the per-address limit of POST sinistres.
              'x-forwarded-for': `198.18.${(index >> 8) & 255}.${index & 255}`,
            },
          };
        },
      },
    ],
  };
  // In a worker thread autocannon answers its raw histograms; aggregating them gives the usual result.
  const raw = await autocannon(options);
  const aggregate = (
    autocannon as unknown as { aggregateResult(raw: unknown[], opts: autocannon.Options): autocannon.Result }
  ).aggregateResult;
  const result = aggregate([raw], options);
  return {
    requests: result.requests.total,
    successes: result['2xx'],
    seconds: result.duration,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'claims-client') {
  const { job } = workerData as { job: ClientJob };
  parentPort?.postMessage(await runClientWorker(job));
}

function runClient(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'claims-client', job } });
    worker.once('message', (result: ClientResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`claims bench client exited with code ${code}`)));
  });
}

/**
 * Starts the app in-process on a fresh seeded PGlite with BENCH_SUBSCRIPTIONS more subscriptions,
 * then measures new claims for NEW_CLAIMS_SECONDS and retried submits for RETRIES_SECONDS.
 */
export async function measureClaimSubmissions(): Promise<ClaimSubmitFigures> {
  // Imported here, so that the client worker (this same file) loads autocannon only.
  const { loadBrands } = await import('../brands/index.ts');
  const { createApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/client.ts');
  const { seedDemoData } = await import('../server/demo/seed.ts');
  const { createLogger } = await import('../server/logger.ts');
  const { validDeclaration } = await import('../server/partner-api/claims/test-support.ts');

  const root = mkdtempSync(join(tmpdir(), 'claim-portal-bench-claims-'));
  const staticDir = join(root, 'site');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<h1>bench</h1>');
  const config = loadConfig({ DATA_DIR: join(root, 'data'), STATIC_DIR: staticDir, TRUST_PROXY: '1' });
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger);
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  try {
    await seedDemoData(database.db);
    const last = FIRST_BENCH_SUBSCRIPTION_ID + BENCH_SUBSCRIPTIONS - 1;
    await database.db.execute(sql`
      insert into subscriptions (souscription_id, contrat_compagnie_id, assure_numero, assure_nom, assure_email)
      select id, ${CONTRACT_ID}, 'SO-BENCH-' || lpad((id - ${FIRST_BENCH_SUBSCRIPTION_ID})::text, 7, '0'),
        'BENCH', 'bench@example.com'
      from generate_series(${FIRST_BENCH_SUBSCRIPTION_ID}::int, ${last}::int) as id`);
    await database.db.execute(sql`
      insert into subscription_guarantees (souscription_id, guarantee_id)
      select id, ${GUARANTEE_ID} from generate_series(${FIRST_BENCH_SUBSCRIPTION_ID}::int, ${last}::int) as id`);

    app = createApp({ config, logger, brands: await loadBrands(), database, staticDir });
    const server = app.httpServer;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PARTNER_API_BASE}/sinistres`;
    const template = validDeclaration(10);

    const fresh = await runClient({
      url,
      seconds: NEW_CLAIMS_SECONDS,
      template,
      mode: 'new',
      firstSubscriptionId: FIRST_BENCH_SUBSCRIPTION_ID,
      subscriptions: BENCH_SUBSCRIPTIONS,
    });
    // The retried declaration must exist first: one submit creates it.
    const retried = await runClient({
      url,
      seconds: RETRIES_SECONDS,
      template,
      mode: 'retry',
      firstSubscriptionId: FIRST_BENCH_SUBSCRIPTION_ID + BENCH_SUBSCRIPTIONS - 1,
      subscriptions: 1,
    });
    return {
      newClaimsPerSecond: fresh.successes / fresh.seconds,
      newClaimsP99Ms: fresh.p99Ms,
      newClaimsTotal: fresh.successes,
      newClaimsFailures: fresh.failures,
      retriesPerSecond: retried.successes / retried.seconds,
      retriesP99Ms: retried.p99Ms,
      retriesFailures: retried.failures,
    };
  } finally {
    await app?.close();
    await database.close();
    rmSync(root, { recursive: true, force: true });
  }
}
