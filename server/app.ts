import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { Server } from 'socket.io';
import { z } from 'zod/mini';
import type { BrandCatalog } from '../brands/lib/parse.ts';
import { LOGIN_PATH, LOGOUT_PATH } from '../contracts/backoffice.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../contracts/socket-events.ts';
import { type Config, mailLinkOrigin } from './config.ts';
import { type Database, loggableDatabaseError } from './db/public.ts';
import { type BodyPaceOptions, watchBodyPace, createFileStore, type FileStore } from './files/public.ts';
import { handleErrors, notFound } from './errors.ts';
import {
  shareLiveStateThrough,
  type LiveActivityOptions,
  startLiveActivity,
  type LiveServer,
  createSocketGuard,
} from './live/public.ts';
import { type Logger, logRequests } from './logger.ts';
import { onMailLimited } from './mail/public.ts';
import { createCustomerApiRouter, findClaimForClaimant } from './customer-api/public.ts';
import { createFaqRouter, FaqAssistant } from './faq/public.ts';
import { API_CSP, HELMET_OPTIONS, HSTS_OPTIONS } from './security-headers.ts';
import { createSecurityEvents, type SecurityEvents } from './security/public.ts';
import { createSiteRouter } from './site/public.ts';
import {
  requireStaff,
  whenStaffSessionEnds,
  staffCookiesFor,
  setStaffCookies,
  closeQuestionReaderOf,
  createStaffApiRouter,
} from './staff-api/public.ts';

// zod/mini loads no locale: the schemas' default messages (staff refusals, fields of 400 answers) are zod's English.
z.config(z.locales.en());

/** While stopping, the listener closes once no connection has come for this long… */
const STOP_QUIET_MS = 200;
/**
 * …and every request sent before the stop is answered, or after this (a load that does not stop,
 * a silent client); the rest of the stop fits in server/index.ts's FORCED_EXIT_MS.
 */
export const STOP_DRAIN_MAX_MS = 6_000;
/**
 * How long an idle keep-alive connection stays open. A load balancer must close an idle connection
 * to a process before the process does: a request it sends just as the process closes the
 * connection fails, and it does not retry a POST (the visitor gets a 502). Balancers keep idle
 * connections to their targets up to 60 s (nginx's and AWS's load balancers' defaults); Node's own
 * default is 5 s.
 */
const KEEP_ALIVE_TIMEOUT_MS = 75_000;
/** While stopping, how often connections that have become idle are closed. */
const IDLE_SWEEP_MS = 50;
/** socket.io's requests (its default path): a long poll is held open, it is not a request to wait for. */
const LIVE_PATH = '/socket.io/';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  brands: BrandCatalog;
  /** The open database; its owner (server/index.ts, a test) closes it after the app. */
  database: Database;
  /** Absolute path of the built static site (Astro's `dist/`). */
  staticDir: string;
  /** Where uploaded files go; default: the store the configuration names (createFileStore). */
  fileStore?: FileStore;
  /** The live activity's periods; default: theirs (tests shorten the staff sessions' re-check). */
  liveOptions?: LiveActivityOptions;
  /**
   * How slow a request body may arrive before it is cut with 408 (body-pace.ts); default: the
   * production bounds BODY_IDLE_MS, BODY_MIN_BYTES_PER_SECOND, BODY_RATE_WINDOW_MS (the abuse
   * tests shorten them to run in seconds).
   */
  bodyPace?: BodyPaceOptions;
}

export interface App {
  app: Express;
  /** Not listening yet: the caller listens (port 0 in tests). */
  httpServer: HttpServer;
  io: LiveServer;
  /** Visitors' activity records (batched writes) and the staff's live namespace. */
  live: ReturnType<typeof startLiveActivity>;
  /** What attacks met, logged and counted for staff (tests flush it before reading the counts). */
  securityEvents: SecurityEvents;
  /** Graceful stop: /healthz answers 503, then sockets close and in-flight requests finish. */
  close(): Promise<void>;
}

/** Largest socket.io message: the events carry a small snapshot, never files. */
const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

/** A database that does not answer /healthz's `select 1` within this is reported unavailable. */
const HEALTH_CHECK_TIMEOUT_MS = 3_000;

/** Resolves when the database answers, rejects when it fails or does not answer in time. */
function pingWithin(database: Database, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([database.ping(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Builds the whole server (Express 5 + socket.io on one HTTP server) without listening.
 * API routers of later modules are mounted before the static site, which answers every GET.
 */
export function createApp({
  config,
  logger,
  brands,
  database,
  staticDir,
  fileStore,
  liveOptions,
  bodyPace,
}: AppDependencies): App {
  let stopping = false;
  const isStopping = () => stopping;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // The staff cookies' names and Secure flag follow PUBLIC_SITE_URL's scheme (staff-cookies.ts).
  const staffCookies = staffCookiesFor(config.PUBLIC_SITE_URL);
  setStaffCookies(app, staffCookies);

  const securityEvents = createSecurityEvents(database.db, logger);
  applyCommonMiddleware(app, { config, logger, securityEvents, bodyPace, isStopping });
  serveHealthCheck(app, { database, logger, isStopping });

  const httpServer = createServer(app);
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const { io, socketGuard } = createLiveServer(httpServer, { config, logger, securityEvents, liveOptions });
  // A mail over its recipient's limit (mail/recipient-limit.ts) is what a mail cannon meets.
  const stopHearingLimitedMail = onMailLimited((mail) =>
    securityEvents.record('mail_recipient_limited', { mailKind: mail.kind, limit: mail.limit }),
  );
  // Many processes on one PostgreSQL share broadcasts and the online count (each process's
  // sockets reach the visitors and staff connected to the others).
  const cluster = config.DATABASE_URL ? shareLiveStateThrough(io, config.DATABASE_URL, logger) : undefined;
  const live = startLiveActivity(io, database.db, logger, {
    ...liveOptions,
    securityEvents,
    guard: socketGuard,
    staffSessionCookie: staffCookies.session,
    // A follow-up page follows its claim live once GET sinistres's own check opens it.
    claims: {
      trustedProxies: config.TRUST_PROXY,
      openClaim: async (credentials, address) => {
        const access = await findClaimForClaimant(database.db, credentials, address);
        return access.status === 'found' ? { status: 'found', claimId: access.claim.id } : { status: access.status };
      },
    },
  });

  mountRouters(app, {
    config,
    logger,
    brands,
    database,
    staticDir,
    files: fileStore ?? createFileStore(config),
    live,
    securityEvents,
  });

  const drainConnections = trackFreshConnections(httpServer);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      stopping = true;
      // Draining only waits; should it ever fail, the servers are closed all the same.
      void drainConnections().then(
        () => closeServers(resolve, reject),
        () => closeServers(resolve, reject),
      );
    });
    return closing;
  };
  const closeServers = (resolve: () => void, reject: (error: unknown) => void) => {
    // A request still being answered leaves its connection idle once answered, and Node then
    // keeps it for KEEP_ALIVE_TIMEOUT_MS (75 s) before the server's close may end: past
    // FORCED_EXIT_MS, a stop that exits 1. Idle connections are closed as they go idle instead.
    const closeIdle = setInterval(() => httpServer.closeIdleConnections(), IDLE_SWEEP_MS);
    // io.close() disconnects the sockets, then closes the HTTP server: no new connections,
    // and the callback runs once in-flight requests have finished.
    io.close((error) => {
      clearInterval(closeIdle);
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      // The sockets are gone: write their records, then let the adapter's connections go.
      stopHearingLimitedMail();
      const finish = live
        .close()
        .then(() => socketGuard.stop())
        .then(() => securityEvents.stop())
        .then(() => closeQuestionReaderOf(database))
        .then(() => cluster?.close())
        .catch(() => {});
      if (error && code !== 'ERR_SERVER_NOT_RUNNING') void finish.then(() => reject(error));
      else void finish.then(() => resolve());
    });
    httpServer.closeIdleConnections();
  };

  return { app, httpServer, io, live, securityEvents, close };
}

/** What every request meets first: the log, the body's pace, the security headers, the process's name. */
function applyCommonMiddleware(
  app: Express,
  {
    config,
    logger,
    securityEvents,
    bodyPace,
    isStopping,
  }: {
    config: Config;
    logger: Logger;
    securityEvents: SecurityEvents;
    bodyPace: BodyPaceOptions | undefined;
    isStopping: () => boolean;
  },
): void {
  // Read by tooManyRequests, which every router's rate limit answers through.
  app.locals['securityEvents'] = securityEvents;
  app.use(logRequests(logger));
  // Every body read below (forms, uploads, JSON) is cut when it stalls or trickles.
  app.use(watchBodyPace(securityEvents, bodyPace));
  // Each built page carries its own CSP <meta> with script hashes; JSON gets API_CSP below.
  app.use(helmet(HELMET_OPTIONS));
  const hsts = helmet.strictTransportSecurity(HSTS_OPTIONS);
  app.use((request: Request, response: Response, next: NextFunction) =>
    request.secure ? hsts(request, response, next) : next(),
  );
  app.use((_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Content-Security-Policy', API_CSP);
    if (config.INSTANCE_NAME) response.setHeader('X-Served-By', config.INSTANCE_NAME);
    // While stopping, keep-alive connections close after their current request.
    if (isStopping()) response.setHeader('Connection', 'close');
    next();
  });
}

/** GET /healthz: 503 while stopping or when the database does not answer, else ok. */
function serveHealthCheck(
  app: Express,
  { database, logger, isStopping }: { database: Database; logger: Logger; isStopping: () => boolean },
): void {
  app.get('/healthz', async (_request: Request, response: Response) => {
    response.setHeader('Cache-Control', 'no-store');
    if (isStopping()) {
      response.status(503).json({ status: 'stopping' });
      return;
    }
    try {
      await pingWithin(database, HEALTH_CHECK_TIMEOUT_MS);
    } catch (error) {
      logger.warn({ err: loggableDatabaseError(error) }, 'health check: database unavailable');
      response.status(503).json({ status: 'database_unavailable' });
      return;
    }
    response.json({ status: 'ok' });
  });
}

/** The socket.io server on the HTTP server, behind the socket guard, naming the process in its headers. */
function createLiveServer(
  httpServer: HttpServer,
  {
    config,
    logger,
    securityEvents,
    liveOptions,
  }: {
    config: Config;
    logger: Logger;
    securityEvents: SecurityEvents;
    liveOptions: LiveActivityOptions | undefined;
  },
) {
  // Origin, connections per address group and their shared event budget (socket-guard.ts).
  const socketGuard = createSocketGuard({
    trustedProxies: config.TRUST_PROXY,
    siteOrigins: [mailLinkOrigin(config), ...(config.PUBLIC_STATS_URL ? [config.PUBLIC_STATS_URL] : [])],
    securityEvents,
    logger,
    ...(liveOptions?.socketLimits ? { limits: liveOptions.socketLimits } : {}),
  });
  const io: LiveServer = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    allowRequest: socketGuard.allowRequest,
  });
  socketGuard.watch(io);
  // socket.io's handshakes and WebSocket upgrades are answered outside Express: they name the process too.
  const instanceName = config.INSTANCE_NAME;
  if (instanceName) {
    io.engine.on('headers', (headers: Record<string, string>) => {
      headers['X-Served-By'] = instanceName;
    });
  }
  return { io, socketGuard };
}

/** The staff session hook, the customer, staff and FAQ APIs, then the static site and the error answers. */
function mountRouters(
  app: Express,
  {
    config,
    logger,
    brands,
    database,
    staticDir,
    files,
    live,
    securityEvents,
  }: Pick<AppDependencies, 'config' | 'logger' | 'brands' | 'database' | 'staticDir'> & {
    files: FileStore;
    live: App['live'];
    securityEvents: SecurityEvents;
  },
): void {
  // A staff session that ends by sign-out loses its live sockets at once, on every process.
  app.post([LOGIN_PATH, LOGOUT_PATH], whenStaffSessionEnds(live.closeStaffSession));
  const model =
    config.LLM_BASE_URL && config.LLM_MODEL
      ? {
          baseUrl: config.LLM_BASE_URL,
          model: config.LLM_MODEL,
          apiKey: config.LLM_API_KEY,
          timeoutMs: config.LLM_TIMEOUT_MS,
        }
      : undefined;
  app.use(
    createCustomerApiRouter({
      config,
      logger,
      database,
      brands,
      fileStore: files,
      signalClaimChange: live.claimChanged,
      securityEvents,
      requireStaff: requireStaff(database.db),
    }),
  );
  app.use(
    createStaffApiRouter({
      database,
      brands,
      fileStore: files,
      logger,
      onlineCount: live.onlineCount,
      model,
      mailOrigin: mailLinkOrigin(config),
      signalClaimChange: live.claimChanged,
      securityEvents,
    }),
  );
  // The FAQ assistant's one path serves both: customers ask and vote, staff curate (spec 2 §6, spec 3 §6).
  app.use(createFaqRouter(database.db, new FaqAssistant(database.db, model)));
  app.use(createSiteRouter({ staticDir, brands }));
  app.use(notFound);
  app.use(handleErrors(logger));
}

/**
 * Follows the connections that have not sent a request yet and the requests being answered, and
 * returns the wait a stop makes for them. Closing the listener resets the connections the kernel
 * accepted that Node has not taken yet, and closing idle connections destroys accepted ones whose
 * request is not read yet: both had their request sent before the stop. Under load Node takes
 * the waiting connections a few at a time, one turn of the event loop after another, while each
 * turn also answers requests (a claim on the embedded database holds the loop for tens of ms).
 * So the listener stays open until no request is being answered (socket.io's long polls aside),
 * every connection has sent its first request (or closed) and none has come for STOP_QUIET_MS;
 * at most STOP_DRAIN_MAX_MS. /healthz answers 503 meanwhile, so a load balancer sends no more.
 */
function trackFreshConnections(httpServer: HttpServer): () => Promise<void> {
  let lastConnectionAt = Number.NEGATIVE_INFINITY;
  /** Connections that have not sent a request yet: a stop waits for their first one. */
  const fresh = new Set<Socket>();
  httpServer.on('connection', (socket: Socket) => {
    lastConnectionAt = performance.now();
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  /** Requests being answered, but socket.io's long polls (held until their next message). */
  let answering = 0;
  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    fresh.delete(request.socket);
    if (request.url?.startsWith(LIVE_PATH) === true) return;
    answering += 1;
    response.once('close', () => {
      answering -= 1;
    });
  });
  httpServer.on('upgrade', (request: IncomingMessage) => fresh.delete(request.socket));
  return async () => {
    const started = performance.now();
    for (;;) {
      await new Promise(setImmediate);
      const now = performance.now();
      const quiet = now - lastConnectionAt;
      const left = STOP_DRAIN_MAX_MS - (now - started);
      if ((quiet >= STOP_QUIET_MS && fresh.size === 0 && answering === 0) || left <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(STOP_QUIET_MS - quiet, 50, left))));
    }
  };
}
