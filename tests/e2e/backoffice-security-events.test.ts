import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addStaffUser } from '../../server/staff-api/sessions/accounts.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import { newVisitor, type RunningPortal, screenshotsAt, signInStaff, startPortal, workerBrowser } from './harness.ts';

/**
 * A stranger guessing a staff member's password: the guessing address is held back, the staff
 * member's own browser still signs in, and the dashboard shows staff what the attack met.
 */

const LOGIN = 'sam.securite';
const PASSWORD = 'a long staff password';

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), workerBrowser()]);
  await addStaffUser(portal.database.db, LOGIN, PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('Sign-in guessing seen by staff', () => {
  it("When someone guesses at a staff account from the same address, then the staff member's browser still signs in, and the dashboard shows the wrong passwords since the last sign-in and the security events", async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    const signIn = async () => {
      if (!page.url().includes('/bo_login')) await page.goto(`${portal.baseUrl}/bo_login`);
      await page.getByLabel('Identifiant').waitFor();
      await page.getByLabel('Identifiant').fill(LOGIN);
      await page.getByLabel('Mot de passe').fill(PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(`${portal.baseUrl}/bo_dashboard`);
    };
    await signIn();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/bo_login/);
    await page.getByLabel('Identifiant').waitFor();

    // A stranger on the same address (this machine) guesses until that address is refused.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const answer = await fetch(`${portal.baseUrl}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pseudo: LOGIN, password: `guess number ${attempt}` }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

    // The browser where the staff member signed in before is not a stranger's.
    await signIn();
    const card = page.getByRole('region', { name: 'Événements de sécurité', exact: true });
    // Counts are written every few seconds, so the two refusals may land in two writes: the
    // dashboard shows what was written at its load, and shows both once both are.
    const row = card.getByRole('row', { name: /Connexions au back-office refusées ou ralenties/ });
    await vi.waitFor(
      async () => {
        await page.reload();
        await row.waitFor({ timeout: 2_000 });
        await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['2', '2']);
        // Each wrong password counts too, as the owner's banner below says.
        const refused = card.getByRole('row', { name: /identifiant ou mot de passe erroné/ });
        await expect(refused.getByRole('cell').allTextContents()).resolves.toEqual(['5', '5']);
      },
      { timeout: 20_000, interval: 500 },
    );
    await expect(
      card.getByText(/^2 connexions au back-office refusées ou ralenties aujourd’hui/).count(),
    ).resolves.toBe(1);
    // The owner learns that someone tried: the wrong passwords since the last sign-in, until dismissed.
    const notice = page.getByRole('status').filter({ hasText: 'mots de passe erronés' });
    await expect(notice.textContent()).resolves.toMatch(
      /^5 mots de passe erronés ont été saisis pour votre compte depuis le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\. Si ce n’était pas vous, prévenez l’administrateur du back-office\.J’ai compris$/,
    );
    await expectNoSeriousViolation(page, 'dashboard with security events');
    await card.scrollIntoViewIfNeeded();
    await screenshotsAt(page, 'backoffice-security-events');
    // Dismissed with the keyboard: the focus goes to the dashboard's heading, not nowhere.
    await notice.getByRole('button', { name: 'J’ai compris' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Dashboard');
    await page.reload();
    await card.waitFor();
    await expect(page.getByText(/ont été saisis pour votre compte/).count()).resolves.toBe(0);
    await context.close();
  });
  it('When the counts cannot be read, then each dashboard card says what could not be loaded, not a bare « Erreur »', async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    await signInStaff(page, portal, LOGIN);
    await page.route(/\/(security_events|client_errors)(\?|$)/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"ok":false}' }),
    );
    await page.goto(`${portal.baseUrl}/bo_dashboard`);
    const security = page.getByRole('region', { name: 'Événements de sécurité', exact: true });
    await expect(security.getByRole('alert').textContent()).resolves.toBe(
      'Les événements de sécurité n’ont pas pu être chargés. Actualisez la page dans un instant.',
    );
    const errors = page.getByRole('region', { name: 'Erreurs signalées par les navigateurs', exact: true });
    await expect(errors.getByRole('alert').textContent()).resolves.toBe(
      'Les erreurs signalées n’ont pas pu être chargées. Actualisez la page dans un instant.',
    );
    await context.close();
  });
});
