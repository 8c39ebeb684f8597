import type { BackofficePageJavascript } from '../scripts/shipped-javascript/backoffice.ts';

/**
 * The back office's JavaScript per page, as `npm run bench` prints it; the measure is
 * scripts/shipped-javascript/backoffice.ts.
 */
export function printBackofficeJavascript(pages: BackofficePageJavascript[]): void {
  console.log('Back office JavaScript per page (gzip: the shell, the page and its imports)');
  for (const page of pages)
    console.log(
      `  /${page.route.padEnd(22)} ${(page.bytes / 1024).toFixed(1).padStart(6)} KiB  ${page.libraries.join(', ') || '-'}`,
    );
}
