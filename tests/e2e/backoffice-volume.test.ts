import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../scripts/browser.ts';
import { newVisitor, type RunningPortal, screenshotsAt, signInStaff, startPortal } from './harness.ts';

/**
 * The back office at the demo's real volume (`npm start`'s seed: some 2,400 generated claims over
 * 18 months, and the inbox's messages): the pages show their work. The other back-office files
 * run on the hand-written records, whose exact counts their assertions name.
 */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: 'full' }), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function signedInPage(path: string): Promise<Page> {
  const page = await (await newVisitor(browser, portal.baseUrl)).newPage();
  await signInStaff(page, portal, 'camille');
  await page.goto(`${portal.baseUrl}${path}`);
  return page;
}

/** A count as the back office writes it: French thousands separated by a (narrow) space. */
function countIn(text: string, unit: string): number {
  const match = new RegExp(`([\\d\\s\\u202f\\u00a0]+) ${unit}`).exec(text);
  return Number((match?.[1] ?? '').replaceAll(/\D/g, ''));
}

describe('The back office at the demo volume', () => {
  it('When staff list every claim, then the demo holds more than 2,000 and pages through them', async () => {
    const page = await signedInPage('/bo_sinistres?vue=tous');
    await expect(page.getByRole('heading', { name: 'Liste des sinistres' }).waitFor()).resolves.toBeUndefined();
    const results = page.getByText(/\d résultats$/);
    await results.first().waitFor();
    expect(countIn((await results.first().textContent()) ?? '', 'résultats')).toBeGreaterThan(2_000);
    await expect(page.getByRole('button', { name: 'Suivant' }).isEnabled()).resolves.toBe(true);
    await screenshotsAt(page, 'demo-volume-claims');
  });

  it('When staff open the work queue, then its groups count the generated claims waiting for them', async () => {
    const queue = await signedInPage('/bo_sinistres');
    await expect(queue.getByRole('heading', { name: 'À traiter', level: 1 }).waitFor()).resolves.toBeUndefined();
    const proofs = queue.getByRole('region', { name: /^Justificatifs reçus à examiner/ });
    await expect(proofs.locator('.bo-queue__count').waitFor()).resolves.toBeUndefined();
    expect(Number(await proofs.locator('.bo-queue__count').textContent())).toBeGreaterThan(10);
    await screenshotsAt(queue, 'demo-volume-queue');
  });
});
