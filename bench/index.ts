import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureCrashVolume, printCrashVolume } from './crash-volume.ts';
import { demoSeedRows, measureDemoSeed } from './demo-seed.ts';
import { analysisStatisticsRows, measureAnalysisStatistics } from './analysis-statistics.ts';
import { measureBackofficeJavascript } from '../scripts/shipped-javascript/backoffice.ts';
import { measureWizardJavascript } from '../scripts/shipped-javascript/wizard.ts';
import { printBackofficeJavascript } from './backoffice-javascript.ts';
import { claimSubmitRows, measureClaimSubmit } from './claim-submit.ts';
import { measureFaq, printFaq } from './faq.ts';
import { printFuzzRun, runFuzzSuite } from './fuzz.ts';
import { runInpSection } from './inp-flow.ts';
import { LIGHTHOUSE_LANGUAGES, runLighthouseSection, scenariosOfPages } from './lighthouse.ts';
import { liveIngestionRows, measureLiveIngestion } from './live-ingestion.ts';
import { measurePageWeights, printPageWeights } from './page-weight.ts';
import { pageSpeedRows } from './page-speed-rows.ts';
import { measureQuestionBox, questionBoxRows } from './question-box.ts';
import { ROOT } from './processes.ts';
import { type BenchResults, type BenchRow, describeMachine, formatTable, writeResults } from './results.ts';
import { measureSiteBuild, printSiteJavascript, siteBuildRows } from './site-build.ts';
import { measureS3Upload, s3UploadRows } from './upload-s3.ts';
import { printWizardJavascript } from './wizard-javascript.ts';

/**
 * `npm run bench`: each figure against a reference measured in the same run,
 * printed as one table and written to bench/results.json with the machine, then the generated
 * hostile input run. The informative sections (JavaScript shipped, page weights, Lighthouse, the
 * FAQ assistant) print as they complete.
 *
 * BENCH_QUICK=1: small sizes everywhere (a few seconds of load, thousands of records instead of
 * millions, two brands built instead of all), to try the bench; its figures are not the record,
 * and it writes its JSON to the temporary folder instead. BENCH_ONLY=build,pages,inp,upload,claims,live,statistics,
 * demo,questions,faq,crash,fuzz runs only the sections named (`pages`: the JavaScript, page weights and Lighthouse
 * of the built site, `inp`: the Lighthouse user flow over the wizard; both need `build`).
 * BENCH_PAGES=home,faq and BENCH_LANGS=fr,en narrow Lighthouse as `--pages` and `--langs` do
 * (BENCH_LANGS also picks the browser languages of the user flow, French alone by default).
 */

const quick = process.env['BENCH_QUICK'] === '1';
const only = process.env['BENCH_ONLY']?.split(',').map((name) => name.trim());
const rows: BenchRow[] = [];
const failures: BenchResults['failures'] = [];
const started = performance.now();

function wanted(key: string): boolean {
  return only === undefined || only.includes(key);
}

/** Runs a section; one that cannot run here is reported and the bench goes on. */
async function section(key: string, title: string, run: () => Promise<BenchRow[]>): Promise<void> {
  if (!wanted(key)) return;
  const sectionStarted = performance.now();
  console.log(`${title}…`);
  try {
    const measured = await run();
    rows.push(...measured);
    for (const row of measured)
      console.log(`  ${row.name}: ${row.value.toFixed(1)} ${row.unit} (reference ${row.reference.value.toFixed(1)})`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push({ group: title, error: message.split('\n')[0] ?? message });
    console.log(`  could not run: ${message}`);
  }
  console.log(`  (${((performance.now() - sectionStarted) / 1000).toFixed(0)} s)`);
}

// The site is built into a temporary folder, never into dist/ (which the server and tests use).
const buildRoot = mkdtempSync(join(tmpdir(), 'claim-portal-bench-build-'));
try {
  await section('build', 'Static site build against an empty-layout build of the same routes', async () => {
    const build = await measureSiteBuild({ quick, outRoot: buildRoot });
    const measured = siteBuildRows(build);
    const distDir = build.distDir;
    if (!quick && wanted('pages')) {
      printSiteJavascript(distDir);
      printWizardJavascript(await measureWizardJavascript(ROOT, distDir));
      printPageWeights(await measurePageWeights(distDir));
      printBackofficeJavascript(measureBackofficeJavascript(distDir));
      // Page speed: the Lighthouse section prints its own figures (bench/lighthouse.ts).
      const scenarios = scenariosOfPages(process.env['BENCH_PAGES'] ?? 'all', process.env['BENCH_LANGS'] ?? 'all');
      measured.push(...pageSpeedRows(await runLighthouseSection(distDir, undefined, scenarios)));
    }
    // Typing stays instant: the user flow over the wizard (bench/inp-flow.ts) prints its own figures.
    if (!quick && wanted('inp')) {
      const named = (process.env['BENCH_LANGS'] ?? 'fr').split(',').map((name) => name.trim());
      const langs = LIGHTHOUSE_LANGUAGES.filter((lang) => named.includes('all') || named.includes(lang));
      measured.push(...(await runInpSection(distDir, langs)));
    }
    return measured;
  });
} finally {
  rmSync(buildRoot, { recursive: true, force: true });
}

await section('upload', 'Proof upload to S3 against a plain S3 PUT of the same bytes', async () =>
  s3UploadRows(await measureS3Upload({ quick })),
);

await section('claims', 'Claim submit on PostgreSQL (3 processes) and PGlite', async () =>
  claimSubmitRows(await measureClaimSubmit({ quick })),
);

await section('live', 'Live events into records across 3 processes', async () =>
  liveIngestionRows(await measureLiveIngestion({ quick })),
);

await section('statistics', 'Analysis statistics against a bare count', async () =>
  analysisStatisticsRows(await measureAnalysisStatistics({ quick })),
);

await section('demo', 'Demo data at full volume on PGlite and PostgreSQL', async () =>
  demoSeedRows(await measureDemoSeed()),
);

await section('questions', "The question box's answers on PGlite with the demo data at full volume", async () =>
  questionBoxRows(await measureQuestionBox()),
);

if (wanted('faq') && !quick) printFaq(await measureFaq());

// The crash and shutdown runs at volume: SIGKILL and SIGTERM under load.
if (wanted('crash')) {
  try {
    printCrashVolume(await measureCrashVolume(quick ? { killRuns: 1, declarations: 50, sigtermRuns: 1 } : {}));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push({ group: 'Crash and shutdown at volume', error: message.split('\n')[0] ?? message });
    console.log(`Crash and shutdown at volume could not run: ${message}`);
  }
}

const results: BenchResults = {
  date: new Date().toISOString(),
  quick,
  machine: describeMachine(ROOT),
  rows,
  failures,
};
// Quick figures are not the record: they go to the temporary folder, not beside the code.
const resultsFile = quick
  ? join(tmpdir(), 'claim-portal-bench-results-quick.json')
  : join(ROOT, 'bench', 'results.json');
writeResults(resultsFile, results);
console.log('');
console.log(formatTable(results));
console.log(`Written to ${resultsFile}; ${((performance.now() - started) / 60_000).toFixed(1)} minutes.`);

if (wanted('fuzz') && !quick) printFuzzRun(runFuzzSuite());
