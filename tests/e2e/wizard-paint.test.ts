import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { pathOf } from './declaration-journey.ts';
import { openVisitor, type RunningPortal, startPortal, workerBrowser } from './harness.ts';

/**
 * A wizard step shows the draft kept in this browser, so its island renders in the browser only;
 * its frame (progress, heading, placeholder) is rendered by the server and paints with the page,
 * and the island's code is fetched only after that first paint (`client:afterpaint`). In a real
 * Chromium with a CPU slowed 4×, against the real server and its demo data.
 */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), workerBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('A wizard step paints before its island loads', () => {
  it('When a visitor with a draft reopens step 3 on a slow phone, then its heading paints before any module of its island is requested, and the step then shows what the draft holds without any action', async () => {
    const you = await openVisitor(browser, portal.baseUrl);
    await you.walkTo(4, 'SO-0000018', getDemoGuarantee(1).names.fr.nom);

    const page = await you.page.context().newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${portal.baseUrl}${pathOf('', 'fr', 'declare-step3')}`);

    // The comment typed on the way is back, in the step the island drew in place of the placeholder.
    await expect
      .poll(() => page.getByLabel(you.t('wizard.step3.comment.label')).inputValue(), { timeout: 20_000 })
      .toBe('Test');
    expect(await page.locator('.step-placeholder').count()).toBe(0);

    const timing = await page.evaluate(() => {
      const island = document.querySelector('astro-island');
      const modules = (island?.getAttribute('data-modules') ?? '').split(' ').filter((url) => url !== '');
      const requested = performance
        .getEntriesByType('resource')
        .filter((entry) => modules.some((url) => new URL(entry.name).pathname === url))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime }));
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        modules,
        requested,
        heading: document.querySelector('h1')?.closest('astro-island') === null,
      };
    });
    // The heading is the page's own (server-rendered), not the island's.
    expect(timing.heading).toBe(true);
    expect(timing.modules.length).toBeGreaterThan(0);
    expect(timing.firstPaint).toBeDefined();
    // Every module of the island was fetched, none before the first paint.
    expect(timing.requested.map((entry) => entry.url).toSorted()).toEqual(timing.modules.toSorted());
    expect(timing.requested.filter((entry) => entry.start < (timing.firstPaint ?? 0))).toEqual([]);
    // Nor named by the page's head: the island's modules are listed on it, not preloaded as the page parses.
    const html = await (await page.request.get(page.url())).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded.filter((href) => href !== undefined && timing.modules.includes(href))).toEqual([]);
  });
});
