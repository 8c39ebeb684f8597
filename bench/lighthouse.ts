import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, consentCookie } from '../scripts/browser.ts';
import { CUSTOMER_ROUTES, isIndexedRoute } from '../contracts/routes.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import {
  LIGHTHOUSE_CATEGORIES,
  LIGHTHOUSE_GOALS,
  type LighthouseFigures,
  medianRun,
  NOISY_CPU_FACTOR,
  noisyRuns,
  PAINT_RATIO_GOAL,
  type PaintRatio,
  pageGoalsMissed,
  paintRatio,
  type ScoredCategory,
  type ScoreSpread,
  scoreSpreads,
  summariseLighthouseResult,
  worstRun,
} from './lighthouse-summary.ts';
import { startServerProcess } from './server-process.ts';
import { type DraftStep, type JourneyLanguage, prepareDeclarationDraft, prepareFollowUp } from './wizard-journey.ts';

/**
 * Lighthouse scores of the customer pages, as a phone visitor gets them: Lighthouse's default
 * (mobile) configuration, with its simulated throttling, against the real server serving `dist/`.
 */

/** The browser languages audited: a French visitor, and one in another language (Lighthouse's default). */
export const BROWSER_LANGUAGES = {
  fr: 'fr-FR,fr',
  en: 'en-US,en',
} as const satisfies Record<JourneyLanguage, string>;
export type BrowserLanguage = keyof typeof BROWSER_LANGUAGES;

/** A page as audited, in any browser language. */
export interface LighthousePage {
  /** The page template audited (`--pages` selects by it). Example: "mentions-legales". */
  template: string;
  /** Printed after the path. */
  name: string;
  /**
   * The unprefixed address a partner links to: a browser in another language is answered there in
   * its language (or, before the server negotiates it, sent on to `/<brand>/<lang>/…` after loading).
   */
  path: string;
  /** Whether the visitor already answered the cookie banner (the `cc_cookie` cookie is set). */
  consented: boolean;
  /**
   * Walks the wizard to this step first, so the page opens with a claim draft instead of
   * redirecting; `'submitted'` sends the claim, for the confirmation page.
   */
  draftStep?: DraftStep;
  /** Follows a demo claim first (number and name on suivre-dossier), so client-file opens it. */
  followingClaim?: boolean;
  /** The machine's floor (FLOOR_HTML, served apart): measured beside the pages, held to no goal. */
  reference?: boolean;
}

/** A page audited in one browser language (`--accept-lang` of the Chrome launched for each run). */
export interface LighthouseScenario extends LighthousePage {
  lang: BrowserLanguage;
}

/**
 * The floor page: a heading, a paragraph and a one-field form, without style, script or picture.
 * Lighthouse's simulated throttling multiplies by 4 the work it sees Chromium do, and on a small
 * machine Chromium's own work (a new tab's JavaScript context, its first font look-ups) is already
 * hundreds of milliseconds: this page shows how many points no page can win here.
 */
const FLOOR_HTML = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Déclarer un sinistre</title><meta name="description" content="Déclarez votre sinistre en ligne, en quelques minutes."></head>
<body><main><h1>Déclarer un sinistre</h1>
<p>Saisissez votre numéro d'assuré pour commencer votre déclaration : il figure sur votre contrat.</p>
<form action="/floor"><label for="numero">Numéro d'assuré</label> <input id="numero" name="numero"> <button>Suivant</button></form>
</main></body></html>`;

/** Where the floor's own server answers FLOOR_HTML (it answers it at any path). */
export const FLOOR_PATH = '/floor';

/** The floor page of the section, audited first, once: it has no language to negotiate. */
export const FLOOR_SCENARIO: LighthouseScenario = {
  template: 'floor',
  name: 'reference: text and a one-field form, no style, script or picture',
  path: FLOOR_PATH,
  consented: false,
  reference: true,
  lang: 'fr',
};

const FIRST_VISIT = 'first visit (cookie banner shown)';

/** A wizard step opened with a claim draft (without one it sends the visitor back to declare-sinistre). */
const stepWithDraft = (step: 1 | 2 | 3 | 4 | 5): LighthousePage => ({
  template: 'steps',
  name: 'with a claim draft',
  path: `/veligo/declare-step${step}`,
  consented: true,
  draftStep: step,
});

/** Every customer page template, on a new visitor's first load, then the declaration's other cases. */
export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { template: 'home', name: FIRST_VISIT, path: '/veligo', consented: false },
  { template: 'declare-sinistre', name: FIRST_VISIT, path: '/veligo/declare-sinistre', consented: false },
  // The steps are audited with a draft, so by a visitor who has been here before and answered the banner.
  stepWithDraft(1),
  stepWithDraft(2),
  stepWithDraft(3),
  stepWithDraft(4),
  stepWithDraft(5),
  // Without a claim just sent it sends the visitor on: audited after a submit.
  {
    template: 'confirmation',
    name: 'after a claim was sent',
    path: '/veligo/confirmation-sinistre',
    consented: true,
    draftStep: 'submitted',
  },
  { template: 'suivre-dossier', name: FIRST_VISIT, path: '/veligo/suivre-dossier', consented: false },
  // client-file without a followed claim sends the visitor back to suivre-dossier: it is audited
  // for a visitor who has just followed one (and answered the banner to do so).
  {
    template: 'client-file',
    name: 'following a claim',
    path: '/veligo/client-file',
    consented: true,
    followingClaim: true,
  },
  { template: 'claim', name: FIRST_VISIT, path: '/veligo/claim', consented: false },
  { template: 'claim-step1', name: FIRST_VISIT, path: '/veligo/claim-step1', consented: false },
  { template: 'contact', name: FIRST_VISIT, path: '/veligo/contact', consented: false },
  // Another brand: its own theme and logo in the page.
  { template: 'contact', name: `${FIRST_VISIT}, brand sandaya`, path: '/sandaya/contact', consented: false },
  { template: 'find-my-number', name: FIRST_VISIT, path: '/veligo/find-my-number', consented: false },
  { template: 'faq', name: FIRST_VISIT, path: '/veligo/faq', consented: false },
  { template: 'mentions-legales', name: FIRST_VISIT, path: '/veligo/mentions-legales', consented: false },
  {
    template: 'politique-confidentialite',
    name: 'first visit (no banner on this page)',
    path: '/veligo/politique-confidentialite',
    consented: false,
  },
  // The 404 page is not here: Lighthouse refuses to score a page answered with an error status
  // (ERRORED_DOCUMENT_REQUEST). `bench/page-weight.ts` weighs it.
  {
    template: 'declare-sinistre',
    name: 'returning visitor (banner answered)',
    path: '/veligo/declare-sinistre',
    consented: true,
  },
];

/** The browser languages `--langs` accepts. */
export const LIGHTHOUSE_LANGUAGES = Object.keys(BROWSER_LANGUAGES) as BrowserLanguage[];

/** The floor, then each page in each browser language (a page's languages side by side). */
function scenariosOf(pages: readonly LighthousePage[], langs: readonly BrowserLanguage[]): LighthouseScenario[] {
  return [FLOOR_SCENARIO, ...pages.flatMap((page) => langs.map((lang) => ({ ...page, lang })))];
}

/** Every scenario of a full pass: the floor, then every page for a French and an English browser. */
export const LIGHTHOUSE_SCENARIOS: LighthouseScenario[] = scenariosOf(LIGHTHOUSE_PAGES, LIGHTHOUSE_LANGUAGES);

/** The templates `--pages` accepts, in the order they are audited. */
export const LIGHTHOUSE_TEMPLATES = [...new Set(LIGHTHOUSE_PAGES.map((page) => page.template))];

/** The names of a comma-separated option (`all` or empty: none named, so every one). */
function namesOf(option: string): string[] {
  return option
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'all');
}

/**
 * The scenarios of the templates named in a `--pages` value, in the browser languages of a `--langs`
 * value (comma-separated; `all` or empty for every one). An unknown name throws with the known ones.
 * The floor comes with any selection: the pages' figures are read against it.
 */
export function scenariosOfPages(pages: string, langs = 'all'): LighthouseScenario[] {
  const wanted = namesOf(pages);
  const unknown = wanted.filter((name) => !LIGHTHOUSE_TEMPLATES.includes(name));
  if (unknown.length > 0)
    throw new Error(`--pages: unknown ${unknown.join(', ')} (known: ${LIGHTHOUSE_TEMPLATES.join(', ')})`);
  const wantedLangs = namesOf(langs);
  const unknownLangs = wantedLangs.filter((name) => !(LIGHTHOUSE_LANGUAGES as string[]).includes(name));
  if (unknownLangs.length > 0)
    throw new Error(`--langs: unknown ${unknownLangs.join(', ')} (known: ${LIGHTHOUSE_LANGUAGES.join(', ')})`);
  return scenariosOf(
    wanted.length === 0 ? LIGHTHOUSE_PAGES : LIGHTHOUSE_PAGES.filter((page) => wanted.includes(page.template)),
    wantedLangs.length === 0 ? LIGHTHOUSE_LANGUAGES : (wantedLangs as BrowserLanguage[]),
  );
}

/**
 * Runs a page: the goal must hold in each of them, so the worst is reported beside the median. Five
 * show a slow run that three would often miss, at about 20 s each.
 */
export const LIGHTHOUSE_RUNS = 5;

/**
 * About how long one run takes on 2 quiet cores (Chrome's start, the audit), and a prepared
 * profile's walk more. A busy machine takes about twice as long.
 */
const SECONDS_PER_RUN = 22;
const SECONDS_PER_PREPARATION = 8;

/** About how long a pass takes, in seconds: the warm-up, then each scenario's runs. */
export function estimatedSeconds(scenarios: readonly LighthouseScenario[], runs: number): number {
  const perRun = (scenario: LighthouseScenario) =>
    SECONDS_PER_RUN + (scenario.draftStep === undefined && !scenario.followingClaim ? 0 : SECONDS_PER_PREPARATION);
  return 10 + scenarios.reduce((total, scenario) => total + runs * perRun(scenario), 0);
}

/** How a scenario is named on a line: its path and browser language (the floor has none). */
export function scenarioLabel(scenario: LighthouseScenario): string {
  return scenario.reference ? scenario.path : `${scenario.path} (${scenario.lang} browser)`;
}

/**
 * Headless Chromium as `scripts/browser.ts` launches it for the tests, speaking the scenario's
 * language: `--accept-lang` sets both the `Accept-Language` header and `navigator.languages`.
 */
const chromeFlags = (lang: BrowserLanguage) => [
  '--headless',
  ...CHROMIUM_ARGS,
  `--accept-lang=${BROWSER_LANGUAGES[lang]}`,
];

/** A journey step that does not find what it looks for gives up after this, not Playwright's 30 s. */
const PREPARATION_TIMEOUT_MS = 10_000;

/** The wizard journey could not create the draft: the UI differs from `bench/wizard-journey.ts`. */
class PreparationError extends Error {}

/**
 * Lighthouse finished but could not score the page. Some such errors are flukes of trace recording
 * (NO_NAVSTART came once in about twenty runs here), so a run that ends with one is tried again once.
 */
class LighthouseRunError extends Error {}

export interface LighthouseScenarioResult {
  scenario: LighthouseScenario;
  /** The runs that completed, in order. */
  runs: LighthouseFigures[];
  /** The run of median performance; undefined when none completed. */
  median: LighthouseFigures | undefined;
  /** The run of lowest performance; undefined when none completed. */
  worst: LighthouseFigures | undefined;
  /** Why the runs stopped early, if they did. */
  failure?: string | undefined;
}

/** The installed Lighthouse, printed with its figures: scores move between its versions. */
const LIGHTHOUSE_VERSION: string = createRequire(import.meta.url)('lighthouse/package.json').version;

/** With `LIGHTHOUSE_REPORT_DIR` set, each run's whole Lighthouse report (JSON) is written there. */
const REPORT_DIR = process.env['LIGHTHOUSE_REPORT_DIR'];

export function launchChrome(lang: BrowserLanguage): Promise<LaunchedChrome> {
  // chrome-launcher leaves a failed spawn as an unhandled 'error' event, which ends the process.
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  return launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: chromeFlags(lang),
    logLevel: 'silent',
  });
}

/** A failure in one line: Playwright's first line and the locator it was waiting for. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Playwright colours its call log.
  const plain = error.message.replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain.split('\n').map((line) => line.trim());
  const waitingFor = lines.find((line) => line.startsWith('- waiting for'))?.slice(2);
  return [lines[0], waitingFor].filter(Boolean).join(' — ');
}

/**
 * Sets the browser profile up before the audit, through Playwright connected over CDP: the consent
 * cookie, and for a wizard step the journey that saves a claim draft (for client-file, the claim followed). Lighthouse then runs with
 * `disableStorageReset`, which keeps the draft but also every cache the journey filled; those are
 * emptied here so the audited page still loads as on a visitor's first view of it.
 */
async function prepareProfile(chrome: LaunchedChrome, baseUrl: string, scenario: LighthouseScenario): Promise<void> {
  if (!scenario.consented && scenario.draftStep === undefined && !scenario.followingClaim) return;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error('the launched Chrome has no default browser context');
    if (scenario.consented) await context.addCookies([consentCookie(baseUrl)]);
    if (scenario.draftStep === undefined && !scenario.followingClaim) return;
    const page = await context.newPage();
    page.setDefaultTimeout(PREPARATION_TIMEOUT_MS);
    try {
      if (scenario.draftStep !== undefined)
        await prepareDeclarationDraft(page, baseUrl, scenario.draftStep, scenario.lang);
      else await prepareFollowUp(page, baseUrl, scenario.lang);
    } catch (error) {
      throw new PreparationError(describeFailure(error));
    }
    await emptyCachesAfterJourney(page, baseUrl);
  } finally {
    // Disconnects Playwright only: the Chrome it connected to keeps running for Lighthouse.
    await browser.close();
  }
}

/**
 * Ends a journey's page and empties what it left in the browser's caches: the HTTP cache, and the
 * origin's service worker and the files it stored. The page is closed first: while it is open it
 * still loads what it fetches after its first paint and its service worker still stores files, so
 * a cache emptied beside it fills again and the audited page takes part of its files from the
 * disk. The caches are emptied from a blank page of the same browser context; the journey's
 * cookies and local storage stay.
 */
export async function emptyCachesAfterJourney(page: Page, baseUrl: string): Promise<void> {
  const context = page.context();
  const origin = new URL(baseUrl).origin;
  await page.close();
  const blank = await context.newPage();
  try {
    const session = await context.newCDPSession(blank);
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
    await session.send('Network.clearBrowserCache');
  } finally {
    await blank.close();
  }
}

/** The customer route a scenario's path names (its last segment; a brand's bare prefix is its home). */
function routeOf(path: string): string {
  const last = new URL(path, 'http://portal.invalid').pathname.split('/').filter(Boolean).at(-1);
  return last !== undefined && (CUSTOMER_ROUTES as readonly string[]).includes(last) ? last : 'home';
}

/** One Lighthouse run in a fresh Chrome profile. */
async function auditOnce(baseUrl: string, scenario: LighthouseScenario): Promise<LighthouseFigures> {
  const chrome = await launchChrome(scenario.lang);
  try {
    await prepareProfile(chrome, baseUrl, scenario);
    const result = await lighthouse(`${baseUrl}${scenario.path}`, {
      port: chrome.port,
      logLevel: 'silent',
      output: 'json',
      onlyCategories: Object.keys(LIGHTHOUSE_CATEGORIES),
      disableStorageReset: true,
      // A page search engines are not to list (a step, a confirmation, a claim's page) says
      // `noindex` on purpose: Lighthouse's crawlability audit would count that against its SEO
      // score. Its other SEO audits (title, description, links, status) still apply.
      ...(isIndexedRoute(routeOf(scenario.path)) ? {} : { skipAudits: ['is-crawlable'] }),
    });
    if (result === undefined) throw new Error('Lighthouse returned no result');
    const { runtimeError } = result.lhr;
    if (runtimeError !== undefined) throw new LighthouseRunError(`${runtimeError.code}: ${runtimeError.message}`);
    if (REPORT_DIR !== undefined) {
      // Every run's whole report, to read what cost points (long tasks, boot-up time per script).
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${scenario.template}-${scenario.lang}-${scenario.consented ? 'consented' : 'first'}-${Date.now()}.json`;
      writeFileSync(join(REPORT_DIR, name), JSON.stringify(result.lhr));
    }
    return summariseLighthouseResult(result.lhr);
  } finally {
    chrome.kill();
  }
}

/**
 * Loads every audited page once in a throwaway Chrome before the first measured run, so that run
 * does not alone pay for cold disk caches (Chromium's own files, the built site) and an unwarmed server.
 */
async function warmUp(baseUrl: string, scenarios: LighthouseScenario[]): Promise<void> {
  for (const lang of new Set(scenarios.map((scenario) => scenario.lang))) {
    const chrome = await launchChrome(lang);
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]?.newPage();
      // A wizard step without a draft redirects as it loads, which may interrupt the next visit: fine here.
      for (const path of new Set(scenarios.filter((s) => s.lang === lang).map((scenario) => scenario.path)))
        await page?.goto(`${baseUrl}${path}`, { waitUntil: 'load' }).catch(() => undefined);
      await browser.close();
    } finally {
      chrome.kill();
    }
  }
}

export interface LighthouseOptions {
  /** The built site served, `dist/` of the checkout. */
  distDir: string;
  scenarios?: LighthouseScenario[];
  runs?: number;
  /**
   * Called as each scenario completes, to print figures while the next ones run, with the floor's
   * result when it ran first (it does whenever it is among the scenarios).
   */
  onScenario?: (result: LighthouseScenarioResult, floor: LighthouseScenarioResult | undefined) => void;
}

/**
 * Audits each scenario `runs` times against the real server (port 0, throwaway data folder). A
 * scenario whose preparation or audit fails stops there with `failure` set; the others still run.
 */
export async function measureLighthouse(options: LighthouseOptions): Promise<LighthouseScenarioResult[]> {
  const { distDir, scenarios = LIGHTHOUSE_SCENARIOS, runs = LIGHTHOUSE_RUNS, onScenario } = options;
  // Its own process, seeded as `npm start` seeds: Lighthouse's work here does not slow its answers.
  const portal = await startServerProcess(distDir);
  const floor = scenarios.some((scenario) => scenario.reference) ? await startFloorServer() : undefined;
  const baseUrlOf = (scenario: LighthouseScenario) => (scenario.reference && floor ? floor.baseUrl : portal.baseUrl);
  const results: LighthouseScenarioResult[] = [];
  try {
    await warmUp(
      portal.baseUrl,
      scenarios.filter((scenario) => !scenario.reference),
    );
    for (const scenario of scenarios) {
      const completed: LighthouseFigures[] = [];
      let failure: string | undefined;
      let retried = false;
      while (completed.length < runs && failure === undefined) {
        try {
          completed.push(await auditOnce(baseUrlOf(scenario), scenario));
          retried = false;
        } catch (error) {
          if (error instanceof LighthouseRunError && !retried) retried = true;
          else if (error instanceof PreparationError)
            failure = `preparation failed, not audited (adjust bench/wizard-journey.ts): ${error.message}`;
          else failure = `audit failed: ${describeFailure(error)}`;
        }
      }
      const result: LighthouseScenarioResult = {
        scenario,
        runs: completed,
        median: medianRun(completed),
        worst: worstRun(completed),
        failure,
      };
      results.push(result);
      onScenario?.(
        result,
        results.find((done) => done.scenario.reference),
      );
    }
  } finally {
    await Promise.all([portal.stop(), floor?.stop()]);
  }
  return results;
}

/** Serves FLOOR_HTML on a free port of 127.0.0.1, as the portal would (compressed answers aside). */
export async function startFloorServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const scoreText = (score: number | null) => (score === null ? '–' : String(score));
const millisecondsText = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

export function printLighthouseHeader(runs: number, scenarios: readonly LighthouseScenario[]): void {
  console.log(
    `Lighthouse ${LIGHTHOUSE_VERSION}, default mobile configuration (simulated throttling), ${runs} ${runs === 1 ? 'run' : 'runs'} a page: median and worst run`,
  );
  console.log(
    `  goals, in every run: performance ≥ ${LIGHTHOUSE_GOALS.performance}, accessibility ${LIGHTHOUSE_GOALS.accessibility}, ` +
      `best practices ≥ ${LIGHTHOUSE_GOALS.bestPractices}, SEO ≥ ${LIGHTHOUSE_GOALS.seo}; ` +
      `median FCP and median LCP ≤ ${PAINT_RATIO_GOAL} × the floor's (same section)`,
  );
  const langs = [
    ...new Set(scenarios.filter((s) => !s.reference).map((s) => `${s.lang} (${BROWSER_LANGUAGES[s.lang]})`)),
  ];
  console.log(
    `  ${scenarios.length} scenarios (browser languages ${langs.join(', ')}), about ${Math.ceil(estimatedSeconds(scenarios, runs) / 60)} min on a quiet machine` +
      ' (runs whose CPU index is beyond ' +
      `${NOISY_CPU_FACTOR}× the floor's either way are flagged NOISY)`,
  );
}

const spreadText = ({ median, worst }: ScoreSpread) => `${scoreText(median)} (worst ${scoreText(worst)})`;

/** One run's metrics on a line. */
function metricsText(run: LighthouseFigures): string {
  const cls = run.cumulativeLayoutShift === null ? '–' : run.cumulativeLayoutShift.toFixed(3);
  return `FCP ${millisecondsText(run.fcpMs)}  LCP ${millisecondsText(run.lcpMs)}  TBT ${millisecondsText(run.tbtMs)}  CLS ${cls}`;
}

/** A paint metric's median and slowest run against the floor's median, on a line. */
function paintText(label: string, paint: PaintRatio | undefined): string {
  if (paint === undefined) return `${label} –`;
  return (
    `${label} median ${Math.round(paint.medianMs)} ms = ${paint.ratio.toFixed(2)} × the floor's ${Math.round(paint.floorMedianMs)} ms` +
    ` (slowest run ${paint.worstRatio.toFixed(2)} ×)`
  );
}

/**
 * Prints one scenario: median and worst score of each category, its paint against the floor's, the
 * two runs' metrics, each run's CPU index (flagging those far from the floor's), and what cost points.
 */
export function printLighthouseScenario(
  result: LighthouseScenarioResult,
  floor: LighthouseScenarioResult | undefined,
): void {
  const { scenario, median, worst, runs, failure } = result;
  console.log(`  ${scenario.template}: ${scenarioLabel(scenario)}, ${scenario.name}`);
  if (median !== undefined && worst !== undefined) {
    const spreads = scoreSpreads(runs);
    const floorRuns = scenario.reference ? undefined : floor?.runs;
    const missed = pageGoalsMissed(runs, floorRuns);
    console.log(
      `    performance ${spreadText(spreads.performance)} (runs ${runs.map((run) => scoreText(run.performance)).join(', ')})` +
        `  accessibility ${spreadText(spreads.accessibility)}  best practices ${spreadText(spreads.bestPractices)}` +
        `  SEO ${spreadText(spreads.seo)}  ${
          scenario.reference
            ? '(the floor: no goal)'
            : missed.length === 0
              ? 'meets every goal'
              : `MISSES ${missed.join(', ')}`
        }`,
    );
    if (floorRuns !== undefined)
      console.log(
        `    ${paintText('FCP', paintRatio(runs, floorRuns, 'fcpMs'))}; ${paintText('LCP', paintRatio(runs, floorRuns, 'lcpMs'))}`,
      );
    const cpu = runs.map((run) => (run.benchmarkIndex === null ? '–' : String(Math.round(run.benchmarkIndex))));
    const noisy = floorRuns === undefined ? [] : noisyRuns(runs, floorRuns);
    console.log(
      `    median run: ${metricsText(median)}  (machine CPU index by run: ${cpu.join(', ')}` +
        `${noisy.length > 0 ? `; NOISY: run ${noisy.join(', ')} far from the floor's` : ''})`,
    );
    console.log(`    worst run:  ${metricsText(worst)}`);
    const finalPath = new URL(median.finalUrl).pathname;
    if (finalPath.replace(/\/$/, '') !== scenario.path)
      console.log(`    ended on ${finalPath} (a redirect): these are that page's scores`);
    if (worst.failingAudits.length > 0) console.log('    points lost in the worst run:');
    for (const audit of worst.failingAudits) console.log(`      ${audit}`);
  }
  if (failure !== undefined) console.log(`    ${failure}`);
}

/** One scenario's verdict: its scores over its runs, its paint against the floor's, and the goals it misses. */
export interface LighthouseTemplateFigures {
  template: string;
  path: string;
  lang: BrowserLanguage;
  /** The scenario's name, e.g. "first visit (cookie banner shown)". */
  name: string;
  /** Runs that completed. */
  runs: number;
  scores: Record<ScoredCategory, ScoreSpread>;
  fcp: PaintRatio | undefined;
  lcp: PaintRatio | undefined;
  /** Every goal missed (a score in any run, a paint ratio), or why no run completed. */
  missed: string[];
  /** Why the runs stopped early, if they did. */
  failure?: string | undefined;
}

/** Each measured scenario's verdict, against the floor of the same section. */
export function lighthouseFiguresOf(results: LighthouseScenarioResult[]): LighthouseTemplateFigures[] {
  const floorRuns = results.find(({ scenario }) => scenario.reference)?.runs;
  return results
    .filter(({ scenario }) => !scenario.reference)
    .map(({ scenario, runs, failure }) => ({
      template: scenario.template,
      path: scenario.path,
      lang: scenario.lang,
      name: scenario.name,
      runs: runs.length,
      scores: scoreSpreads(runs),
      fcp: floorRuns === undefined ? undefined : paintRatio(runs, floorRuns, 'fcpMs'),
      lcp: floorRuns === undefined ? undefined : paintRatio(runs, floorRuns, 'lcpMs'),
      missed: [
        ...(runs.length === 0 ? ['no run completed'] : pageGoalsMissed(runs, floorRuns)),
        ...(failure === undefined || runs.length === 0 ? [] : ['not every run completed']),
      ],
      failure,
    }));
}

/**
 * The summary: how many scenarios meet every goal, then each other one with what it misses.
 */
export function lighthouseSummaryLines(figures: readonly LighthouseTemplateFigures[]): string[] {
  const missing = figures.filter((row) => row.missed.length > 0);
  return [
    `${figures.length - missing.length} of ${figures.length} scenarios meet every goal${missing.length > 0 ? '; not:' : ''}`,
    ...missing.map((row) => `  ${row.path} (${row.lang} browser, ${row.name}): ${row.missed.join(', ')}`),
  ];
}

/**
 * The verdicts of each scenario, printing nothing: each audited `runs` times against the built site
 * in `distDir`.
 */
export async function measureLighthouseFigures(
  distDir: string,
  options: { runs?: number; scenarios?: LighthouseScenario[] } = {},
): Promise<LighthouseTemplateFigures[]> {
  return lighthouseFiguresOf(await measureLighthouse({ distDir, ...options }));
}

/** Prints the whole Lighthouse section, scenario by scenario as they complete, and its duration. */
export async function runLighthouseSection(
  distDir: string,
  runs = LIGHTHOUSE_RUNS,
  scenarios = LIGHTHOUSE_SCENARIOS,
): Promise<LighthouseScenarioResult[]> {
  const started = performance.now();
  printLighthouseHeader(runs, scenarios);
  let results: LighthouseScenarioResult[] = [];
  try {
    results = await measureLighthouse({ distDir, runs, scenarios, onScenario: printLighthouseScenario });
  } catch (error) {
    // The rest of `npm run bench` still runs when Chrome or the server cannot start here.
    console.log(`  Lighthouse could not run: ${describeFailure(error)}`);
  }
  for (const line of lighthouseSummaryLines(lighthouseFiguresOf(results))) console.log(`  ${line}`);
  console.log(
    `  Lighthouse part took ${((performance.now() - started) / 1000).toFixed(0)} s` +
      ` (estimated ${estimatedSeconds(scenarios, runs)} s)`,
  );
  return results;
}

// `node bench/lighthouse.ts [--pages home,faq] [--langs fr,en] [--runs 3]`: builds the site if its inputs
// changed, then audits.
if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: String(LIGHTHOUSE_RUNS) },
      pages: { type: 'string', default: 'all' },
      langs: { type: 'string', default: 'all' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, not ${values.runs}`);
  const scenarios = scenariosOfPages(values.pages, values.langs);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await ensureBuild(root);
  await runLighthouseSection(join(root, 'dist'), runs, scenarios);
}
