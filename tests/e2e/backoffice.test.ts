import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrands } from '../../brands/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { activities, claimProofs, claims, faqEntries, mailOutbox } from '../../server/db/schema.ts';
import { postDeclaration, validDeclaration } from '../../server/customer-api/claims/test-support.ts';
import { multipartForm, postForm } from '../../server/customer-api/proofs/test-support.ts';
import { PARTNER_API_BASE, ProofUploadAnswerSchema } from '../../contracts/partner-api.ts';
import { PASSWORD_MAX_LENGTH } from '../../contracts/backoffice.ts';
import { samplePdf } from '../../server/files/test-support.ts';
import { deliverDueMail } from '../../server/mail/delivery.ts';
import { createTransport } from '../../server/mail/transport.ts';
import { addStaffUser } from '../../server/staff-api/sessions/accounts.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import { BACKOFFICE_ROUTES } from '../../contracts/routes.ts';
import {
  expectReadableMessage,
  newVisitor,
  type RunningPortal,
  screenshot,
  screenshotsAt,
  signInStaff,
  startPortal,
  workerBrowser,
} from './harness.ts';

/**
 * The back office as staff use it: sign in, the dashboard's live figures, the activities, the
 * claims list and a claim's handling, seen back on the claimant's follow-up page; sign out.
 */

const LOGIN = 'camille.martin';
const PASSWORD = 'a long staff password';
/**
 * How long live activity may take to reach the dashboard: a second on a quiet machine; beside the
 * whole suite on two cores, the visitor's page is idle (its socket opens) much later.
 */
const LIVE_WAIT_MS = 45_000;

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), workerBrowser()]);
  await addStaffUser(portal.database.db, LOGIN, PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A back-office page at `path`, signed in as LOGIN (the sign-in form is the first test's). */
async function signedInPage(path: string): Promise<Page> {
  const page = await (await newVisitor(browser, portal.baseUrl)).newPage();
  await signInStaff(page, portal, LOGIN);
  await page.goto(`${portal.baseUrl}${path}`);
  return page;
}

/**
 * A claim declared through the partner API on the generic demo subscription SO-00000`n`: its
 * number, its follow-up token (`hash`) and its id.
 */
async function declareClaim(n: number, key: string): Promise<{ numero: string; hash: string; id: number }> {
  const declared = await postDeclaration(portal.baseUrl, validDeclaration(n), key);
  expect(declared.status).toBe(200);
  const { numero_sinistre: numero, hash } = (declared.body as { data: { numero_sinistre: string; hash: string } }).data;
  const [claim] = await portal.database.db.select({ id: claims.id }).from(claims).where(eq(claims.numero, numero));
  return { numero, hash, id: claim?.id ?? 0 };
}

/** Sends a PDF as proof `proofId` of a claim through the follow-up API, as the claimant's page does. */
async function sendProof(hash: string, proofId: number, name: string, label: string): Promise<void> {
  const url = `${portal.baseUrl}${PARTNER_API_BASE}/justificatifs`;
  const bytes = Buffer.concat([samplePdf(), Buffer.from(`\n% ${label}\n`, 'latin1')]);
  const form = multipartForm([['type', String(proofId)]], [{ field: 'newfile', bytes, name, type: 'application/pdf' }]);
  const uploaded = await postForm(url, form);
  expect(uploaded.status).toBe(200);
  const value = ProofUploadAnswerSchema.parse(uploaded.body).data.temp_file;
  const fields = { hash, justificatifs: JSON.stringify([{ type: proofId, value, name }]) };
  expect((await postForm(url, multipartForm(fields))).status).toBe(200);
}

describe('Back office', () => {
  it('When staff open the dashboard without a session, then they sign in and come back; a wrong password says so', async () => {
    const context = await newVisitor(browser, portal.baseUrl);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/bo_dashboard`);
    await page.waitForURL(`${portal.baseUrl}/bo_login?next=%2Fbo_dashboard`);
    // Nothing of the dashboard was shown.
    await expect(page.getByText('Utilisateurs en ligne').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Identifiant obligatoire');
    await page.getByLabel('Identifiant').fill(LOGIN);
    await page.getByLabel('Mot de passe').fill('not the password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Identifiant ou mot de passe incorrect.').waitFor()).resolves.toBeUndefined();
    // Pasted longer than any password the server reads, it is cut at that length, never refused whole.
    await page.getByLabel('Mot de passe').fill('x'.repeat(5_000));
    await expect(page.getByLabel('Mot de passe').inputValue()).resolves.toHaveLength(PASSWORD_MAX_LENGTH);
    await expectNoSeriousViolation(page, 'login');
    await screenshotsAt(page, 'backoffice-login');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${portal.baseUrl}/bo_dashboard`);
    await expect(page.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.locator('.bo__login').getByText(LOGIN).waitFor()).resolves.toBeUndefined();
    await context.close();
  });

  it('When a visitor browses, then the dashboard counts them live and the activities list their path', async () => {
    const page = await signedInPage('/bo_dashboard');
    await expect(page.getByText('Nombre de visites du dernier jour sur 60 min').waitFor()).resolves.toBeUndefined();
    // No placeholder caption: away from the bars, the legend reads the latest interval.
    await expect
      .poll(() => page.locator('.u-legend').first().textContent())
      .toMatch(/Début\s*\d{2}\/\d{2} \d{2}:\d{2}.*Visites\s*\d+/s);
    expect(await page.locator('.u-legend').first().textContent()).not.toContain('--');
    // One load of the figures as the page opens, though the live count arrives just after it.
    const loads: string[] = [];
    page.on('request', (request) => {
      if (/^\/activities\/\d+\/\d+$/.test(new URL(request.url()).pathname)) loads.push(request.url());
    });
    const liveCount = page.waitForEvent('websocket').then((socket) =>
      socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('onlineUsersCount'),
      }),
    );
    await page.reload();
    await liveCount;
    await expect(page.getByText('Nombre de visites du dernier jour sur 60 min').waitFor()).resolves.toBeUndefined();
    await page.waitForTimeout(500);
    expect(loads.map((url) => new URL(url).pathname)).toEqual(['/activities/1/60']);
    await page.getByRole('button', { name: '7 j' }).click();
    await page.getByRole('button', { name: '15 m' }).click();
    await expect(
      page.getByText('Nombre de visites ces 7 derniers jours sur 15 min').waitFor(),
    ).resolves.toBeUndefined();
    // Figures that come late: the caption stays that of the bars drawn, dimmed, and the loading is
    // said until they come, even once the controls are back.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/activities/30/15', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: '30 j' }).click();
    await expect(page.getByRole('button', { name: '30 j' }).waitFor()).resolves.toBeUndefined();
    await expect(page.getByRole('status').filter({ hasText: 'Chargement…' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Nombre de visites ces 7 derniers jours sur 15 min').isVisible()).resolves.toBe(true);
    await expect(page.locator('.bo-chart--stale').count()).resolves.toBe(1);
    release();
    await expect(
      page.getByText('Nombre de visites ces 30 derniers jours sur 15 min').waitFor(),
    ).resolves.toBeUndefined();
    await expect(page.locator('.bo-chart--stale').count()).resolves.toBe(0);
    await page.unroute('**/activities/30/15');

    // A customer opens two pages in another browser. A page is reported once its live socket has
    // opened (when the page is idle) and announced it: the test waits for that before moving on,
    // as a visitor who reads the page would (a page left sooner is reported by the next one).
    const customer = await (await newVisitor(browser, portal.baseUrl)).newPage();
    const announced = customer.waitForEvent('websocket', { timeout: LIVE_WAIT_MS }).then((socket) =>
      socket.waitForEvent('framesent', {
        predicate: (frame) => String(frame.payload).includes('addHistoryPages'),
        timeout: LIVE_WAIT_MS,
      }),
    );
    await customer.goto(`${portal.baseUrl}/veligo/declare-sinistre`);
    await announced;
    await customer.goto(`${portal.baseUrl}/veligo/faq`);
    await expect
      .poll(async () => Number(await page.getByTestId('online-now').textContent()), { timeout: LIVE_WAIT_MS })
      .toBeGreaterThanOrEqual(1);
    await expect(
      page.getByText(/Visite des pages du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}/).count(),
    ).resolves.toBe(1);
    await expectNoSeriousViolation(page, 'dashboard');
    await screenshotsAt(page, 'backoffice-dashboard');

    await page.getByRole('link', { name: 'Activités' }).click();
    await page.waitForURL(`${portal.baseUrl}/bo_activities`);
    const row = page.locator('.tabulator-row', { hasText: '/veligo/faq' });
    await expect(row.first().waitFor({ timeout: LIVE_WAIT_MS })).resolves.toBeUndefined();
    await expect(row.first().textContent()).resolves.toContain('/veligo/declare-sinistre → /veligo/faq');
    await expect(page.getByText('Direct', { exact: true }).waitFor()).resolves.toBeUndefined();
    // A column filter that leaves no session is named as the cause, not the period.
    const entryFilter = page.locator('.tabulator-col', { hasText: 'Page d’entrée' }).locator('input');
    await entryFilter.pressSequentially('zzz');
    await expect(
      page.getByText('Aucune session de cette période ne correspond aux filtres des colonnes.').waitFor(),
    ).resolves.toBeUndefined();
    await entryFilter.press('Backspace');
    await entryFilter.press('Backspace');
    await entryFilter.press('Backspace');
    await expect(row.first().waitFor()).resolves.toBeUndefined();
    // The visitor moves on: the row follows without a reload.
    await customer.goto(`${portal.baseUrl}/veligo/contact`);
    await expect(
      page.locator('.tabulator-row', { hasText: '/veligo/contact' }).first().waitFor({ timeout: LIVE_WAIT_MS }),
    ).resolves.toBeUndefined();
    await expectNoSeriousViolation(page, 'activities');
    await screenshotsAt(page, 'backoffice-activities');
    await customer.context().close();
    await page.context().close();
  }, 150_000);

  it('When staff filter the claims and handle SI-0000003, then the history names them and MARTIN sees the new state', async () => {
    // The full list is the claims page's 'Tous les sinistres' view ('À traiter' comes first).
    const page = await signedInPage('/bo_sinistres?vue=tous');
    await expect(page.getByRole('heading', { name: 'Liste des sinistres' }).waitFor()).resolves.toBeUndefined();
    await expect(page.getByText('3 résultats').waitFor()).resolves.toBeUndefined();
    // The creation day typed as the column shows it, not only as the placeholder asks.
    const created = page.getByLabel('Filtrer : Création');
    await expect(created.getAttribute('placeholder')).resolves.toBe('YYYY/MM/DD');
    await created.fill('04/11/2026');
    await expect(page.getByText('1 résultat', { exact: true }).waitFor()).resolves.toBeUndefined();
    await expect(page.getByRole('link', { name: 'SI-0000003' }).isVisible()).resolves.toBe(true);
    await created.fill('');
    await expect(page.getByText('3 résultats').waitFor()).resolves.toBeUndefined();
    // A creation filter that is no day says so under it and asks nothing of the server; kept in the
    // address, it comes back on a reload with the filters, so that it can be corrected.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await created.fill('abc');
    await expect(
      page.getByText('Une date au format AAAA/MM/JJ ou JJ/MM/AAAA, ou son début (2026/11)').waitFor(),
    ).resolves.toBeUndefined();
    await expect(created.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(
      page.getByText('Corrigez le filtre « Création » pour afficher les sinistres.').isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText('3 résultats').count()).resolves.toBe(0);
    await page.reload();
    await expect.poll(() => page.getByLabel('Filtrer : Création').inputValue()).toBe('abc');
    await expect(
      page.getByText('Corrigez le filtre « Création » pour afficher les sinistres.').waitFor(),
    ).resolves.toBeUndefined();
    await expect(page.getByText('La liste n’a pas pu être chargée', { exact: false }).count()).resolves.toBe(0);
    expect(asked.filter((url) => url.includes('created=abc') && !url.includes('/bo_sinistres'))).toEqual([]);
    await page.getByLabel('Filtrer : Création').fill('');
    await expect(page.getByText('3 résultats').waitFor()).resolves.toBeUndefined();
    // On a phone each claim is a block, its number first, and nothing scrolls sideways; the filters stay.
    await page.setViewportSize({ width: 390, height: 844 });
    const wrap = page.locator('.bo-table-wrap').first();
    await expect(wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).resolves.toBeLessThanOrEqual(0);
    const martin = page.getByRole('row', { name: /SI-0000003/ });
    const numberBox = await martin.getByRole('link', { name: 'SI-0000003' }).boundingBox();
    const nameBox = await martin.getByRole('cell', { name: 'MARTIN' }).boundingBox();
    expect(numberBox && nameBox && numberBox.y + numberBox.height <= nameBox.y).toBe(true);
    await expect(
      martin.getByRole('cell', { name: 'MARTIN' }).evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).resolves.toBe('"Nom"');
    const nameFilter = await page.getByLabel('Filtrer : Nom').boundingBox();
    expect(nameFilter && nameFilter.x + nameFilter.width).toBeLessThanOrEqual(390);
    await expectNoSeriousViolation(page, 'claims list at 390 px');
    await screenshotsAt(page, 'backoffice-claims-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Filtrer : Nom').fill('mart');
    await expect(page.getByText('1 résultat', { exact: true }).waitFor()).resolves.toBeUndefined();
    expect(page.url()).toContain('nom=mart');
    await expect(page.getByRole('button', { name: 'Précédent' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Suivant' }).isDisabled()).resolves.toBe(true);
    await expectNoSeriousViolation(page, 'claims list');
    await screenshotsAt(page, 'backoffice-claims');

    await page.getByRole('link', { name: 'SI-0000003' }).click();
    await expect(page.getByRole('heading', { name: /Sinistre SI-0000003/ }).waitFor()).resolves.toBeUndefined();
    // The claimant's country (step 4) ends the address.
    await expect(page.locator('.bo-facts div', { hasText: 'Contact' }).locator('dd').textContent()).resolves.toMatch(
      /, France$/,
    );
    // The received file opens for staff.
    const href = await page.getByRole('link', { name: /Ouvrir rib-nathalie-martin\.png/ }).getAttribute('href');
    const file = await page.request.get(`${portal.baseUrl}${href}`);
    expect(file.status()).toBe(200);
    expect([...(await file.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const rib = page.getByRole('row', { name: /RIB/ });
    // On a phone each proof is a block: its actions and the state list stay within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const control of [rib.getByRole('button', { name: 'Refuser' }), page.getByLabel('État du dossier')]) {
      const box = await control.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390 - 12);
    }
    await expectNoSeriousViolation(page, 'claim page at 390 px');
    await screenshotsAt(page, 'backoffice-claim-received');
    await rib.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('RIB validé.').waitFor()).resolves.toBeUndefined();
    await page.getByLabel('Demander un document').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Demander', exact: true }).click();
    await expect(page.getByText('Document demandé à l’assuré.').waitFor()).resolves.toBeUndefined();
    // The claim is read again after the request: a choice made before that answer is put back, so
    // choose and save until the server confirms (a busy machine answers late; saving the same state
    // twice changes nothing and writes no second history entry).
    const save = page.getByRole('button', { name: 'Enregistrer' });
    await expect
      .poll(async () => {
        await page.getByLabel('État du dossier').selectOption('attente_traitement');
        if (await save.isEnabled()) await save.click({ timeout: 2_000 }).catch(() => undefined);
        return page.getByText('État enregistré.').isVisible();
      })
      .toBe(true);
    // The confirmation shows as soon as the server agrees; the claim and its history are read again just after.
    // The demo's own entry (the booking confirmation validated in November), then this session's three.
    const history = page.locator('.bo-timeline').last();
    await expect.poll(() => history.locator('li').count()).toBe(4);
    await expect(history.textContent()).resolves.toContain(LOGIN);
    await expectNoSeriousViolation(page, 'claim page');
    await screenshotsAt(page, 'backoffice-claim');

    // The claimant's follow-up page shows the claim complete and awaiting treatment.
    const claimant = await (await newVisitor(browser, portal.baseUrl)).newPage();
    await claimant.goto(`${portal.baseUrl}/sandaya/suivre-dossier`);
    await claimant.getByRole('textbox', { name: 'Numéro de dossier' }).fill('SI-0000003');
    await claimant.getByLabel('Nom', { exact: true }).fill('MARTIN');
    await claimant.getByRole('button', { name: 'Suivant', exact: true }).click();
    await claimant.waitForURL(/client-file/);
    await expect(claimant.locator('.proof', { hasText: 'RIB' }).textContent()).resolves.toContain('Validé');
    await claimant.context().close();

    // Signing out: the back office asks for a sign-in again.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(`${portal.baseUrl}/bo_login`);
    await page.goto(`${portal.baseUrl}/bo_sinistres`);
    await page.waitForURL(/\/bo_login\?next=/);
    await page.context().close();
  });
});

describe('A page left before it reported itself is still in the session', () => {
  it('When a visitor leaves two pages before their live sockets connect, then the next page reports them, and staff see the three pages in order', async () => {
    const customer = await (await newVisitor(browser, portal.baseUrl)).newPage();
    // The live sockets are held (a slow network, a step that moves on by itself) until released.
    let held = true;
    let attempts = 0;
    await customer.routeWebSocket(/\/socket\.io\//, (socket) => {
      attempts += 1;
      if (!held) socket.connectToServer();
    });
    await customer.goto(`${portal.baseUrl}/sandaya/faq`);
    await expect.poll(() => attempts, { timeout: LIVE_WAIT_MS }).toBeGreaterThanOrEqual(1);
    await customer.goto(`${portal.baseUrl}/sandaya/contact`);
    await expect.poll(() => attempts, { timeout: LIVE_WAIT_MS }).toBeGreaterThanOrEqual(2);
    held = false;
    await customer.goto(`${portal.baseUrl}/sandaya/declare-sinistre`);
    const key = await customer.evaluate(async () => {
      while (!sessionStorage.getItem('portal.live.socket')) await new Promise((resolve) => setTimeout(resolve, 100));
      return sessionStorage.getItem('portal.live.socket') ?? '';
    });

    const recordOf = async () =>
      (await portal.database.db.select().from(activities).where(eq(activities.socketId, key)))[0];
    await expect.poll(async () => (await recordOf())?.historyPages.length, { timeout: LIVE_WAIT_MS }).toBe(3);
    const record = await recordOf();
    expect(record?.entryPage).toBe('/sandaya/faq');
    const page = await signedInPage(`/bo_activities?session=${key}`);
    const path = '/sandaya/faq → /sandaya/contact → /sandaya/declare-sinistre';
    await expect(page.locator('.tabulator-row', { hasText: path }).first().waitFor()).resolves.toBeUndefined();
    const times = (record?.historyPages ?? []).map((visit) => Date.parse(visit.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await customer.context().close();
    await page.context().close();
  }, 150_000);
});

describe('A page whose report was lost, or whose confirmation was, is in the session once', () => {
  it('When a page’s report never reaches the server and the next page’s confirmation never comes back, then the pages that follow send them again, and the session lists each page once, in order', async () => {
    const customer = await (await newVisitor(browser, portal.baseUrl)).newPage();
    // Which live socket does what: each page opens its own, after the test has set the phase.
    let phase: 'lose-report' | 'lose-confirmation' | 'pass' = 'lose-report';
    let reportsLost = 0;
    let confirmationsLost = 0;
    await customer.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      const losing = phase;
      socket.onMessage((message) => {
        // The page's report, dropped as when the page closes its socket in the same instant.
        if (losing === 'lose-report' && String(message).includes('"addHistoryPages"')) {
          reportsLost += 1;
          return;
        }
        server.send(message);
      });
      server.onMessage((message) => {
        // The server took the report; its confirmation (a socket.io ACK frame) is lost.
        if (losing === 'lose-confirmation' && /^43\d/.test(String(message))) {
          confirmationsLost += 1;
          return;
        }
        socket.send(message);
      });
    });
    await customer.goto(`${portal.baseUrl}/sandaya/faq`);
    await expect.poll(() => reportsLost, { timeout: LIVE_WAIT_MS }).toBeGreaterThanOrEqual(1);
    phase = 'lose-confirmation';
    await customer.goto(`${portal.baseUrl}/sandaya/contact`);
    await expect.poll(() => confirmationsLost, { timeout: LIVE_WAIT_MS }).toBeGreaterThanOrEqual(1);
    phase = 'pass';
    await customer.goto(`${portal.baseUrl}/sandaya/declare-sinistre`);
    const key = await customer.evaluate(() => sessionStorage.getItem('portal.live.socket') ?? '');
    const pagesOf = async () =>
      (await portal.database.db.select().from(activities).where(eq(activities.socketId, key)))[0]?.historyPages.map(
        (visit) => visit.page,
      );
    const expected = ['/sandaya/faq', '/sandaya/contact', '/sandaya/declare-sinistre'];

    await expect.poll(pagesOf, { timeout: LIVE_WAIT_MS }).toEqual(expected);
    // Confirmed: nothing is left to send again.
    await expect
      .poll(() => customer.evaluate(() => sessionStorage.getItem('portal.live.unsent')), { timeout: LIVE_WAIT_MS })
      .toBeNull();
    // The recorder writes every second: still once each after it has.
    await customer.waitForTimeout(2_500);
    await expect(pagesOf()).resolves.toEqual(expected);
    await customer.context().close();
  }, 150_000);
});

describe('The online chart hides its controls about 1 s while loading only', () => {
  it('When the live count refreshes the chart, then its controls stay; when staff choose an interval, then the spinner shows and the controls come back after about a second', async () => {
    const page = await signedInPage('/bo_dashboard');
    const loads: number[] = [];
    page.on('request', (request) => {
      if (/\/activities\/1\/60$/.test(new URL(request.url()).pathname)) loads.push(Date.now());
    });
    const interval = page.getByRole('button', { name: '15 m', exact: true });
    await interval.waitFor();
    // From now on, every 50 ms: are the interval buttons on the page?
    await page.evaluate(() => {
      const win = window as unknown as { controlsMissing: number };
      win.controlsMissing = 0;
      setInterval(() => {
        if (!document.querySelector('.bo-segmented')) win.controlsMissing += 1;
      }, 50);
    });
    const shownAt = Date.now();
    // The live count comes at the staff socket's connection and at every heartbeat (10 s); the
    // chart reloads on it at most every 15 s. Wait for such a reload after the controls showed.
    await expect
      .poll(() => loads.filter((at) => at > shownAt).length, { timeout: LIVE_WAIT_MS, interval: 250 })
      .toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(1_500);
    await expect(page.evaluate(() => (window as unknown as { controlsMissing: number }).controlsMissing)).resolves.toBe(
      0,
    );
    await expect(interval.isVisible()).resolves.toBe(true);

    // Staff choose an interval: the spinner shows and the controls are hidden, then come back.
    const chart = page.locator('section.bo-card', {
      has: page.getByRole('heading', { name: 'Utilisateurs en ligne' }),
    });
    // The figures take half a second to come: the spinner shows while they are awaited, not after.
    await page.route('**/activities/1/15', async (route) => {
      await new Promise((done) => setTimeout(done, 500));
      await route.continue();
    });
    const clickedAt = Date.now();
    await interval.click();
    // Waited for, not read once: on a loaded machine the click's render may come a frame later, or
    // (beside the whole suite on two cores) most of a second later. The spinner and the hidden
    // controls last a second at least, so waiting longer cannot miss them.
    await chart.getByRole('status').filter({ hasText: 'Chargement' }).waitFor({ timeout: 5_000 });
    await expect(chart.locator('.bo-segmented').count()).resolves.toBe(0);
    await chart.getByRole('button', { name: '5 m', exact: true }).waitFor({ timeout: 5_000 });
    const hiddenMs = Date.now() - clickedAt;
    expect(hiddenMs).toBeGreaterThanOrEqual(900);
    expect(hiddenMs).toBeLessThan(3_000);
    await expect(page.getByRole('button', { name: '15 m', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );

    // With the keyboard: the button pressed has the focus again once the controls are back.
    const days = page.getByRole('button', { name: '3 j', exact: true });
    await days.focus();
    await page.keyboard.press('Enter');
    await chart.locator('.bo-segmented').first().waitFor({ state: 'detached', timeout: 5_000 });
    await days.waitFor({ timeout: 5_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 2_000 }).toBe('3 j');
    await page.context().close();
  }, 120_000);
});

describe('The back office looks finished: names, whole headers, French dates', () => {
  /**
   * Header cells, page names of the chart and table titles whose text is wider than their box (cut)
   * or with a word broken over two lines ("Navigateu / r"); headers hidden for assistive
   * technologies only (a phone's stacked rows say them per cell) apart.
   */
  function cutHeaders(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const visuallyHidden = (element: Element | null): boolean =>
        element !== null && (getComputedStyle(element).clipPath !== 'none' || visuallyHidden(element.parentElement));
      /** The words of `cell` laid out on more than one line (a break at a hyphen or a slash is fine). */
      const brokenWords = (cell: HTMLElement): string[] => {
        const broken: string[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/[\p{L}\p{N}’']+/gu)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
            if (lines.size > 1) broken.push(word[0]);
          }
        }
        return broken;
      };
      return Array.from(document.querySelectorAll<HTMLElement>('th, .tabulator-col-title, .bo-chart__page'))
        .filter((cell) => cell.clientWidth > 0 && !visuallyHidden(cell))
        .flatMap((cell) => [
          ...(cell.scrollWidth > cell.clientWidth
            ? [`${cell.textContent} (${cell.scrollWidth} > ${cell.clientWidth})`]
            : []),
          ...brokenWords(cell).map((word) => `${cell.textContent} (« ${word} » broken over two lines)`),
        ]);
    });
  }

  /** No header cut at 1280 px nor at 390 px, and axe finds nothing serious at either width. */
  async function expectWholeHeaders(page: Page, name: string): Promise<void> {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.waitForTimeout(200);
      await expect(cutHeaders(page), `${name} at ${width} px`).resolves.toEqual([]);
    }
    await expectNoSeriousViolation(page, `${name} at 390 px`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const DAY = /^\d{2}\/\d{2}\/\d{4}$/;
  const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

  it('When staff with an English browser open the dashboard, activities, FAQ and analysis, then no spinner stays beside figures, pages have their names, the stack has 6 partners + Autres, one pager, whole headers and French dates', async () => {
    const context = await newVisitor(browser, portal.baseUrl, { locale: 'en-US', timezoneId: 'America/New_York' });
    await signInStaff(context, portal, LOGIN);
    const page = await context.newPage();

    // The dashboard: both charts drawn, no loading indicator left.
    await page.goto(`${portal.baseUrl}/bo_dashboard`);
    const visits = page.locator('section.bo-card', { has: page.getByRole('heading', { name: /Visite des pages/ }) });
    await visits.locator('.bo-chart__page').first().waitFor();
    await page.getByRole('button', { name: '15 m', exact: true }).waitFor();
    await expect.poll(() => page.locator('.bo-spinner, [role="status"]:has-text("Chargement")').count()).toBe(0);
    // The axis names the pages as staff do, never by code.
    const names = await visits.locator('.bo-chart__page').allTextContents();
    expect(names).toHaveLength(26);
    expect(names.filter((name) => /step\d|declare-/.test(name))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining(['Accueil', 'Étape 1 · Objet', 'Confirmer le dossier (ancienne page)']),
    );
    await expect(visits.locator('.bo-chart__page', { hasText: 'Étape 1 · Objet' }).getAttribute('title')).resolves.toBe(
      'Étape 1 · Objet (declare-step1)',
    );
    // On a phone each name is a line of its own above its bar: none overlaps another, all within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => visits.locator('.bo-chart__pages--above').count()).toBe(1);
    const boxes = await visits
      .locator('.bo-chart__page')
      .evaluateAll((names) => names.map((name) => name.getBoundingClientRect().toJSON() as DOMRect));
    const byTop = boxes.sort((a, b) => a.top - b.top);
    for (const [index, box] of byTop.entries()) {
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.height).toBeLessThan(20);
      const next = byTop[index + 1];
      if (next) expect(box.bottom).toBeLessThanOrEqual(next.top);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // At most six partners by name, then Autres, Base and Global; the table names them all. Over the
    // last 30 days: the demo's visits are spread over them, and early in a Paris day few partners
    // have any yet.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    await page.getByLabel('Du', { exact: true }).evaluate((input, day) => {
      (input as HTMLInputElement & { _flatpickr: { setDate(date: string, fire: boolean): void } })._flatpickr.setDate(
        day,
        true,
      );
    }, monthAgo);
    await expect.poll(() => visits.getByRole('heading').textContent()).toContain(`du ${monthAgo} au`);
    await expect.poll(() => visits.getByText(/^Autres\u00a0: .+ \(\d+\)/).count()).toBe(1);
    const series = await visits.locator('.bo-legend__item').allTextContents();
    expect(series.length).toBeLessThanOrEqual(6 + 3);
    expect(series.slice(-3).map((label) => label.split(' (')[0])).toEqual(['Autres', 'Base', 'Global']);
    await expect(visits.getByText(/^Autres\u00a0: .+ \(\d+\)/).count()).resolves.toBe(1);
    await visits.locator('summary', { hasText: 'Tableau des visites par page' }).click();
    await expect(visits.locator('tbody th').first().textContent()).resolves.toBe('Accueil home');
    // The table hides no partner in Autres: a column for each partner by name, zenride included.
    const columns = await visits.locator('thead th').allTextContents();
    const partners = (await loadBrands()).partners.map((brand) => brand.name);
    expect(columns).not.toContain('Autres');
    expect(columns.slice(1).sort()).toEqual([...partners, 'Base', 'Global'].sort());
    await screenshot(page, 'backoffice-dashboard-visits-table-1280');
    // French dates in an English browser: the days, the online chart's legend.
    await expect(page.getByLabel('Du', { exact: true }).inputValue()).resolves.toMatch(DAY);
    await expect(page.locator('.u-legend').first().textContent()).resolves.toMatch(/Début\s*\d{2}\/\d{2} \d{2}:\d{2}/);
    await expectWholeHeaders(page, 'dashboard');
    // A day without visits says so instead of drawing nothing (or waiting forever).
    await page.getByLabel('Du', { exact: true }).evaluate((input) => {
      (input as HTMLInputElement & { _flatpickr: { setDate(date: string, fire: boolean): void } })._flatpickr.setDate(
        '19/10/2023',
        true,
      );
    });
    await page.getByLabel('au', { exact: true }).evaluate((input) => {
      (input as HTMLInputElement & { _flatpickr: { setDate(date: string, fire: boolean): void } })._flatpickr.setDate(
        '19/10/2023',
        true,
      );
    });
    await expect(visits.getByText('Aucune visite sur cette période.').waitFor()).resolves.toBeUndefined();
    await expect(visits.locator('.bo-spinner').count()).resolves.toBe(0);
    await expect(visits.getByRole('heading').textContent()).resolves.toBe(
      'Visite des pages du 19/10/2023 au 19/10/2023',
    );

    // The activities: the one pager, French dates, whole headers.
    await page.goto(`${portal.baseUrl}/bo_activities`);
    await page.locator('.tabulator-row').first().waitFor();
    await expect(page.locator('.bo-pager').count()).resolves.toBe(1);
    await expect(page.locator('.tabulator-paginator, .tabulator-footer:visible').count()).resolves.toBe(0);
    await expect(page.locator('.bo-pager').textContent()).resolves.toMatch(/^\d+ sessions?Par page/);
    await expect(page.locator('.tabulator-cell[tabulator-field="created_at"]').first().textContent()).resolves.toMatch(
      DATE_TIME,
    );
    await expect(page.getByLabel('Du', { exact: true }).inputValue()).resolves.toMatch(DAY);
    await expect(page.getByText('Loading').count()).resolves.toBe(0);
    await page.locator('.bo-pager select').selectOption('10');
    await expect.poll(() => page.locator('.tabulator-row').count()).toBeLessThanOrEqual(10);
    await expectWholeHeaders(page, 'activities');
    // Every column in sight at 1280 px, without scrolling sideways.
    await expect(
      page.locator('.tabulator-tableholder').evaluate((holder) => holder.scrollWidth <= holder.clientWidth),
    ).resolves.toBe(true);

    // The FAQ: every column shown, still whole headers, the one pager.
    await page.goto(`${portal.baseUrl}/bo_faq`);
    await page.locator('.tabulator-row').first().waitFor();
    for (const choice of await page.locator('.bo-columns input[type="checkbox"]').all()) await choice.check();
    await expect(page.locator('.bo-pager').count()).resolves.toBe(1);
    await expect(page.locator('.bo-spinner').count()).resolves.toBe(0);
    await expect(page.locator('.tabulator-cell[tabulator-field="created_at"]').first().textContent()).resolves.toMatch(
      DATE_TIME,
    );
    await expectWholeHeaders(page, 'FAQ');

    // The analysis: French date-times, no spinner once the figures are there, whole headers.
    await page.goto(`${portal.baseUrl}/bo_analyse`);
    await page.getByRole('button', { name: 'GO', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('section.an-card[data-state="loaded"]').length === 7);
    await expect(page.locator('.an-spinner, .bo-spinner').count()).resolves.toBe(0);
    await expect(page.getByLabel('Début', { exact: true }).inputValue()).resolves.toMatch(
      /^\d{2} [a-zéû]+ \d{4} à \d{2}:\d{2}$/,
    );
    await expectWholeHeaders(page, 'analysis');
    await context.close();

    // A German browser: the same French days and dates.
    const german = await newVisitor(browser, portal.baseUrl, { locale: 'de-DE' });
    await signInStaff(german, portal, LOGIN);
    const germanPage = await german.newPage();
    await germanPage.goto(`${portal.baseUrl}/bo_activities`);
    await germanPage.locator('.tabulator-row').first().waitFor();
    await expect(germanPage.getByLabel('au', { exact: true }).inputValue()).resolves.toMatch(DAY);
    await expect(
      germanPage.locator('.tabulator-cell[tabulator-field="created_at"]').first().textContent(),
    ).resolves.toMatch(DATE_TIME);
    // A session's last update shows its time alone on the day it began, so that every column fits.
    await expect(
      germanPage.locator('.tabulator-cell[tabulator-field="updated_at"]').first().textContent(),
    ).resolves.toMatch(/^(\d{2}\/\d{2}\/\d{4} )?\d{2}:\d{2}:\d{2}$/);
    await german.close();
  }, 120_000);

  it('When staff open each back-office page, the sign-in page first, then none raises a script error, logs one or asks for a file the server lacks; signed in, the sign-in page leads on', async () => {
    const page = await (await newVisitor(browser, portal.baseUrl)).newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`);
    });
    // A first visit to the sign-in page asks nothing the server refuses.
    await page.goto(`${portal.baseUrl}/bo_login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await signInStaff(page, portal, LOGIN);
    for (const route of BACKOFFICE_ROUTES.filter((name) => name !== 'bo_login')) {
      await page.goto(`${portal.baseUrl}/${route}`, { waitUntil: 'load' });
      await page.locator('h1').first().waitFor();
      // The activities' table is built and has loaded its first page: no call reached it before.
      if (route === 'bo_activities') await page.locator('.tabulator-row').first().waitFor();
    }
    await page.goto(`${portal.baseUrl}/bo_dashboard`, { waitUntil: 'load' });
    // Signed in, the sign-in page goes straight on to the dashboard.
    await page.goto(`${portal.baseUrl}/bo_login`);
    await page.waitForURL(`${portal.baseUrl}/bo_dashboard`);
    await page.locator('h1').first().waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 90_000);
});

describe('The claims page opens on a work queue', () => {
  it('When staff open the claims page, then it opens on À traiter with three groups counted as the navigation badges; validating a proof lowers the count; the full list shows state, brand, missing documents and age, the socket column only once chosen, its key opening the session that declared the claim', async () => {
    // SI-0000007 has a proof just received; SI-0000008 is back in progress, a document asked since
    // September; a visitor's question has no answer yet.
    const db = portal.database.db;
    const [si7] = await db.select({ id: claims.id }).from(claims).where(eq(claims.numero, 'SI-0000007'));
    await db.insert(claimProofs).values({
      claimId: si7?.id ?? 0,
      nomCourt: 'Facture du vélo',
      demande: 1,
      dropbox: 1,
      nomFichier: 'facture-velo.pdf',
      taille: 1200,
      receptionDate: sql`now() - interval '2 days'`,
    });
    const [si8] = await db
      .update(claims)
      .set({ etat: 'en_cours' })
      .where(eq(claims.numero, 'SI-0000008'))
      .returning({ id: claims.id });
    await db.insert(claimProofs).values({ claimId: si8?.id ?? 0, nomCourt: 'Devis de réparation', demande: 1 });
    await db.insert(faqEntries).values({
      lang: 'fr',
      question: 'Puis-je venir avec mon perroquet ?',
      occurence: 2,
      lastAskedAt: new Date(),
    });

    const page = await signedInPage('/bo_sinistres');
    await expect(page.getByRole('heading', { name: 'À traiter', level: 1 }).waitFor()).resolves.toBeUndefined();
    const group = (name: RegExp) => page.getByRole('region', { name });
    const proofs = group(/^Justificatifs reçus à examiner/);
    const waiting = group(/^En attente de l’assuré depuis plus de 7 jours/);
    const questions = group(/^Questions de la FAQ sans réponse/);
    const countOf = async (region: ReturnType<typeof group>) =>
      Number(await region.locator('.bo-queue__count').textContent());
    const badge = async (entry: string) => {
      const name =
        (await page
          .getByRole('navigation', { name: 'Back-office' })
          .getByRole('link', { name: entry })
          .textContent()) ?? '';
      return Number(/(\d+) à traiter/.exec(name)?.[1] ?? 0);
    };
    await proofs.getByRole('link', { name: 'SI-0000007' }).waitFor();
    await expect(proofs.getByRole('row', { name: /SI-0000007/ }).textContent()).resolves.toMatch(
      /Facture du vélo.*avant-hier/,
    );
    await expect(waiting.getByRole('row', { name: /SI-0000008/ }).textContent()).resolves.toMatch(
      /En cours.*Devis de réparation/,
    );
    await expect(questions.getByText('Puis-je venir avec mon perroquet ?').isVisible()).resolves.toBe(true);
    await expect(
      questions.getByRole('link', { name: 'Répondre depuis la page FAQ' }).getAttribute('href'),
    ).resolves.toBe('/bo_faq?sans_reponse=1');
    const before = {
      proofs: await countOf(proofs),
      waiting: await countOf(waiting),
      questions: await countOf(questions),
    };
    expect(before.proofs).toBeGreaterThanOrEqual(1);
    expect(before.waiting).toBeGreaterThanOrEqual(1);
    // The navigation's badges say the same: "Sinistre, N à traiter", "FAQ, N à traiter".
    await expect.poll(() => badge('Sinistre')).toBe(before.proofs + before.waiting);
    await expect.poll(() => badge('FAQ')).toBe(before.questions);
    await expectNoSeriousViolation(page, 'work queue at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolation(page, 'work queue at 390 px');
    await screenshotsAt(page, 'backoffice-queue');

    // Validating the received proof: one claim less to handle, in the badge at once and in the queue.
    await proofs.getByRole('link', { name: 'SI-0000007' }).click();
    await page
      .getByRole('row', { name: /Facture du vélo/ })
      .getByRole('button', { name: 'Valider' })
      .click();
    await expect(page.getByText('Facture du vélo validé.').waitFor()).resolves.toBeUndefined();
    await expect.poll(() => badge('Sinistre')).toBe(before.proofs + before.waiting - 1);
    await page.goto(`${portal.baseUrl}/bo_sinistres`);
    await expect.poll(() => countOf(proofs)).toBe(before.proofs - 1);
    await expect(proofs.getByRole('link', { name: 'SI-0000007' }).count()).resolves.toBe(0);
    await expect.poll(() => badge('Sinistre')).toBe(before.proofs - 1 + before.waiting);

    // The full list: state, brand, missing documents and age; 'ID socket création' once chosen.
    await page.getByRole('link', { name: 'Tous les sinistres' }).click();
    await expect(page.getByRole('heading', { name: 'Liste des sinistres' }).waitFor()).resolves.toBeUndefined();
    const headers = page.getByRole('columnheader');
    // The table draws its columns once its rows arrive, a moment after the heading.
    await expect
      .poll(() => headers.allTextContents())
      .toEqual(['ID', 'Numéro sinistre', 'Nom', 'Création', 'État', 'Marque', 'Justificatifs manquants', 'Âge']);
    await expect(page.getByRole('row', { name: /SI-0000008/ }).textContent()).resolves.toMatch(
      /En cours \(justificatifs attendus\).+Devis de réparation.*il y a \d+ (jours|mois)/,
    );
    await expectNoSeriousViolation(page, 'full list at 390 px');
    await page.getByRole('checkbox', { name: 'ID socket création' }).check();
    await expect(page.getByRole('columnheader', { name: 'ID socket création' }).isVisible()).resolves.toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('checkbox', { name: 'ID socket création' }).uncheck();
    await expect(page.getByRole('columnheader', { name: 'ID socket création' }).count()).resolves.toBe(0);
    await screenshotsAt(page, 'backoffice-claims-all');

    // What the column is for: the session that declared a claim, opened in Activités whatever its day.
    const [oldest] = await db
      .select({ socketId: activities.socketId, entryPage: activities.entryPage })
      .from(activities)
      .orderBy(activities.createdAt)
      .limit(1);
    if (!oldest) throw new Error('the demo has no visitor session');
    await db.update(claims).set({ creationSocketId: oldest.socketId }).where(eq(claims.numero, 'SI-0000008'));
    await page.reload();
    await page.getByRole('checkbox', { name: 'ID socket création' }).check();
    await expect(page.getByRole('columnheader', { name: 'ID socket création' }).textContent()).resolves.toContain(
      'ouvre son parcours dans Activités',
    );
    await screenshotsAt(page, 'backoffice-claims-socket-column');
    await page.getByRole('link', { name: `Parcours de la session ${oldest.socketId} dans Activités` }).click();
    await page.waitForURL(`${portal.baseUrl}/bo_activities?session=${oldest.socketId}`);
    await expect(
      page.getByText(`Session du visiteur qui a déclaré le sinistre : ${oldest.socketId}`).waitFor(),
    ).resolves.toBeUndefined();
    await expect(page.locator('.tabulator-row').first().waitFor()).resolves.toBeUndefined();
    await expect(page.locator('.tabulator-row').count()).resolves.toBe(1);
    await expect(page.locator('.tabulator-row').textContent()).resolves.toContain(oldest.entryPage);
    await expectNoSeriousViolation(page, 'the declaring session');
    await screenshotsAt(page, 'backoffice-declaring-session');
    await page.goto(`${portal.baseUrl}/bo_sinistres?vue=tous`);
    await page.getByRole('checkbox', { name: 'ID socket création' }).uncheck();
    await db.update(claims).set({ creationSocketId: null }).where(eq(claims.numero, 'SI-0000008'));
    await page.context().close();
  });
});

describe('Staff see the mails the claimant was sent', () => {
  it('When staff change the state of SI-0000007, then its page lists the mail for the claimant, held a minute then sent, with its subject, French dates and state in words', async () => {
    const page = await signedInPage('/bo_sinistres?numero=SI-0000007');
    await expect(page.getByRole('heading', { name: /Sinistre SI-0000007/ }).waitFor()).resolves.toBeUndefined();
    const mails = page.getByRole('region', { name: 'Mails envoyés au client' });
    await expect(mails.waitFor()).resolves.toBeUndefined();
    await expect
      .poll(async () => {
        await page.getByLabel('État du dossier').selectOption('sans_suite');
        return page.getByRole('button', { name: 'Enregistrer' }).isEnabled();
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    // A closing state: confirmed first.
    await page.getByRole('button', { name: 'Oui, clore le dossier' }).click();
    await expect(page.getByText('État enregistré.').waitFor()).resolves.toBeUndefined();
    // Read again after the change: the mail is there, held for its minute, after the demo's own
    // (oldest first: the claim's confirmation and its changes of the summer, sent).
    const row = mails.getByRole('row', { name: /Changement d’état/ }).last();
    await expect(row.getByText('En attente d’envoi').waitFor()).resolves.toBeUndefined();
    await expect(row.textContent()).resolves.toContain('SI-0000007');

    // The minute passes (moved in the outbox, not waited) and a delivery round sends it.
    await portal.database.db
      .update(mailOutbox)
      .set({ heldUntil: sql`now() - interval '1 second'`, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(isNotNull(mailOutbox.heldUntil));
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-claim-mails-'));
    const transport = createTransport({ SMTP_URL: undefined, MAIL_FROM: undefined, DATA_DIR: dataDir });
    const report = await deliverDueMail({ database: portal.database, transport, logger: pino({ level: 'silent' }) });
    // The earlier tests' changes (SI-0000003's) leave with it.
    expect(report.sent.length).toBeGreaterThanOrEqual(1);
    expect(report.failed).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
    await page.reload();
    await expect(row.getByText('Envoyé', { exact: true }).waitFor()).resolves.toBeUndefined();
    const cells = (await row.locator('td').allTextContents()).map((cell) => cell.trim());
    expect(cells[0]).toMatch(/^Votre dossier SI-0000007 a évolué$/);
    // The number in the subject is never cut inside, on a phone either.
    await expect(row.locator('.bo-claim-number').textContent()).resolves.toBe('SI-0000007');
    expect(cells[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(cells[4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await expectNoSeriousViolation(page, 'claim page with its mails');
    await mails.scrollIntoViewIfNeeded();
    await screenshotsAt(page, 'backoffice-claim-mails');
    // On a phone the claim's tables (proofs, mails) stack their rows: none scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflows = await page
      .locator('.bo-table-wrap')
      .evaluateAll((wraps) => wraps.map((wrap) => wrap.scrollWidth - wrap.clientWidth));
    expect(overflows.length).toBeGreaterThanOrEqual(2);
    for (const overflow of overflows) expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('A proof file is never replaced silently', () => {
  it('When a second RIB replaces one already sent, then the claim page lists both versions newest first with their time and channel, each opens, and "RIB modifié — à vérifier" shows there and in À traiter until staff validate it', async () => {
    const claim = await declareClaim(15, 'rib-versions-claim');
    const { numero, hash } = claim;
    const [rib] = await portal.database.db
      .select({ id: claimProofs.id })
      .from(claimProofs)
      .where(sql`${claimProofs.claimId} = ${claim.id} and ${claimProofs.documentTypeId} = 11`);
    const ribId = rib?.id ?? 0;
    await sendProof(hash, ribId, 'rib.pdf', 'genuine RIB');
    await sendProof(hash, ribId, 'rib.pdf', 'another RIB');

    const page = await signedInPage(`/bo_sinistres?numero=${numero}`);
    await expect(page.getByRole('heading', { name: `Sinistre ${numero}` }).waitFor()).resolves.toBeUndefined();
    await expect(page.getByText('Ce dossier a un RIB modifié à vérifier').waitFor()).resolves.toBeUndefined();
    const row = page.getByRole('row', { name: /RIB/ });
    await expect(row.getByText('RIB modifié — à vérifier').waitFor()).resolves.toBeUndefined();
    const versions = row.locator('.bo-versions__list li');
    await expect.poll(() => versions.count()).toBe(2);
    const texts = await versions.allTextContents();
    expect(texts[0]).toContain('actuelle');
    expect(texts[1]).not.toContain('actuelle');
    for (const text of texts)
      expect(text).toMatch(/Reçue le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} par le lien de suivi du client/);
    const opened = [];
    for (const link of await row.getByRole('link', { name: /^Ouvrir la version du .* \(rib\.pdf\)$/ }).all()) {
      const file = await page.request.get(`${portal.baseUrl}${await link.getAttribute('href')}`);
      expect(file.status()).toBe(200);
      opened.push((await file.body()).toString('latin1'));
    }
    expect(opened.map((body) => body.includes('another RIB'))).toEqual([true, false]);
    expect(opened[1]).toContain('genuine RIB');
    await expectNoSeriousViolation(page, 'claim page with a changed RIB');
    await screenshotsAt(page, 'backoffice-claim-rib-versions');

    await page.goto(`${portal.baseUrl}/bo_sinistres`);
    const line = page.getByRole('row', { name: new RegExp(numero) });
    await expect(line.getByText('RIB modifié — à vérifier').waitFor()).resolves.toBeUndefined();
    await expectNoSeriousViolation(page, 'work queue with a changed RIB');
    await screenshotsAt(page, 'backoffice-queue-rib-changed');

    // Staff compared the versions and validate: the flag goes, the versions stay.
    await line.getByRole('link', { name: numero }).click();
    await row.getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByText('RIB validé.').waitFor()).resolves.toBeUndefined();
    await expect.poll(() => page.getByText('RIB modifié — à vérifier').count()).toBe(0);
    await expect.poll(() => versions.count()).toBe(2);
    await page.context().close();
  });
});

describe('A claim page says how each action went beside the control used', () => {
  it('When staff ask for a document without choosing one, save a state or meet a failure, then the message shows beside that control, inside the window', async () => {
    const { numero } = await declareClaim(16, 'feedback-beside-claim');
    const page = await signedInPage(`/bo_sinistres?numero=${numero}`);
    await page.getByRole('heading', { name: `Sinistre ${numero}` }).waitFor();

    // « Demander » with no document chosen: said under the list, which names it.
    const ask = page.getByRole('button', { name: 'Demander', exact: true });
    await ask.scrollIntoViewIfNeeded();
    await ask.click();
    const missing = page.getByRole('alert').filter({ hasText: 'Choisissez le document à demander.' });
    expect(await expectReadableMessage(missing, ask)).toBeLessThan(250);
    const list = page.getByLabel('Demander un document');
    await expect(list.getAttribute('aria-describedby')).resolves.toBe(await missing.getAttribute('id'));
    await expect(list.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshotsAt(page, 'backoffice-claim-request-missing');
    await list.selectOption({ index: 1 });
    await expect(missing.count()).resolves.toBe(0);
    // The claim is read again after the request; held back here, so that staff choose a state
    // before it comes: the read must not undo their choice.
    let releaseRead = () => {};
    const readHeld = new Promise<void>((release) => {
      releaseRead = release;
    });
    await page.route(`**/sinistres/${numero}`, async (route) => {
      if (route.request().method() === 'GET') await readHeld;
      await route.continue();
    });
    await ask.click();
    const requested = page.getByRole('status').filter({ hasText: 'Document demandé à l’assuré.' });
    expect(await expectReadableMessage(requested, ask)).toBeLessThan(300);
    const save = page.getByRole('button', { name: 'Enregistrer' });
    const stateList = page.getByLabel('État du dossier');
    await stateList.selectOption('attente_traitement');
    const read = page.waitForResponse((response) => response.url().endsWith(`/sinistres/${numero}`));
    releaseRead();
    await read;
    await page.unroute(`**/sinistres/${numero}`);
    // The claim read again is shown: its history names the request.
    await page.locator('.bo-timeline').getByText('Document demandé', { exact: true }).first().waitFor();
    await expect(stateList.inputValue()).resolves.toBe('attente_traitement');

    // A state saved: said beside « Enregistrer », and the request's message goes.
    await expect(save.isEnabled()).resolves.toBe(true);
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const saved = page.getByRole('status').filter({ hasText: 'État enregistré.' });
    expect(await expectReadableMessage(saved, save)).toBeLessThan(300);
    await expect(requested.count()).resolves.toBe(0);

    // A refused change: its reason beside the same button.
    await page.route('**/sinistres/*/etat', (route) =>
      route.fulfill({ status: 409, json: { status: 'error', message: 'Le dossier a changé entre-temps.' } }),
    );
    await expect
      .poll(async () => {
        await page.getByLabel('État du dossier').selectOption('en_cours');
        return save.isEnabled();
      })
      .toBe(true);
    await save.click();
    const refused = page.getByRole('alert').filter({ hasText: 'Le dossier a changé entre-temps.' });
    expect(await expectReadableMessage(refused, save)).toBeLessThan(300);
    await screenshotsAt(page, 'backoffice-claim-state-refused');
    await page.unroute('**/sinistres/*/etat');
    await page.context().close();
  });

  it('When staff choose a closing state, then « Enregistrer » asks first, saying the claimant is mailed and how many requested documents are missing', async () => {
    const { numero } = await declareClaim(18, 'closing-confirmed-claim');
    const page = await signedInPage(`/bo_sinistres?numero=${numero}`);
    await page.getByRole('heading', { name: `Sinistre ${numero}` }).waitFor();
    const missing = await page.getByText('Demandé, pas encore reçu').count();
    expect(missing).toBeGreaterThan(1);
    const state = page.getByLabel('État du dossier');
    const save = page.getByRole('button', { name: 'Enregistrer' });
    await expect
      .poll(async () => {
        await state.selectOption('sans_suite');
        return save.isEnabled();
      })
      .toBe(true);
    await save.click();
    const ask = page.getByRole('group', { name: /^Clore le dossier en « Classé sans suite »/ });
    await expect(ask.locator('legend').textContent()).resolves.toBe(
      'Clore le dossier en « Classé sans suite »\u00a0? L’assuré en est informé par e-mail.',
    );
    await ask.getByText(`${missing} justificatifs demandés n’ont pas été reçus.`).waitFor();
    await expectReadableMessage(ask);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Oui, clore le dossier');
    await screenshotsAt(page, 'backoffice-claim-closing');
    // « Non »: nothing saved, the state still to choose.
    await ask.getByRole('button', { name: 'Non' }).click();
    await expect(ask.count()).resolves.toBe(0);
    const { db } = portal.database;
    const stored = async () =>
      (await db.select({ etat: claims.etat }).from(claims).where(eq(claims.numero, numero)))[0];
    await expect(stored()).resolves.toEqual({ etat: 'en_cours' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Enregistrer');

    // Confirmed: saved, said beside the state.
    await save.click();
    await ask.getByRole('button', { name: 'Oui, clore le dossier' }).click();
    await expectReadableMessage(page.getByRole('status').filter({ hasText: 'État enregistré.' }));
    await expect(stored()).resolves.toEqual({ etat: 'sans_suite' });

    // A state that does not close the claim saves at once.
    await expect
      .poll(async () => {
        await state.selectOption('en_cours');
        return save.isEnabled();
      })
      .toBe(true);
    await save.click();
    await expect.poll(async () => (await stored())?.etat).toBe('en_cours');
    await page.context().close();
  });
});

describe('A claim page keeps the focus where staff were', () => {
  it('When staff work a claim from the keyboard, then after each change the focus is on the button pressed, else on the choice saved or on what the change says', async () => {
    const claim = await declareClaim(19, 'focus-kept-claim');
    const { numero, hash } = claim;
    const requested = await portal.database.db
      .select({ id: claimProofs.id })
      .from(claimProofs)
      .where(eq(claimProofs.claimId, claim.id))
      .orderBy(claimProofs.id);
    expect(requested.length).toBeGreaterThanOrEqual(2);
    for (const [index, proof] of requested.slice(0, 2).entries())
      await sendProof(hash, proof.id, `proof-${index}.pdf`, `proof ${index}`);

    const page = await signedInPage(`/bo_sinistres?numero=${numero}`);
    await page.getByRole('heading', { name: `Sinistre ${numero}` }).waitFor();
    const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    const press = async (control: Locator) => {
      await control.focus();
      await page.keyboard.press('Enter');
    };
    const received = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Valider' }) });
    await expect.poll(() => received.count()).toBe(2);
    const [first, second] = [received.nth(0), received.nth(1)];
    const secondName = (await second.locator('td').first().textContent()) ?? '';

    // « Valider » goes with the validation: the focus goes to what it says.
    await press(first.getByRole('button', { name: 'Valider' }));
    const validated = page.getByRole('status').filter({ hasText: / validé\.$/ });
    await validated.waitFor();
    await expect.poll(() => hasFocus(validated)).toBe(true);

    // A refusal closes its form: the focus goes to what it says.
    const secondRow = page.getByRole('row').filter({ hasText: secondName });
    await press(secondRow.getByRole('button', { name: 'Refuser' }));
    await secondRow.getByLabel('Raison du refus').fill('Illisible');
    await page.keyboard.press('Enter');
    const refused = page.getByRole('status').filter({ hasText: 'il est de nouveau demandé à l’assuré' });
    await refused.waitFor();
    await expect.poll(() => hasFocus(refused)).toBe(true);
    await expect(secondRow.getByLabel('Raison du refus').count()).resolves.toBe(0);

    // « Demander » stays: the focus comes back to it.
    const ask = page.getByRole('button', { name: 'Demander', exact: true });
    await page.getByLabel('Demander un document').selectOption({ index: 1 });
    await press(ask);
    await page.getByRole('status').filter({ hasText: 'Document demandé à l’assuré.' }).waitFor();
    await expect.poll(() => hasFocus(ask)).toBe(true);

    // « Enregistrer » is disabled once the state is stored: the focus goes to the state saved.
    const stateList = page.getByLabel('État du dossier');
    const save = page.getByRole('button', { name: 'Enregistrer' });
    await expect
      .poll(async () => {
        await stateList.selectOption('attente_traitement');
        return save.isEnabled();
      })
      .toBe(true);
    await press(save);
    await page.getByRole('status').filter({ hasText: 'État enregistré.' }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await expect.poll(() => hasFocus(stateList)).toBe(true);

    // A closing state, confirmed: the same.
    await stateList.selectOption('sans_suite');
    await press(save);
    await press(page.getByRole('button', { name: 'Oui, clore le dossier' }));
    await expect.poll(() => stateList.inputValue()).toBe('sans_suite');
    await expect.poll(() => save.isDisabled()).toBe(true);
    await expect.poll(() => hasFocus(stateList)).toBe(true);
    // On a phone the mails' stacked table holds every state, the longest too, within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Annulé, changement défait ou remplacé').first().waitFor();
    const mailsWrap = page.getByRole('group', { name: 'Mails envoyés au client' });
    await expect(mailsWrap.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).resolves.toBeLessThanOrEqual(0);
    await screenshotsAt(page, 'backoffice-claim-focus-kept');
    await page.context().close();
  });
});

describe('An unknown back-office address', () => {
  it('When staff open an unknown /bo_ path, then the back office says « Page introuvable » with status 404, its navigation when signed in, and a link to the dashboard', async () => {
    const page = await signedInPage('/bo_dashboard');
    // The dashboard has asked who is signed in: this browser knows it has a session.
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    for (const path of ['/bo_nimportequoi', '/bo_faq/abc']) {
      const response = await page.goto(`${portal.baseUrl}${path}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
      await expect(page.title()).resolves.toBe('BO - page introuvable');
      // The staff navigation and session, not the customer site's header and cookie banner.
      await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).waitFor();
      await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
      await expect(page.getByRole('link', { name: 'Retour à l’accueil' }).count()).resolves.toBe(0);
      await expect(page.locator('.consent-banner, [aria-labelledby="consent-banner-title"]').count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: 'Aller au tableau de bord' }).getAttribute('href')).resolves.toBe(
        '/bo_dashboard',
      );
    }
    await expectNoSeriousViolation(page, 'back-office 404');
    await screenshotsAt(page, 'backoffice-not-found');
    await page.context().close();

    // Without a session: the same page, without the navigation, still 404 (no detour to the sign-in).
    const visitor = await (await newVisitor(browser, portal.baseUrl)).newPage();
    const refused: string[] = [];
    visitor.on('response', (answer) => {
      if (answer.status() === 401) refused.push(answer.url());
    });
    const response = await visitor.goto(`${portal.baseUrl}/bo_nimportequoi`);
    expect(response?.status()).toBe(404);
    await visitor.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor();
    await visitor.waitForTimeout(500);
    expect(new URL(visitor.url()).pathname).toBe('/bo_nimportequoi');
    // A stranger's visit asks for no session it cannot have (nothing refused in the console).
    expect(refused).toEqual([]);
    await expect(visitor.getByRole('navigation').count()).resolves.toBe(0);
    await visitor.getByRole('link', { name: 'Aller au tableau de bord' }).click();
    await visitor.waitForURL(/\/bo_login\?next=%2Fbo_dashboard/);
    await visitor.context().close();
  });
});
