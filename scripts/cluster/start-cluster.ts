import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { startPostgresServer } from '../../server/db/test-postgres-server.ts';
import { startSmtpServer, type TestSmtpServer } from '../../server/mail/test-support.ts';
import { ORIGIN_GET_PATHS, STATIC_METHODS } from '../../server/origin-paths.ts';
import { freePort } from '../../server/db/test-postgres-server.ts';
import { type RunningNginx, startNginx, staticServerBlock } from './nginx.ts';

/**
 * A production-shaped deployment on one machine, every part throwaway: one PostgreSQL, an
 * S3-compatible store (s3rver), an SMTP server that keeps what it receives, N identical server
 * processes, and nginx in front as the load balancer (round robin, WebSocket-aware) and as the CDN
 * (the built site with the nginx-site.conf the build writes). Which requests go to the processes
 * comes from server/origin-paths.ts. Used by `npm run cluster` and tests/e2e/cluster.test.ts.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUCKET = 'claim-files';
/** s3rver's own key pair: it accepts no other. */
const S3RVER_KEY = 'S3RVER';
/**
 * A process that does not answer /healthz within this after its start failed to start (a quiet
 * machine takes about 15 s: migrations, the demo seed; a 2-core machine running other suites,
 * several times that).
 */
const START_TIMEOUT_MS = 240_000;
/** Lines of a process's output kept, to say why it failed. */
const KEPT_OUTPUT_CHARS = 20_000;

export interface ClusterOptions {
  /** Server processes behind the load balancer; default 3. */
  processes?: number;
  /** The built site; default `dist/` (build it first: scripts/ensure-build.ts). */
  staticDir?: string;
  /** Variables added to every process's environment (LOG_LEVEL, DEMO_DATA…). */
  env?: Record<string, string>;
  /** Port of the load balancer; default a free one. */
  port?: number;
  /** Where received mail is also written as `.eml` files; default nowhere. */
  mailDir?: string;
}

interface ClusterProcess {
  /** `INSTANCE_NAME` of the process, sent back in `X-Served-By`. Example: "web-2". */
  readonly name: string;
  /** Its own address, bypassing the load balancer. */
  readonly url: string;
  /** Sends `signal` and waits until the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and waits until it answers /healthz. */
  restart(): Promise<void>;
  /** What it wrote on stdout and stderr (the last 20,000 characters). */
  output(): string;
}

export interface RunningCluster {
  /** The public address: nginx. */
  url: string;
  processes: ClusterProcess[];
  s3: { url: string; bucket: string; directory: string };
  smtp: TestSmtpServer;
  databaseUrl: string;
  /** The first back-office account. */
  admin: { login: string; password: string };
  /** Stops everything (nginx, processes, stores) and deletes the temporary folders. */
  stop(): Promise<void>;
}

/** nginx directives routing to the processes: the origin's paths of server/origin-paths.ts. */
function loadBalancerServerBlock(options: { port: number; staticDir: string; upstreams: readonly string[] }): string {
  const proxy = [
    'proxy_pass http://portal_processes;',
    'proxy_http_version 1.1;',
    // socket.io's WebSocket: the upgrade is hop-by-hop, so it is passed on explicitly.
    'proxy_set_header Upgrade $http_upgrade;',
    'proxy_set_header Connection $connection_upgrade;',
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    // Uploads stream to the process, which bounds them itself (size, rate, disk).
    'proxy_request_buffering off;',
    'proxy_read_timeout 3600s;',
  ].join(' ');
  // A client asking for JSON before HTML (the back office's `Accept: application/json`).
  const negotiated = ORIGIN_GET_PATHS.negotiated.map(
    (path) => `    if ($origin_negotiation ~ "^${path} (?:(?!text/html).)*application/json") { return 418; }`,
  );
  return [
    `  upstream portal_processes {`,
    ...options.upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`),
    // Idle connections are kept 60 s (nginx's default), less than a process keeps them (server/app.ts).
    '    keepalive 32;',
    '  }',
    '  map $http_upgrade $connection_upgrade { default upgrade; "" ""; }',
    staticServerBlock(
      options.staticDir,
      options.port,
      [
        '    client_max_body_size 100m;',
        // Any method but GET and HEAD goes to the processes, whatever the path.
        '    error_page 418 = @origin;',
        `    if ($request_method !~ "^(?:${STATIC_METHODS.join('|')})$") { return 418; }`,
        '    set $origin_negotiation "$uri $http_accept";',
        ...negotiated,
        ...ORIGIN_GET_PATHS.prefixes.map((prefix) => `    location ^~ ${prefix} { ${proxy} }`),
        ...ORIGIN_GET_PATHS.exact.map((path) => `    location = ${path} { ${proxy} }`),
        `    location @origin { ${proxy} }`,
      ].join('\n'),
    ),
  ].join('\n');
}

async function waitUntilHealthy(url: string, child: () => ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const current = child();
    if (current.exitCode !== null || current.signalCode !== null) {
      throw new Error(`server process exited (${current.exitCode ?? current.signalCode}): ${output()}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`server process at ${url} not healthy within ${START_TIMEOUT_MS} ms: ${output()}`);
}

/** A process as started: `ready` resolves once it answers /healthz. */
interface StartedProcess extends ClusterProcess {
  ready(): Promise<void>;
}

function startProcess(name: string, port: number, env: Record<string, string>): StartedProcess {
  let output = '';
  let child: ChildProcess;
  const launch = () => {
    child = spawn(process.execPath, ['server/index.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), INSTANCE_NAME: name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  };
  launch();
  const url = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    name,
    url,
    output: () => output,
    async kill(signal) {
      if (!running()) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill(signal);
      await exited;
    },
    async restart() {
      if (running()) throw new Error(`${name} is still running`);
      launch();
      await waitUntilHealthy(
        url,
        () => child,
        () => output,
      );
    },
    ready: () =>
      waitUntilHealthy(
        url,
        () => child,
        () => output,
      ),
  };
}

/** Starts the whole cluster; on failure stops what had started and rejects naming what failed. */
export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const count = options.processes ?? 3;
  const staticDir = resolve(options.staticDir ?? join(ROOT, 'dist'));
  const folder = await mkdtemp(join(tmpdir(), 'claim-portal-cluster-'));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const postgres = await startPostgresServer();
    stops.push(() => postgres.stop());

    const s3Directory = join(folder, 's3');
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Directory,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port: s3Port } = await s3.run();
    stops.push(() => s3.close());
    const s3Url = `http://127.0.0.1:${s3Port}`;

    const mailDir = options.mailDir;
    if (mailDir) mkdirSync(mailDir, { recursive: true });
    let mailCount = 0;
    const smtp = await startSmtpServer((message) => {
      // Kept in memory by the server; also as files a person can open, when asked.
      mailCount += 1;
      if (mailDir) writeFileSync(join(mailDir, `${String(mailCount).padStart(4, '0')}.eml`), message.raw);
      return undefined;
    });
    stops.push(() => smtp.close());

    const publicPort = options.port ?? (await freePort());
    const publicUrl = `http://127.0.0.1:${publicPort}`;
    const admin = { login: 'admin', password: randomBytes(12).toString('base64url') };
    const env = {
      DATABASE_URL: postgres.url,
      S3_URL: s3Url,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      SMTP_URL: smtp.url,
      STATIC_DIR: staticDir,
      PUBLIC_SITE_URL: publicUrl,
      TRUST_PROXY: '1',
      DEMO_DATA: 'on',
      BO_ADMIN_LOGIN: admin.login,
      BO_ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const processes: StartedProcess[] = [];
    for (let index = 1; index <= count; index += 1) {
      const name = `web-${index}`;
      const dataDir = join(folder, name);
      mkdirSync(dataDir);
      // Every process holds the demo (DEMO_DATA=on): one seeds it under a lock, and none purges its
      // visitor history as past retention.
      const started = startProcess(name, await freePort(), { ...env, DATA_DIR: dataDir });
      processes.push(started);
      stops.push(() => started.kill('SIGTERM'));
    }
    await Promise.all(processes.map((started) => started.ready()));

    const nginx: RunningNginx = await startNginx(
      (port) =>
        loadBalancerServerBlock({
          port,
          staticDir,
          upstreams: processes.map((started) => new URL(started.url).host),
        }),
      publicPort,
    );
    stops.push(() => nginx.stop());

    return {
      url: nginx.url,
      processes,
      s3: { url: s3Url, bucket: BUCKET, directory: s3Directory },
      smtp,
      databaseUrl: postgres.url,
      admin,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
