import { CLAIM_NUMBER_PATTERN } from '../../contracts/claim-number.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, consentCookie } from '../../scripts/browser.ts';
import { mailOutbox } from '../../server/db/schema.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { parseMessage } from '../../server/mail/test-support.ts';
import { claimsOf, Visitor } from './declaration-journey.ts';
import { ARTEFACTS_DIR, newVisitor, setUpMailingPortal } from './harness.ts';

/**
 * A declaration finished without a connection is kept on the device and sent by
 * itself when the connection returns; replays, two tabs, a lost answer, a reload and a restarted
 * browser make exactly one claim, one number and one confirmation mail. Every flow runs with
 * Background Sync and without it (an init script takes it away from the pages).
 */

const suite = setUpMailingPortal();
const cancellationName = getDemoGuarantee(1).names.fr.nom;
const CLAIMS_API = '**/partenaire/api/v2/declare/sinistres';
const SYNC_TAG = 'portal-pending-declaration';

interface Mode {
  name: string;
  backgroundSync: boolean;
  /** Insured numbers of this mode's flows (each flow declares on its own subscription). */
  numbers: { offline: string; lostAnswer: string; twoTabs: string; restart: string; pressed: string };
}

const MODES: Mode[] = [
  {
    name: 'with Background Sync',
    backgroundSync: true,
    numbers: {
      offline: 'SO-0000010',
      lostAnswer: 'SO-0000011',
      twoTabs: 'SO-0000012',
      restart: 'SO-0000013',
      pressed: 'SO-0000018',
    },
  },
  {
    name: 'without Background Sync',
    backgroundSync: false,
    numbers: {
      offline: 'SO-0000014',
      lostAnswer: 'SO-0000015',
      twoTabs: 'SO-0000016',
      restart: 'SO-0000017',
      pressed: 'SO-0000019',
    },
  },
];

/** Sets a browser context up as a visitor's: consent given, and Background Sync taken away when the mode says. */
async function prepare(context: BrowserContext, mode: Mode): Promise<void> {
  await context.addCookies([consentCookie(suite.portal.baseUrl)]);
  if (!mode.backgroundSync)
    await context.addInitScript(() => {
      delete (window as { SyncManager?: unknown }).SyncManager;
      delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
    });
}

async function openContext(mode: Mode): Promise<BrowserContext> {
  const context = await newVisitor(suite.browser, suite.portal.baseUrl, { serviceWorkers: true });
  await prepare(context, mode);
  return context;
}

/** Walks a new tab of `context` to step 5 for `number`, confirmations ticked, its service worker in control. */
async function atStep5(context: BrowserContext, number: string): Promise<Visitor> {
  const visitor = new Visitor(await context.newPage(), suite.portal.baseUrl);
  await visitor.walkTo(4, number, cancellationName);
  await visitor.typeContactIfEmpty();
  await visitor.page.getByLabel(visitor.t('wizard.step4.city.label')).fill('Angers');
  await visitor.next();
  await visitor.expectAt('declare-step5');
  await visitor.tickConfirmations();
  await visitor.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return visitor;
}

/** Step 5 says the declaration is kept on this device and offers to send it now. */
async function expectKeptOnStep5(visitor: Visitor): Promise<void> {
  const { page, t } = visitor;
  await page.getByText(t('wizard.step5.savedOnDevice.title')).waitFor();
  await page.getByRole('button', { name: t('wizard.step5.sendNow') }).waitFor();
  await expect(page.locator('main').textContent()).resolves.not.toContain(t('wizard.step5.networkError'));
}

/** A place with a kept declaration's "Envoyer maintenant": its button, its busy sign and its status. */
interface SendNowPlace {
  button: Locator;
  busy: Locator;
  status: Locator;
  stillOffline: string;
}

/**
 * "Envoyer maintenant" pressed while still offline: the button shows it tries (busy, the focus
 * kept on it), then a polite status says the declaration stays on the device; each press says it again.
 */
async function expectStillOfflineOnPress({ button, busy, status, stillOffline }: SendNowPlace): Promise<void> {
  expect(await status.getAttribute('role')).toBe('status');
  for (const press of [1, 2]) {
    // The button's states are recorded in the page as they change: the attempt can end before a
    // read from here (a slow machine), so its disabled state is not read after the fact.
    await button.evaluate((element) => {
      const states: (string | null)[] = [];
      new MutationObserver(() => states.push(element.getAttribute('aria-disabled'))).observe(element, {
        attributes: true,
        attributeFilter: ['aria-disabled'],
      });
      Object.assign(window, { sendNowStates: states });
    });
    await button.click();
    await busy.waitFor();
    await status.getByText(stillOffline).waitFor();
    const states = await button.evaluate(
      () => (window as unknown as { sendNowStates: (string | null)[] }).sendNowStates,
    );
    expect(states, `press ${press}: disabled while it tries`).toContain('true');
    expect(await button.getAttribute('aria-disabled'), `press ${press}`).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  }
}

/** Step 5's "Envoyer maintenant" pressed while still offline (`expectStillOfflineOnPress`). */
async function expectStillOfflineOnRetry(visitor: Visitor): Promise<void> {
  const { page, t } = visitor;
  await expectStillOfflineOnPress({
    button: page.getByRole('button', { name: t('wizard.step5.sendNow') }),
    busy: page.locator('.form-card__actions .spinner'),
    status: page.locator('.recap-page__retry-status'),
    stillOffline: t('wizard.common.stillOffline'),
  });
  await expectKeptOnStep5(visitor);
  await viewportShots(page, 'offline-still-offline-step5', page.locator('.form-card__actions'));
}

/** The confirmation mails of a claim: as received by the SMTP server, and as written to the outbox. */
async function expectOneConfirmationMail(claimNumber: string): Promise<void> {
  const written = await suite.portal.database.db
    .select({ id: mailOutbox.id, recipient: mailOutbox.recipient })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'claim-confirmation'), like(mailOutbox.subject, `%${claimNumber}%`)));
  expect(written).toHaveLength(1);
  // The claimant's mails only: a cancellation's copy to the booking establishment names the claim too.
  const claimant = written[0]?.recipient ?? '';
  const received = () =>
    suite.smtp.received
      .filter((mail) => mail.to.includes(claimant))
      .map((mail) => parseMessage(mail.raw))
      .filter((mail) => mail.text.includes(claimNumber));
  await expect.poll(() => received().length).toBeGreaterThanOrEqual(1);
  expect(received()).toHaveLength(1);
}

async function expectOneClaim(number: string, claimNumber: string): Promise<void> {
  const claims = await claimsOf(suite.portal.database, number);
  expect(claims.map((claim) => claim.numero)).toEqual([claimNumber]);
  await expectOneConfirmationMail(claimNumber);
}

/** The Background Sync tags the page's service worker holds (this mode registers one when it keeps a declaration). */
function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { getTags(): Promise<string[]> };
    };
    return (await registration.sync?.getTags()) ?? [];
  });
}

/** What the visitor sees of the page at 390 and 1280 px wide (the viewport, where the banner and notices are). */
async function viewportShots(page: Page, name: string, showing?: Locator): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await showing?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTEFACTS_DIR, `${name}-${width}.png`) });
  }
}

/** Fires the worker's Background Sync event as Chromium does when the connection returns (DevTools protocol). */
async function fireBackgroundSync(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const [registration] = registrations.filter((item) => item.scopeURL.startsWith(suite.portal.baseUrl));
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: suite.portal.baseUrl,
    registrationId: await registered,
    tag: SYNC_TAG,
    lastChance: false,
  });
  await cdp.detach();
}

describe.each(MODES)('Offline declaration, $name', (mode) => {
  it('When the visitor submits without a connection, then the page says it is kept and will be sent, says so again on "Envoyer maintenant" while offline, and it is sent by itself once online: one claim, one mail', async () => {
    const context = await openContext(mode);
    const you = await atStep5(context, mode.numbers.offline);
    await context.setOffline(true);
    await you.submit();
    await expectKeptOnStep5(you);
    await expectStillOfflineOnRetry(you);
    expect(await claimsOf(suite.portal.database, mode.numbers.offline)).toEqual([]);
    if (mode.backgroundSync) expect(await syncTags(you.page)).toContain(SYNC_TAG);
    await context.setOffline(false);
    const claimNumber = await you.confirmedClaimNumber();
    await expectOneClaim(mode.numbers.offline, claimNumber);
    await context.close();
  });

  it('When the answer is lost after the server saved the claim, then the replay (the worker’s Background Sync, or "Envoyer maintenant") shows the same claim: one claim, one mail', async () => {
    const context = await openContext(mode);
    const you = await atStep5(context, mode.numbers.lostAnswer);
    // The server answers; the answer never reaches the page (the signal drops on the way back).
    let cut = 0;
    await you.page.route(CLAIMS_API, async (route) => {
      await route.fetch();
      cut += 1;
      await route.abort('connectionreset');
    });
    await you.submit();
    const sendNow = you.page.getByRole('button', { name: you.t('wizard.step5.sendNow') });
    await sendNow.or(you.page.locator('.confirmation-card__number')).first().waitFor();
    const [saved] = await claimsOf(suite.portal.database, mode.numbers.lostAnswer);
    expect(saved?.numero).toMatch(CLAIM_NUMBER_PATTERN);
    expect(cut).toBe(1);
    await you.page.unroute(CLAIMS_API);
    // With Background Sync, asked once the page's try had no answer, the worker replays it by
    // itself (the browser is online); without, the visitor presses the button.
    if (!mode.backgroundSync) {
      await expectKeptOnStep5(you);
      await sendNow.click();
    }
    expect(await you.confirmedClaimNumber()).toBe(saved?.numero);
    await expectOneClaim(mode.numbers.lostAnswer, saved?.numero ?? '');
    await context.close();
  });

  it('When two tabs hold the same waiting declaration and the connection returns, then both show the same number: one claim, one mail', async () => {
    const context = await openContext(mode);
    const first = await atStep5(context, mode.numbers.twoTabs);
    const second = new Visitor(await context.newPage(), suite.portal.baseUrl);
    await second.open('declare-step5');
    await second.expectAt('declare-step5');
    await context.setOffline(true);
    // The service worker's own requests are not taken offline by the emulation: the API is cut for
    // it too, else its Background Sync sends while the pages are still offline.
    await context.route(CLAIMS_API, (route) => route.abort('internetdisconnected'));
    await first.submit();
    await expectKeptOnStep5(first);
    await expectKeptOnStep5(second);
    await context.unroute(CLAIMS_API);
    await context.setOffline(false);
    // Both tabs try at once (`online`): one sends, the other waits for the lock and finds it sent.
    const claimNumber = await first.confirmedClaimNumber();
    expect(await second.confirmedClaimNumber()).toBe(claimNumber);
    await expectOneClaim(mode.numbers.twoTabs, claimNumber);
    await context.close();
  });

  it('When the page is reloaded and the browser closed and reopened while the declaration waits, then it still waits, the banner shows on every page, and it is sent once: one claim, one mail', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'portal-offline-profile-'));
    const launch = async () => {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
        locale: 'fr-FR',
        viewport: { width: 1280, height: 900 },
        serviceWorkers: 'allow',
      });
      await prepare(context, mode);
      // The partner API cannot be reached (pages still load): a Wi-Fi that lets nothing through to it.
      await context.route(CLAIMS_API, (route) => route.abort('connectionrefused'));
      return context;
    };
    let context = await launch();
    try {
      const you = await atStep5(context, mode.numbers.restart);
      await you.submit();
      await expectKeptOnStep5(you);
      await you.page.reload();
      await expectKeptOnStep5(you);

      await you.open('');
      const banner = you.page.locator('[data-pending-banner]');
      await banner.getByText(you.t('pendingDeclaration.waiting')).waitFor();
      expect(await banner.getAttribute('role')).toBe('status');

      await context.close();
      context = await launch();
      const again = new Visitor(context.pages()[0] ?? (await context.newPage()), suite.portal.baseUrl);
      await again.open('faq');
      const bannerAgain = again.page.locator('[data-pending-banner]');
      await bannerAgain.getByText(again.t('pendingDeclaration.waiting')).waitFor();
      expect(await claimsOf(suite.portal.database, mode.numbers.restart)).toEqual([]);
      await context.unroute(CLAIMS_API);

      let claimNumber: string;
      if (mode.backgroundSync) {
        // No page of the site open: only the worker's Background Sync can send it.
        const blank = await context.newPage();
        await again.page.close();
        await fireBackgroundSync(blank);
        await expect.poll(async () => (await claimsOf(suite.portal.database, mode.numbers.restart)).length).toBe(1);
        const later = new Visitor(blank, suite.portal.baseUrl);
        await later.open('confirmation-sinistre');
        claimNumber = await later.confirmedClaimNumber();
      } else {
        await bannerAgain.getByRole('button', { name: again.t('pendingDeclaration.sendNow') }).click();
        await bannerAgain.getByText(again.t('pendingDeclaration.sent')).waitFor();
        claimNumber = (await bannerAgain.locator('[data-pending-number]').textContent()) ?? '';
        await bannerAgain.getByRole('link', { name: again.t('pendingDeclaration.see') }).click();
        expect(await again.confirmedClaimNumber()).toBe(claimNumber);
      }
      await expectOneClaim(mode.numbers.restart, claimNumber);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
    // Two launches of a browser with its own profile: slow on a loaded machine.
  }, 150_000);

  // The pages behave alike in both modes: shown once.
  it.runIf(!mode.backgroundSync)(
    'When "Envoyer maintenant" is pressed in the banner or on the confirmation while the declaration still cannot be sent, then each says there is still no connection, and it stays kept',
    async () => {
      const context = await openContext(mode);
      await context.route(CLAIMS_API, (route) => route.abort('connectionrefused'));
      const you = await atStep5(context, mode.numbers.pressed);
      await you.submit();
      await expectKeptOnStep5(you);
      await viewportShots(you.page, 'offline-waiting-step5', you.page.locator('.form-card__actions'));

      await you.open('');
      const banner = you.page.locator('[data-pending-banner]');
      await banner.getByText(you.t('pendingDeclaration.waiting')).waitFor();
      await you.expectAccessible('home page, a declaration waits (banner)');
      await viewportShots(you.page, 'offline-waiting-banner');
      await expectStillOfflineOnPress({
        button: banner.getByRole('button', { name: you.t('pendingDeclaration.sendNow') }),
        busy: banner.getByText(you.t('pendingDeclaration.sending')),
        status: banner,
        stillOffline: you.t('pendingDeclaration.stillOffline'),
      });
      await viewportShots(you.page, 'offline-still-offline-banner');

      await you.open('confirmation-sinistre');
      await you.page.getByText(you.t('confirmation.waiting.title')).waitFor();
      await viewportShots(you.page, 'offline-waiting-confirmation');
      await expectStillOfflineOnPress({
        button: you.page.getByRole('button', { name: you.t('confirmation.waiting.sendNow') }),
        busy: you.page.locator('.confirmation-card .spinner'),
        status: you.page.locator('.confirmation-card__retry-status'),
        stillOffline: you.t('wizard.common.stillOffline'),
      });
      await you.expectAccessible('confirmation page, still offline');
      await viewportShots(you.page, 'offline-still-offline-confirmation');
      expect(await claimsOf(suite.portal.database, mode.numbers.pressed)).toEqual([]);
      await context.close();
    },
  );
});
