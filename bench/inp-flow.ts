import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { LaunchedChrome } from 'chrome-launcher';
import { type FlowResult, startFlow } from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { consentCookie } from '../scripts/browser.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import {
  type BrowserLanguage,
  FLOOR_PATH,
  launchChrome,
  LIGHTHOUSE_LANGUAGES,
  startFloorServer,
} from './lighthouse.ts';
import { type InteractionFigures, INP_GOAL_MS, summariseTimespan } from './lighthouse-summary.ts';
import { type BenchRow, benchRow } from './results.ts';
import { startServerProcess } from './server-process.ts';
import { waitForRoute, WizardVisitor } from './wizard-journey.ts';

/**
 * Typing stays instant: a Lighthouse user flow over the declaration wizard, each step a timespan
 * (Lighthouse's mobile preset with devtools throttling, so the CPU really runs 4× slower while the
 * visitor acts), reading the interaction to next paint (INP: the slowest interaction of the step)
 * and the total blocking time. The reference is the floor page (`FLOOR_HTML`) in the same
 * conditions: its one field typed into and its button pressed.
 */

/** Lighthouse's mobile preset (slow 4G, 4× CPU), applied by devtools instead of simulated. */
const FLOW_FLAGS = {
  throttlingMethod: 'devtools',
  throttling: {
    rttMs: 150,
    throughputKbps: 1.6 * 1024,
    requestLatencyMs: 150 * 3.75,
    downloadThroughputKbps: 1.6 * 1024 * 0.9,
    uploadThroughputKbps: 750 * 0.9,
    cpuSlowdownMultiplier: 4,
  },
  formFactor: 'mobile',
  disableStorageReset: true,
  logLevel: 'silent',
} as const;

/** Between keys, as a person types (and so that each key is its own interaction). */
const KEY_DELAY_MS = 60;

/** A step of the journey that does not find what it looks for gives up after this. */
const STEP_TIMEOUT_MS = 30_000;

/**
 * What the visitor does in each timespan (`act`), on the page the previous one left open, after
 * `before` (not measured).
 */
const JOURNEY_STEPS: {
  name: string;
  before?: (visitor: WizardVisitor) => Promise<void>;
  act: (visitor: WizardVisitor) => Promise<void>;
}[] = [
  {
    name: 'step 1: choosing a tile',
    act: async (visitor) => {
      await visitor.chooseFirstObject();
      await stepDrawn(visitor.page);
    },
  },
  {
    name: 'step 2: choosing a reason',
    act: async (visitor) => {
      await visitor.chooseFirstReason();
      await stepDrawn(visitor.page);
    },
  },
  {
    name: 'step 3: opening the date picker, typing the date and the description',
    act: (visitor) => visitor.describeClaim(KEY_DELAY_MS),
  },
  {
    name: 'step 4: typing the contact fields',
    before: async (visitor) => {
      await visitor.next('declare-step4');
      await stepDrawn(visitor.page);
    },
    act: (visitor) => visitor.typeContact(KEY_DELAY_MS),
  },
];

/** The wizard's steps are drawn in the browser: a placeholder of their size stands until then. */
async function stepDrawn(page: Page): Promise<void> {
  await page.locator('.step-placeholder').waitFor({ state: 'detached' });
}

export interface InpFlowResult {
  lang: BrowserLanguage;
  /** The floor page: its field typed into, its button pressed. */
  floor: InteractionFigures | undefined;
  steps: InteractionFigures[];
  /** Why the flow stopped early, if it did. */
  failure?: string | undefined;
}

/** A Puppeteer handle on the tab Playwright opened, for Lighthouse's flow (which drives Puppeteer). */
async function puppeteerPageOf(chrome: LaunchedChrome, page: Page) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const tab = (await browser.pages()).find((candidate) => candidate.url() === page.url());
  if (tab === undefined) throw new Error(`no tab at ${page.url()} for Lighthouse`);
  return { browser, tab };
}

/** The figures of each timespan of a finished flow, in order. */
function figuresOf(flow: FlowResult): InteractionFigures[] {
  return flow.steps.map((step) => summariseTimespan(step.name, step.lhr));
}

/** The floor's timespan: its one field typed into and its button pressed, in a Chrome of its own. */
async function measureFloor(floorUrl: string, lang: BrowserLanguage): Promise<InteractionFigures | undefined> {
  const chrome = await launchChrome(lang);
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]?.newPage();
    if (page === undefined) throw new Error('the launched Chrome has no default browser context');
    await page.goto(floorUrl);
    const { browser: handle, tab } = await puppeteerPageOf(chrome, page);
    const flow = await startFlow(tab, { name: 'floor', flags: FLOW_FLAGS });
    await flow.startTimespan({ name: 'floor: typing in its field' });
    await page.locator('input').pressSequentially('SO-0000010', { delay: KEY_DELAY_MS });
    await page.locator('input').press('Tab');
    await flow.endTimespan();
    const figures = figuresOf(await flow.createFlowResult())[0];
    await handle.disconnect();
    await browser.close();
    return figures;
  } finally {
    chrome.kill();
  }
}

/** The wizard flow in one browser language: step 1 opened with a draft, then a timespan per step. */
async function measureWizard(
  baseUrl: string,
  lang: BrowserLanguage,
): Promise<{ steps: InteractionFigures[]; failure?: string }> {
  const chrome = await launchChrome(lang);
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error('the launched Chrome has no default browser context');
    await context.addCookies([consentCookie(baseUrl)]);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const visitor = new WizardVisitor(page, lang);
    await visitor.openClaim(baseUrl);
    await waitForRoute(page, 'declare-step1');
    await stepDrawn(page);
    const { browser: handle, tab } = await puppeteerPageOf(chrome, page);
    const flow = await startFlow(tab, { name: `wizard (${lang})`, flags: FLOW_FLAGS });
    let failure: string | undefined;
    for (const step of JOURNEY_STEPS) {
      try {
        await step.before?.(visitor);
      } catch (error) {
        failure = `before ${step.name}: ${firstLine(error)}`;
        break;
      }
      await flow.startTimespan({ name: step.name });
      try {
        await step.act(visitor);
      } catch (error) {
        failure = `${step.name}: ${firstLine(error)}`;
      }
      await flow.endTimespan();
      if (failure !== undefined) break;
    }
    const steps = figuresOf(await flow.createFlowResult());
    await handle.disconnect();
    await browser.close();
    return failure === undefined ? { steps } : { steps, failure };
  } finally {
    chrome.kill();
  }
}

/** The flow in each browser language, against the real server serving `distDir`, and the floor once. */
export async function measureInpFlow(distDir: string, langs: readonly BrowserLanguage[]): Promise<InpFlowResult[]> {
  const portal = await startServerProcess(distDir);
  const floorServer = await startFloorServer();
  try {
    const floor = await measureFloor(`${floorServer.baseUrl}${FLOOR_PATH}`, langs[0] ?? 'fr').catch(() => undefined);
    const results: InpFlowResult[] = [];
    for (const lang of langs) {
      try {
        results.push({ lang, floor, ...(await measureWizard(portal.baseUrl, lang)) });
      } catch (error) {
        results.push({ lang, floor, steps: [], failure: firstLine(error) });
      }
    }
    return results;
  } finally {
    await Promise.all([portal.stop(), floorServer.stop()]);
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

/** One timespan on a line: its INP against the goal, its interactions and blocking time. */
function interactionText(figures: InteractionFigures): string {
  const verdict =
    figures.inpMs === null ? 'no interaction recorded' : figures.inpMs <= INP_GOAL_MS ? 'meets the goal' : 'MISSES';
  const cpu = figures.benchmarkIndex === null ? '–' : String(Math.round(figures.benchmarkIndex));
  return `${figures.name}: INP ${ms(figures.inpMs)} (goal ≤ ${INP_GOAL_MS} ms, ${verdict}), TBT ${ms(figures.tbtMs)}, CPU index ${cpu}`;
}

export function printInpFlow(results: readonly InpFlowResult[]): void {
  const floor = results[0]?.floor;
  if (floor !== undefined) console.log(`  reference, ${interactionText(floor)}`);
  for (const result of results) {
    console.log(`  wizard, ${result.lang} browser (${result.steps.length} timespans):`);
    for (const step of result.steps) console.log(`    ${interactionText(step)}`);
    if (result.failure !== undefined) console.log(`    stopped: ${result.failure}`);
  }
}

/** The bench table's rows: each step's INP against the floor's, with the goal of at most 200 ms. */
export function inpRows(results: readonly InpFlowResult[]): BenchRow[] {
  return results.flatMap(({ lang, floor, steps }) =>
    steps.flatMap((step) =>
      step.inpMs === null
        ? []
        : [
            benchRow(
              'Typing stays instant: INP at 4× CPU slowdown, Lighthouse user flow over the wizard (reference: typing in the floor page)',
              `${step.name} (${lang})`,
              step.inpMs,
              'ms',
              { name: 'floor', value: floor?.inpMs ?? 0 },
              { op: '<=', value: INP_GOAL_MS },
            ),
          ],
    ),
  );
}

/** Prints the section and returns its rows, for `bench/index.ts`. */
export async function runInpSection(distDir: string, langs: readonly BrowserLanguage[] = ['fr']): Promise<BenchRow[]> {
  const started = performance.now();
  console.log(
    `INP over the wizard: Lighthouse user flow, timespans with devtools throttling (4× CPU, slow 4G), ${langs.join(', ')} browser; about ${langs.length + 1} min`,
  );
  const results = await measureInpFlow(distDir, langs);
  printInpFlow(results);
  console.log(`  INP part took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return inpRows(results);
}

// `node bench/inp-flow.ts [--langs fr,en]`: builds the site if its inputs changed, then runs the flow.
if (import.meta.main) {
  const { values } = parseArgs({ options: { langs: { type: 'string', default: 'fr' } } });
  const langs = values.langs.split(',').map((name) => name.trim());
  const unknown = langs.filter((name) => !(LIGHTHOUSE_LANGUAGES as string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`--langs: unknown ${unknown.join(', ')} (known: ${LIGHTHOUSE_LANGUAGES.join(', ')})`);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await ensureBuild(root);
  await runInpSection(join(root, 'dist'), langs as BrowserLanguage[]);
}
