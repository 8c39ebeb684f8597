import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureAnalysisStatistics, printAnalysisStatistics } from './analysis-statistics.ts';
import { measureBackofficeJavascript, printBackofficeJavascript } from './backoffice-javascript.ts';
import { measureClaimSubmissions } from './claims.ts';
import { measureFaq, printFaq } from './faq.ts';
import { printFuzzRun, runFuzzSuite } from './fuzz.ts';
import { runLighthouseSection } from './lighthouse.ts';
import { measurePageWeights, printPageWeights } from './page-weight.ts';
import { measureSiteBuild } from './site-build.ts';
import { measureLiveIngestion, printLiveIngestion } from './live-ingestion.ts';
import { measureUploadThroughput } from './upload.ts';
import { measureWizardJavascript, printWizardJavascript } from './wizard-javascript.ts';

/** `npm run bench`: prints the figures of the performance targets (never asserted by timed tests). */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

console.log('Static site build');
const build = measureSiteBuild(root);
console.log(`  pages built:            ${build.pages}`);
console.log(`  build seconds:          ${build.seconds.toFixed(1)}`);
console.log('  JavaScript shipped (gzip), by kind of page:');
for (const [kind, bytes] of Object.entries(build.javascript)) {
  console.log(`    ${kind.padEnd(72)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB`);
}

printWizardJavascript(await measureWizardJavascript(root));

printPageWeights(await measurePageWeights(join(root, 'dist')));

printBackofficeJavascript(measureBackofficeJavascript(join(root, 'dist')));

await runLighthouseSection(join(root, 'dist'));

console.log('Proof upload (30 MB PDF over loopback, 5 runs)');
const upload = await measureUploadThroughput();
console.log(`  upload MB/s:            ${upload.uploadMBps.toFixed(0)}`);
console.log(`  disk write MB/s:        ${upload.diskMBps.toFixed(0)} (synced: ${upload.syncedDiskMBps.toFixed(0)})`);
console.log(`  upload / disk write:    ${upload.ratio.toFixed(2)} (synced: ${upload.syncedRatio.toFixed(2)})`);

console.log('Claim submissions (POST sinistres on embedded PGlite, 10 connections over loopback)');
const claimSubmits = await measureClaimSubmissions();
console.log(
  `  new claims / s:         ${claimSubmits.newClaimsPerSecond.toFixed(0)} (${claimSubmits.newClaimsTotal} claims)`,
);
console.log(`  new claims p99 ms:      ${claimSubmits.newClaimsP99Ms.toFixed(0)}`);
console.log(`  retried submits / s:    ${claimSubmits.retriesPerSecond.toFixed(0)}`);
console.log(`  retried submits p99 ms: ${claimSubmits.retriesP99Ms.toFixed(0)}`);
console.log(`  failed answers:         ${claimSubmits.newClaimsFailures + claimSubmits.retriesFailures}`);

printLiveIngestion(await measureLiveIngestion());

printAnalysisStatistics(await measureAnalysisStatistics());

printFaq(await measureFaq());

printFuzzRun(runFuzzSuite());
