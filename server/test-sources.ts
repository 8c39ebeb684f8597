import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('.', import.meta.url));

/**
 * Every source file of the server, its path relative to server/ and its code: what the checks of
 * how the server is written read. Tests, their helpers and the fuzz suite are left out.
 */
export function serverSources(): { path: string; code: string }[] {
  return readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !/(^|\/)test-[^/]*$/.test(path))
    .filter((path) => !path.startsWith('fuzz/'))
    .map((path) => ({ path, code: readFileSync(join(SERVER, path), 'utf8') }));
}
