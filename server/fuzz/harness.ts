import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type Language, LANGUAGES } from '../../contracts/languages.ts';
import { type App, createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, type DatabaseDriver, queryRows } from '../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { seedDemoData } from '../demo/seed.ts';
import { LocalFileStore } from '../files/store.ts';
import { flatten, RESOURCES } from '../../locales/resources.ts';
import { createLogger } from '../logger.ts';
import { signedInStaffCookie } from '../staff-api/sessions/test-support.ts';
import { createFakeSite, createTestCatalog } from '../test-support.ts';
import type { FuzzCase, FuzzContext, FuzzEndpoint } from './endpoints.ts';
import { type FuzzResponse, send } from './requests.ts';

/**
 * Runs the fuzz table against the real app (port 0, demo data, a file store in a temporary
 * folder) on PGlite or PostgreSQL. Cases run 16 at a time; after each batch /healthz must answer
 * 200, and around each batch of invalid cases the business tables and the file store must not
 * change. A failure names its endpoint, the fast-check seed and path, and the command replaying it.
 *
 * Environment: FUZZ_RUNS (cases per endpoint and event: 150 in `npm test`, with a new seed each run so
 * that runs add up; `npm run fuzz` runs bench/fuzz.ts's FUZZ_BENCH_RUNS), FUZZ_SEED and FUZZ_PATH
 * (replay one case), FUZZ_ONLY (a substring of the endpoint or event names to run), FUZZ_REPORT
 * (a file the counts are appended to as JSON lines, for `npm run fuzz`).
 */

/** Cases per endpoint and per event. */
const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? 150);
/**
 * Cases per endpoint on a driver. PostgreSQL runs the same code as PGlite behind the same driver
 * layer: in `npm test` it gets a third of the cases (50), enough to meet what differs (types,
 * error codes, locks) while keeping the suite within its time; FUZZ_RUNS, when set (as `npm run
 * fuzz` does), applies to both.
 */
export function fuzzRunsOn(driver: DatabaseDriver): number {
  if (driver === 'pglite' || process.env['FUZZ_RUNS'] !== undefined) return FUZZ_RUNS;
  return Math.ceil(FUZZ_RUNS / 3);
}
/** The seed of this run: given to replay one, else drawn and printed. */
export const FUZZ_SEED = process.env['FUZZ_SEED']
  ? Number(process.env['FUZZ_SEED'])
  : Math.floor(Math.random() * 2 ** 31);
/** The path of a failing case to replay (with FUZZ_SEED): only that case runs, then shrinks. */
const FUZZ_PATH = process.env['FUZZ_PATH'];
const FUZZ_ONLY = process.env['FUZZ_ONLY'];
/** Requests in flight at once. */
const CONCURRENCY = 16;
/** Invalid cases run between two snapshots of the tables. */
const BATCH = 200;

/** Whether an endpoint or event named `name` runs in this process (FUZZ_ONLY). */
export function selected(name: string): boolean {
  return FUZZ_ONLY === undefined || name.includes(FUZZ_ONLY);
}

/** The command replaying a case. */
export function replayCommand(name: string, seed: number, path: string): string {
  return `FUZZ_SEED=${seed} FUZZ_PATH=${path} FUZZ_ONLY='${name}' npm run fuzz`;
}

/** The real app on a fresh test database, with what the checks read. */
export interface FuzzTarget {
  driver: DatabaseDriver;
  baseUrl: string;
  app: App;
  database: Database;
  context: FuzzContext;
  /** Files in the upload store (stored and partial). */
  storedFileCount(): number;
  /** Row counts (and checksums of the smaller tables) of every table but the abuse counters. */
  snapshot(): Promise<string>;
  /** Forgets the abuse counters, so the limits never decide a whole batch. */
  resetRateLimits(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Tables whose content may change without a write we test: abuse counters (rate limits, and the
 * security events hostile traffic is meant to add to), and the process's own presence heartbeat
 * (`live_processes`, rewritten every 10 s whatever the requests).
 */
const UNCHECKED_TABLES = new Set(['rate_limit_hits', 'security_event_counts', 'live_processes']);
/** Tables counted, never checksummed: their rows change by design on reads (idle clocks). */
const COUNTED_ONLY_TABLES = new Set(['staff_sessions']);
/** Larger tables are counted only (checksumming them after every batch costs more than the batch). */
const CHECKSUM_MAX_ROWS = 5_000;

function countFiles(root: string): number {
  let count = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(root, { withFileTypes: true, encoding: 'utf8' });
  } catch {
    return 0;
  }
  for (const entry of entries) count += entry.isDirectory() ? countFiles(join(root, entry.name)) : 1;
  return count;
}

/** Starts the app on a fresh `driver` database with demo data, a staff session and a file store. */
export async function startFuzzTarget(driver: DatabaseDriver): Promise<FuzzTarget> {
  const opened: TestDatabase = await openTestDatabase(driver);
  const { database } = opened;
  await seedDemoData(database.db);
  const site = createFakeSite();
  const storeRoot = mkdtempSync(join(tmpdir(), 'claim-portal-fuzz-store-'));
  const fileStore = new LocalFileStore(join(storeRoot, 'files'));
  // Every request comes from its own X-Forwarded-For address (TRUST_PROXY=1), so per-address
  // limits never turn a whole run into 429s.
  const app = createApp({
    config: loadConfig({ TRUST_PROXY: '1' }),
    logger: createLogger('silent'),
    brands: createTestCatalog(),
    database,
    staticDir: site.staticDir,
    fileStore,
  });
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = app.httpServer.address() as AddressInfo;
  const staffCookie = await signedInStaffCookie(database.db, 'fuzz.staff');

  const tables = (
    await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !UNCHECKED_TABLES.has(name) && /^[a-z_0-9]+$/.test(name));
  const sizes = await queryRows<Record<string, string | number>>(
    database.db,
    sql.raw(`select ${tables.map((name) => `(select count(*) from "${name}") as "${name}"`).join(', ')}`),
  );
  const checksummed = new Set(
    tables.filter((name) => !COUNTED_ONLY_TABLES.has(name) && Number(sizes[0]?.[name] ?? 0) <= CHECKSUM_MAX_ROWS),
  );
  const snapshotQuery = sql.raw(
    `select ${tables
      .map((name) =>
        checksummed.has(name)
          ? `(select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as "${name}"`
          : `(select count(*)::text from "${name}") as "${name}"`,
      )
      .join(', ')}`,
  );

  return {
    driver,
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    database,
    context: { staffCookie },
    storedFileCount: () => countFiles(fileStore.rootDir),
    async snapshot() {
      const [row] = await queryRows<Record<string, string>>(database.db, snapshotQuery);
      return JSON.stringify({ ...row, files: countFiles(fileStore.rootDir) });
    },
    async resetRateLimits() {
      await database.db.execute(sql`delete from rate_limit_hits`);
    },
    async close() {
      await app.close();
      await opened.close();
      site.remove();
      rmSync(storeRoot, { recursive: true, force: true });
    },
  };
}

/** Texts of every server message (`locales/<lang>/api.json`), per language, as patterns (`{{max}}` matches anything). */
const MESSAGE_PATTERNS: Record<Language, RegExp[]> = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    Object.values(flatten(RESOURCES[lang].api)).map(
      (text) =>
        new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.*')}$`, 's'),
    ),
  ]),
) as Record<Language, RegExp[]>;

/** Request heads from this size on may meet Node's limit (16 kB by default, request line and headers). */
const MAX_HEAD_BYTES = 8 * 1024;
/** Bodies from this size on may be refused before they are read. */
const LARGE_BODY_BYTES = 64 * 1024;

function headBytes(fuzz: FuzzCase): number {
  return Object.entries(fuzz.request.headers).reduce(
    (total, [name, value]) => total + name.length + Buffer.byteLength(value) + 4,
    Buffer.byteLength(fuzz.request.path) + 32,
  );
}

/** Whether `message` is one of the server's messages in one of `languages`. */
function isMessageIn(message: string, languages: readonly Language[]): boolean {
  return languages.some((lang) => MESSAGE_PATTERNS[lang].some((pattern) => pattern.test(message)));
}

/** The answer's problem with respect to the case's expectation, or undefined when it holds. */
function problemOf(fuzz: FuzzCase, response: FuzzResponse): string | undefined {
  if (response.status === -1) return undefined;
  // Node's HTTP parser refuses a request head over 16 kB (431) and closes the connection; a body
  // refused from its Content-Length is not read either: the client may see the reset first.
  const cut = headBytes(fuzz) > MAX_HEAD_BYTES || (fuzz.request.body?.length ?? 0) > LARGE_BODY_BYTES;
  if (response.status === 0) return cut ? undefined : `no answer (${response.error ?? 'connection closed'})`;
  if (response.status === 431) return cut ? undefined : 'status 431 for a small request head';
  if (response.status >= 500) return `server error ${response.status}`;
  if (fuzz.expectation === 'invalid') {
    if (response.status < 400) return `invalid input accepted with ${response.status}`;
    // A cross-site write is refused (403) before any route, signed in or not.
    const crossSite =
      fuzz.request.headers['origin'] !== undefined || fuzz.request.headers['sec-fetch-site'] !== undefined;
    if (fuzz.statuses && !fuzz.statuses.includes(response.status) && !(crossSite && response.status === 403))
      return `status ${response.status}, expected ${fuzz.statuses.join(' or ')}`;
  }
  if (response.status < 400 || !fuzz.envelope) return undefined;
  // Node's HTTP parser refuses some requests (headers too large) before any route: no body at all.
  if (response.contentType === '' && (response.status === 400 || response.status === 431)) return undefined;
  const envelope = response.json as { status?: unknown; message?: unknown; code?: unknown } | undefined;
  if (envelope?.status !== 'error' || typeof envelope.message !== 'string' || envelope.message.trim() === '')
    return `refusal ${response.status} without an error envelope and message (${response.contentType})`;
  // The staff session refusal is the back office's (French) on the paths customers share with it.
  if (
    fuzz.languages.length > 0 &&
    envelope.code !== 'staff_session_required' &&
    !isMessageIn(envelope.message, fuzz.languages)
  )
    return `refusal ${response.status} not in ${fuzz.languages.join('/')}: ${JSON.stringify(envelope.message)}`;
  return undefined;
}

let addressCounter = 0;
/** A new client address per request (10.0.0.0/8), for the per-address limits. */
function nextAddress(): string {
  addressCounter = (addressCounter + 1) % 16_000_000;
  const n = addressCounter + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Sends a case from a fresh address. */
function sendCase(target: FuzzTarget, fuzz: FuzzCase): Promise<FuzzResponse> {
  return send(target.baseUrl, {
    ...fuzz.request,
    headers: { ...fuzz.request.headers, 'x-forwarded-for': nextAddress() },
  });
}

/** Runs `task` over `items`, `limit` at a time. */
export async function inParallel<Item>(
  items: readonly Item[],
  limit: number,
  task: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as Item;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Whether the process still serves: /healthz answers 200. */
export async function isServing(target: FuzzTarget): Promise<boolean> {
  const answer = await send(target.baseUrl, { method: 'GET', path: '/healthz', headers: {} }, 10_000);
  return answer.status === 200;
}

/** The counts `npm run fuzz` prints, per endpoint or event and database. */
export interface FuzzCounts {
  kind: 'http' | 'socket';
  database: DatabaseDriver;
  name: string;
  cases: number;
  /** Cases the schema refuses (each must get a 4xx and write nothing). */
  invalid: number;
  /** Batches after which /healthz did not answer 200. */
  crashes: number;
  serverErrors: number;
  /** Batches of invalid cases after which a table or the file store had changed. */
  writes: number;
  /** Other broken expectations (a refusal without message, in the wrong language, invalid input accepted). */
  otherFailures: number;
  /** Answers by status (`-1`: a request Node's client would not write). */
  statuses: Record<string, number>;
  seconds: number;
}

/** Counts of a row (an endpoint or an event on one database) before its first case. */
export function emptyCounts(kind: FuzzCounts['kind'], target: FuzzTarget, name: string): FuzzCounts {
  return {
    kind,
    database: target.driver,
    name,
    cases: 0,
    invalid: 0,
    crashes: 0,
    serverErrors: 0,
    writes: 0,
    otherFailures: 0,
    statuses: {},
    seconds: 0,
  };
}

/** One broken expectation, with what replays it. */
export interface FuzzFailure {
  name: string;
  path: string;
  problem: string;
  request: string;
}

function describeRequest(fuzz: FuzzCase): string {
  const body = fuzz.request.body;
  const shown = body
    ? body.subarray(0, 300).toString('utf8') + (body.length > 300 ? `… (${body.length} bytes)` : '')
    : '';
  return `${fuzz.request.method} ${fuzz.request.path.slice(0, 300)} ${JSON.stringify(fuzz.request.headers).slice(0, 400)} ${JSON.stringify(shown)}`;
}

/** Appends counts to FUZZ_REPORT, when set. */
export function report(counts: FuzzCounts): void {
  const file = process.env['FUZZ_REPORT'];
  if (file) appendFileSync(file, `${JSON.stringify(counts)}\n`);
}

/**
 * The tables once earlier requests are done with them: some answer before their last write (the
 * find-my-number request is recorded after its answer), which on a loaded machine may land after
 * the next case began. Snapshots 100 ms apart until two agree, for 3 s at most.
 */
async function settledSnapshot(target: FuzzTarget): Promise<string> {
  const deadline = Date.now() + 3_000;
  let last = await target.snapshot();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await target.snapshot();
    if (now === last) return now;
    last = now;
  }
  return last;
}

/**
 * Runs one case alone with every check, the table snapshot included: the property fast-check
 * shrinks a failing case with.
 */
async function checkAlone(target: FuzzTarget, fuzz: FuzzCase): Promise<void> {
  await target.resetRateLimits();
  const before = fuzz.expectation === 'invalid' ? await settledSnapshot(target) : '';
  const response = await sendCase(target, fuzz);
  const problem = problemOf(fuzz, response);
  if (problem) throw new Error(`${problem}\n  request: ${describeRequest(fuzz)}`);
  if (!(await isServing(target))) throw new Error(`the server stopped serving\n  request: ${describeRequest(fuzz)}`);
  if (fuzz.expectation === 'invalid') {
    const after = await target.snapshot();
    if (after !== before)
      throw new Error(`invalid input wrote data: ${before} → ${after}\n  request: ${describeRequest(fuzz)}`);
  }
}

/**
 * Shrinks the failing case at `path` with fast-check (replaying the seed) and answers its
 * report: seed, path, the smallest counterexample and the replay command.
 */
async function shrink(target: FuzzTarget, endpoint: FuzzEndpoint, path: string): Promise<string> {
  try {
    await fc.assert(
      fc.asyncProperty(
        endpoint
          .cases(target.context)
          .map((fuzz) => Object.assign(fuzz, { [fc.toStringMethod]: () => describeRequest(fuzz) })),
        (fuzz) => checkAlone(target, fuzz),
      ),
      { seed: FUZZ_SEED, path, numRuns: 1, endOnFailure: false, interruptAfterTimeLimit: 20_000 },
    );
    return `case ${path} did not fail again alone (it failed beside concurrent cases)`;
  } catch (error) {
    return (error as Error).message.slice(0, 4000);
  }
}

/** Fuzzes one endpoint: `fuzzRunsOn(driver)` cases, invalid ones in snapshotted batches, then the others. */
export async function fuzzEndpoint(
  target: FuzzTarget,
  endpoint: FuzzEndpoint,
): Promise<{ counts: FuzzCounts; failures: FuzzFailure[]; message?: string }> {
  const started = performance.now();
  const counts = emptyCounts('http', target, endpoint.name);
  const failures: FuzzFailure[] = [];
  const arbitrary = endpoint.cases(target.context);

  if (FUZZ_PATH !== undefined) {
    const message = await shrink(target, endpoint, FUZZ_PATH);
    counts.cases = 1;
    const failed = !message.startsWith('case ');
    if (failed) counts.otherFailures = 1;
    counts.seconds = (performance.now() - started) / 1000;
    return failed ? { counts, failures, message } : { counts, failures };
  }

  const cases = fc
    .sample(arbitrary, { seed: FUZZ_SEED, numRuns: fuzzRunsOn(target.driver) })
    .map((fuzz, index) => ({ fuzz, index }));
  counts.cases = cases.length;
  const invalid = cases.filter(({ fuzz }) => fuzz.expectation === 'invalid');
  const others = cases.filter(({ fuzz }) => fuzz.expectation !== 'invalid');
  counts.invalid = invalid.length;

  const runBatch = async (batch: typeof cases) => {
    await inParallel(batch, CONCURRENCY, async ({ fuzz, index }) => {
      const response = await sendCase(target, fuzz);
      counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
      const problem = problemOf(fuzz, response);
      if (!problem) return;
      if (problem.startsWith('server error') || problem.startsWith('no answer')) counts.serverErrors += 1;
      else counts.otherFailures += 1;
      failures.push({ name: endpoint.name, path: String(index), problem, request: describeRequest(fuzz) });
    });
    if (!(await isServing(target))) {
      counts.crashes += 1;
      failures.push({
        name: endpoint.name,
        path: String(batch[0]?.index ?? 0),
        problem: 'the server stopped serving',
        request: '',
      });
    }
  };

  for (let start = 0; start < invalid.length; start += BATCH) {
    const batch = invalid.slice(start, start + BATCH);
    await target.resetRateLimits();
    const before = await settledSnapshot(target);
    await runBatch(batch);
    const after = await target.snapshot();
    if (after !== before) {
      counts.writes += 1;
      // Which case wrote: each one again, alone, between two snapshots.
      let culprit = `one of cases ${batch[0]?.index}…${batch.at(-1)?.index}`;
      for (const { fuzz, index } of batch) {
        const alone = await target.snapshot();
        await sendCase(target, fuzz);
        if ((await target.snapshot()) !== alone) {
          culprit = String(index);
          break;
        }
      }
      failures.push({
        name: endpoint.name,
        path: culprit,
        problem: `invalid input wrote data: ${before} → ${after}`,
        request: '',
      });
    }
  }
  for (let start = 0; start < others.length; start += BATCH) {
    await target.resetRateLimits();
    await runBatch(others.slice(start, start + BATCH));
  }
  counts.seconds = (performance.now() - started) / 1000;
  if (failures.length === 0) return { counts, failures };
  const first = failures.find((failure) => /^\d+$/.test(failure.path)) ?? failures[0];
  const shrunk = first && /^\d+$/.test(first.path) ? await shrink(target, endpoint, first.path) : '';
  const message = [
    `${endpoint.name} [${target.driver}]: ${failures.length} of ${counts.cases} cases failed (seed ${FUZZ_SEED}).`,
    ...failures.slice(0, 8).map((failure) => `  path ${failure.path}: ${failure.problem}\n    ${failure.request}`),
    first ? `Shrunk by fast-check:\n${shrunk}` : '',
    first ? `Replay: ${replayCommand(endpoint.name, FUZZ_SEED, first.path)}` : '',
  ].join('\n');
  return { counts, failures, message };
}
