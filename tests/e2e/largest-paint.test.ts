import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_FILE_HOLD } from '../../islands/follow-up/client-file-hold.ts';
import { FIRST_BLOCK_MAX_MS } from '../../islands/lib/first-block.ts';
import { HOLD_MAX_MS, RELEASED_EVENT } from '../../islands/lib/island-hold.ts';
import { FOLLOW_UP_KEY } from '../../islands/session/follow-up-state.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { pathOf, type Visitor } from './declaration-journey.ts';
import { openVisitor, type RunningPortal, startPortal, workerBrowser } from './harness.ts';

/**
 * A wizard step's island draws the step from the draft in this browser, after the first paint.
 * Chrome reports a new largest contentful paint only for an element larger than the last one, so
 * when the page's largest element is in the server's frame, the page's largest paint is its first
 * paint, not the island's. On a phone-sized screen, with a CPU slowed 4×, against the real server.
 */

let portal: RunningPortal;
let browser: Browser;
let you: Visitor;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), workerBrowser()]);
  you = await openVisitor(browser, portal.baseUrl, { width: 412 });
  await you.walkTo(4, 'SO-0000018', getDemoGuarantee(1).names.fr.nom);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The element of a largest-contentful-paint entry, as recorded when the entry came. */
interface LargestElement {
  tag: string;
  className: string;
  text: string;
  /** Drawn by the island (inside it, not in the frame the server sent as its slot). */
  byIsland: boolean;
}

/** Records the page's largest-contentful-paint entries from its very start, and what its CSP refused. */
function recordLargestPaints(): void {
  const seen: LargestElement[] = [];
  const refused: string[] = [];
  Object.assign(window, { largestPaints: seen, refusedByPolicy: refused });
  document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));
  // What the page shows once parsed, before its island (which starts after the first paint) draws.
  document.addEventListener('DOMContentLoaded', () => {
    Object.assign(window, { parsedText: document.querySelector('main')?.textContent ?? '' });
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      const { element } = entry;
      if (element === null) continue;
      seen.push({
        tag: element.tagName.toLowerCase(),
        className: element.className,
        text: (element.textContent ?? '').trim(),
        byIsland: element.closest('astro-island') !== null && element.closest('astro-slot') === null,
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Opens a step with the visitor's draft, on a slowed CPU, and waits until its island drew it. */
async function openStep(route: string, drawn = 'main .card'): Promise<Page> {
  const page = await you.page.context().newPage();
  await page.addInitScript(recordLargestPaints);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${portal.baseUrl}${pathOf('', 'fr', route)}`);
  // The frame is the island's slot until the island draws the step in its place.
  await page.locator('astro-slot').waitFor({ state: 'detached', timeout: 20_000 });
  await page.locator(drawn).first().waitFor();
  // Two more frames: an entry is reported once the frame that painted it is presented.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
  );
  return page;
}

/** The largest-contentful-paint entries of the page, in order. */
function largestPaints(page: Page): Promise<LargestElement[]> {
  return page.evaluate(() => (window as unknown as { largestPaints: LargestElement[] }).largestPaints);
}

describe('A wizard step paints its largest element with the page', () => {
  it.each(['declare-step1', 'declare-step2', 'declare-step3', 'declare-step4'])(
    'When a visitor with a draft opens %s on a phone, then its largest element is painted with the page, before its island, and the island paints nothing larger',
    async (route) => {
      const page = await openStep(route);
      const largest = (await largestPaints(page)).at(-1);
      expect(largest, 'a largest contentful paint was reported').toBeDefined();
      expect({ route, byIsland: largest?.byIsland }).toEqual({ route, byIsland: false });
      await page.close();
    },
  );

  it('When a visitor without a name typed opens step 4, then the one-time code offer painted with the page names the masked e-mail the step then offers', async () => {
    const page = await openStep('declare-step4');
    const offer = page.locator('.one-time-code__offer');
    await expect.poll(() => offer.count()).toBe(1);
    const shown = ((await offer.textContent()) ?? '').trim();
    expect(shown).toMatch(/•••@/);
    // In the page as parsed, before its island drew; and the largest paint is the page's, not the
    // island's (the offer, or the line under it of about its size, as the fonts at hand draw them).
    const parsed = await page.evaluate(() => (window as unknown as { parsedText: string }).parsedText);
    expect(parsed).toContain(shown);
    const largest = (await largestPaints(page)).at(-1);
    expect(largest?.byIsland).toBe(false);
    expect(['one-time-code__offer', 'identity-offer__or']).toContain(largest?.className);
    expect(await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy)).toEqual([]);
    await page.close();
  });

  it('When a visitor has typed their details on step 4 and opens it again, then no offer is painted with the page, as the step shows none', async () => {
    await you.typeContactIfEmpty();
    const page = await openStep('declare-step4');
    await expect
      .poll(() => page.getByLabel(you.t('wizard.step4.lastName.label'), { exact: true }).inputValue())
      .toBe('DUPONT');
    expect(await page.locator('.one-time-code__offer').count()).toBe(0);
    expect((await largestPaints(page)).map((paint) => paint.className)).not.toContain('one-time-code__offer');
    await page.close();
  });

  it('When a visitor with a draft opens step 5 on a phone, then the recap painted with the page holds the draft, and the island paints nothing larger', async () => {
    await you.next();
    await you.expectAt('declare-step5');
    const page = await openStep('declare-step5');
    const paints = await largestPaints(page);
    expect(paints.at(-1)?.byIsland).toBe(false);
    // The comment typed on step 3 and the name typed on step 4, in the page before its island drew.
    const parsed = await page.evaluate(() => (window as unknown as { parsedText: string }).parsedText);
    expect(parsed).toContain('Test');
    expect(parsed).toContain('DUPONT');
    await expect.poll(() => page.locator('.recap dd', { hasText: /^DUPONT$/ }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy)).toEqual([]);
    await page.close();
  });

  it('When a visitor has just declared their claim and opens the confirmation on a phone, then its card and the claim number are painted with the page, and the island paints nothing larger', async () => {
    // The confirmations are boxes to tick on a wide screen.
    await you.page.setViewportSize({ width: 1280, height: 900 });
    await you.tickConfirmations();
    await you.submit();
    const claimNumber = await you.confirmedClaimNumber();
    const page = await openStep('confirmation-sinistre', '.documents-card');
    expect((await largestPaints(page)).at(-1)?.byIsland).toBe(false);
    const parsed = await page.evaluate(() => (window as unknown as { parsedText: string }).parsedText);
    expect(parsed).toContain(claimNumber);
    expect(parsed).toContain(you.t('confirmation.keepNumber'));
    expect(await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy)).toEqual([]);
    await page.close();
  });
});

/** Records the page's layout shifts (not caused by input) from its very start. */
function recordLayoutShifts(): void {
  const shifts: number[] = [];
  Object.assign(window, { layoutShifts: shifts });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

/** A phone's browser that followed the demo claim SI-0000003 on suivre-dossier: its client-file page, drawn by the island. */
async function followDemoClaim(): Promise<Page> {
  const follower = await openVisitor(browser, portal.baseUrl, { width: 412 });
  await follower.open('suivre-dossier');
  const { page: find, t } = follower;
  await find.getByRole('textbox', { name: t('followup.find.claimNumber.label') }).fill('SI-0000003');
  await find.getByLabel(t('followup.find.lastName.label'), { exact: true }).fill('MARTIN');
  await find.getByRole('button', { name: t('wizard.common.next'), exact: true }).click();
  await follower.expectAt('client-file');
  await find.locator('.client-file__number').waitFor();
  return find;
}

describe('client-file paints its largest element as soon as the claim comes', () => {
  it('When a visitor following a claim opens client-file on a phone, then the claim is asked for once, its largest element is painted before its island runs, and the island paints nothing larger', async () => {
    const find = await followDemoClaim();

    const page = await find.context().newPage();
    await page.addInitScript(recordLargestPaints);
    await page.addInitScript(recordLayoutShifts);
    await page.addInitScript(
      (released) =>
        addEventListener(released, () => Object.assign(window, { releasedAt: performance.now() }), { once: true }),
      `${RELEASED_EVENT}${CLIENT_FILE_HOLD}`,
    );
    const claimRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/sinistres')) claimRequests.push(request.url());
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${portal.baseUrl}${pathOf('', 'fr', 'client-file')}`);
    // Drawn by the island only: the file's number, below the whose-turn block.
    await page.locator('.client-file__number').waitFor({ timeout: 20_000 });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
    );

    const largest = (await largestPaints(page)).at(-1);
    expect(largest?.className).toMatch(/^whose-turn/);
    expect(largest?.byIsland).toBe(false);
    // The island's block says what the frame painted, in the same element.
    const drawn = page.locator(`astro-island .${largest?.className.split(' ')[0]}`).first();
    expect(((await drawn.textContent()) ?? '').trim()).toBe(largest?.text);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.001);
    expect(await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy)).toEqual([]);
    // The page's inline script asked; its module and the island took that answer instead of asking again.
    expect(claimRequests).toHaveLength(1);
    // The page's other scripts (the layout's, the cookie banner's) are fetched once the block is drawn and
    // the island released: on a slow network they do not share the block's connections.
    const { releasedAt, layoutScriptAt } = await page.evaluate(() => ({
      releasedAt: (window as unknown as { releasedAt?: number }).releasedAt,
      layoutScriptAt: performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/BaseLayout.astro_astro_type_script_'))?.startTime,
    }));
    expect(releasedAt).toBeTypeOf('number');
    expect(layoutScriptAt).toBeGreaterThan(releasedAt ?? Number.POSITIVE_INFINITY);
    // Nothing is fetched beside the claim's answer: the stylesheet and the early module come once the block
    // it drew is on screen, or a second after the page arrived when the answer is that slow.
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const [page] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return {
        firstDownloadAt: Math.min(
          ...resources
            .filter((entry) => /\/_astro\/.*\.(css|js)$/.test(new URL(entry.name).pathname))
            .map((entry) => entry.startTime),
        ),
        answeredAt: resources.find((entry) => new URL(entry.name).pathname.endsWith('/sinistres'))?.responseEnd,
        arrivedAt: page?.responseStart ?? 0,
      };
    });
    expect(timing.answeredAt).toBeTypeOf('number');
    expect(timing.firstDownloadAt).toBeGreaterThan(
      Math.min(timing.answeredAt ?? Number.POSITIVE_INFINITY, timing.arrivedAt + FIRST_BLOCK_MAX_MS),
    );
    await find.context().close();
  });

  it("When client-file's modules cannot load, then the page's own scripts still say whose turn it is as the island says it, and leave it to the island while chosen files wait to be sent", async () => {
    const find = await followDemoClaim();
    // biome-ignore lint/performance/useDomNodeTextContent: the text as the visitor reads it (the page's markup spaces differ from React's).
    const byIsland = (await find.locator('.whose-turn').innerText()).trim();
    expect(byIsland).not.toBe('');

    /** client-file opened with every module refused: only the page's inline scripts run. */
    const openWithoutModules = async () => {
      const page = await find.context().newPage();
      await page.addInitScript(recordLargestPaints);
      await page.route('**/_astro/*.js', (route) => route.abort());
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/sinistres'));
      await page.goto(`${portal.baseUrl}${pathOf('', 'fr', 'client-file')}`);
      await answered;
      // The answer is drawn in the task that reads it; two frames later it is on screen.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
      );
      return page;
    };

    const page = await openWithoutModules();
    const block = page.locator('[data-turn-frame] .whose-turn');
    await expect.poll(() => block.isVisible()).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: the text as the visitor reads it.
    expect((await block.innerText()).trim()).toBe(byIsland);
    expect(await page.locator('[data-turn-wait]').count()).toBe(0);
    expect((await largestPaints(page)).at(-1)?.className).toMatch(/^whose-turn/);
    expect(await page.evaluate(() => (window as unknown as { refusedByPolicy: string[] }).refusedByPolicy)).toEqual([]);
    await page.close();

    // A file chosen in this tab and not sent: the island counts it in the block, so the page draws none.
    await find.evaluate((key) => {
      const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      const waiting = {
        claimNumber: 'SI-0000003',
        type: 0,
        tempFile: 't',
        name: 'facture.pdf',
        size: 1,
        uploadedAt: Date.now(),
      };
      localStorage.setItem(key, JSON.stringify({ ...state, pendingProofs: [waiting] }));
    }, FOLLOW_UP_KEY);
    const waiting = await openWithoutModules();
    expect(await waiting.locator('[data-turn-frame]').isHidden()).toBe(true);
    expect(await waiting.locator('[data-turn-wait]').isVisible()).toBe(true);
    await find.context().close();
  });

  it("When client-file's early request script cannot load, so its hold is never released, then its island still draws the file, once the hold's bound after the first paint has passed, not twice that", async () => {
    const find = await followDemoClaim();
    const page = await find.context().newPage();
    await page.addInitScript((released) => {
      addEventListener(released, () => Object.assign(window, { releasedAt: performance.now() }));
      // When the file's number is drawn, taken by the page itself: the test's own polling of a
      // machine busy with the whole suite would add its delay to the figure.
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('.client-file__number')) return;
        Object.assign(window, { drawnAt: performance.now() });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, `${RELEASED_EVENT}${CLIENT_FILE_HOLD}`);
    await page.route(/\/_astro\/ClientFileRequest\.[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${portal.baseUrl}${pathOf('', 'fr', 'client-file')}`);
    await page.locator('.client-file__number').waitFor({ timeout: 20_000 });
    const { drawnAfterPaint, released } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const drawnAt = (window as { drawnAt?: number }).drawnAt ?? performance.now();
      return { drawnAfterPaint: drawnAt - paint, released: 'releasedAt' in window };
    });
    expect(released).toBe(false);
    // Astro's island script waits for the hold in the page's loader (HOLD_MAX_MS after the paint),
    // and the island's directive then counts its own wait from the same paint, not from its call.
    expect(drawnAfterPaint).toBeGreaterThanOrEqual(HOLD_MAX_MS);
    expect(drawnAfterPaint).toBeLessThan(2 * HOLD_MAX_MS);
    await expect(page.locator('.client-file__number').textContent()).resolves.toBe('SI-0000003');
    await find.context().close();
  });
});
