import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Rewrites every HTML page of a built site with `transform` (a build hook's step: module preloads,
 * the first screen's CSS); a page it returns unchanged is not written. Returns how many changed.
 */
export async function rewriteBuiltPages(distDir: string, transform: (html: string) => string): Promise<number> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  let changed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    const updated = transform(html);
    if (updated === html) continue;
    await writeFile(file, updated);
    changed += 1;
  }
  return changed;
}
