import { withLoadAfterPaint } from './after-paint-load.ts';
import { isCustomerPage, stylesheetSplitter, withOneInlineStyle } from './critical-css.ts';
import { withOwnInlineHashes } from './csp-hashes.ts';
import { islandRuntimeLinker } from './island-runtime.ts';
import { modulePreloader } from './modulepreload.ts';
import { precompressDirectory } from './precompress.ts';

/**
 * The build's last pass over the site in `distDir`, each file read and written once: every HTML
 * page links Astro's island script as a file (scripts/island-runtime.ts) and gets its module
 * preloads (scripts/modulepreload.ts); a customer page then inlines its first screen's CSS in one
 * `<style>` (scripts/critical-css.ts), loads its scripts and its whole stylesheet after its first
 * paint (scripts/after-paint-load.ts) and allows by hash only its own inline code
 * (scripts/csp-hashes.ts); then every text file gets its brotli and gzip copies
 * (scripts/precompress.ts). Returns how many files got compressed copies.
 */
export async function finishBuiltSite(distDir: string): Promise<number> {
  const linkRuntime = islandRuntimeLinker(distDir);
  const preload = modulePreloader(distDir);
  const split = stylesheetSplitter(distDir);
  return precompressDirectory(distDir, (html) => {
    const page = split(preload(linkRuntime(html)));
    return isCustomerPage(page) ? withOwnInlineHashes(withOneInlineStyle(withLoadAfterPaint(page))) : page;
  });
}
