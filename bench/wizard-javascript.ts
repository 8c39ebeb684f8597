import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureWizardJavascript, type WizardJavascript } from '../scripts/shipped-javascript/wizard.ts';

/**
 * The declaration wizard's JavaScript against the React floor, as `npm run bench` prints it; the
 * measure is scripts/shipped-javascript/wizard.ts. Alone: `node bench/wizard-javascript.ts` (reads dist/).
 */

const kibibytes = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KiB`;
const kibibytesAndBytes = (bytes: number) => `${kibibytes(bytes)} (${bytes.toLocaleString('en')} B)`;

/** Prints the figures, with the five largest pieces of each page to show where the bytes go. */
export function printWizardJavascript(figures: WizardJavascript): void {
  console.log(`Declaration wizard JavaScript before interaction (gzip), goal ≤ ${figures.goal} × the React floor`);
  console.log(`  React floor (createRoot + one element): ${kibibytesAndBytes(figures.reactFloorBytes)}`);
  for (const page of figures.pages) {
    const verdict = page.meetsGoal ? 'meets the goal' : 'OVER the goal';
    console.log(
      `  /${page.page.padEnd(30)} ${kibibytesAndBytes(page.bytes).padEnd(22)} ${page.ratio.toFixed(2)} × floor  ${verdict}`,
    );
    for (const piece of page.pieces.slice(0, 5)) console.log(`      ${kibibytes(piece.bytes)}  ${piece.name}`);
  }
  for (const page of figures.missingPages) console.log(`  /${page.padEnd(30)} not built (no dist/${page}/index.html)`);
}

if (import.meta.main) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  printWizardJavascript(await measureWizardJavascript(root));
}
