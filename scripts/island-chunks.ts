import { fileURLToPath } from 'node:url';
import type { ChunkingContext, CodeSplittingOptions } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * How the customer islands' JavaScript is cut into files (`astro.config.mjs`, client build).
 *
 * Left to itself, the bundler cuts one chunk per set of islands sharing a module: a page with a
 * form loaded some twenty files of 1-2 kB, each import discovered only once its importer arrived,
 * which a phone on a slow network pays in round trips before the island works. Here an island page
 * loads its island, React, the island modules shared between islands in one file, the stores and
 * API client that client-file's early module shares with them in another (`early`, free of
 * React), and the form library when it has a form: every one of them preloaded by the page
 * (`modulepreload.ts`).
 *
 * Only modules that nothing but islands reaches go into the shared file: what a page script
 * (cookie banner, menu, session) or the back office also imports stays where the bundler puts it,
 * so pages without an island and back-office pages load none of the islands' code.
 */

/** React, react-dom and Astro's React renderer: the runtime of every island, one file cached across pages. */
const REACT_RUNTIME = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/** The form library, loaded by the islands with a form only. */
const FORM_LIBRARY = /[\\/]node_modules[\\/]react-hook-form[\\/]/;

/**
 * The folder of the islands' own code: components, stores, API clients (`islands/` of this project,
 * by its absolute path: a checkout in a folder itself named `islands` must not make every module
 * island code).
 */
const ISLAND_FOLDER = fileURLToPath(new URL('../islands/', import.meta.url));

/**
 * Modules a page script runs before the page's island loads: client-file's early claim, which
 * draws the file's first block from the claim's answer before React and the island arrive
 * (islands/follow-up/early-claim.ts). Their graph, free of React, is two files: their own code
 * (`early-claim`), and the stores and API client the islands share with it (`early`), which the
 * islands import too. The block waits for a few downloads, not for a dozen small files queued on
 * the six connections a browser opens to the site.
 */
const EARLY_MODULES: ReadonlySet<string> = new Set([
  fileURLToPath(new URL('../islands/follow-up/early-claim.ts', import.meta.url)),
]);

/** Whether a module id (an absolute path, maybe with a query) is in `islands/`. */
function isIslandSource(id: string): boolean {
  return id.startsWith(ISLAND_FOLDER);
}

type ModuleInfo = NonNullable<ReturnType<ChunkingContext['getModuleInfo']>>;

/** A module the browser loads on its own: an entry of the build or the target of an `import()`. */
function isChunkRoot(info: ModuleInfo): boolean {
  return info.isEntry || info.dynamicImporters.length > 0;
}

/** `isChunkRoot` by id; an unknown module counts as one, so no group takes it. */
function isRoot(id: string, context: ChunkingContext): boolean {
  const info = context.getModuleInfo(id);
  return info === null || isChunkRoot(info);
}

/**
 * Whether a chunk root is island code: an island's component, or a module of `islands/` that only
 * island code loads with `import()`. The live-activity client lives in `islands/` but every page's
 * script loads it: what it reaches must not join the islands' file, which would bring React to
 * pages without an island.
 */
function isIslandRoot(id: string, info: ModuleInfo): boolean {
  if (!isIslandSource(id)) return false;
  return info.isEntry || info.dynamicImporters.every((importer) => isIslandSource(importer));
}

/**
 * Whether a chunk root imports an early module (`EARLY_MODULES`) statically: client-file's page
 * script, and its island, which takes the early answer.
 */
function importsEarlyModule(info: ModuleInfo): boolean {
  return info.importedIds.some((imported) => EARLY_MODULES.has(imported));
}

/** Which chunk roots may reach a module of a file (a module id and its information). */
type RootTest = (id: string, info: ModuleInfo) => boolean;

/** The back office's own code, by its absolute path (`backoffice/` of this project). */
const BACKOFFICE_FOLDER = fileURLToPath(new URL('../backoffice/', import.meta.url));

/**
 * Roots of the shared early file: islands, the early modules' importers, and the customer pages'
 * modules loaded with `import()` (the live-activity client and the offline sender, which every page
 * loads once it has loaded). What a page without an island loads before any interaction, and the
 * back office (whose pages share the claim states with the early module), stay out.
 */
const EARLY_SHARED_ROOT: RootTest = (id, info) =>
  isIslandRoot(id, info) || importsEarlyModule(info) || (!info.isEntry && !id.startsWith(BACKOFFICE_FOLDER));

/** Roots of client-file's own early file: only what imports an early module. */
const EARLY_ONLY_ROOT: RootTest = (_id, info) => importsEarlyModule(info);

/** Whether every chunk root that reaches `id` by static imports passes `allowed` (by default, island code). */
function reachedOnlyFrom(id: string, context: ChunkingContext, allowed: RootTest = isIslandRoot): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    const info = context.getModuleInfo(current);
    if (info === null || (isChunkRoot(info) && !allowed(current, info))) return false;
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return true;
}

/** `reachedOnlyFrom` islands, remembered for the build. */
function onlyFromIslands(id: string, context: ChunkingContext, reached: Map<string, boolean>): boolean {
  let result = reached.get(id);
  if (result === undefined) {
    result = reachedOnlyFrom(id, context);
    reached.set(id, result);
  }
  return result;
}

/** The early modules and every module they import statically: what the early files may hold. */
function earlyGraph(context: ChunkingContext): Set<string> {
  const graph = new Set(EARLY_MODULES);
  const queue = [...EARLY_MODULES];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    for (const imported of context.getModuleInfo(current)?.importedIds ?? []) {
      if (graph.has(imported)) continue;
      graph.add(imported);
      queue.push(imported);
    }
  }
  return graph;
}

/** The client build's `output.codeSplitting`, with a fresh memory for each build. */
function islandCodeSplitting(): CodeSplittingOptions {
  const reached = new Map<string, boolean>();
  let early: Set<string> | undefined;
  return {
    groups: [
      // The early modules' graph in two files: what only client-file loads (`early-claim`), and
      // what islands and modules loaded with import() share with it (`early`). What a page script
      // of every page imports statically (the language list, the preload helper) stays apart.
      {
        name: (id, context) => {
          early ??= earlyGraph(context);
          // Vite's virtual modules (the preload helper, which it injects and replaces) keep their own file.
          if (id.startsWith('\0') || !early.has(id) || isRoot(id, context)) return null;
          if (reachedOnlyFrom(id, context, EARLY_ONLY_ROOT)) return 'early-claim';
          return reachedOnlyFrom(id, context, EARLY_SHARED_ROOT) ? 'early' : null;
        },
        includeDependenciesRecursively: false,
        priority: 4,
      },
      // The renderer's entry (Astro's `client.js`) stays its own small file: a chunk root put in a
      // group would leave behind a file that only re-exports it.
      { name: (id, context) => (isRoot(id, context) ? null : 'react'), test: REACT_RUNTIME, priority: 3 },
      { name: 'forms', test: FORM_LIBRARY, priority: 2 },
      {
        name: (id, context) => (isRoot(id, context) || !onlyFromIslands(id, context, reached) ? null : 'islands'),
        minShareCount: 2,
        // What a module of this file imports from elsewhere stays there (a store that a page script
        // also uses): pulled in, it would bring the file to pages without islands. Nothing outside
        // imports from this file (what does is reached from elsewhere), so no chunk cycle arises.
        includeDependenciesRecursively: false,
        priority: 1,
      },
    ],
  };
}

/**
 * The Vite plugin that applies it to the client build. An island's file may then export more than
 * its component (`allow-extension`), which grouping without the dependencies requires; Astro reads
 * the component export by name.
 */
export function islandChunks(): Plugin {
  return {
    name: 'island-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
    outputOptions: (output) => ({ ...output, codeSplitting: islandCodeSplitting() }),
  };
}
