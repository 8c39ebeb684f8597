import { eq, gte } from 'drizzle-orm';
import pino from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCluster, startCluster } from '../../scripts/cluster/start-cluster.ts';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { activities, claims } from '../../server/db/schema.ts';
import { issueFollowUpToken } from '../../server/customer-api/claims/follow-up-links.ts';
import { getDocumentType } from '../../content/documents.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { demoPdf } from '../../brands/lib/pdf.ts';
import { parseMessage } from '../../server/mail/test-support.ts';
import { claimsOf, pathOf, Visitor } from './declaration-journey.ts';
import { newVisitor, signInStaff, workerBrowser } from './harness.ts';

/**
 * The product as `npm run cluster` deploys it: one PostgreSQL, files in s3rver, a real SMTP server,
 * 3 server processes behind nginx in round robin (the site served by nginx from the build's
 * nginx-site.conf). Every answer of a process names it (`X-Served-By`, INSTANCE_NAME), socket.io's
 * WebSocket upgrades included, so each journey proves which processes it went through.
 */

let cluster: RunningCluster;
let browser: Browser;
let database: Database;

beforeAll(async () => {
  [cluster, browser] = await Promise.all([startCluster({ processes: 3 }), workerBrowser()]);
  database = await openDatabase(
    loadConfig({ DATABASE_URL: cluster.databaseUrl, LOG_LEVEL: 'silent' }),
    pino({ level: 'silent' }),
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await database?.close();
  await cluster?.stop();
});

/** A page whose WebSocket upgrades and HTTP answers are noted with the process that answered. */
interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** The process of each socket the page opened, in order (one per page, more after a reconnect). */
  sockets: string[];
  /** The API answers, with their process. */
  answers: { method: string; path: string; status: number; servedBy: string }[];
}

async function trackedPage(options: { width?: number } = {}): Promise<TrackedPage> {
  const context = await newVisitor(browser, cluster.url, options);
  const page = await context.newPage();
  const tracked: TrackedPage = { page, context, sockets: [], answers: [] };
  // The 101 answer of a WebSocket is invisible to the page: Chromium's protocol reports it.
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  session.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const name = headers['X-Served-By'] ?? headers['x-served-by'];
    if (name) tracked.sockets.push(name);
  });
  page.on('response', (response) => {
    const servedBy = response.headers()['x-served-by'];
    if (!servedBy) return;
    tracked.answers.push({
      method: response.request().method(),
      path: new URL(response.url()).pathname,
      status: response.status(),
      servedBy,
    });
  });
  return tracked;
}

/** Waits until the page's socket is open (its upgrade answered) and returns its process. */
async function socketOf(tracked: TrackedPage, count: number): Promise<string> {
  await expect.poll(() => tracked.sockets.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
  return tracked.sockets.at(-1) as string;
}

const cancellationName = getDemoGuarantee(1).names.fr.nom;
const MEDICAL = getDocumentType(1).texts.fr.nomCourt;
const DECLARATION_PAGES = [
  'declare-sinistre',
  'declare-step1',
  'declare-step2',
  'declare-step3',
  'declare-step4',
  'declare-step5',
  'confirmation-sinistre',
].map((route) => pathOf('', 'fr', route));

/**
 * The messages the SMTP server received for `claimant` that name `claimNumber` in their subject or
 * text (a cancellation's copy to the booking establishment names the claim too, to another address).
 */
function mailsAbout(claimNumber: string, claimant: string): number {
  return cluster.smtp.received
    .filter((mail) => mail.to.includes(claimant))
    .map((mail) => parseMessage(mail.raw))
    .filter((mail) => `${mail.headers.get('subject') ?? ''}\n${mail.text}`.includes(claimNumber)).length;
}

/** Declares from the open-claim page to the confirmation, noting each page's socket; `beforeStep3` runs on step 3. */
async function declare(
  tracked: TrackedPage,
  insuredNumber: string,
  beforeStep3: () => Promise<void> = async () => {},
): Promise<string> {
  const you = new Visitor(tracked.page, cluster.url);
  // A page opens its live socket once it is idle (site/scripts/live.ts). The visitor reads each
  // page until its socket is open, as a person filling it in would, so that every page's socket
  // reaches a process (a page left sooner is reported by the next one).
  const first = tracked.sockets.length;
  const reported = async (page: number) => {
    await socketOf(tracked, first + page);
  };
  await you.open('declare-sinistre');
  await reported(1);
  await you.enterNumber(insuredNumber);
  await you.expectAt('declare-step1');
  await reported(2);
  await you.chooseObject(cancellationName);
  await you.expectAt('declare-step2');
  await reported(3);
  await tracked.page.locator('.choice').first().click();
  await you.expectAt('declare-step3');
  await reported(4);
  await beforeStep3();
  await you.describeClaim(new Date(Date.now() - 86_400_000), 'Annulation');
  await you.expectAt('declare-step4');
  await reported(5);
  await you.typeContactIfEmpty();
  await tracked.page.getByLabel(you.t('wizard.step4.city.label')).fill('Angers');
  await you.next();
  await you.expectAt('declare-step5');
  await reported(6);
  await you.tickConfirmations();
  await you.submit();
  return you.confirmedClaimNumber();
}

/** A tracked back-office page at `path`, signed in as the cluster's first account. */
async function signedInStaff(path: string): Promise<TrackedPage> {
  const staff = await trackedPage();
  await signInStaff(staff.context, { baseUrl: cluster.url, database }, cluster.admin.login);
  await staff.page.goto(`${cluster.url}${path}`);
  return staff;
}

/** A staff request from the back-office page (same origin, its session cookie), with its process. */
function staffFetch(
  staff: TrackedPage,
  path: string,
  method = 'GET',
): Promise<{ status: number; servedBy: string; body: unknown }> {
  return staff.page.evaluate(
    async ({ path, method }) => {
      const response = await fetch(path, { method, headers: { Accept: 'application/json' } });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // A file, not JSON.
      }
      return { status: response.status, servedBy: response.headers.get('x-served-by') ?? '', body };
    },
    { path, method },
  );
}

/** What the tests read of a claim of the staff API (`GET /sinistres/:numero`). */
interface ClaimWithProofs {
  proofs: { id: number; nomCourt: string; validatedAt: string | null }[];
}

const started = new Date();

// A journey here waits up to 60 s for a socket on a machine busy with the whole suite, then for mails
// and a restart: the e2e project's 60 s per test is too short for that (CI timed out once).
describe('Three processes behind nginx', { timeout: 180_000 }, () => {
  it('When a visitor declares, then the pages land on different processes, the claim exists once and the session is one record with every page in order', async () => {
    const visitor = await trackedPage();
    const claimNumber = await declare(visitor, 'SO-0000010');
    await socketOf(visitor, DECLARATION_PAGES.length);

    // Round robin: the pages' sockets went to several processes, and so did the API calls.
    expect(new Set(visitor.sockets).size).toBeGreaterThanOrEqual(2);
    expect(new Set(visitor.answers.map((answer) => answer.servedBy)).size).toBeGreaterThanOrEqual(2);
    const submit = visitor.answers.find((answer) => answer.method === 'POST' && answer.path.endsWith('/sinistres'));
    expect(submit?.status).toBe(200);

    expect((await claimsOf(database, 'SO-0000010')).map((claim) => claim.numero)).toEqual([claimNumber]);

    // One activity record for the session, whatever process each page's socket reached. The
    // confirmation stays open meanwhile: its socket is connected, but its report may still be on
    // the way, and a page closed before it reports is sent only by the tab's next page.
    await expect
      .poll(
        async () => {
          const records = await database.db
            .select({ historyPages: activities.historyPages })
            .from(activities)
            .where(gte(activities.createdAt, started));
          return records.map((record) => record.historyPages.map((entry) => entry.page));
        },
        { timeout: 30_000 },
      )
      .toEqual([DECLARATION_PAGES]);
    await visitor.context.close();
  });

  it('When a proof is uploaded through one process, then staff on another process open and validate it (the file is in S3)', async () => {
    const visitor = await trackedPage();
    const you = new Visitor(visitor.page, cluster.url, 'fr', 'sandaya');
    // Proofs are added from the mailed follow-up link: one issued as the server issues them.
    const [martin] = await database.db.select({ id: claims.id }).from(claims).where(eq(claims.numero, 'SI-0000003'));
    const token = await issueFollowUpToken(database.db, martin?.id ?? 0, 'mail');
    await visitor.page.goto(`${cluster.url}${pathOf('sandaya', 'fr', 'client-file')}?dossier=${token}`);
    await you.expectAt('client-file');
    const proof = visitor.page.locator('.proof', {
      has: visitor.page.locator('.proof__name', { hasText: MEDICAL }),
    });
    const pdf = demoPdf(['Certificat medical, cluster']);
    await proof.getByLabel(you.t('followup.upload.choose')).setInputFiles({
      name: 'certificat.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(proof.locator('.pending-file').waitFor()).resolves.toBeUndefined();
    await visitor.page.getByRole('button', { name: you.t('followup.validate.button') }).click();
    await expect(visitor.page.getByText(you.t('followup.validate.done')).waitFor()).resolves.toBeUndefined();
    const uploads = visitor.answers.filter(
      (answer) => answer.method === 'POST' && answer.path.endsWith('/justificatifs'),
    );
    expect(uploads.map((answer) => answer.status)).toEqual([200, 200]);
    const uploadedBy = uploads[0]?.servedBy as string;
    await visitor.context.close();

    const staff = await signedInStaff('/bo_sinistres');
    const claim = await staffFetch(staff, '/sinistres/SI-0000003');
    expect(claim.status).toBe(200);
    const proofOf = (body: unknown) =>
      (body as { datas: ClaimWithProofs }).datas.proofs.find((entry) => entry.nomCourt === MEDICAL);
    const proofId = proofOf(claim.body)?.id;
    expect(proofId).toBeDefined();

    // Each process reads the file from the bucket: the bytes uploaded, whichever answers.
    const readers = new Set<string>();
    for (let attempt = 0; attempt < 30 && readers.size < 3; attempt += 1) {
      const file = await staff.page.request.get(`${cluster.url}/sinistres/SI-0000003/justificatifs/${proofId}/fichier`);
      expect(file.status()).toBe(200);
      expect((await file.body()).equals(pdf)).toBe(true);
      const reader = file.headers()['x-served-by'] ?? '';
      // The open back-office page talks to the cluster too: when its requests keep the
      // round robin in step with ours, one request more moves it on.
      if (readers.has(reader)) await fetch(`${cluster.url}/healthz`);
      readers.add(reader);
    }
    expect(readers.size).toBe(3);

    // Staff validate on a process that did not take the upload, named rather than reached through
    // the round robin: the open back-office page's own requests (its counts, its live socket) move
    // nginx's turn at their own pace, so which process answers next cannot be foreseen. The
    // request carries the page's session cookie, as the page's own would.
    const validator = cluster.processes.find((process) => process.name !== uploadedBy);
    if (!validator) throw new Error(`no process other than ${uploadedBy}`);
    const validation = await staff.page.request.post(
      `${validator.url}/sinistres/SI-0000003/justificatifs/${proofId}/validation`,
      { headers: { Accept: 'application/json' } },
    );
    expect(validation.status()).toBe(200);
    expect(validation.headers()['x-served-by']).toBe(validator.name);
    const after = await staffFetch(staff, '/sinistres/SI-0000003');
    expect(proofOf(after.body)?.validatedAt).toBeTruthy();
    await staff.context.close();
  });

  it('When a visitor’s socket is on another process than the dashboard’s, then the dashboard counts them live', async () => {
    const staff = await signedInStaff('/bo_dashboard');
    const dashboardProcess = await socketOf(staff, 1);
    const online = () => staff.page.getByTestId('online-now').textContent().then(Number);
    // The visitors of the journeys before have left.
    await expect.poll(online, { timeout: 30_000 }).toBe(0);

    const visitor = await trackedPage();
    let visitorProcess = dashboardProcess;
    for (let page = 1; page <= 6 && visitorProcess === dashboardProcess; page += 1) {
      // One request more moves the round robin on, should a page's requests be a multiple of 3.
      if (page > 1) await fetch(`${cluster.url}/healthz`);
      await visitor.page.goto(`${cluster.url}/veligo/faq`);
      visitorProcess = await socketOf(visitor, page);
    }
    expect(visitorProcess).not.toBe(dashboardProcess);
    await expect.poll(online, { timeout: 20_000 }).toBe(1);

    await visitor.context.close();
    await expect.poll(online, { timeout: 30_000 }).toBe(0);
    await staff.context.close();
  });

  it('When the process of the visitor’s socket is killed mid-declaration, then the visitor goes on, one claim is made and each confirmation mail leaves once', async () => {
    const visitor = await trackedPage();
    let killed = '';
    const claimNumber = await declare(visitor, 'SO-0000012', async () => {
      killed = await socketOf(visitor, 4);
      const member = cluster.processes.find((candidate) => candidate.name === killed);
      await member?.kill('SIGKILL');
    });
    // The pages after the kill were served by the two others.
    const afterKill = visitor.sockets.slice(4);
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill).not.toContain(killed);
    const submit = visitor.answers.find((answer) => answer.method === 'POST' && answer.path.endsWith('/sinistres'));
    expect(submit?.servedBy).not.toBe(killed);

    expect((await claimsOf(database, 'SO-0000012')).map((claim) => claim.numero)).toEqual([claimNumber]);
    await visitor.context.close();

    // Each claim of this file got its confirmation once, whichever process delivered it.
    const [first] = await claimsOf(database, 'SO-0000010');
    const [second] = await claimsOf(database, 'SO-0000012');
    const secondClaimant = second?.assureEmail ?? 'none';
    await expect.poll(() => mailsAbout(claimNumber, secondClaimant), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mailsAbout(claimNumber, secondClaimant)).toBe(1);
    expect(mailsAbout(first?.numero ?? 'none', first?.assureEmail ?? 'none')).toBe(1);

    // The killed process comes back and serves again.
    const member = cluster.processes.find((candidate) => candidate.name === killed);
    await member?.restart();
    const response = await fetch(`${member?.url}/healthz`);
    expect(response.status).toBe(200);
  });
});
