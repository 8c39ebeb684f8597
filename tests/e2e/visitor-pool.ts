import type { Browser, BrowserContext, BrowserContextOptions, Disposable, Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/browser.ts';

/**
 * Visitors of a worker's browser files share their tabs. A visitor with a new browser context and
 * page, and the new renderer process its first page starts, costs about 3.5 s of a core on the
 * machines here against 1 s in a wiped tab (a process start and its page faults, not our pages):
 * some 250 tests open a visitor. So a visitor
 * who closes their context hands its tab back instead, wiped as a new visitor's: cookies, storage
 * of every kind, session storage, the HTTP cache, init scripts, routes, listeners and the viewport.
 * The tab waits on the portal's `/healthz` (a same-site page without script), so the next
 * visitor's first page loads in the process already running.
 *
 * A tab is closed for real, never handed on, when its test changed something this cannot undo:
 * a second page, a CDP session (CPU throttling), offline mode, a fake clock, emulated media,
 * extra headers, permissions, a WebSocket route, another default timeout, or a failure while
 * wiping. Contexts that allow service workers are never shared (each one starts cold).
 */

/** The worker's browser, once launched. */
let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker. A worker runs its browser files one after another in one
 * process (`isolate: false`), and each file asks for this browser instead of launching its own
 * (a Chromium start and its first renderer, about a second of a core): the file's `close()`
 * closes the contexts it left open (its clean tabs wait in the pool for the next file's visitors)
 * and leaves the browser running. A browser that crashed or was closed is launched again.
 * Playwright kills it when the worker's process exits.
 */
export async function workerBrowser(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = launchBrowser().then((browser) => {
    const closeBrowser = browser.close.bind(browser);
    browser.close = async () => {
      if (!browser.isConnected()) return;
      const waiting = new Set(pools.get(browser));
      const left = browser.contexts().filter((context) => !waiting.has(context));
      // A context that cannot close cleanly takes the browser with it; the next file launches one.
      await Promise.all(left.map((context) => context.close())).catch(() => closeBrowser());
    };
    return browser;
  });
  return shared;
}

interface TabState {
  readonly browser: Browser;
  readonly key: string;
  /** The portal of the current visitor: its `/healthz` is where the tab waits. */
  baseUrl: string;
  readonly viewport: { width: number; height: number };
  /** The context's first page, the one handed on. */
  page?: Page;
  /** Whether the current visitor already received `page` from `newPage()`. */
  handedOut: boolean;
  /** Something was changed that wiping cannot undo: close for real. */
  dirty: boolean;
  /** The listeners Playwright itself had on the context and page (every other one goes). */
  readonly ownListeners: Map<object, Set<unknown>>;
  /** Init scripts and exposed functions of the current visitor, disposed when it leaves. */
  disposables: Disposable[];
  /** Whether the context waits in the pool (a second close of the same visitor does nothing). */
  pooled: boolean;
  readonly originalNewPage: () => Promise<Page>;
  readonly originalClose: (options?: { reason?: string }) => Promise<void>;
  readonly originalNewCDPSession: BrowserContext['newCDPSession'];
}

/** Tabs waiting for the next visitor, by browser, oldest first. */
const pools = new WeakMap<Browser, BrowserContext[]>();
/** Tabs waiting at most, per browser (an idle tab on `/healthz` costs little). */
const POOL_SIZE = 3;
const states = new WeakMap<BrowserContext, TabState>();

/** How long wiping a tab may take before it is closed instead. */
const WIPE_TIMEOUT_MS = 10_000;

/**
 * A context for a new visitor with `options`: a wiped tab of an earlier visitor of `browser` with
 * the same options when one waits, else a new context. Its first `newPage()` answers the tab.
 */
export async function visitorContext(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions & { viewport: { width: number; height: number } },
): Promise<BrowserContext> {
  if (options.serviceWorkers === 'allow') return browser.newContext(options);
  const key = JSON.stringify([options.locale, options.viewport, options.timezoneId, options.serviceWorkers]);
  const pool = pools.get(browser) ?? [];
  const index = pool.findIndex((context) => states.get(context)?.key === key);
  if (index >= 0) {
    const [context] = pool.splice(index, 1);
    const state = context && states.get(context);
    if (context && state) {
      state.pooled = false;
      state.handedOut = false;
      state.baseUrl = baseUrl;
      return context;
    }
  }
  const context = await browser.newContext(options);
  watchContext(context, { browser, key, baseUrl, viewport: options.viewport });
  return context;
}

function watchContext(context: BrowserContext, tab: Pick<TabState, 'browser' | 'key' | 'baseUrl' | 'viewport'>): void {
  const state: TabState = {
    ...tab,
    handedOut: false,
    dirty: false,
    disposables: [],
    ownListeners: new Map([[context, listenersOf(context)]]),
    pooled: false,
    originalNewPage: context.newPage.bind(context),
    originalClose: context.close.bind(context),
    originalNewCDPSession: context.newCDPSession.bind(context),
  };
  states.set(context, state);
  context.newPage = async () => {
    if (state.page && !state.handedOut && !state.page.isClosed()) {
      state.handedOut = true;
      return state.page;
    }
    const page = await state.originalNewPage();
    if (state.page) state.dirty = true;
    else {
      state.page = page;
      state.handedOut = true;
      watchPage(page, state);
    }
    return page;
  };
  context.close = async (options) => {
    if (state.pooled) return;
    if (!state.dirty && (await wipe(context, state).catch(() => false))) {
      const pool = pools.get(state.browser) ?? [];
      pools.set(state.browser, pool);
      pool.push(context);
      state.pooled = true;
      // The oldest waiting tab goes when too many wait.
      for (const oldest of pool.splice(0, Math.max(0, pool.length - POOL_SIZE))) {
        const old = states.get(oldest);
        states.delete(oldest);
        await (old ? old.originalClose() : oldest.close());
      }
      return;
    }
    states.delete(context);
    await state.originalClose(options);
  };
  keepDisposables(context, state);
  markDirtyOn(context, state, [
    'newCDPSession',
    'setOffline',
    'setExtraHTTPHeaders',
    'grantPermissions',
    'setGeolocation',
    'setHTTPCredentials',
    'routeWebSocket',
    'routeFromHAR',
    'setDefaultTimeout',
    'setDefaultNavigationTimeout',
  ]);
  markDirtyOn(context.clock, state, [
    'install',
    'setFixedTime',
    'setSystemTime',
    'pauseAt',
    'fastForward',
    'runFor',
    'resume',
  ]);
}

function watchPage(page: Page, state: TabState): void {
  state.ownListeners.set(page, listenersOf(page));
  keepDisposables(page, state);
  markDirtyOn(page, state, [
    'emulateMedia',
    'setExtraHTTPHeaders',
    'routeWebSocket',
    'routeFromHAR',
    'addLocatorHandler',
    'setDefaultTimeout',
    'setDefaultNavigationTimeout',
  ]);
}

/** Playwright's pages and contexts are event emitters (its types name only part of it). */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
}

/** Every listener on `emitter` now (Playwright's own: its close promise listens on the context). */
function listenersOf(target: Page | BrowserContext): Set<unknown> {
  const emitter = target as unknown as Emitter;
  return new Set(emitter.eventNames().flatMap((name) => emitter.rawListeners(name)));
}

/** Removes the listeners the visitor added (theirs, never Playwright's own). */
function removeVisitorListeners(state: TabState): void {
  for (const [target, own] of state.ownListeners) {
    const emitter = target as unknown as Emitter;
    for (const name of emitter.eventNames())
      for (const listener of emitter.rawListeners(name)) if (!own.has(listener)) emitter.removeListener(name, listener);
  }
}

/** Records what `addInitScript`, `exposeFunction` and `exposeBinding` answer, to dispose of it. */
function keepDisposables(target: Page | BrowserContext, state: TabState): void {
  for (const name of ['addInitScript', 'exposeFunction', 'exposeBinding'] as const) {
    const original = (target[name] as (...args: unknown[]) => Promise<Disposable>).bind(target);
    (target as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const disposable = await original(...args);
      state.disposables.push(disposable);
      return disposable;
    };
  }
}

function markDirtyOn(target: object, state: TabState, names: readonly string[]): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      state.dirty = true;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

/** Wipes the tab of everything its visitor left; answers whether it may be handed on. */
async function wipe(context: BrowserContext, state: TabState): Promise<boolean> {
  const { page } = state;
  const pages = context.pages();
  if (!page || page.isClosed() || pages.length !== 1 || pages[0] !== page) return false;
  const wiping = (async () => {
    removeVisitorListeners(state);
    await Promise.all(state.disposables.splice(0).map((disposable) => disposable.dispose()));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    // Off the visitor's pages first (a page writing its draft as it unloads writes it now), to a
    // same-site page without script, then wipe.
    const neutral = new URL('/healthz', state.baseUrl).href;
    const response = await page.goto(neutral, { timeout: WIPE_TIMEOUT_MS });
    if (!response || page.url() !== neutral) return false;
    await page.evaluate(() => sessionStorage.clear());
    const { origins } = await context.storageState({ indexedDB: true });
    const toClear = new Set([new URL(state.baseUrl).origin, ...origins.map((origin) => origin.origin)]);
    const cdp = await state.originalNewCDPSession(page);
    for (const origin of toClear) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await context.clearCookies();
    await page.setViewportSize(state.viewport);
    await page.mouse.move(0, 0);
    return true;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), WIPE_TIMEOUT_MS * 2);
  });
  try {
    return await Promise.race([wiping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
