import { build } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * `import code from './module.ts?inline-script'`: the module and everything it imports, bundled
 * and minified into one classic script's text (an IIFE), for a page to inline with
 * `<script is:inline set:html={code} />` and allow by its CSP hash. A script that must run before
 * any module loads is thus written in TypeScript, with the same functions as the modules that
 * share its job, instead of by hand in a string. Bundled by the same rolldown as the site.
 */

const QUERY = '?inline-script';

/** A text the HTML parser would end or change inside `<script>`. */
const UNSAFE_IN_SCRIPT = /<\/script|<!--/i;

export function inlineScript(): Plugin {
  return {
    name: 'inline-script',
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const output = await build({
        input: id.slice(0, -QUERY.length),
        write: false,
        platform: 'browser',
        logLevel: 'silent',
        output: { format: 'iife', minify: true },
      });
      const [chunk, ...others] = output.output;
      if (chunk === undefined || chunk.type !== 'chunk' || others.length > 0)
        throw new Error(`${id}: an inline script must bundle into one chunk, with no import()`);
      for (const module of chunk.moduleIds) if (!module.startsWith('\0')) this.addWatchFile(module);
      const code = chunk.code.trim();
      if (UNSAFE_IN_SCRIPT.test(code)) throw new Error(`${id}: the bundled script holds "</script" or "<!--"`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
