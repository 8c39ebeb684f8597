import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { loadBrands } from '../../brands/index.ts';
import type { Language } from '../../contracts/languages.ts';
import { consentCookie } from '../../scripts/browser.ts';
import { type App, createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { seedDemoData } from '../../server/demo/seed.ts';
import { createFileStore } from '../../server/files/store.ts';
import { type RunningMail, startMail } from '../../server/mail/start.ts';
import { parseMessage, startSmtpServer, type TestSmtpServer } from '../../server/mail/test-support.ts';
import { prepareTestDatabase } from '../../server/db/test-database.ts';
import { signedInStaffCookie } from '../../server/staff-api/sessions/test-support.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { Visitor } from './declaration-journey.ts';
import { visitorContext, workerBrowser } from './visitor-pool.ts';

export { workerBrowser };

/** Where screenshots and other artefacts of the browser tests are written. */
export const ARTEFACTS_DIR = resolve('test-results');

/** WCAG's reflow width: no customer page read this narrow scrolls sideways. */
export const REFLOW_WIDTH = 320;

export interface RunningPortal {
  baseUrl: string;
  /** The portal's database, to check what a journey stored. */
  database: Database;
  stop(): Promise<void>;
  /** Stops answering HTTP (the browser meets a refused connection); the database stays open. */
  stopHttp(): Promise<void>;
  /** Answers HTTP again, on the same port. */
  startHttp(): Promise<void>;
}

export interface PortalOptions {
  /**
   * Seed the demo data and accept the demo's signed-link keys (DEMO_DATA=on): `true`, the
   * hand-written records the tests know (seeded once for the run, as it starts); `'full'`, with the
   * generated claims and messages as `npm start` seeds them (seeded by this portal, a few seconds
   * more).
   */
  demo?: boolean | 'full';
  /** Deliver the mail outbox (to `SMTP_URL` when the env sets it, else `.eml` files). */
  mail?: boolean;
}

/** Starts the real server (built site, APIs, socket.io) on a free port with a throwaway data folder. */
export async function startPortal(
  env: Record<string, string> = {},
  staticDir = resolve('dist'),
  options: PortalOptions = {},
): Promise<RunningPortal> {
  // A copy of the run's migrated PGlite template (server/db/test-global-setup.ts): PGlite's initdb
  // and the migrations take seconds, copying a folder does not. With the demo records, a copy of
  // the template seeded with them (and their proofs' files) once for the run.
  const { dataDir, remove } = await prepareTestDatabase('pglite', {
    demo: options.demo === true ? 'with-files' : false,
  });
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(options.demo ? { DEMO_DATA: 'on' } : {}),
    ...env,
  });
  const brands = await loadBrands();
  const logger = pino({ level: 'silent' });
  const database = await openDatabase(config, logger);
  const fileStore = createFileStore(config);
  if (options.demo === 'full') await seedDemoData(database.db, { fileStore, volume: 'full', brands });
  const mail: RunningMail | undefined = options.mail ? startMail(database, config, logger) : undefined;
  let portal: App = createApp({ config, logger, brands, database, staticDir, fileStore });
  await new Promise<void>((done) => portal.httpServer.listen(0, '127.0.0.1', done));
  const { port } = portal.httpServer.address() as AddressInfo;
  let listening = true;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    async stop() {
      if (listening) await portal.close();
      await mail?.stop();
      await database.close();
      await remove();
    },
    async stopHttp() {
      const closing = portal.close();
      // Keep-alive connections of the browser would otherwise keep the port answering.
      portal.httpServer.closeAllConnections();
      await closing;
      listening = false;
    },
    async startHttp() {
      portal = createApp({ config, logger, brands, database, staticDir, fileStore });
      await new Promise<void>((done) => portal.httpServer.listen(port, '127.0.0.1', done));
      listening = true;
    },
  };
}

/** How a visitor's browser is set up; unless told, a French desktop visitor who answered the cookie banner. */
export interface VisitorOptions {
  /** The browser's language: `fr-FR` unless told (`en-GB`, `de`). */
  locale?: string;
  /** The viewport's width: 1280 unless told. */
  width?: number;
  /** The viewport's height: unless told, 844 (a phone) below 600 px wide, else 900. */
  height?: number;
  /** The consent cookie is set unless this is false (then the cookie banner shows). */
  consented?: boolean;
  /** The pages may register their service worker (blocked unless told). */
  serviceWorkers?: boolean;
  /** The browser's time zone (`Europe/Paris`): the machine's unless told. */
  timezoneId?: string;
}

/**
 * A new browser context for one visitor (its own cookies and storage); unless told, the visitor has
 * answered the cookie banner, so it does not cover what a test clicks. It may be the wiped tab of an
 * earlier visitor of the same browser (visitor-pool.ts): its first `newPage()` answers that tab.
 */
export async function newVisitor(
  browser: Browser,
  baseUrl: string,
  options: VisitorOptions = {},
): Promise<BrowserContext> {
  const width = options.width ?? 1280;
  const context = await visitorContext(browser, baseUrl, {
    locale: options.locale ?? 'fr-FR',
    viewport: { width, height: options.height ?? (width < 600 ? 844 : 900) },
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
    ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
  });
  if (options.consented !== false) await context.addCookies([consentCookie(baseUrl)]);
  return context;
}

/** A visitor's browser, and which customer pages they walk. */
export interface JourneyOptions extends VisitorOptions {
  /** The brand of the pages: `''` (the neutral one) unless told. */
  company?: string;
  /** The language of the pages and of the texts the journey looks for: French unless told. */
  lang?: Language;
}

/** A new visitor (see `newVisitor`) on a fresh page, to walk the customer pages (declaration-journey.ts). */
export async function openVisitor(browser: Browser, baseUrl: string, options: JourneyOptions = {}): Promise<Visitor> {
  const { company = '', lang = 'fr', ...visitor } = options;
  const context = await newVisitor(browser, baseUrl, visitor);
  return new Visitor(await context.newPage(), baseUrl, lang, company);
}

/**
 * Records, from the start of each document, which scripts have run: see `scriptsHaveRun`. A module
 * script's load event fires once its whole import graph has been fetched and run.
 */
export async function watchScripts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const ran: string[] = [];
    (window as unknown as Record<string, string[]>).__scriptsRan = ran;
    const record = (event: Event): void => {
      if (event.target instanceof HTMLScriptElement && event.target.src) ran.push(event.target.src);
    };
    document.addEventListener('load', record, true);
    document.addEventListener('error', record, true);
  });
}

/**
 * Settles once a page watched by `watchScripts` has run its own scripts. The customer pages add them
 * after their first paint (`scripts/after-paint-load.ts`), which on a busy machine may come after
 * the network has been quiet for half a second: 'networkidle' alone can miss them, and a check that
 * something did not happen would then pass before anything could have happened.
 */
export async function scriptsHaveRun(page: Page): Promise<void> {
  const watched = await page.evaluate(() => '__scriptsRan' in window);
  if (!watched) throw new Error('scriptsHaveRun: call watchScripts(page) before the page is opened');
  await page.waitForFunction(() => {
    const ran = (window as unknown as Record<string, string[] | undefined>).__scriptsRan ?? [];
    const sources = [...document.querySelectorAll('script[src]')].map((script) => (script as HTMLScriptElement).src);
    return sources.length > 0 && sources.every((source) => ran.includes(source));
  });
}

/**
 * A new visitor (see `newVisitor`) who has opened `path` (loaded; its islands may not be hydrated yet,
 * and its own scripts may not have run: see `scriptsHaveRun`).
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: VisitorOptions = {},
): Promise<Page> {
  const context = await newVisitor(browser, baseUrl, options);
  const page = await context.newPage();
  await watchScripts(page);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

/** Where staff sign in: a portal of `startPortal`, or a deployment's address and its database. */
export interface StaffSite {
  readonly baseUrl: string;
  readonly database: Database;
}

/**
 * Signs `login` in to the back office of `site` in this browser context (a page's, for a page), as
 * the sign-in form would leave it: a live staff session in the site's database (the account is
 * created, without a usable password, when missing) and its cookie in the browser. The back office
 * pages opened next are signed in. The form itself is tested in backoffice.test.ts.
 */
export async function signInStaff(target: BrowserContext | Page, site: StaffSite, login: string): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  const [name = '', ...value] = (await signedInStaffCookie(site.database.db, login)).split('=');
  await context.addCookies([{ name, value: value.join('='), url: site.baseUrl }]);
}

/** What a journey file shares: the portal with demo data and real mail, a browser, the SMTP server. */
export interface MailingPortal {
  readonly portal: RunningPortal;
  readonly browser: Browser;
  readonly smtp: TestSmtpServer;
  /** Waits (up to 20 s) for a mail to `to` whose subject contains `subject`, and parses it. */
  mailTo(to: string, subject: string): Promise<ReturnType<typeof parseMessage>>;
}

/**
 * Starts, for the test file that calls it, one real SMTP server and one portal with the demo data
 * delivering its mail there, with the worker's Chromium; stops them after the file. Read the parts
 * inside tests (they exist from `beforeAll` on).
 */
export function setUpMailingPortal(): MailingPortal {
  let portal: RunningPortal | undefined;
  let browser: Browser | undefined;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    [portal, browser] = await Promise.all([
      startPortal({ SMTP_URL: smtp.url }, undefined, { demo: true, mail: true }),
      workerBrowser(),
    ]);
    mkdirSync(ARTEFACTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.close();
  });
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`${name} starts in beforeAll: read it inside a test`);
    return part;
  };
  return {
    get portal() {
      return started(portal, 'the portal');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    get smtp() {
      return started(smtp, 'the SMTP server');
    },
    async mailTo(to, subject) {
      const server = started(smtp, 'the SMTP server');
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const found = server.received
          .filter((mail) => mail.to.includes(to))
          .map((mail) => parseMessage(mail.raw))
          .find((mail) => (mail.headers.get('subject') ?? '').includes(subject));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no mail "${subject}" to ${to}`);
    },
  };
}

/** A full-page screenshot of the page as it is, from its top, in test-results/ as `<name>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: join(ARTEFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Full-page screenshots of the page at a desktop's and a phone's width, in test-results/ as
 * `<name>-1280.png` and `<name>-390.png`; the page is given its own size back after.
 */
export async function screenshotsAt(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
  }
  if (size) await page.setViewportSize(size);
}

/**
 * Whether staff can read `message` where they are: inside the window without scrolling, and drawn
 * on top (the element at its centre is the message or inside it: no backdrop or dialog over it).
 * Answers the distance in pixels from the centre of `control` (the button staff used) when given.
 */
export async function expectReadableMessage(message: Locator, control?: Locator): Promise<number | undefined> {
  await message.waitFor();
  const box = await message.boundingBox();
  const viewport = message.page().viewportSize();
  if (!box || !viewport) throw new Error('message not laid out');
  expect(box.y, 'message above the window').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'message below the window').toBeLessThanOrEqual(viewport.height);
  const onTop = await message.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(onTop, 'something is drawn over the message').toBe(true);
  if (!control) return undefined;
  const used = await control.boundingBox();
  if (!used) return undefined;
  return Math.hypot(
    box.x + box.width / 2 - (used.x + used.width / 2),
    box.y + box.height / 2 - (used.y + used.height / 2),
  );
}

/** Makes the page believe the browser just signalled installability, as Chrome does. */
export async function signalInstallable(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed'): Promise<void> {
  await page.evaluate((choice) => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: choice }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

/** Writes the follow-up store of `page`'s origin as a browser that followed or declared `claim` holds it. */
export async function holdFollowUp(
  page: Page,
  claim: { claimNumber: string; lastName: string; declaSent: boolean; dateSinistreCreation: string },
): Promise<void> {
  await page.evaluate(
    (value) => localStorage.setItem('portal.v1.followUp', JSON.stringify({ ...value, linkSent: [] })),
    claim,
  );
}
