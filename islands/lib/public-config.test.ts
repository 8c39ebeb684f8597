import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The browser's build-time settings are read in one module (public-config.ts): a setting's name,
 * meaning and default are then found in one place. No lint rule sees `import.meta.env` in Astro
 * files, so this test reads the sources of the three browser folders.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['islands', 'site', 'backoffice'];
const CONFIG_MODULE = 'islands/lib/public-config.ts';
const SOURCE = /\.(ts|tsx|astro|js|mjs)$/;
/** `import.meta.env`, however it is spelled (member, index or destructuring all start so). */
const ENV_READ = /import\.meta\s*\.\s*env\b/;

function sourcesOf(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => SOURCE.test(path) && !path.split('/').includes('node_modules'))
    .map((path) => `${folder}/${path}`);
}

describe('The browser configuration module', () => {
  it('When a browser source reads import.meta.env, then it is islands/lib/public-config.ts', () => {
    const readers = FOLDERS.flatMap(sourcesOf).filter(
      (path) =>
        path !== CONFIG_MODULE && !path.endsWith('.test.ts') && ENV_READ.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    expect(readers).toEqual([]);
  });

  it('When the configuration module is read, then it reads every setting site/env.d.ts declares', () => {
    const declared = [...readFileSync(join(ROOT, 'site/env.d.ts'), 'utf8').matchAll(/readonly (PUBLIC_\w+)/g)].map(
      (match) => match[1],
    );
    const config = readFileSync(join(ROOT, CONFIG_MODULE), 'utf8');
    // PUBLIC_SITE_URL is the build's own (astro.config.mjs): no browser code reads it.
    expect(declared.filter((name) => name !== 'PUBLIC_SITE_URL' && !config.includes(`env.${name}`))).toEqual([]);
  });
});
