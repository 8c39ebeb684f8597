import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadBrands } from '../brands/index.ts';
import { BrandFileError } from '../brands/lib/parse.ts';
import { createApp } from './app.ts';
import {
  claimsSocketPath,
  startClaimsSocket,
  backfillActivitySummaries,
  ensureFirstStaffUser,
  prepareQuestionReaderOf,
  warmUpQuestionBox,
  writeInitialAdminPassword,
} from './staff-api/public.ts';
import type { ClaimChangeSignal } from './claim-change-signal.ts';
import { ConfigError, loadConfig, mailLinkOrigin } from './config.ts';
import { backfillInboxMessages, partnerLinkKeysOf, unknownPartnerLinkBrands } from './customer-api/public.ts';
import { DatabaseOpenError, openDatabase, EmbeddedDatabaseInUseError } from './db/public.ts';
import { runDemoActivityCommand, seedDemoData } from './demo/public.ts';
import { createFileStore } from './files/public.ts';
import { createLogger } from './logger.ts';
import { startMail } from './mail/public.ts';
import { guardProcess } from './process-guard.ts';
import { startRetentionPurge } from './retention/public.ts';

/**
 * The composition root: validated configuration, brands, data directory, the database (migrated),
 * the app, listening, and a graceful stop on SIGTERM/SIGINT (the app, then the database).
 */

/** After this, a stop that hangs (a stuck request) exits anyway. */
const FORCED_EXIT_MS = 10_000;

/** Configuration, brand and database-access mistakes are the deployer's: one clear message, no stack trace. */
function exitOnKnownError(error: unknown): never {
  if (
    error instanceof ConfigError ||
    error instanceof BrandFileError ||
    error instanceof EmbeddedDatabaseInUseError ||
    error instanceof DatabaseOpenError
  ) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnKnownError(error);
  }
})();
const brands = await loadBrands().catch(exitOnKnownError);
// A key of PARTNER_LINK_KEYS for no brand file is a typo that would silently turn its links off.
const unknownLinkBrands = unknownPartnerLinkBrands(config, brands);
if (unknownLinkBrands.length > 0)
  exitOnKnownError(
    new ConfigError(
      `Invalid configuration: PARTNER_LINK_KEYS names no brand file's slug: ${unknownLinkBrands.join(', ')}.`,
    ),
  );
const logger = createLogger(config.LOG_LEVEL);
// An error that escapes every handler is logged; a rejection keeps serving, an exception restarts.
guardProcess(logger);

mkdirSync(resolve(config.DATA_DIR), { recursive: true });
const database = await openDatabase(config, logger).catch(exitOnKnownError);
// One file store for the demo's proof files and the API's uploads.
const fileStore = createFileStore(config);
const holdsDemo = config.DEMO_DATA === 'on' || (config.DEMO_DATA === 'auto' && database.driver === 'pglite');
if (holdsDemo) {
  const seeded = await seedDemoData(database.db, { fileStore, volume: 'full', brands, origin: mailLinkOrigin(config) });
  if (seeded) logger.info('demo data seeded');
  const summarised = await backfillActivitySummaries(database.db);
  if (summarised > 0) logger.info({ records: summarised }, 'activity records summarised for the analysis');
}
// The question box's snapshot of the embedded database, taken in the background from now on, so
// that the first question does not wait for it (a no-op on a PostgreSQL server).
prepareQuestionReaderOf(database, logger);
// Complaints and contact messages stored before the staff inbox existed join it (once).
const intoInbox = await backfillInboxMessages(database.db);
if (intoInbox > 0) logger.info({ messages: intoInbox }, 'messages put in the staff inbox');
// The first back-office account: BO_ADMIN_LOGIN/BO_ADMIN_PASSWORD, else `admin` with a generated
// password written to a file only this user may read (never to standard output, which logs keep).
const firstStaff = await ensureFirstStaffUser(database.db, {
  login: config.BO_ADMIN_LOGIN,
  password: config.BO_ADMIN_PASSWORD,
});
if (firstStaff?.generatedPassword) {
  const passwordFile = await writeInitialAdminPassword(config.DATA_DIR, firstStaff.generatedPassword);
  process.stdout.write(
    `Back office: first account "${firstStaff.login}" created; its password is in ${passwordFile} (readable by this user only).\n` +
      `  Sign in at /bo_login, then \`npm run staff -- passwd ${firstStaff.login}\` to change it (the file is then deleted).\n`,
  );
} else if (firstStaff) logger.info('first back-office account created from BO_ADMIN_LOGIN');
// Delivers the mail outbox (mail/delivery.ts); stopped before the database closes.
const mail = startMail(database, config, logger);
/** Tells a claim's open follow-up pages of a change made by `npm run claims` (the app's, once it exists). */
let signalClaimChange: ClaimChangeSignal = () => {};
// `npm run claims` cannot open the embedded database this process holds: it asks through this socket.
const claimsSocket =
  database.driver === 'pglite'
    ? await startClaimsSocket(
        claimsSocketPath(config.DATA_DIR),
        database,
        logger,
        (claimId, change) => signalClaimChange(claimId, change),
        runDemoActivityCommand,
      ).catch((error: unknown) => {
        logger.warn({ err: error }, 'claims socket not started');
        return undefined;
      })
    : undefined;

// The demo's signed links use published keys: said once at start (no key is ever logged).
if (partnerLinkKeysOf(config, brands).development)
  logger.warn(
    'signed partner links accept the development keys of the demo brands: set PARTNER_LINK_KEYS in production',
  );
else if (holdsDemo && config.PARTNER_LINK_KEYS === undefined)
  logger.info(
    'signed partner links are off: set PARTNER_LINK_KEYS, or DEMO_DATA=on for the demo brands’ development keys',
  );
const server = createApp({ config, logger, brands, database, staticDir: resolve(config.STATIC_DIR), fileStore });
signalClaimChange = server.live.claimChanged;
// Deletes what is past its retention period (server/retention/purge.ts), shortly after start, then
// hourly; a demo database keeps its visitor history (its 2024 sessions show the V2 statistics).
const purge = startRetentionPurge({ db: database.db, fileStore, logger, options: { keepVisitorHistory: holdsDemo } });

server.httpServer.once('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(`Cannot listen on port ${config.PORT}: ${error.code ?? error.message}.\n`);
  process.exit(1);
});
server.httpServer.listen(config.PORT, () => {
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
  logger.info({ port }, 'listening');
  process.stdout.write(`Claim portal running at http://localhost:${port}/\n`);
  void warmUpQuestionBox();
});

function shutdown(signal: NodeJS.Signals): void {
  logger.info({ signal }, 'stopping');
  setTimeout(() => {
    logger.error('stop took too long, exiting');
    process.exit(1);
  }, FORCED_EXIT_MS).unref();
  server
    .close()
    .then(() => purge.stop())
    .then(() => claimsSocket?.close())
    .then(() => mail.stop())
    .then(() => database.close())
    .then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
}

process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
