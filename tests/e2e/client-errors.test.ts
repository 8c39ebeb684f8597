import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientErrorCounts } from '../../server/db/schema.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import { newVisitor, openVisitor, type RunningPortal, signInStaff, startPortal, workerBrowser } from './harness.ts';

/**
 * A numbered error met in a visitor's page reaches the operators. The page reports
 * it, the server counts it, staff read the count on the dashboard.
 */

const LOGIN = 'operateur.erreurs';

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), workerBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('Browser error reports', () => {
  it('When infos_dossier fails for a visitor, then 562321E is counted and staff see it on the dashboard', async () => {
    const you = await openVisitor(browser, portal.baseUrl);
    const context = you.page.context();
    await context.route('**/infos_dossier*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"down"}' }),
    );
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000010');
    await you.page.getByText('562321E').first().waitFor();

    await vi.waitFor(
      async () => {
        const rows = await portal.database.db
          .select()
          .from(clientErrorCounts)
          .where(eq(clientErrorCounts.code, '562321E'));
        expect(rows.map((row) => row.count)).toEqual([1]);
      },
      { timeout: 10_000, interval: 100 },
    );
    await context.close();

    const staff = await (await newVisitor(browser, portal.baseUrl)).newPage();
    await signInStaff(staff, portal, LOGIN);
    await staff.goto(`${portal.baseUrl}/bo_dashboard`);
    const card = staff.getByRole('region', { name: 'Erreurs signalées par les navigateurs' });
    const row = card.getByRole('row', { name: /562321E/ });
    await row.waitFor();
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      'Informations du dossier (infos_dossier) en échec à l’ouverture de la déclaration',
      '1',
      '1',
      '1',
      new Date().toISOString().slice(0, 10).split('-').reverse().join('/'),
    ]);
    await expectNoSeriousViolation(staff, 'dashboard with browser errors');
  });
});
