import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { eq } from 'drizzle-orm';
import { activities } from '../../server/db/schema.ts';
import { claimsOf, storedDraft, Visitor } from './declaration-journey.ts';
import { newVisitor, openVisitor, type RunningPortal, startPortal, workerBrowser } from './harness.ts';

/**
 * A submit that meets a stopped server, a double click, a second tab: the draft is never lost and
 * one declaration makes one claim (the draft carries an Idempotency-Key the server replays).
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

const cancellationName = getDemoGuarantee(1).names.fr.nom;

async function atStep5(number: string, you?: Visitor): Promise<Visitor> {
  const visitor = you ?? (await openVisitor(browser, portal.baseUrl));
  await visitor.walkTo(4, number, cancellationName);
  await visitor.typeContactIfEmpty();
  await visitor.page.getByLabel(visitor.t('wizard.step4.city.label')).fill('Angers');
  await visitor.next();
  await visitor.expectAt('declare-step5');
  await visitor.tickConfirmations();
  return visitor;
}

describe('Submitting safely', () => {
  it('When the server is down at submit, then the page says the declaration is kept on this device, the draft stays, and "Envoyer maintenant" makes exactly one claim', async () => {
    const you = await atStep5('SO-0000010');
    const { page, t } = you;
    const keyBefore = (await storedDraft(page))?.['idempotencyKey'];
    await portal.stopHttp();
    try {
      await you.submit();
      // Never a bare network error; it is kept, to be sent by itself or now.
      await expect(page.getByText(t('wizard.step5.savedOnDevice.title')).waitFor()).resolves.toBeUndefined();
      expect(await page.locator('.spinner').count()).toBe(0);
      const draft = await storedDraft(page);
      expect(draft).toMatchObject({ city: 'Angers', idempotencyKey: keyBefore });
      // The recap still shows everything typed.
      await expect(page.locator('.recap-page').textContent()).resolves.toContain('Angers');
    } finally {
      await portal.startHttp();
    }
    await page.getByRole('button', { name: t('wizard.step5.sendNow') }).click();
    const claimNumber = await you.confirmedClaimNumber();
    const claims = await claimsOf(portal.database, 'SO-0000010');
    expect(claims.map((claim) => claim.numero)).toEqual([claimNumber]);
    await page.context().close();
  });

  it('When the live-activity socket cannot be reached, then the journey works all the same and makes its claim', async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    const blocked: string[] = [];
    // socket.io's WebSocket (and its polling fallback, were it used) meets a closed door.
    await context.routeWebSocket(/\/socket\.io\//, (socket) => {
      blocked.push(socket.url());
      return socket.close({ code: 1011, reason: 'unreachable' });
    });
    await context.route('**/socket.io/**', (route) => {
      blocked.push(route.request().url());
      return route.abort('connectionrefused');
    });
    const errors: string[] = [];
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    const you = await atStep5('SO-0000020', new Visitor(page, portal.baseUrl));
    await you.submit();
    const claimNumber = await you.confirmedClaimNumber();
    expect(blocked.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    const [claim] = await claimsOf(portal.database, 'SO-0000020');
    expect(claim).toMatchObject({ numero: claimNumber, creationSocketId: null });
    await context.close();
  });

  it('When the socket is reachable, then the claim names the visitor session that made it, and that session is marked as declared', async () => {
    const you = await atStep5('SO-0000021');
    await you.submit();
    const claimNumber = await you.confirmedClaimNumber();
    const [claim] = await claimsOf(portal.database, 'SO-0000021');
    expect(claim?.numero).toBe(claimNumber);
    const socketId = claim?.creationSocketId ?? '';
    expect(socketId).not.toBe('');
    // The confirmation page's newSinistre reaches the record (written by the next batch).
    await expect
      .poll(
        async () => {
          const [row] = await portal.database.db.select().from(activities).where(eq(activities.socketId, socketId));
          return row?.store;
        },
        { timeout: 10_000 },
      )
      .toMatchObject({ declaSent: true });
    await you.page.context().close();
  });

  it('When the visitor double-clicks the submit button, then one claim is made', async () => {
    const you = await atStep5('SO-0000011');
    await you.page.getByRole('button', { name: you.t('wizard.step5.submit') }).dblclick();
    await you.confirmedClaimNumber();
    expect(await claimsOf(portal.database, 'SO-0000011')).toHaveLength(1);
    await you.page.context().close();
  });

  it('When the same draft is submitted from two tabs at once, then both get the same claim', async () => {
    const first = await atStep5('SO-0000012');
    const second = new Visitor(await first.page.context().newPage(), portal.baseUrl);
    await second.open('declare-step5');
    await second.expectAt('declare-step5');
    await second.tickConfirmations();
    // The second tab submits first and its request is held; the first tab's submit then waits for
    // the one sender of the device (a Web Lock) and gets the same claim once the
    // second's answer comes: the tab that did not send must not leave before it knows the number.
    let releaseSecond = () => {};
    const firstDone = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    let secondSent = () => {};
    const secondOnItsWay = new Promise<void>((resolve) => {
      secondSent = resolve;
    });
    await second.page.route('**/partenaire/api/v2/declare/sinistres', async (route) => {
      if (route.request().method() === 'POST') {
        secondSent();
        await firstDone;
      }
      await route.continue();
    });
    await second.submit();
    await secondOnItsWay;
    await first.submit();
    releaseSecond();
    const number = await first.confirmedClaimNumber();
    expect(await second.confirmedClaimNumber()).toBe(number);
    const claims = await claimsOf(portal.database, 'SO-0000012');
    expect(claims.map((claim) => claim.numero)).toEqual([number]);
    await first.page.context().close();
  });

  it('When another tab submits the draft, then a tab left open on step 5 shows the confirmation', async () => {
    const first = await atStep5('SO-0000015');
    const idle = new Visitor(await first.page.context().newPage(), portal.baseUrl);
    await idle.open('declare-step5');
    await idle.expectAt('declare-step5');
    await first.submit();
    const number = await first.confirmedClaimNumber();
    expect(await idle.confirmedClaimNumber()).toBe(number);
    await first.page.context().close();
  });

  it('When the claim already exists for the contract, then the page says so, without its number, and leads to the follow-up', async () => {
    const you = await atStep5('SO-0000013');
    // Another browser declares the same contract first.
    const other = await atStep5('SO-0000013');
    await other.submit();
    const existing = await other.confirmedClaimNumber();
    await you.submit();
    const alert = you.page.getByRole('alert');
    await expect(alert.textContent()).resolves.toContain('Un sinistre a déjà été déclaré pour ce contrat.');
    // Whoever reaches step 5 on a number is not told the claim's number: the follow-up mails its link.
    expect(await alert.textContent()).not.toContain(existing);
    expect(await alert.getByRole('link').getAttribute('href')).toBe('/suivre-dossier');
    expect(await claimsOf(portal.database, 'SO-0000013')).toHaveLength(1);
    await Promise.all([you.page.context().close(), other.page.context().close()]);
  });

  it('When the server fails while saving, then its error text shows with the code and nothing is lost', async () => {
    const you = await atStep5('SO-0000014');
    // The database goes away: the server answers 5xx (this test is last: the portal cannot recover).
    await portal.database.close();
    await you.submit();
    await expect(you.page.getByText(you.t('wizard.step5.serverError')).waitFor()).resolves.toBeUndefined();
    await expect(you.page.getByRole('alert').textContent()).resolves.toContain('452305E');
    expect(await storedDraft(you.page)).toMatchObject({ city: 'Angers' });
    await you.expectAccessible('step 5, server error');
    await you.page.context().close();
  });
});
