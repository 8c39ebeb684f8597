import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const HOOK = resolve('scripts/module-resolution.ts');

/** Runs `main.mjs` of `folder` on Node, with or without the hook, and answers what it printed. */
async function printed(folder: string, withHook: boolean): Promise<string> {
  const env = { ...process.env, NODE_OPTIONS: '' };
  const args = [...(withHook ? ['--import', HOOK] : []), 'main.mjs'];
  const { stdout } = await run(process.execPath, args, { cwd: folder, env });
  return stdout;
}

function write(folder: string, path: string, text: string): void {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), text);
}

describe('Resolving the files of installed packages', () => {
  let folder: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'module-resolution-'));
    // ES package: relative imports, one of them through a symlinked folder, one to a missing file.
    write(folder, 'node_modules/es/package.json', '{ "name": "es", "type": "module", "exports": "./index.js" }');
    write(
      folder,
      'node_modules/es/index.js',
      "import { value } from './lib/value.js';\nimport { value as linked } from './linked/value.js';\n" +
        'export const same = value === linked;\nexport { value };\n' +
        "export const missing = await import('./lib/missing.js').then(() => 'found', (error) => error.code);\n" +
        "export const folderImport = await import('./lib/').then(() => 'found', (error) => error.code);\n",
    );
    write(
      folder,
      'node_modules/es/lib/value.js',
      'export const value = { from: import.meta.url.split("/node_modules/")[1] };\n',
    );
    symlinkSync(join(folder, 'node_modules/es/lib'), join(folder, 'node_modules/es/linked'));
    // CommonJS package imported from ES: its relative `.js` files are CommonJS.
    write(folder, 'node_modules/cjs/package.json', '{ "name": "cjs", "type": "commonjs", "main": "index.js" }');
    write(folder, 'node_modules/cjs/index.js', "module.exports = { inner: require('./inner.js') };\n");
    write(folder, 'node_modules/cjs/inner.js', 'module.exports = typeof require;\n');
    write(folder, 'node_modules/cjs/es-entry.mjs', "import inner from './inner.js';\nexport default inner;\n");
    // A package that declares no type: Node tells ES syntax from CommonJS by itself.
    write(folder, 'node_modules/untyped/package.json', '{ "name": "untyped", "exports": "./index.mjs" }');
    write(folder, 'node_modules/untyped/index.mjs', "export { detected } from './detected.js';\n");
    write(folder, 'node_modules/untyped/detected.js', 'export const detected = typeof module;\n');
    write(
      folder,
      'main.mjs',
      "const es = await import('es');\nconst cjs = await import('cjs');\n" +
        "const cjsFromEs = await import('cjs/es-entry.mjs').catch((error) => error.code);\n" +
        "const untyped = await import('untyped');\n" +
        'console.log(JSON.stringify({ es: { ...es }, cjs: cjs.default, cjsFromEs: cjsFromEs.default ?? cjsFromEs, untyped: { ...untyped } }));\n',
    );
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('When a process loads packages with the hook, then it gets what Node gives without it, errors included', async () => {
    const [withHook, without] = await Promise.all([printed(folder, true), printed(folder, false)]);
    expect(withHook).toBe(without);
    // And the cases are the ones meant: a symlinked file is one module, missing files and folders
    // fail with Node's codes, CommonJS stays CommonJS, an untyped package is detected.
    expect(JSON.parse(without)).toEqual({
      es: {
        same: true,
        value: { from: 'es/lib/value.js' },
        missing: 'ERR_MODULE_NOT_FOUND',
        folderImport: 'ERR_UNSUPPORTED_DIR_IMPORT',
      },
      cjs: { inner: 'function' },
      cjsFromEs: 'function',
      untyped: { detected: 'undefined' },
    });
  });

  it('When the server’s modules load with the hook, then they export what they export without it', async () => {
    write(
      folder,
      'main.mjs',
      `const modules = await Promise.all([import(${JSON.stringify(resolve('server/app.ts'))}), import(${JSON.stringify(resolve('server/db/schema.ts'))})]);\n` +
        'console.log(JSON.stringify(modules.map((module) => Object.keys(module).sort())));\n',
    );
    const [withHook, without] = await Promise.all([printed(folder, true), printed(folder, false)]);
    expect(withHook).toBe(without);
    expect(JSON.parse(withHook)[0]).toContain('createApp');
  });
});
