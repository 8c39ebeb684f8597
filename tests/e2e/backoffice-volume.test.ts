import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_FIRST_ROWS } from '../../contracts/backoffice.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import { newVisitor, type RunningPortal, screenshotsAt, signInStaff, startPortal, workerBrowser } from './harness.ts';

/**
 * The back office at the demo's real volume (`npm start`'s seed: some 2,400 generated claims over
 * 18 months, and the inbox's messages): the pages show their work. The other back-office files
 * run on the hand-written records, whose exact counts their assertions name.
 */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: 'full' }), workerBrowser()]);
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

  it('When staff open the work queue, then its groups count the generated claims waiting for them, each shows its oldest rows and the rest on demand, and every group is within the first screens', async () => {
    const queue = await signedInPage('/bo_sinistres');
    await expect(queue.getByRole('heading', { name: 'À traiter', level: 1 }).waitFor()).resolves.toBeUndefined();
    const proofs = queue.getByRole('region', { name: /^Justificatifs reçus à examiner/ });
    const waiting = queue.getByRole('region', { name: /^En attente de l’assuré depuis plus de 7 jours/ });
    await expect(proofs.locator('.bo-queue__count').waitFor()).resolves.toBeUndefined();
    expect(Number(await proofs.locator('.bo-queue__count').textContent())).toBeGreaterThan(QUEUE_FIRST_ROWS);
    // The questions' group, the last one, starts within three screens (it came after 200 rows).
    const last = queue.getByRole('region', { name: /^Questions de la FAQ sans réponse/ });
    const top = await last.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(3 * 900);
    await screenshotsAt(queue, 'demo-volume-queue');
    for (const group of [proofs, waiting]) {
      // A header row, then the first rows.
      await expect.poll(() => group.getByRole('row').count()).toBe(QUEUE_FIRST_ROWS + 1);
      const more = group.getByRole('button', { name: /^Afficher les \d+ suivants$/ });
      const hidden = Number(/\d+/.exec((await more.textContent()) ?? '')?.[0]);
      expect(hidden).toBeGreaterThan(0);
      await expect(more.getAttribute('aria-expanded')).resolves.toBe('false');
      await more.click();
      await expect.poll(() => group.getByRole('row').count()).toBe(QUEUE_FIRST_ROWS + hidden + 1);
      const fewer = group.getByRole('button', { name: `N’afficher que les ${QUEUE_FIRST_ROWS} premiers` });
      await expect(fewer.getAttribute('aria-expanded')).resolves.toBe('true');
      await fewer.click();
      await expect.poll(() => group.getByRole('row').count()).toBe(QUEUE_FIRST_ROWS + 1);
    }
    await expectNoSeriousViolation(queue, 'work queue at the demo volume, 1280 px');
    // On a phone, each claim is a block of labelled lines instead of a table scrolled sideways,
    // each label beside its value: a short value takes one line.
    await queue.setViewportSize({ width: 390, height: 844 });
    const firstRow = proofs.getByRole('row').nth(1);
    await expect(firstRow.evaluate((row) => getComputedStyle(row).display)).resolves.toBe('block');
    const name = firstRow.getByRole('cell').nth(1);
    const lineHeight = await name.evaluate((cell) => Number.parseFloat(getComputedStyle(cell).lineHeight));
    const nameBox = await name.boundingBox();
    expect(nameBox?.height).toBeLessThan(2 * lineHeight);
    await expect(name.evaluate((cell) => getComputedStyle(cell, '::before').float)).resolves.toBe('left');
    await expect(
      proofs.locator('.bo-table-wrap').evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth),
    ).resolves.toBe(true);
    await expectNoSeriousViolation(queue, 'work queue at the demo volume, 390 px');
  });
});
