import { type BenchSubscriptions, benchInsuredNumber, benchSubscriptionStatements } from './bench-subscriptions.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { findClaimNumber } from '../contracts/claim-number.ts';
import { PARTNER_API_BASE, SinistresCreatedAnswerSchema } from '../contracts/partner-api.ts';
import { openDatabase, queryRows } from '../server/db/client.ts';
import { startPostgresServer } from '../server/db/test-postgres-server.ts';
import { seedDemoData } from '../server/demo/seed.ts';
import { createLogger } from '../server/logger.ts';
import { parseMessage, startSmtpServer, type TestSmtpServer } from '../server/mail/test-support.ts';
import { validDeclaration } from '../server/customer-api/claims/test-support.ts';

/**
 * Crash and shutdown at volume. Each kill run starts the real server
 * (`node server/index.ts`, mail to a real SMTP sink), fires many concurrent declarations (each on
 * its own subscription, with its own Idempotency-Key), kills the process with SIGKILL at a seeded
 * random moment, restarts it on the same data and checks: a clean start, every acknowledged claim
 * there and whole (requested proofs, follow-up token, confirmation mail row), no partial claim,
 * every key replayed answering the same claim (acknowledged) or one new claim (the others), and
 * exactly one confirmation mail per claim at the SMTP sink. The SIGTERM run sends SIGTERM under
 * the same load: every request written before the signal must get a 2xx, and the process must
 * exit 0 within 10 s.
 *
 * A mail the SMTP server accepted but the killed process had not yet marked sent is sent again
 * after the restart, with the same Message-ID (server/mail/transport.ts): the figures count raw
 * deliveries per claim and distinct Message-IDs per claim separately. The dead process's leases
 * (server/mail/delivery.ts) are released at start on PGlite (one process only); on PostgreSQL,
 * where other processes may hold leases, they expire after 15 minutes: the bench expires them
 * before the restart instead of waiting.
 */

export type CrashVolumeDriver = 'pglite' | 'postgres';

export interface CrashVolumeOptions {
  /** Default both. */
  drivers?: readonly CrashVolumeDriver[];
  /** SIGKILL runs per driver. Default 20. */
  killRuns?: number;
  /** Concurrent declarations per run. Default 1,000. */
  declarations?: number;
  /** SIGTERM runs per driver. Default 1. */
  sigtermRuns?: number;
  /** Concurrent declarations of a SIGTERM run. Default: `declarations`. */
  sigtermDeclarations?: number;
  /** Seed of the kill moments; printed, so that a run can be replayed. Default: random. */
  seed?: number;
  /** A running PostgreSQL server's admin URL (the tests' one); default: a throwaway server is started. */
  postgresUrl?: string;
  /** Progress lines. Default: none. */
  log?: (line: string) => void;
}

export interface KillRunFigures {
  run: number;
  /** Answers (any status) after which the process was killed. */
  killAfterAnswers: number;
  fired: number;
  acknowledged: number;
  /** Answers other than 200 before the kill (0 expected). */
  refused: number;
  lost: number;
  partial: number;
  duplicates: number;
  /** Replayed keys that did not answer 200 with the acknowledged claim number. */
  replayMismatches: number;
  restartSeconds: number;
  restartClean: boolean;
  mailsPerClaimMin: number;
  mailsPerClaimMax: number;
  /** Distinct Message-IDs per claim, highest: 1 when every second delivery is a detectable duplicate. */
  messageIdsPerClaimMax: number;
  /** Confirmation mails still pending in the outbox when the run ended. */
  mailsPending: number;
  /** Seconds from the restart's listening to every claim's mail at the sink (or the timeout). */
  mailSeconds: number;
  /** Seconds the whole run took. */
  runSeconds: number;
}

export interface SigtermRunFigures {
  fired: number;
  /** Requests fully written before the signal. */
  accepted: number;
  /** Accepted requests answered 2xx. */
  answered: number;
  failedAccepted: number;
  /** What the failed accepted requests got: an HTTP status or a transport error code, with counts. */
  failures: Record<string, number>;
  /** Requests written after the signal: refused connections, and other outcomes. */
  afterSignalRefused: number;
  afterSignalAnswered: number;
  afterSignalOther: number;
  exitCode: number | null;
  exitSeconds: number;
  /** Seconds from the signal to the last answer of an accepted request. */
  lastAnswerSeconds: number;
  /** Acknowledged claims that are not in the database after the stop. */
  lost: number;
}

export interface DriverFigures {
  driver: CrashVolumeDriver;
  killRuns: KillRunFigures[];
  sigtermRuns: SigtermRunFigures[];
}

export interface CrashVolumeFigures {
  seed: number;
  declarations: number;
  drivers: DriverFigures[];
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The project's Node 24, which runs TypeScript natively. */
const NODE = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
/** The subscriptions a run declares on, one each; `count` is the run's number of declarations. */
const SUBSCRIPTIONS: Omit<BenchSubscriptions, 'count'> = {
  firstId: 700_000,
  numberPrefix: 'SO-CRASH-',
  digits: 6,
  name: 'CRASH',
  email: 'crash@example.com',
};
/** Reason of validDeclaration: its required documents are the claim's requested proofs. */
const REASON_ID = 18;
const START_TIMEOUT_MS = 90_000;
const MAIL_TIMEOUT_MS = 180_000;

/** mulberry32: a small seeded generator, enough to replay kill moments. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface ServerChild {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawn to listening. */
  startMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Log lines at error level or above, and standard error output: empty for a clean process. */
  problems(): string[];
}

/** Starts `node server/index.ts` and resolves once it logs that it listens. */
async function startServer(env: Record<string, string>): Promise<ServerChild> {
  const started = performance.now();
  const child = spawn(NODE, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_OPTIONS: process.env['NODE_OPTIONS'] ?? '',
      PORT: '0',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      DEMO_DATA: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stderr.on('data', (chunk: Buffer) => problems.push(`stderr: ${chunk.toString('utf8').slice(0, 500)}`));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not listen in time: ${problems.join(' ')}`)),
      START_TIMEOUT_MS,
    );
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; port?: number; level?: number };
        if ((entry.level ?? 0) >= 50) problems.push(line.slice(0, 500));
        if (entry.msg === 'listening' && typeof entry.port === 'number') {
          clearTimeout(timer);
          resolve(entry.port);
        }
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening: ${problems.join(' ')}`));
    });
  });
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    startMs: performance.now() - started,
    exited,
    problems: () => problems,
  };
}

interface Declaration {
  index: number;
  key: string;
  body: string;
}

type Outcome = { status: number; numero?: string } | { error: string };

interface Attempt {
  declaration: Declaration;
  /** When the request was fully written (performance.now()), if it was. */
  writtenAt?: number;
  outcome?: Outcome;
}

function declarationsFor(count: number): Declaration[] {
  const template = validDeclaration(10);
  return Array.from({ length: count }, (_, index) => ({
    index,
    key: `crash-${randomBytes(12).toString('base64url')}`,
    body: new URLSearchParams({
      ...template,
      souscription_id: String(SUBSCRIPTIONS.firstId + index),
      assure_numero: benchInsuredNumber({ ...SUBSCRIPTIONS, count }, index),
      // One mailbox per claimant, as in life: one address would meet its hourly mail share.
      assure_email: `crash.${index}@example.com`,
    }).toString(),
  }));
}

/** POSTs one declaration on its own connection; never rejects. */
function post(agent: Agent, baseUrl: string, attempt: Attempt): Promise<Outcome> {
  const { declaration } = attempt;
  return new Promise((resolve) => {
    const body = Buffer.from(declaration.body);
    const req = request(`${baseUrl}${PARTNER_API_BASE}/sinistres`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(body.length),
        'idempotency-key': declaration.key,
        // Each declaration from its own address of the benchmarking range (198.18.0.0/15): the
        // per-address limit of POST sinistres is not what is measured.
        'x-forwarded-for': `198.18.${(declaration.index >> 8) & 255}.${declaration.index & 255}`,
      },
    });
    req.once('finish', () => {
      attempt.writtenAt = performance.now();
    });
    // Every error is listened to, not only the first: `resolve` is idempotent, and an error with no
    // listener would end the process.
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.name }));
    req.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.name }));
      response.once('end', () => {
        const status = response.statusCode ?? 0;
        if (status !== 200) return resolve({ status });
        try {
          const parsed = SinistresCreatedAnswerSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          resolve({ status, numero: parsed.data.numero_sinistre });
        } catch {
          resolve({ status: -1 });
        }
      });
    });
    req.end(body);
  });
}

/** Fires every declaration at once; `onAnswer` sees each outcome as it arrives. */
function fire(
  baseUrl: string,
  declarations: readonly Declaration[],
  onAnswer: (attempt: Attempt) => void = () => {},
): { attempts: Attempt[]; done: Promise<void> } {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const attempts: Attempt[] = declarations.map((declaration) => ({ declaration }));
  const done = Promise.all(
    attempts.map(async (attempt) => {
      attempt.outcome = await post(agent, baseUrl, attempt);
      onAnswer(attempt);
    }),
  ).then(() => agent.destroy());
  return { attempts, done };
}

const numeroOf = (outcome: Outcome | undefined) =>
  outcome !== undefined && 'status' in outcome && outcome.status === 200 ? outcome.numero : undefined;

/** A database of a run: PGlite folder or PostgreSQL database, created from the prepared template. */
interface RunDatabase {
  env: Record<string, string>;
  config: { DATA_DIR: string; DATABASE_URL?: string };
  remove(): Promise<void>;
}

interface DatabaseFactory {
  create(name: string): Promise<RunDatabase>;
  /** Makes the leases of a killed process due again (PostgreSQL: other processes may hold leases). */
  expireLeases(database: RunDatabase): Promise<void>;
  close(): Promise<void>;
}

/** Migrated, seeded with the demo data and `count` extra subscriptions on contract 1201, guarantee 12. */
async function prepareTemplate(config: { DATA_DIR: string; DATABASE_URL?: string }, count: number): Promise<void> {
  const database = await openDatabase(config, createLogger('silent'));
  try {
    await seedDemoData(database.db);
    for (const statement of benchSubscriptionStatements({ ...SUBSCRIPTIONS, count }))
      await database.db.execute(sql.raw(statement));
  } finally {
    await database.close();
  }
}

async function pgliteFactory(root: string, count: number): Promise<DatabaseFactory> {
  const template = join(root, 'pglite-template');
  await prepareTemplate({ DATA_DIR: template }, count);
  return {
    async create(name) {
      const dataDir = join(root, name);
      cpSync(template, dataDir, { recursive: true });
      return {
        env: { DATA_DIR: dataDir },
        config: { DATA_DIR: dataDir },
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
    async expireLeases() {},
    async close() {},
  };
}

async function postgresFactory(root: string, count: number, adminUrl: string | undefined): Promise<DatabaseFactory> {
  const server = adminUrl === undefined ? await startPostgresServer() : undefined;
  const admin = new pg.Client({ connectionString: adminUrl ?? server?.url });
  await admin.connect();
  const suffix = randomBytes(4).toString('hex');
  const urlOf = (database: string) => {
    const url = new URL(adminUrl ?? server?.url ?? '');
    url.pathname = `/${database}`;
    return url.toString();
  };
  const template = `crash_template_${suffix}`;
  await admin.query(`create database ${template}`);
  const templateDir = join(root, 'postgres-template');
  mkdirSync(templateDir);
  await prepareTemplate({ DATA_DIR: templateDir, DATABASE_URL: urlOf(template) }, count);
  return {
    async create(name) {
      const database = `crash_${name.replaceAll('-', '_')}_${suffix}`;
      await admin.query(`create database ${database} template ${template}`);
      const dataDir = join(root, name);
      mkdirSync(dataDir);
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: urlOf(database) },
        config: { DATA_DIR: dataDir, DATABASE_URL: urlOf(database) },
        async remove() {
          await admin.query(`drop database if exists ${database} with (force)`);
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
    async expireLeases(database) {
      const client = new pg.Client({ connectionString: database.config.DATABASE_URL });
      await client.connect();
      try {
        await client.query(
          `update mail_outbox set next_attempt_at = now() where status = 'pending' and next_attempt_at > now()`,
        );
      } finally {
        await client.end();
      }
    },
    async close() {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
      await server?.stop();
    },
  };
}

interface ClaimCheck {
  numero: string;
  key: string | null;
  souscriptionId: number | null;
  proofs: number;
  tokens: number;
  mails: number;
  pending: number;
}

/** Every claim of the run's subscriptions, with what its submit wrote in the same transaction. */
async function readClaims(config: RunDatabase['config']): Promise<{ claims: ClaimCheck[]; required: number }> {
  const database = await openDatabase(config, createLogger('silent'));
  try {
    const [required] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reason_documents where reason_id = ${REASON_ID}`,
    );
    const claims = await queryRows<ClaimCheck>(
      database.db,
      sql`select c.numero, c.idempotency_key as key, c.souscription_id as "souscriptionId",
          (select count(*)::int from claim_proofs p where p.claim_id = c.id) as proofs,
          (select count(*)::int from follow_up_tokens t where t.claim_id = c.id and t.delivered_by = 'mail') as tokens,
          (select count(*)::int from mail_outbox m
            where m.kind = 'claim-confirmation' and position(c.numero in m.subject) > 0) as mails,
          (select count(*)::int from mail_outbox m
            where m.kind = 'claim-confirmation' and m.status <> 'sent' and position(c.numero in m.subject) > 0) as pending
        from claims c where c.souscription_id >= ${SUBSCRIPTIONS.firstId}`,
    );
    return { claims, required: required?.n ?? 0 };
  } finally {
    await database.close();
  }
}

/** Confirmation mails the sink received, by claim number: deliveries and distinct Message-IDs. */
function mailsByClaim(sink: TestSmtpServer): Map<string, { deliveries: number; messageIds: Set<string> }> {
  const byClaim = new Map<string, { deliveries: number; messageIds: Set<string> }>();
  for (const mail of sink.received) {
    const message = parseMessage(mail.raw);
    const numero = findClaimNumber(message.headers.get('subject') ?? '');
    if (numero === undefined) continue;
    const entry = byClaim.get(numero) ?? { deliveries: 0, messageIds: new Set<string>() };
    entry.deliveries += 1;
    entry.messageIds.add(message.headers.get('message-id') ?? '');
    byClaim.set(numero, entry);
  }
  return byClaim;
}

async function stopServer(server: ServerChild): Promise<{ code: number | null; seconds: number }> {
  const started = performance.now();
  server.child.kill('SIGTERM');
  const { code } = await server.exited;
  return { code, seconds: (performance.now() - started) / 1000 };
}

async function killRun(
  factory: DatabaseFactory,
  driver: CrashVolumeDriver,
  run: number,
  count: number,
  random: () => number,
  staticDir: string,
): Promise<KillRunFigures> {
  const runStarted = performance.now();
  const database = await factory.create(`${driver}-kill-${run}`);
  const sink = await startSmtpServer();
  const env = { ...database.env, STATIC_DIR: staticDir, SMTP_URL: sink.url };
  const live: ServerChild[] = [];
  try {
    const first = await startServer(env);
    live.push(first);
    // A random moment: after a random number of answers (0 … count - 1).
    const killAfterAnswers = Math.floor(random() * count);
    const declarations = declarationsFor(count);
    let answers = 0;
    const kill = () => {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    };
    if (killAfterAnswers === 0) setImmediate(kill);
    const { attempts, done } = fire(first.baseUrl, declarations, () => {
      answers += 1;
      if (answers === killAfterAnswers) kill();
    });
    await done;
    kill();
    await first.exited;
    const acknowledged = new Map<string, string>();
    let refused = 0;
    for (const attempt of attempts) {
      const numero = numeroOf(attempt.outcome);
      if (numero !== undefined) acknowledged.set(attempt.declaration.key, numero);
      else if (attempt.outcome !== undefined && 'status' in attempt.outcome) refused += 1;
    }

    await factory.expireLeases(database);
    const second = await startServer(env);
    live.push(second);
    const health = await fetch(`${second.baseUrl}/healthz`);
    const restartClean = health.status === 200 && second.problems().length === 0;

    // Every key again: an acknowledged one answers its claim, the others one claim each.
    const replay = fire(second.baseUrl, declarations);
    await replay.done;
    let replayMismatches = 0;
    const numeros = new Set<string>();
    for (const attempt of replay.attempts) {
      const numero = numeroOf(attempt.outcome);
      const expected = acknowledged.get(attempt.declaration.key);
      if (numero === undefined || (expected !== undefined && numero !== expected)) replayMismatches += 1;
      if (numero !== undefined) numeros.add(numero);
    }

    // The outbox drains: every claim's confirmation reaches the sink.
    const mailStarted = performance.now();
    const deadline = Date.now() + MAIL_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const received = mailsByClaim(sink);
      if ([...numeros].every((numero) => received.has(numero))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const mailSeconds = (performance.now() - mailStarted) / 1000;
    const stop = await stopServer(second);
    const restartCleanAfterStop = restartClean && stop.code === 0 && second.problems().length === 0;

    const { claims, required } = await readClaims(database.config);
    const byKey = new Map(claims.map((claim) => [claim.key, claim]));
    let lost = 0;
    for (const [key, numero] of acknowledged) if (byKey.get(key)?.numero !== numero) lost += 1;
    const partial = claims.filter((claim) => claim.proofs !== required || claim.tokens !== 1 || claim.mails !== 1);
    const perSubscription = new Map<number | null, number>();
    for (const claim of claims)
      perSubscription.set(claim.souscriptionId, (perSubscription.get(claim.souscriptionId) ?? 0) + 1);
    const duplicates =
      [...perSubscription.values()].reduce((sum, n) => sum + n - 1, 0) + Math.max(0, claims.length - count);
    const received = mailsByClaim(sink);
    const deliveries = claims.map((claim) => received.get(claim.numero)?.deliveries ?? 0);
    const messageIds = claims.map((claim) => received.get(claim.numero)?.messageIds.size ?? 0);
    return {
      run,
      killAfterAnswers,
      fired: count,
      acknowledged: acknowledged.size,
      refused,
      lost,
      partial: partial.length,
      duplicates,
      replayMismatches,
      restartSeconds: second.startMs / 1000,
      restartClean: restartCleanAfterStop,
      mailsPerClaimMin: deliveries.length === 0 ? 0 : Math.min(...deliveries),
      mailsPerClaimMax: deliveries.length === 0 ? 0 : Math.max(...deliveries),
      messageIdsPerClaimMax: messageIds.length === 0 ? 0 : Math.max(...messageIds),
      mailsPending: claims.reduce((sum, claim) => sum + claim.pending, 0),
      mailSeconds,
      runSeconds: (performance.now() - runStarted) / 1000,
    };
  } finally {
    for (const server of live)
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(live.map((server) => server.exited));
    await sink.close();
    await database.remove();
  }
}

async function sigtermRun(
  factory: DatabaseFactory,
  driver: CrashVolumeDriver,
  run: number,
  count: number,
  random: () => number,
  staticDir: string,
): Promise<SigtermRunFigures> {
  const database = await factory.create(`${driver}-term-${run}`);
  const sink = await startSmtpServer();
  let server: ServerChild | undefined;
  try {
    server = await startServer({ ...database.env, STATIC_DIR: staticDir, SMTP_URL: sink.url });
    const running = server;
    // After at least one answer, so the signal finds requests accepted and in flight (at 0 it could
    // come before the first request was written, and the run would measure nothing).
    const signalAfterAnswers = 1 + Math.floor(random() * Math.max(count * 0.5 - 1, 0));
    let answers = 0;
    let signalAt = Number.POSITIVE_INFINITY;
    let stopped: Promise<{ code: number | null; seconds: number }> | undefined;
    const signal = () => {
      if (stopped) return;
      signalAt = performance.now();
      stopped = stopServer(running);
    };
    let lastAnswerAt = 0;
    const { attempts, done } = fire(running.baseUrl, declarationsFor(count), () => {
      answers += 1;
      lastAnswerAt = performance.now();
      if (answers === signalAfterAnswers) signal();
    });
    await done;
    signal();
    const stop = await (stopped as Promise<{ code: number | null; seconds: number }>);
    const figures: SigtermRunFigures = {
      fired: count,
      accepted: 0,
      answered: 0,
      failedAccepted: 0,
      failures: {},
      afterSignalRefused: 0,
      afterSignalAnswered: 0,
      afterSignalOther: 0,
      exitCode: stop.code,
      exitSeconds: stop.seconds,
      lastAnswerSeconds: Math.max(0, (lastAnswerAt - signalAt) / 1000),
      lost: 0,
    };
    const acknowledged = new Map<string, string>();
    for (const attempt of attempts) {
      const numero = numeroOf(attempt.outcome);
      if (numero !== undefined) acknowledged.set(attempt.declaration.key, numero);
      if (attempt.writtenAt !== undefined && attempt.writtenAt < signalAt) {
        figures.accepted += 1;
        if (numero !== undefined) figures.answered += 1;
        else {
          figures.failedAccepted += 1;
          const outcome = attempt.outcome;
          const what = outcome === undefined ? 'none' : 'error' in outcome ? outcome.error : String(outcome.status);
          figures.failures[what] = (figures.failures[what] ?? 0) + 1;
        }
      } else if (numero !== undefined) figures.afterSignalAnswered += 1;
      else if (attempt.outcome !== undefined && 'error' in attempt.outcome && attempt.outcome.error === 'ECONNREFUSED')
        figures.afterSignalRefused += 1;
      else figures.afterSignalOther += 1;
    }
    const { claims } = await readClaims(database.config);
    const byKey = new Map(claims.map((claim) => [claim.key, claim.numero]));
    for (const [key, numero] of acknowledged) if (byKey.get(key) !== numero) figures.lost += 1;
    return figures;
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await sink.close();
    await database.remove();
  }
}

/**
 * Runs the kill runs and the SIGTERM runs on each driver and answers the figures. Each run gets a
 * fresh copy of a prepared database (PGlite folder, PostgreSQL database from a template).
 */
export async function measureCrashVolume(options: CrashVolumeOptions = {}): Promise<CrashVolumeFigures> {
  const drivers = options.drivers ?? ['pglite', 'postgres'];
  const count = options.declarations ?? 1_000;
  const killRuns = options.killRuns ?? 20;
  const sigtermRuns = options.sigtermRuns ?? 1;
  const sigtermCount = options.sigtermDeclarations ?? count;
  const seed = options.seed ?? randomBytes(4).readUInt32BE(0);
  const log = options.log ?? (() => {});
  log(`crash volume: seed ${seed} (replay with CRASH_SEED=${seed}), ${count} declarations per run`);
  const random = seededRandom(seed);
  const root = mkdtempSync(join(tmpdir(), 'claim-portal-crash-volume-'));
  const staticDir = join(root, 'site');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<h1>crash volume</h1>');
  const figures: CrashVolumeFigures = { seed, declarations: count, drivers: [] };
  try {
    for (const driver of drivers) {
      const prepared = performance.now();
      const factory =
        driver === 'pglite'
          ? await pgliteFactory(root, count)
          : await postgresFactory(root, count, options.postgresUrl);
      log(`${driver}: template database prepared in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);
      const result: DriverFigures = { driver, killRuns: [], sigtermRuns: [] };
      try {
        // SIGTERM first: a long volume run stopped early still has its shutdown figures.
        for (let run = 1; run <= sigtermRuns; run++) {
          const figures = await sigtermRun(factory, driver, run, sigtermCount, random, staticDir);
          result.sigtermRuns.push(figures);
          log(
            `${driver} SIGTERM ${run}/${sigtermRuns}: ${figures.accepted} accepted, ${figures.failedAccepted} failed ` +
              `${JSON.stringify(figures.failures)}, ` +
              `after the signal ${figures.afterSignalRefused} refused / ${figures.afterSignalAnswered} answered / ` +
              `${figures.afterSignalOther} other; last answer ${figures.lastAnswerSeconds.toFixed(2)} s after the signal, ` +
              `exit ${figures.exitCode} in ${figures.exitSeconds.toFixed(2)} s`,
          );
        }
        for (let run = 1; run <= killRuns; run++) {
          const figures = await killRun(factory, driver, run, count, random, staticDir);
          result.killRuns.push(figures);
          log(
            `${driver} kill ${run}/${killRuns}: killed after ${figures.killAfterAnswers} answers, ` +
              `${figures.acknowledged} acknowledged, lost ${figures.lost}, partial ${figures.partial}, ` +
              `duplicates ${figures.duplicates}, replay mismatches ${figures.replayMismatches}, ` +
              `mails per claim ${figures.mailsPerClaimMin}-${figures.mailsPerClaimMax} ` +
              `(Message-IDs ≤ ${figures.messageIdsPerClaimMax}), ${figures.mailsPending} pending after ` +
              `${figures.mailSeconds.toFixed(1)} s, restart ${figures.restartSeconds.toFixed(1)} s, ` +
              `run ${figures.runSeconds.toFixed(0)} s` +
              `${figures.restartClean ? '' : ' NOT CLEAN'}`,
          );
        }
      } finally {
        await factory.close();
      }
      figures.drivers.push(result);
    }
    return figures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const max = (values: readonly number[]) => (values.length === 0 ? 0 : Math.max(...values));
const min = (values: readonly number[]) => (values.length === 0 ? 0 : Math.min(...values));

/** One summary row per driver: the figures. */
export function summariseCrashVolume(figures: CrashVolumeFigures) {
  return figures.drivers.map(({ driver, killRuns, sigtermRuns }) => ({
    driver,
    runs: killRuns.length,
    fired: sum(killRuns.map((run) => run.fired)),
    acknowledged: sum(killRuns.map((run) => run.acknowledged)),
    lost: sum(killRuns.map((run) => run.lost)),
    partial: sum(killRuns.map((run) => run.partial)),
    duplicates: sum(killRuns.map((run) => run.duplicates)),
    replayMismatches: sum(killRuns.map((run) => run.replayMismatches)),
    uncleanRestarts: killRuns.filter((run) => !run.restartClean).length,
    mailsPerClaimMin: min(killRuns.map((run) => run.mailsPerClaimMin)),
    mailsPerClaimMax: max(killRuns.map((run) => run.mailsPerClaimMax)),
    messageIdsPerClaimMax: max(killRuns.map((run) => run.messageIdsPerClaimMax)),
    restartSecondsMax: max(killRuns.map((run) => run.restartSeconds)),
    sigtermRuns: sigtermRuns.length,
    sigtermAccepted: sum(sigtermRuns.map((run) => run.accepted)),
    sigtermFailedAccepted: sum(sigtermRuns.map((run) => run.failedAccepted)),
    sigtermRefusedAfterSignal: sum(sigtermRuns.map((run) => run.afterSignalRefused)),
    sigtermExitSecondsMax: max(sigtermRuns.map((run) => run.exitSeconds)),
    sigtermExitCodes: sigtermRuns.map((run) => run.exitCode),
    sigtermLost: sum(sigtermRuns.map((run) => run.lost)),
  }));
}

/** Prints the figures as a table, one column per driver. */
export function printCrashVolume(figures: CrashVolumeFigures): void {
  const rows = summariseCrashVolume(figures);
  const lines: [string, (row: ReturnType<typeof summariseCrashVolume>[number]) => string][] = [
    ['kill runs', (row) => String(row.runs)],
    ['declarations fired', (row) => String(row.fired)],
    ['acknowledged', (row) => String(row.acknowledged)],
    ['lost (0)', (row) => String(row.lost)],
    ['partial (0)', (row) => String(row.partial)],
    ['duplicates (0)', (row) => String(row.duplicates)],
    ['replay mismatches (0)', (row) => String(row.replayMismatches)],
    ['unclean restarts (0)', (row) => String(row.uncleanRestarts)],
    ['mails per claim min/max', (row) => `${row.mailsPerClaimMin}/${row.mailsPerClaimMax}`],
    ['Message-IDs per claim max', (row) => String(row.messageIdsPerClaimMax)],
    ['restart seconds max', (row) => row.restartSecondsMax.toFixed(1)],
    ['SIGTERM accepted requests', (row) => String(row.sigtermAccepted)],
    ['SIGTERM failed accepted (0)', (row) => String(row.sigtermFailedAccepted)],
    ['SIGTERM refused after signal', (row) => String(row.sigtermRefusedAfterSignal)],
    ['SIGTERM exit seconds max (≤ 10)', (row) => row.sigtermExitSecondsMax.toFixed(2)],
    ['SIGTERM exit codes', (row) => row.sigtermExitCodes.join(',')],
    ['SIGTERM acknowledged lost (0)', (row) => String(row.sigtermLost)],
  ];
  const width = Math.max(...lines.map(([label]) => label.length));
  process.stdout.write(
    `\nCrash and shutdown at volume (seed ${figures.seed}, ${figures.declarations} declarations per run)\n`,
  );
  process.stdout.write(`${''.padEnd(width)}  ${rows.map((row) => row.driver.padStart(10)).join('  ')}\n`);
  for (const [label, value] of lines) {
    process.stdout.write(`${label.padEnd(width)}  ${rows.map((row) => value(row).padStart(10)).join('  ')}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // CRASH_DRIVERS=pglite,postgres CRASH_RUNS=20 CRASH_DECLARATIONS=1000 CRASH_SEED=<printed seed>
  const options: CrashVolumeOptions = { log: (line) => process.stdout.write(`${line}\n`) };
  const drivers = process.env['CRASH_DRIVERS'];
  if (drivers) options.drivers = drivers.split(',') as CrashVolumeDriver[];
  const runs = process.env['CRASH_RUNS'];
  if (runs) options.killRuns = Number(runs);
  const declarations = process.env['CRASH_DECLARATIONS'];
  if (declarations) options.declarations = Number(declarations);
  const seed = process.env['CRASH_SEED'];
  if (seed) options.seed = Number(seed);
  printCrashVolume(await measureCrashVolume(options));
}
