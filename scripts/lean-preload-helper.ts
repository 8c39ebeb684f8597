import type { Plugin } from 'vite';

/**
 * Vite wraps every `import()` of the client build in its preload helper, which adds a
 * `<link rel="modulepreload">` for each module the imported one needs, so they load side by side
 * instead of one round trip each. Its helper is written for every kind of site (a CSP nonce, a
 * relative base, browsers without modulepreload, an error event): 880 bytes gzip on every page
 * with a script, a sixth of a static page's budget (`shipped-javascript/page.ts`).
 *
 * This site needs less: an absolute base, no nonce (its CSP allows by hash and origin), and
 * browsers that know modulepreload (the ones that run module scripts). The helper chunk's code is
 * replaced, before its name is hashed, by one that does the same for this site: each module the
 * imported one needs gets a modulepreload link once; each stylesheet (only the back office's
 * editor has one) is linked once and waited for; then the module is imported. A stylesheet that
 * fails to load fails the import, as Vite's own does.
 */

/**
 * The chunks of the pages' own scripts (Astro names them after their component:
 * `BaseLayout.astro_astro_type_script_index_0_lang.….js`).
 */
const PAGE_SCRIPT_CHUNK = /\.astro_astro_type_script_/;

/**
 * Vite's `build.modulePreload.resolveDependencies`: which modules an `import()` preloads beside the
 * imported one. The pages' own scripts import only what runs once the browser is idle (the live
 * report, the offline sender, the service worker, the consent library once answered): those
 * imports preload nothing, and the pages' scripts do not carry the list of their modules' names
 * (about 200 bytes gzip on every page). The islands' imports (a date picker on first use) keep it.
 */
function preloadedDependencies(
  _imported: string,
  dependencies: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  return context.hostType === 'js' && PAGE_SCRIPT_CHUNK.test(context.hostId) ? [] : dependencies;
}

/** Vite's id of its preload helper module. */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/** The lean helper, for `base` (the site's absolute base, `/`); exported under `exportedName`. */
function leanHelper(base: string, exportedName: string): string {
  return (
    'const linked=new Set();' +
    'function preload(load,deps){' +
    'if(!deps||deps.length===0)return load();' +
    'return Promise.all(deps.map(dep=>{' +
    `const href=${JSON.stringify(base)}+dep;` +
    'if(linked.has(href))return;linked.add(href);' +
    'const css=href.endsWith(".css");' +
    'if(css&&document.querySelector(\'link[rel="stylesheet"][href="\'+CSS.escape(href)+\'"]\'))return;' +
    'const link=document.createElement("link");link.rel=css?"stylesheet":"modulepreload";link.href=href;' +
    'document.head.append(link);' +
    'if(css)return new Promise((resolve,reject)=>{link.onload=resolve;link.onerror=()=>reject(new Error("Unable to preload CSS for "+href))})' +
    '})).then(load)}' +
    `export{preload as ${exportedName}};`
  );
}

/** The name the helper chunk exports its function under (`export { x as t }`, minified or not). */
const HELPER_EXPORT = /export\s*\{\s*[\w$]+\s+as\s+([\w$]+)\s*\}\s*;?\s*$/;

/** The Vite plugin (client build only) that replaces the preload helper's chunk. */
export function leanPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'lean-preload-helper',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    // Astro sets `build.modulePreload` itself (no polyfill); merged here, after its own.
    config: () => ({ build: { modulePreload: { resolveDependencies: preloadedDependencies } } }),
    configResolved(config) {
      base = config.base;
    },
    renderChunk(code, chunk) {
      if (!chunk.moduleIds.includes(PRELOAD_HELPER_ID)) return null;
      if (!base.startsWith('/'))
        throw new Error(`lean-preload-helper: the site's base must be absolute, not "${base}"`);
      const exported = HELPER_EXPORT.exec(code)?.[1];
      if (chunk.moduleIds.length !== 1 || exported === undefined)
        throw new Error(
          `lean-preload-helper: Vite's preload helper is no longer a chunk of its own exporting one function (${chunk.fileName}); ` +
            'its replacement must be looked at again',
        );
      return { code: leanHelper(base, exported), map: null };
    },
  };
}
