import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../scripts/browser.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { pathOf, type Visitor } from './declaration-journey.ts';
import { openVisitor, type RunningPortal, startPortal } from './harness.ts';

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
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), launchBrowser()]);
  you = await openVisitor(browser, portal.baseUrl, { width: 412 });
  await you.walkTo(3, 'SO-0000018', getDemoGuarantee(1).names.fr.nom);
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
}

/** Records the page's largest-contentful-paint entries from its very start. */
function recordLargestPaints(): void {
  const seen: LargestElement[] = [];
  (window as unknown as { largestPaints: LargestElement[] }).largestPaints = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      const { element } = entry;
      if (element === null) continue;
      seen.push({
        tag: element.tagName.toLowerCase(),
        className: element.className,
        text: (element.textContent ?? '').trim(),
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Opens a step with the visitor's draft, on a slowed CPU, and waits until its island drew it. */
async function openStep(route: string): Promise<Page> {
  const page = await you.page.context().newPage();
  await page.addInitScript(recordLargestPaints);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${portal.baseUrl}${pathOf('', 'fr', route)}`);
  await page.locator('.step-placeholder').waitFor({ state: 'detached', timeout: 20_000 });
  await page.locator('main .card').first().waitFor();
  // Two more frames: an entry is reported once the frame that painted it is presented.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
  );
  return page;
}

/** Whether the server's answer for the page (its first response) holds an element like `largest`. */
async function inFirstResponse(page: Page, largest: LargestElement): Promise<boolean> {
  const html = await (await page.request.get(page.url())).text();
  return page.evaluate(
    ({ html, largest }) =>
      [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll(largest.tag)].some(
        (element) => element.className === largest.className && (element.textContent ?? '').trim() === largest.text,
      ),
    { html, largest },
  );
}

describe('A wizard step paints its largest element with the page', () => {
  it.each(['declare-step1', 'declare-step2', 'declare-step3'])(
    'When a visitor with a draft opens %s on a phone, then the largest element painted is in the page the server sent, and the island drawing the draft paints nothing larger',
    async (route) => {
      const page = await openStep(route);
      const paints = await page.evaluate(
        () => (window as unknown as { largestPaints: LargestElement[] }).largestPaints,
      );
      const largest = paints.at(-1);
      expect(largest, 'a largest contentful paint was reported').toBeDefined();
      if (largest === undefined) return;
      expect({ route, largest, inFirstResponse: await inFirstResponse(page, largest) }).toEqual({
        route,
        largest,
        inFirstResponse: true,
      });
      await page.close();
    },
  );
});
