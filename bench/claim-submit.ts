import { type BenchSubscriptions, benchSubscriptionStatements } from './bench-subscriptions.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PARTNER_API_BASE } from '../contracts/partner-api.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { startPostgresServer } from '../server/db/test-postgres-server.ts';
import { seedDemoData } from '../server/demo/seed.ts';
import { createLogger } from '../server/logger.ts';
import { validDeclaration } from '../server/customer-api/claims/test-support.ts';
import { createFakeSite } from '../server/test-support.ts';
import { type LoadResult, runLoadInWorker } from './load-client.ts';
import { type ListeningProcess, startListening, stopAll } from './processes.ts';
import { type BenchRow, benchRow } from './results.ts';

/**
 * Claim submit (POST sinistres: validation, one transaction writing the claim, its requested
 * proofs, a follow-up token and the confirmation mail) on PostgreSQL across 3 `node
 * server/index.ts` processes, against a bare Express handler doing the one INSERT into `claims`
 * (bench/bare-claim-server.ts), 3 processes on the same PostgreSQL measured the same way; then
 * the portal on PGlite, one process. Each is measured twice: the throughput at saturation (the
 * connections ramp up until the answers per second stop growing), then the p99 latency at a fixed
 * rate of 80 % of it.
 */

const PROCESSES = 3;
/** Extra subscriptions written for the bench, so that each claim declares on its own. */
const SUBSCRIPTIONS: BenchSubscriptions = {
  firstId: 500_000,
  count: 40_000,
  numberPrefix: 'SO-BENCH-',
  digits: 7,
  name: 'BENCH',
  email: 'bench@example.com',
};
/** A saturation step that grows the answers per second by less than this is the plateau. */
const PLATEAU_GROWTH = 1.05;
const P99_GOAL_MS = 50;

export interface SizeOptions {
  quick: boolean;
}

interface Profile {
  saturationPerSecond: number;
  /** Connections to each process at saturation. */
  connections: number;
  p99Ms: number;
  failures: number;
  /** Answers by HTTP status over all the runs. */
  statusCodes: Record<string, number>;
}

/** The bench subscriptions, as SQL any driver runs. */
const BENCH_SUBSCRIPTION_STATEMENTS = benchSubscriptionStatements(SUBSCRIPTIONS);

let runs = 0;
/** Requests sent so far: a portal refuses a second claim on one subscription (409), so each gets its own. */
let sent = 0;

async function load(urls: string[], connections: number, seconds: number, ratePerUrl?: number): Promise<LoadResult> {
  runs += 1;
  const result = await runLoadInWorker({
    urls,
    connections,
    seconds,
    ...(ratePerUrl === undefined ? {} : { ratePerUrl }),
    template: validDeclaration(10),
    firstSubscriptionId: SUBSCRIPTIONS.firstId,
    subscriptions: SUBSCRIPTIONS.count,
    keyPrefix: `${process.pid}-${runs}`,
    firstIndex: sent,
  });
  sent += result.sent;
  return result;
}

/** Ramps the connections to find the saturation throughput, then holds 80 % of it for the p99. */
async function profile(urls: string[], { quick }: SizeOptions): Promise<Profile> {
  const stepSeconds = quick ? 2 : 6;
  const ramp = quick ? [1, 4] : [1, 2, 4, 8, 16, 32];
  // Warm-up: connections, JIT, the pools.
  await load(urls, 2, quick ? 1 : 3);
  let best = { perSecond: 0, connections: 1 };
  let failures = 0;
  const statusCodes: Record<string, number> = {};
  const count = (result: LoadResult) => {
    failures += result.failures;
    for (const [code, answers] of Object.entries(result.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + answers;
  };
  // Two steps in a row without growth make the plateau: one alone may be a busy moment of the machine.
  let stalls = 0;
  for (const connections of ramp) {
    const step = await load(urls, connections, stepSeconds);
    count(step);
    const grew = step.successesPerSecond > best.perSecond * PLATEAU_GROWTH;
    if (step.successesPerSecond > best.perSecond) best = { perSecond: step.successesPerSecond, connections };
    stalls = grew ? 0 : stalls + 1;
    if (stalls === 2) break;
  }
  // Enough connections that the fixed rate is kept even when answers slow down.
  const held = await load(
    urls,
    Math.max(best.connections * 2, 4),
    quick ? 3 : 15,
    (best.perSecond * 0.8) / urls.length,
  );
  count(held);
  return {
    saturationPerSecond: best.perSecond,
    connections: best.connections,
    p99Ms: held.p99Ms,
    failures,
    statusCodes,
  };
}

async function startProcesses(
  count: number,
  start: (index: number) => Promise<ListeningProcess>,
): Promise<ListeningProcess[]> {
  const started: ListeningProcess[] = [];
  try {
    // The first alone: it migrates and seeds; the others then start together.
    started.push(await start(0));
    started.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, index) => start(index + 1)))));
    return started;
  } catch (error) {
    await stopAll(started);
    throw error;
  }
}

export interface ClaimSubmitFigures {
  postgres: Profile;
  bare: Profile;
  pglite: Profile;
}

async function measurePostgres(
  options: SizeOptions,
  staticDir: string,
  root: string,
): Promise<{ postgres: Profile; bare: Profile }> {
  const server = await startPostgresServer();
  try {
    const portals = await startProcesses(PROCESSES, (index) =>
      startListening('server/index.ts', {
        DATABASE_URL: server.url,
        DATA_DIR: join(root, `portal-${index}`),
        STATIC_DIR: staticDir,
        DEMO_DATA: 'on',
        TRUST_PROXY: '1',
      }),
    );
    let postgres: Profile;
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        for (const statement of BENCH_SUBSCRIPTION_STATEMENTS) await client.query(statement);
        await client.query('vacuum analyze');
      } finally {
        await client.end();
      }
      postgres = await profile(
        portals.map((portal) => `${portal.baseUrl}${PARTNER_API_BASE}/sinistres`),
        options,
      );
    } finally {
      await stopAll(portals);
    }
    const bares = await startProcesses(PROCESSES, () =>
      startListening('bench/bare-claim-server.ts', { DATABASE_URL: server.url }),
    );
    try {
      const bare = await profile(
        bares.map((process) => `${process.baseUrl}/sinistres`),
        options,
      );
      return { postgres, bare };
    } finally {
      await stopAll(bares);
    }
  } finally {
    await server.stop();
  }
}

async function measurePglite(options: SizeOptions, staticDir: string, root: string): Promise<Profile> {
  const dataDir = join(root, 'pglite');
  // Seeded here first, with the bench subscriptions; the process then finds its database ready.
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }), createLogger('warn', process.stderr));
  try {
    await seedDemoData(database.db);
    for (const statement of BENCH_SUBSCRIPTION_STATEMENTS) await database.db.execute(sql.raw(statement));
  } finally {
    await database.close();
  }
  const portal = await startListening('server/index.ts', {
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    TRUST_PROXY: '1',
  });
  try {
    return await profile([`${portal.baseUrl}${PARTNER_API_BASE}/sinistres`], options);
  } finally {
    await portal.stop();
  }
}

export async function measureClaimSubmit(options: SizeOptions): Promise<ClaimSubmitFigures> {
  const site = createFakeSite();
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-bench-claims-'));
  try {
    const { postgres, bare } = await measurePostgres(options, site.staticDir, root);
    const pglite = await measurePglite(options, site.staticDir, root);
    return { postgres, bare, pglite };
  } finally {
    rmSync(root, { recursive: true, force: true });
    site.remove();
  }
}

export function claimSubmitRows({ postgres, bare, pglite }: ClaimSubmitFigures): BenchRow[] {
  const group = `Claim submit, PostgreSQL, ${PROCESSES} processes (reference: bare Express INSERT, ${PROCESSES} processes)`;
  const pgliteGroup = 'Claim submit, PGlite, 1 process (reference: PostgreSQL, 3 processes)';
  return [
    benchRow(
      group,
      `throughput at saturation (${postgres.connections}×${PROCESSES} connections; failed answers: ${postgres.failures}, reference ${bare.failures})`,
      postgres.saturationPerSecond,
      'claims/s',
      {
        name: 'bare INSERT',
        value: bare.saturationPerSecond,
      },
    ),
    benchRow(
      group,
      'p99 at 80 % of saturation',
      postgres.p99Ms,
      'ms',
      { name: 'bare INSERT', value: bare.p99Ms },
      { op: '<=', value: P99_GOAL_MS },
    ),
    benchRow(
      pgliteGroup,
      `throughput at saturation (${pglite.connections} connections; failed answers: ${pglite.failures})`,
      pglite.saturationPerSecond,
      'claims/s',
      { name: 'PostgreSQL', value: postgres.saturationPerSecond },
      { op: '>=', ratio: 0.4 },
    ),
    benchRow(pgliteGroup, 'p99 at 80 % of saturation', pglite.p99Ms, 'ms', {
      name: 'PostgreSQL',
      value: postgres.p99Ms,
    }),
  ];
}
