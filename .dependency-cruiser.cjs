// @ts-check
/**
 * Feature boundaries and import circles, checked by `npm run lint` (`depcruise … --config .dependency-cruiser.cjs`).
 *
 * Each rule is said once: `$1` in a `to` path stands for the folder its `from` path captured, so "a
 * feature imports no other feature" covers every feature folder, present and future. Paths are the
 * resolved files, relative to the repository root; type-only imports count like the others.
 *
 * `.astro` files are not read (dependency-cruiser cannot parse them): what an Astro component needs
 * beyond rendering lives in a `.ts` module beside it, which is checked.
 *
 * The server's own boundaries between its features live in `server/.dependency-cruiser.server.cjs`
 * (`module.exports = { forbidden: [...] }`), spread into these rules.
 */

/**
 * Island folders every feature may use: components, logic, calls, stores, the live connection, and
 * the declaration kept on the device (sent by every page's script, the service worker and step 5;
 * like the stores, it reads the wizard's draft model).
 */
const ISLAND_SHARED = ['ui', 'lib', 'api', 'session', 'live', 'offline'];
/** Back-office folders every page may use; `shell/` composes the pages. */
const BACKOFFICE_SHARED = ['lib', 'api', 'components', 'shell'];

/** A folder directly under `root` that is not one of `shared`, captured as `$1`. */
const featureFolder = (root, shared) => `^${root}/(?!(?:${shared.join('|')})/)([^/]+)/`;

/** @type {{ forbidden: import('dependency-cruiser').IForbiddenRuleType[] }} */
const serverRules = require('./server/.dependency-cruiser.server.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module never reaches itself again through the imports that run: split what both sides need into a ' +
        'third module. A circle closed only by `import type` is erased at compile time and allowed.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'island-feature-imports-no-other-feature',
      severity: 'error',
      comment:
        'An island feature never imports another: what several use lives in islands/ui (components), ' +
        'islands/lib (logic), islands/api (calls), islands/session (stores) or islands/offline (the kept declaration).',
      from: { path: featureFolder('islands', ISLAND_SHARED) },
      to: { path: featureFolder('islands', ISLAND_SHARED), pathNot: '^islands/$1/' },
    },
    {
      name: 'island-shared-code-imports-no-feature',
      severity: 'error',
      comment: 'Shared island code (ui, lib, api) imports no feature.',
      from: { path: '^islands/(ui|lib|api)/' },
      to: { path: featureFolder('islands', ISLAND_SHARED) },
    },
    {
      name: 'backoffice-page-imports-no-other-page',
      severity: 'error',
      comment:
        'A back-office page never imports another (only shell/ composes them): what several use lives in ' +
        'backoffice/lib (texts, formats, the Tabulator, uPlot and date wrappers) or backoffice/api (the one client).',
      from: { path: featureFolder('backoffice', BACKOFFICE_SHARED) },
      to: { path: featureFolder('backoffice', BACKOFFICE_SHARED), pathNot: '^backoffice/$1/' },
    },
    {
      name: 'backoffice-shared-code-imports-no-page',
      severity: 'error',
      comment: 'backoffice/lib and backoffice/api serve every page and import none (nor the shell).',
      from: { path: '^backoffice/(lib|api)/' },
      to: { path: [featureFolder('backoffice', BACKOFFICE_SHARED), '^backoffice/shell/'] },
    },
    {
      name: 'site-imports-no-server',
      severity: 'error',
      comment: 'site/ never imports server/: shipped content lives in content/, texts in locales/.',
      from: { path: '^site/' },
      to: { path: '^server/' },
    },
    {
      name: 'tests-and-bench-import-no-other',
      severity: 'error',
      comment:
        'tests/ and bench/ never import each other: what both need lives in scripts/ ' +
        '(scripts/browser.ts, scripts/shipped-javascript/).',
      from: { path: '^(tests|bench)/' },
      to: { path: '^(tests|bench)/', pathNot: '^$1/' },
    },
    {
      name: 'scripts-import-no-tests-or-bench',
      severity: 'error',
      comment: 'scripts/ is shared by tests/ and bench/, so it imports neither.',
      from: { path: '^scripts/' },
      to: { path: '^(tests|bench)/' },
    },
    ...serverRules.forbidden,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|\\.astro|test-results)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports cross boundaries too (`import type` names what the other side owns).
    tsPreCompilationDeps: true,
    // Imports name their `.ts`/`.tsx` file (allowImportingTsExtensions).
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
