/**
 * The server's boundaries, checked by dependency-cruiser: each feature folder (server/<feature>/)
 * is used by the others only through its public module, the features import each other in one
 * direction (no circle), and SQL is written only in repository files and in server/db/.
 *
 * Exported as `{ forbidden }` for the project's main configuration to spread into its own rules.
 * Alone: `npx depcruise server contracts --config server/.dependency-cruiser.server.cjs`.
 */

/** Tests and the code only tests run (fixtures, attack and fuzz harnesses) may reach anywhere. */
const TEST_CODE = ['\\.test\\.ts$', '(^|/)test-[^/]*\\.ts$', '-test-support\\.ts$', '^server/abuse/', '^server/fuzz/'];

/**
 * The features from the lowest to the highest: a feature imports only features of its own layer or
 * below, so no two features import each other. The modules directly in server/ (errors, logger,
 * config…) are the shared kernel below every feature, and server/app.ts and server/index.ts, the
 * composition root, above them all.
 */
const FEATURE_LAYERS = [
  ['i18n'],
  ['http'],
  ['db'],
  ['security'],
  ['files', 'mail'],
  ['customer-api'],
  ['staff-api'],
  ['faq', 'live', 'retention', 'site'],
  ['demo'],
];

/** Modules that may write SQL: each feature's repository.ts and the database itself (server/db/). */
const SQL_MODULES = ['(^|/)repository\\.ts$', '^server/db/'];

/**
 * Modules that drive the database rather than query it, so they hold SQL of their own: the question
 * box runs the staff's guarded query as written (readers.ts), creates the role it runs as
 * (reader-role.ts) and reads a copy of the embedded database in a worker (snapshot.ts,
 * snapshot-worker.ts); the live activity shares its rooms across processes through socket.io's
 * PostgreSQL adapter (cluster.ts).
 */
const DATABASE_DRIVERS = [
  '^server/staff-api/question-box/(readers|reader-role|snapshot|snapshot-worker)\\.ts$',
  '^server/live/cluster\\.ts$',
];

const forbidden = [
  {
    name: 'server-feature-through-public-module',
    comment:
      'A server feature uses another only through its public module, server/<feature>/public.ts: ' +
      'export what you need there, or move the shared piece down.',
    severity: 'error',
    from: { path: '^server/([^/]+)/', pathNot: TEST_CODE },
    to: { path: '^server/[^/]+/', pathNot: ['^server/$1/', '^server/[^/]+/public\\.ts$'] },
  },
  {
    name: 'server-root-through-public-module',
    comment:
      'The composition root (server/app.ts, server/index.ts) and the shared modules in server/ use a ' +
      'feature only through its public module, server/<feature>/public.ts.',
    severity: 'error',
    from: { path: '^server/[^/]+\\.ts$', pathNot: TEST_CODE },
    to: { path: '^server/[^/]+/', pathNot: '^server/[^/]+/public\\.ts$' },
  },
  ...FEATURE_LAYERS.slice(0, -1).map((layer, index) => ({
    name: 'server-feature-layers',
    comment:
      `server/{${layer.join(',')}} sits below ${FEATURE_LAYERS.slice(index + 1)
        .flat()
        .join(', ')}: ` +
      'it must not import them (that would close a circle). Move the shared piece down, or have ' +
      'server/app.ts hand it over.',
    severity: 'error',
    from: { path: `^server/(${layer.join('|')})/`, pathNot: TEST_CODE },
    to: {
      path: `^server/(${FEATURE_LAYERS.slice(index + 1)
        .flat()
        .join('|')})/`,
    },
  })),
  {
    name: 'server-feature-above-shared-kernel',
    comment:
      'The shared modules in server/ (errors, logger, config…) sit below every feature but i18n and ' +
      'db: they import no other feature.',
    severity: 'error',
    from: { path: '^server/(?!app\\.ts$|index\\.ts$)[^/]+\\.ts$', pathNot: TEST_CODE },
    to: { path: '^server/(?!i18n/|db/)[^/]+/' },
  },
  {
    name: 'no-circular-server',
    comment: 'Server modules import each other in one direction: move the shared piece to a lower module.',
    severity: 'error',
    from: { path: '^server/' },
    to: { circular: true },
  },
  {
    name: 'sql-only-in-repositories',
    comment:
      "Queries live in their feature's repository.ts (or in server/db/, the database itself): " +
      'move the query there as a named function. drizzle-orm/pg-core (the schema builders) is allowed.',
    severity: 'error',
    from: { path: '^server/', pathNot: [...SQL_MODULES, ...DATABASE_DRIVERS, ...TEST_CODE] },
    to: {
      path: ['(^|/)node_modules/drizzle-orm/', '(^|/)node_modules/pg/', '(^|/)node_modules/@electric-sql/pglite/'],
      pathNot: '(^|/)node_modules/drizzle-orm/pg-core/',
    },
  },
  {
    name: 'embedded-database-thread-stays-light',
    comment:
      "The embedded database's worker thread (server/db/embedded-worker.ts) loads neither Drizzle nor pg: " +
      'each open of the database starts a new thread, and loading them there cost 0.7 s of CPU. ' +
      'What it shares with the PostgreSQL side lives in server/db/statement-marks.ts.',
    severity: 'error',
    from: { path: '^server/db/embedded-worker\\.ts$' },
    to: { path: ['(^|/)node_modules/drizzle-orm/', '(^|/)node_modules/pg/'], reachable: true },
  },
];

module.exports = {
  forbidden,
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
