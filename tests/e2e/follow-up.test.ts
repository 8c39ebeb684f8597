import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getDocumentType } from '../../content/documents.ts';
import { demoPdf } from '../../brands/lib/pdf.ts';
import { demoPng } from '../../server/demo/demo-files.ts';
import { formatFileSize } from '../../islands/follow-up/logic/proof-file.ts';
import { formatDayInFull } from '../../contracts/dates.ts';
import {
  expectErrorSummary,
  expectNoSeriousViolation,
  followSummaryLink,
  pathOf,
  type Visitor,
} from './declaration-journey.ts';
import {
  ARTEFACTS_DIR,
  newVisitor,
  openVisitor,
  screenshot,
  screenshotsAt,
  setUpMailingPortal,
  signalInstallable,
  signInStaff,
} from './harness.ts';
import { postDeclaration, validDeclaration } from '../../server/customer-api/claims/test-support.ts';
import { signedInStaffCookie } from '../../server/staff-api/sessions/test-support.ts';
import { eq } from 'drizzle-orm';
import { claims } from '../../server/db/schema.ts';
import { issueFollowUpToken } from '../../server/customer-api/claims/follow-up-links.ts';
import { IN_INSURER_ZONE } from '../../contracts/time-zone.ts';

/**
 * The follow-up of a claim (spec 2 §2, §4) in a real Chromium against the real server, database
 * and SMTP: suivre-dossier, client-file in each state, the mailed link, and the proofs' upload.
 */

const suite = setUpMailingPortal();

/** Types a claim number and a last name on suivre-dossier and presses Next. */
async function follow(you: Visitor, claimNumber: string, lastName: string): Promise<void> {
  await you.open('suivre-dossier');
  await you.page.getByRole('textbox', { name: you.t('followup.find.claimNumber.label') }).fill(claimNumber);
  await you.page.getByLabel(you.t('followup.find.lastName.label'), { exact: true }).fill(lastName);
  await you.next();
}

/**
 * Opens client-file the way the claimant's mail does: a follow-up link of the claim, issued as
 * the server issues the links of staff's change mails.
 */
async function followByLink(you: Visitor, claimNumber: string): Promise<void> {
  await you.page.goto(await followUpLinkOf(you, claimNumber));
}

/** A new follow-up link of a claim, as a mail would carry it, for the visitor's brand and language. */
async function followUpLinkOf(you: Visitor, claimNumber: string): Promise<string> {
  const { db } = suite.portal.database;
  const [claim] = await db.select({ id: claims.id }).from(claims).where(eq(claims.numero, claimNumber));
  if (!claim) throw new Error(`no claim ${claimNumber}`);
  const token = await issueFollowUpToken(db, claim.id, 'mail');
  return `${suite.portal.baseUrl}${pathOf(you.company, you.lang, 'client-file')}?dossier=${token}`;
}

async function progressValues(page: Page): Promise<string[]> {
  return page
    .locator('.claim-progress [role=progressbar]')
    .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-valuenow') ?? ''));
}

/** The row of a proof, found by its name. */
function proofRow(page: Page, name: string) {
  return page.locator('.proof', { has: page.locator('.proof__name', { hasText: name }) });
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return element?.labels?.[0]?.textContent?.trim() ?? element?.textContent?.trim() ?? '';
  });
}

const MEDICAL = getDocumentType(1).texts.fr.nomCourt;
const BOOKING = getDocumentType(2).texts.fr.nomCourt;
const INVOICE = getDocumentType(3).texts.fr.nomCourt;
const BANK = getDocumentType(11).texts.fr.nomCourt;

const PDF = demoPdf(['Certificat medical']);
const PNG = demoPng();

describe('Following a claim by number and name', () => {
  it("When MARTIN follows SI-0000003 by number and name, then client-file shows it in treatment with each proof's state, no file name, no personal detail and no upload zone, and offers to mail the follow-up link instead", async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page, t } = you;
    await follow(you, ' si-0000003 ', 'martin');
    await you.expectAt('client-file');
    await expect(page.locator('.claim-status__title').textContent()).resolves.toBe(t('followup.status.inTreatment'));
    // Two requested documents are missing, so "Justificatifs" is not full (2: some were sent).
    expect(await progressValues(page)).toEqual(['3', '2', '1']);
    await expect(page.locator('.client-file__number').textContent()).resolves.toBe('SI-0000003');
    await expect(page.locator('.client-file__facts').textContent()).resolves.toContain('4 novembre 2026');
    // An unread item comes first in the banner, with its reception date.
    await expect(page.getByText(t('followup.banner.unread', { date: '18 novembre 2026' })).count()).resolves.toBe(1);
    // The number and name are kept for the next visit.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.v1.followUp') ?? '{}'));
    expect(stored).toMatchObject({ claimNumber: 'SI-0000003', lastName: 'martin' });

    await expect(proofRow(page, MEDICAL).locator('.proof__badge').textContent()).resolves.toBe(
      t('followup.proof.missing'),
    );
    await expect(proofRow(page, BANK).locator('.proof__badge').textContent()).resolves.toBe(
      t('followup.proof.transmitted'),
    );
    await expect(proofRow(page, BOOKING).locator('.proof__badge').textContent()).resolves.toBe(
      `${t('followup.proof.validated')} ${t('followup.proof.validatedOn', { date: '7 novembre 2026' })}`,
    );
    // Opened by number and name (which an insured number revealed): each proof's state, no file name, no link to its bytes.
    await expect(page.locator('.proof__file-name').count()).resolves.toBe(0);
    await expect(page.getByText('confirmation-reservation-pins-de-la-dune.pdf').count()).resolves.toBe(0);
    await expect(page.locator('.proofs a.proof__link, .proofs a[href*="justificatifs"]').count()).resolves.toBe(0);
    // No upload zone: where they would be, why and the button that mails the link.
    await expect(page.locator('.proofs input[type=file]').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: t('followup.validate.button') }).count()).resolves.toBe(0);
    const offer = page.locator('.proofs__link-needed');
    await expect(offer.getByRole('heading', { name: t('followup.linkNeeded.title') }).count()).resolves.toBe(1);
    await expect(offer.textContent()).resolves.toContain(t('followup.linkNeeded.why'));
    await expect(offer.getByRole('button', { name: t('followup.linkNeeded.button') }).count()).resolves.toBe(1);
    // Asked directly with the number and name, a file is refused, in the visitor's language.
    const proofId = await page.evaluate(async () => {
      const answer = await fetch('/partenaire/api/v2/declare/sinistres?dossier_numero=SI-0000003&dossier_nom=MARTIN');
      const body = (await answer.json()) as {
        data: { infos_sinistre: { justificatifs_manquants: Record<string, { data_mysql: { dropbox: number } }> } };
      };
      return Object.entries(body.data.infos_sinistre.justificatifs_manquants).find(
        ([, proof]) => proof.data_mysql.dropbox === 1,
      )?.[0];
    });
    const refused = await page.request.get(
      `${suite.portal.baseUrl}/partenaire/api/v2/declare/justificatifs/fichier?proof=${proofId}&dossier_numero=SI-0000003&dossier_nom=MARTIN&lang=fr`,
    );
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('files_by_link_only');

    // No information section: number and name show nobody's details.
    await expect(page.getByText(t('followup.section.information')).count()).resolves.toBe(0);
    await expect(page.getByText('nathalie.martin@example.com').count()).resolves.toBe(0);
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/Nathalie|nathalie|MARTIN/);
    await page.getByText(t('followup.section.request')).click();
    await expect(page.getByText(t('followup.documents.notViewable')).count()).resolves.toBe(1);
    // The event day (sent as 02/11/2026) reads in full, and no date shows in digits, phone or desktop.
    const eventDate = page.locator('.recap__item', { hasText: t('followup.request.date') }).locator('dd');
    await expect(eventDate.textContent(), 'the event date does not read in full').resolves.toBe('2 novembre 2026');
    await expect(page.locator('main').textContent(), 'client-file shows a date in digits').resolves.not.toMatch(
      /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b/,
    );
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      for (const date of [eventDate, page.locator('.client-file__facts dd', { hasText: '4 novembre 2026' })]) {
        const box = await date.boundingBox();
        expect((box?.x ?? width) + (box?.width ?? 0), `the date overflows a ${width} px screen`).toBeLessThanOrEqual(
          width,
        );
      }
    }
    await you.expectAccessible('client-file, in treatment');
    await screenshotsAt(page, 'follow-up-client-file-en-cours');
    await page.context().close();
  });

  it('When the form is sent empty, a number is malformed or the name is wrong, then each message shows and what was typed stays (keyboard only)', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.open('suivre-dossier');
    const number = page.getByRole('textbox', { name: t('followup.find.claimNumber.label') });
    const name = page.getByLabel(t('followup.find.lastName.label'), { exact: true });
    // A browser that knows no claim: nothing prefilled. Enter on the empty form.
    await number.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    // The focus is on the error summary, whose first link leads back to the number.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await focusedText(page)).toBe(t('followup.find.claimNumber.label'));
    await expect(page.locator('#follow-claim-number-error').textContent()).resolves.toBe(
      t('followup.find.claimNumber.required'),
    );
    await expect(page.locator('#follow-claim-name-error').textContent()).resolves.toBe(
      t('followup.find.lastName.required'),
    );
    await you.expectAccessible('suivre-dossier, empty');
    await page.keyboard.type('SI-12');
    await page.keyboard.press('Tab');
    await page.keyboard.type('MARTIN');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('#follow-claim-number-error').textContent())
      .toBe(t('followup.find.claimNumber.invalid'));
    await number.fill('');
    await number.focus();
    await page.keyboard.type('SI-0000003');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('DUPONT');
    await page.keyboard.press('Enter');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: t('followup.find.notFound') })
        .waitFor(),
    ).resolves.toBe(undefined);
    await expect(number.inputValue()).resolves.toBe('SI-0000003');
    await expect(name.inputValue()).resolves.toBe('DUPONT');
    expect(new URL(page.url()).pathname).toBe('/suivre-dossier');
    await you.expectAccessible('suivre-dossier, not found');
    await screenshotsAt(page, 'follow-up-suivre-dossier-error');
    await page.context().close();
  });

  it('When suivre-dossier is sent empty, then a titled summary takes the focus with one link per field, each focusing it (390 and 1280 px)', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { width: 390 });
    const { page, t } = you;
    await you.open('suivre-dossier');
    const problems = [
      ['follow-claim-number', t('followup.find.claimNumber.required')],
      ['follow-claim-name', t('followup.find.lastName.required')],
    ] as const;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await you.next();
      await expectErrorSummary(page, t, problems, `suivre-dossier, ${width} px`);
    }
    expect((await followSummaryLink(page, 'follow-claim-name')).id).toBe('follow-claim-name');
    expect((await followSummaryLink(page, 'follow-claim-number')).id).toBe('follow-claim-number');
    await page.context().close();
  });

  it('When suivre-dossier is opened with err=cred, then the not-found message shows, until the next attempt, and the known number is prefilled', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    // An SI- number typed as an insured number is kept for the follow-up form.
    await you.enterNumber('SI-0000008');
    await expect(page.getByText(t('wizard.open.claimNumber')).waitFor()).resolves.toBeUndefined();
    await page.goto(`${suite.portal.baseUrl}/veligo/suivre-dossier?err=cred`);
    await expect(page.getByText(t('followup.find.notFound')).waitFor()).resolves.toBeUndefined();
    await expect
      .poll(() => page.getByRole('textbox', { name: t('followup.find.claimNumber.label') }).inputValue())
      .toBe('SI-0000008');
    await you.expectAccessible('suivre-dossier, err=cred');
    // A new attempt that fails its own checks takes the refusal away: one problem at a time.
    await page.getByRole('textbox', { name: t('followup.find.claimNumber.label') }).fill('SO-0000003');
    await page.getByRole('button', { name: t('wizard.common.next') }).click();
    await expect(page.getByText(t('followup.find.claimNumber.invalid')).first().waitFor()).resolves.toBeUndefined();
    await expect(page.getByText(t('followup.find.notFound')).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('When client-file is opened without a claim, then the visitor goes to suivre-dossier with the message', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.open('client-file');
    await page.waitForURL((url) => url.pathname === '/suivre-dossier' && url.search === '?err=cred');
    await expect(page.getByText(t('followup.find.notFound')).waitFor()).resolves.toBeUndefined();
    await page.context().close();
  });
});

describe('The states of a claim', () => {
  it('When DURAND follows SI-0000007 (paiement_envoye), then the file is closed and its three bars are full', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'yelloh' });
    const { page, t } = you;
    await follow(you, 'SI-0000007', 'Durand');
    await you.expectAt('client-file');
    await expect(page.locator('.claim-status__title').textContent()).resolves.toBe(t('followup.status.closed'));
    expect(await progressValues(page)).toEqual(['3', '3', '3']);
    await expect(page.getByText(t('followup.banner.processed')).count()).resolves.toBe(1);
    // A closed file takes no more documents.
    await expect(page.getByRole('button', { name: t('followup.validate.button') }).count()).resolves.toBe(0);
    await you.expectAccessible('client-file, closed');
    await screenshotsAt(page, 'follow-up-client-file-paiement-envoye');
    // A reload asks for the claim once: the page sends its request as soon as it is parsed and the
    // island takes that answer instead of asking again.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/sinistres')) asked.push(request.method());
    });
    await page.reload();
    await expect(page.locator('.claim-status__title').textContent()).resolves.toBe(t('followup.status.closed'));
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(['GET']);
    await page.context().close();
  });

  it('When PETIT follows SI-0000008 (sans_suite), then the file is without follow-up at 3/3/1', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'cyclassur' });
    const { page, t } = you;
    await follow(you, 'SI-0000008', 'PETIT');
    await you.expectAt('client-file');
    await expect(page.locator('.claim-status__title').textContent()).resolves.toBe(t('followup.status.noFollowUp'));
    expect(await progressValues(page)).toEqual(['3', '3', '1']);
    await you.expectAccessible('client-file, sans suite');
    await screenshotsAt(page, 'follow-up-client-file-sans-suite');
    await page.context().close();
  });
});

describe('The mailed follow-up link', () => {
  it('When MARTIN, following by number and name, asks for his link where the uploads would be, then every notice says it was sent and the mailed link opens the claim in full in a new browser', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page, t } = you;
    await follow(you, 'SI-0000003', 'MARTIN');
    await you.expectAt('client-file');
    const offer = page.locator('.proofs__link-needed');
    await offer.getByRole('button', { name: t('followup.linkNeeded.button') }).focus();
    await page.keyboard.press('Enter');
    await expect(offer.getByText(t('confirmation.linkSent')).waitFor()).resolves.toBeUndefined();
    // The button gives way to its notice, and the focus goes with it rather than to the page's top.
    await expect(
      page.evaluate(() => document.activeElement?.matches('.proofs__link-needed .link-sent') ?? false),
    ).resolves.toBe(true);
    // Every "link sent" notice of the page says so (spec 2 §4 "Tracking link"), after a reload too.
    await expect(page.getByText(t('confirmation.linkSent')).count()).resolves.toBe(2);
    await screenshotsAt(page, 'follow-up-client-file-by-number-link-sent');
    await page.reload();
    await expect(page.getByText(t('confirmation.linkSent')).first().waitFor()).resolves.toBeUndefined();
    await page.context().close();

    const mail = await suite.mailTo('nathalie.martin@example.com', 'lien de suivi');
    const link = /https?:\/\/[^\s"<>]+client-file\?dossier=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    const token = url.searchParams.get('dossier') ?? '';
    const stranger = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    await stranger.page.goto(`${suite.portal.baseUrl}${url.pathname}${url.search}`);
    await stranger.expectAt('client-file');
    await expect(stranger.page.locator('.client-file__number').textContent()).resolves.toBe('SI-0000003');
    // With the link: the claimant's details and the upload zones, no offer to mail the link.
    await stranger.page.getByText(stranger.t('followup.section.information')).click();
    await expect(stranger.page.getByText('nathalie.martin@example.com').count()).resolves.toBe(1);
    await expect(stranger.page.locator('.proofs input[type=file]').count()).resolves.toBeGreaterThan(0);
    await expect(stranger.page.locator('.proofs__link-needed').count()).resolves.toBe(0);
    // The token left the address bar once read (scripts loaded after consent can read addresses),
    // and is kept for this tab only, never in localStorage.
    expect(await stranger.page.evaluate(() => window.location.search)).toBe('');
    expect(new URL(stranger.page.url()).searchParams.has('dossier')).toBe(false);
    const kept = await stranger.page.evaluate(() => ({
      tab: sessionStorage.getItem('portal.v1.followUpToken'),
      local: Object.values({ ...localStorage }).join(' '),
    }));
    expect(kept.tab).toBe(token);
    expect(kept.local).not.toContain(token);
    // Files open with the link's token: each one is a link.
    const fileLink = proofRow(stranger.page, BOOKING).locator('a.proof__link');
    // The link's address is filled once the claim is read with the link's token.
    await expect.poll(() => fileLink.getAttribute('href')).toContain('hash=');
    await expect(stranger.page.getByText(stranger.t('followup.documents.openFromLink')).count()).resolves.toBe(0);
    const href = await fileLink.getAttribute('href');
    const file = await stranger.page.request.get(new URL(href ?? '', suite.portal.baseUrl).href);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const png = await stranger.page.request.get(
      new URL(
        (await proofRow(stranger.page, BANK).locator('a.proof__link').getAttribute('href')) ?? '',
        suite.portal.baseUrl,
      ).href,
    );
    expect([...(await png.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // A reload, with no token in the address any more, still shows the claim and its files.
    await stranger.page.reload();
    await stranger.expectAt('client-file');
    await expect(stranger.page.locator('.client-file__number').textContent()).resolves.toBe('SI-0000003');
    await expect.poll(() => fileLink.getAttribute('href')).toContain('hash=');
    expect(await stranger.page.evaluate(() => window.location.search)).toBe('');
    // The claim opened from the mailed link pre-fills the complaint and contact forms.
    for (const route of ['claim-step1', 'contact'] as const) {
      await stranger.open(route);
      await expect
        .poll(() => stranger.page.getByLabel(stranger.t('forms.field.claimNumber'), { exact: false }).inputValue())
        .toBe('SI-0000003');
    }
    // A link that opens no claim (expired, or replaced by a newer one) goes back to the form, which
    // says why a link stops working and how to get a new one.
    await stranger.page.goto(`${suite.portal.baseUrl}/sandaya/client-file?dossier=${'x'.repeat(43)}`);
    await stranger.page.waitForURL((target) => target.pathname === '/sandaya/suivre-dossier');
    await expect(
      stranger.page
        .getByRole('alert')
        .filter({ hasText: stranger.t('followup.find.linkClosed') })
        .waitFor(),
    ).resolves.toBeUndefined();
    await stranger.page.context().close();
  });
});

describe('The follow-up page says whose turn it is', () => {
  it('When documents are missing, then the page says "Action requise" first and leads to them; when nothing is awaited, then it says what the insurer does next and by when (390 and 1280 px)', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya', width: 390 });
    const { page, t } = you;
    await followByLink(you, 'SI-0000003');
    await you.expectAt('client-file');
    const turn = page.locator('.whose-turn');
    // First on the page, above the state banner, whatever the banner says ("En cours de traitement").
    await expect(turn.locator('h2').textContent()).resolves.toBe(t('followup.turn.action', { count: 2 }));
    await expect(turn.locator('h2').textContent()).resolves.toBe('Action requise\u00a0: 2 justificatifs à envoyer');
    // (The live-update region before it stays empty until staff change the claim.)
    expect(await page.locator('.client-file > :not(.client-file__live)').first().getAttribute('class')).toContain(
      'whose-turn--claimant',
    );
    await expect(page.locator('.claim-status__title').textContent()).resolves.toBe(t('followup.status.inTreatment'));
    await expect(turn.locator('li').allTextContents()).resolves.toEqual([MEDICAL, INVOICE]);
    expect(await progressValues(page)).toEqual(['3', '2', '1']);
    await you.expectAccessible('client-file, action required');
    const go = turn.getByRole('link', { name: t('followup.turn.go') });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      // The layout settles after the resize: read the boxes until it has (a busy machine is slow).
      await expect
        .poll(
          async () => {
            const [above, status] = [await turn.boundingBox(), await page.locator('.claim-status').boundingBox()];
            return Boolean(above && status && above.y + above.height <= status.y);
          },
          { message: `the action comes above the state at ${width} px` },
        )
        .toBe(true);
      const block = await turn.boundingBox();
      expect((block?.x ?? 0) + (block?.width ?? width)).toBeLessThanOrEqual(width);
      // The link moves to the first document to send: its file picker takes the focus, on screen.
      await go.click();
      await expect.poll(() => focusedText(page)).toContain(t('followup.upload.choose'));
      expect(await focusedText(page)).toContain(MEDICAL);
      // The page scrolls smoothly: the row arrives on screen.
      await expect
        .poll(
          async () => {
            const row = await proofRow(page, MEDICAL).boundingBox();
            return row !== null && row.y >= 0 && row.y < (width < 600 ? 844 : 900);
          },
          { message: `the row is on screen at ${width} px` },
        )
        .toBe(true);
    }

    // Refund sent: nothing is awaited; the funds' delay.
    await follow(you, 'SI-0000007', 'DURAND');
    await you.expectAt('client-file');
    await expect(turn.locator('h2').textContent()).resolves.toBe(t('followup.turn.nothing'));
    await expect(turn.locator('.whose-turn__text').textContent()).resolves.toBe(t('followup.turn.paid'));
    expect(await progressValues(page)).toEqual(['3', '3', '3']);
    await you.expectAccessible('client-file, what comes next');
    // Closed without follow-up: the complaint's delays, and the way to it.
    await follow(you, 'SI-0000008', 'PETIT');
    await you.expectAt('client-file');
    await expect(turn.locator('.whose-turn__text').textContent()).resolves.toBe(t('followup.turn.closed'));
    expect(t('followup.turn.closed')).toContain('10 jours ouvrables');
    await expect(turn.getByRole('link', { name: t('followup.turn.complain') }).getAttribute('href')).resolves.toBe(
      '/sandaya/claim-step1',
    );
    await page.context().close();
  });
});

describe('Sending proofs', () => {
  it('When a renamed executable or a 40 MB file is chosen, or two files dropped on one document, then each is refused with its message and nothing is sent; "other document" takes several, naming the one it refuses', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya', width: 390 });
    const { page, t } = you;
    await followByLink(you, 'SI-0000003');
    await you.expectAt('client-file');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/justificatifs')) posts.push(request.url());
    });
    const zone = proofRow(page, MEDICAL);
    await zone.locator('input[type=file]').setInputFiles({
      name: 'x.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000)]),
    });
    await expect(zone.getByText(t('followup.upload.unsupported')).waitFor()).resolves.toBeUndefined();
    const choose = zone.getByLabel(t('followup.upload.choose'));
    expect(await choose.getAttribute('aria-describedby')).toContain('-error');
    await zone.locator('input[type=file]').setInputFiles({
      name: 'MZ.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
    });
    await expect(zone.getByText(t('followup.upload.unsupported')).waitFor()).resolves.toBeUndefined();
    // 40 MB starting like a PDF, given by path (the browser reads it from disk, as a picked file).
    const folder = mkdtempSync(join(tmpdir(), 'follow-up-e2e-'));
    const big = join(folder, 'big.pdf');
    writeFileSync(big, '%PDF-1.4\n');
    truncateSync(big, 40 * 1024 * 1024);
    await zone.locator('input[type=file]').setInputFiles(big);
    // The page reads the file's first bytes after the choice: the file stays until the message shows.
    await expect(zone.getByText(t('followup.upload.tooLarge')).waitFor()).resolves.toBeUndefined();
    rmSync(folder, { recursive: true, force: true });
    await you.expectAccessible('client-file, file refused');
    await screenshot(page, 'follow-up-proof-refused-390');
    // Two files dropped on a requested document's zone: neither is kept silently, the zone says why.
    const twoFiles = await page.evaluateHandle(() => {
      const files = new DataTransfer();
      files.items.add(new File(['%PDF-1.4 front'], 'front.pdf', { type: 'application/pdf' }));
      files.items.add(new File(['%PDF-1.4 back'], 'back.pdf', { type: 'application/pdf' }));
      return files;
    });
    await zone.locator('.upload').dispatchEvent('drop', { dataTransfer: twoFiles });
    await expect(zone.getByText(t('followup.upload.oneFile')).waitFor()).resolves.toBeUndefined();
    expect(posts).toEqual([]);
    // "Other document" takes several: each good one is uploaded, a refused one is named.
    const other = page.locator('.proof--other');
    await other.locator('input[type=file]').setInputFiles([
      { name: 'page-1.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'page-2.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
    ]);
    await expect(
      other
        .getByText(t('followup.upload.refusedFile', { name: 'notes.txt', problem: t('followup.upload.unsupported') }))
        .waitFor(),
    ).resolves.toBeUndefined();
    await expect(other.locator('.pending-file__name').allTextContents()).resolves.toEqual(['page-1.pdf', 'page-2.pdf']);
    expect(posts).toHaveLength(2);
    await page.context().close();
  });

  it('When a PDF and a PNG are uploaded by keyboard, one cancelled and sent again, then after a reload and Valider both are transmitted and no earlier refusal stays', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page, t } = you;
    await followByLink(you, 'SI-0000003');
    await you.expectAt('client-file');

    /**
     * Gives a proof a file: by the keyboard (focus on the picker, Enter opens it), or as a file
     * dropped on the input. Chromium opens one file chooser per page activation, so only the first
     * file of this test goes through the picker.
     */
    async function upload(
      name: string,
      file: { name: string; mimeType: string; buffer: Buffer },
      byKeyboard = false,
    ): Promise<void> {
      const choose = proofRow(page, name).getByLabel(t('followup.upload.choose'));
      if (byKeyboard) {
        const chooser = page.waitForEvent('filechooser');
        await choose.press('Space');
        await (await chooser).setFiles(file);
      } else await choose.setInputFiles(file);
      await expect(proofRow(page, name).locator('.pending-file').waitFor()).resolves.toBeUndefined();
    }

    await upload(MEDICAL, { name: 'certificat.pdf', mimeType: 'application/pdf', buffer: PDF }, true);
    await expect(proofRow(page, MEDICAL).locator('.proof__badge').textContent()).resolves.toBe(
      t('followup.proof.pending'),
    );
    await expect(proofRow(page, MEDICAL).locator('.pending-file').textContent()).resolves.toContain('certificat.pdf');
    await upload(INVOICE, { name: 'facture.png', mimeType: 'image/png', buffer: PNG });
    await expect(proofRow(page, INVOICE).locator('.proof__size').textContent()).resolves.toBe(
      formatFileSize(PNG.length, 'fr', { bytes: t('followup.size.bytes'), kilobytes: t('followup.size.kilobytes') }),
    );
    // Annuler gives the zone back, with the focus on its button.
    await proofRow(page, INVOICE)
      .getByRole('button', { name: t('followup.upload.cancel') })
      .focus();
    await page.keyboard.press('Enter');
    await expect(proofRow(page, INVOICE).locator('.upload').waitFor()).resolves.toBeUndefined();
    expect(await focusedText(page)).toContain(t('followup.upload.choose'));
    await upload(INVOICE, { name: 'facture.png', mimeType: 'image/png', buffer: PNG });
    const comment = page.getByLabel(t('followup.comment.label'));
    await comment.fill('Voici le certificat et la facture.');

    // A reload keeps the uploaded, not yet validated files, and the comment typed.
    await page.reload();
    await you.expectAt('client-file');
    await expect(proofRow(page, MEDICAL).locator('.pending-file').textContent()).resolves.toContain('certificat.pdf');
    await expect(proofRow(page, INVOICE).locator('.pending-file').textContent()).resolves.toContain('facture.png');
    await expect(comment.inputValue()).resolves.toBe('Voici le certificat et la facture.');
    // Kept for the tab only: a comment can say anything about the claimant.
    expect(await page.evaluate(() => Object.values({ ...localStorage }).join(' '))).not.toContain('certificat et');
    await you.expectAccessible('client-file, files ready');
    await screenshotsAt(page, 'follow-up-proofs-pending');

    // A file refused on the way stays said until the send; once the files went, it is gone.
    await page
      .locator('.proof--other input[type=file]')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await expect(page.locator('.upload__error').textContent()).resolves.toBe(t('followup.upload.unsupported'));
    await page.getByRole('button', { name: t('followup.validate.button') }).click();
    await expect(page.getByText(t('followup.validate.done')).waitFor()).resolves.toBeUndefined();
    await expect(page.locator('.upload__error').count()).resolves.toBe(0);
    await page.reload();
    await you.expectAt('client-file');
    // Sent: the comment is not offered again.
    await expect(comment.inputValue()).resolves.toBe('');
    for (const name of [MEDICAL, INVOICE])
      await expect(proofRow(page, name).locator('.proof__badge').textContent()).resolves.toBe(
        t('followup.proof.transmitted'),
      );
    await expect(proofRow(page, MEDICAL).locator('a.proof__link').textContent()).resolves.toBe('certificat.pdf');
    await expect(page.locator('.pending-file').count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('Files chosen but not sent', () => {
  it('When files are chosen and not sent, then a bar held on screen counts them and sends them, leaving asks first, and "received" and "accepted by the insurer" read apart (390 and 1280 px)', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page, t } = you;
    await followByLink(you, 'SI-0000003');
    await you.expectAt('client-file');
    // After 'Sending proofs' nothing is missing: the turn is the insurer's, who checks what was sent.
    const turn = page.locator('.whose-turn');
    await expect(turn.locator('h2').textContent(), 'the turn is not the insurer’s').resolves.toBe(
      t('followup.turn.nothing'),
    );
    await expect(
      turn.locator('.whose-turn__text').textContent(),
      'the page does not say the insurer checks the proofs',
    ).resolves.toBe(t('followup.turn.review'));
    expect(await progressValues(page)).toEqual(['3', '3', '1']);
    // Sent by the claimant vs accepted by the insurer: two words, both on screen.
    const received = proofRow(page, BANK).locator('.proof__badge');
    const accepted = proofRow(page, BOOKING).locator('.proof__badge');
    await expect(received.textContent()).resolves.toBe('Reçu, en attente de vérification');
    await expect(accepted.textContent()).resolves.toMatch(/^Validé par l’assureur le 7 novembre 2026$/);
    expect(await received.isVisible()).toBe(true);
    expect(await accepted.isVisible()).toBe(true);

    const bar = page.locator('.unsent-bar');
    const count = bar.getByRole('status');
    await expect(count.textContent()).resolves.toBe('');
    // The install offer shows until files wait to be sent, then steps aside for the bar.
    const offer = page.getByRole('complementary', { name: t('install.title') });
    await signalInstallable(page);
    await offer.waitFor();
    const other = t('followup.other.title');
    await proofRow(page, other)
      .getByLabel(t('followup.upload.choose'))
      .setInputFiles({ name: 'autre-justificatif.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(proofRow(page, other).locator('.pending-file').waitFor()).resolves.toBeUndefined();
    await expect.poll(() => count.textContent()).toBe(t('followup.unsent.count', { count: 1 }));
    await offer.waitFor({ state: 'hidden' });
    await expect(turn.locator('h2').textContent(), 'unsent files do not make it the claimant’s turn').resolves.toBe(
      t('followup.turn.unsent', { count: 1 }),
    );
    const send = bar.getByRole('button', { name: t('followup.unsent.send') });
    const valider = page.getByRole('button', { name: t('followup.validate.button') });
    for (const width of [390, 1280]) {
      const height = width < 600 ? 844 : 900;
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect.poll(() => send.isVisible(), { message: `the bar shows at ${width} px` }).toBe(true);
      const box = await bar.boundingBox();
      expect(box && Math.round(box.y + box.height), `held at the bottom at ${width} px`).toBe(height);
      expect(box && box.x === 0 && box.width === width).toBe(true);
      // Valider on screen: the bar steps aside, never over it.
      await valider.scrollIntoViewIfNeeded();
      await expect.poll(() => send.count(), { message: `the bar leaves Valider alone at ${width} px` }).toBe(0);
      const button = await valider.boundingBox();
      expect(button && button.y + button.height <= height).toBe(true);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect.poll(() => send.isVisible()).toBe(true);
    }
    await you.expectAccessible('client-file, unsent files bar');
    await screenshot(page, 'follow-up-unsent-bar-1280');

    // Leaving by a link of the site asks, in the page's words; "stay" keeps the files and the page.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}:${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.locator('.route-page__back a').click();
    await expect.poll(() => dialogs).toEqual([`confirm:${t('followup.unsent.leave')}`]);
    expect(new URL(page.url()).pathname).toBe('/sandaya/client-file');
    // A reload or a typed address: the browser's own question (beforeunload).
    await page.evaluate(() => window.location.assign('/sandaya'));
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toMatch(/^beforeunload:/);
    expect(new URL(page.url()).pathname).toBe('/sandaya/client-file');

    // "Envoyer maintenant" sends as Valider does; the answer takes the focus.
    await send.click();
    await expect(page.getByText(t('followup.validate.done')).waitFor()).resolves.toBeUndefined();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('proof-validate-result');
    await expect.poll(() => count.textContent()).toBe('');
    const sent = page.locator('.proof', { hasText: 'autre-justificatif.pdf' });
    await expect.poll(() => sent.locator('.proof__badge').textContent()).toBe(t('followup.proof.transmitted'));
    await offer.waitFor();
    // Nothing waits any more: a link leaves without a question.
    await page.locator('.route-page__back a').click();
    await page.waitForURL((url) => url.pathname === '/sandaya');
    expect(dialogs).toHaveLength(2);
    await page.context().close();
  });
});

/**
 * Declares a claim of its own through the partner API (Lefèvre, SO-00000`n`), asking for the
 * documents of its reason and the medical certificate; answers its number.
 */
async function declareLefevreClaim(n: number, idempotencyKey: string): Promise<string> {
  const declared = await postDeclaration(
    suite.portal.baseUrl,
    validDeclaration(n, { justificatifs: '[1]' }),
    idempotencyKey,
  );
  expect(declared.status).toBe(200);
  return (declared.body as { data: { numero_sinistre: string } }).data.numero_sinistre;
}

describe('The follow-up page follows the claim live', () => {
  it('When staff ask for a document, then change the state, then the open page (390 px) shows each change without a reload, says it politely, and keeps the file chosen and not sent; a change made while the signal dropped shows once it returns', async () => {
    const started = performance.now();
    const { baseUrl, database } = suite.portal;
    // A claim of its own (Lefèvre, SO-0000010), asking for the documents of its reason and the medical certificate.
    const numero = await declareLefevreClaim(10, 'live-follow-up-claim');
    const cookie = await signedInStaffCookie(database.db, 'claude.staff');
    const staff = async (method: string, path: string, body: unknown) => {
      const answer = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status, `${method} ${path}`).toBe(200);
    };

    const you = await openVisitor(suite.browser, baseUrl, { width: 390 });
    const { page, t } = you;
    await followByLink(you, numero);
    await you.expectAt('client-file');
    const turn = page.locator('.whose-turn h2');
    // The documents its reason asks for, the certificate among them.
    const asked = await page.locator('.whose-turn__list li').count();
    await expect(turn.textContent()).resolves.toBe(t('followup.turn.action', { count: asked }));
    // A file chosen for the certificate and not sent yet.
    await proofRow(page, MEDICAL)
      .getByLabel(t('followup.upload.choose'))
      .setInputFiles({ name: 'certificat.png', mimeType: 'image/png', buffer: PNG });
    const chosen = proofRow(page, MEDICAL).locator('.pending-file');
    await expect(chosen.waitFor()).resolves.toBeUndefined();
    // The page's socket follows the claim (it connects once the page is idle).
    await expect(page.locator('.client-file[data-live="following"]').waitFor()).resolves.toBeUndefined();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.evaluate(() => Object.assign(window, { pageNotReloaded: true }));

    const live = page.locator('.client-file__live');
    // A document its reason did not ask for.
    const listed = await page.locator('.whose-turn__list li').allTextContents();
    const another = [2, 3, 11].map(getDocumentType).find((type) => !listed.includes(type.texts.fr.nomCourt));
    if (!another) throw new Error(`every candidate document is already asked: ${listed.join(', ')}`);
    const ANOTHER = another.texts.fr.nomCourt;
    await staff('POST', `/sinistres/${numero}/justificatifs`, { documentTypeId: another.id });
    await expect.poll(() => turn.textContent()).toBe(t('followup.turn.action', { count: asked + 1 }));
    await expect(proofRow(page, ANOTHER).locator('.proof__badge').textContent()).resolves.toBe(
      t('followup.proof.missing'),
    );
    await expect(live.getByRole('paragraph').textContent()).resolves.toBe(
      `${t('followup.live.updated')} ${t('followup.live.requested', { count: 1, documents: ANOTHER })}`,
    );
    await expect(live.getAttribute('role')).resolves.toBe('status');
    await expect(chosen.textContent()).resolves.toContain('certificat.png');
    await you.expectAccessible('client-file, a document asked for while it was open');
    await screenshot(page, 'follow-up-live-document-requested-390');

    await staff('PATCH', `/sinistres/${numero}/etat`, { etat: 'paiement_envoye' });
    await expect.poll(() => page.locator('.claim-status__title').textContent()).toBe(t('followup.status.closed'));
    expect(await progressValues(page)).toEqual(['3', '3', '3']);
    await expect(turn.textContent()).resolves.toBe(t('followup.turn.nothing'));
    await expect(live.textContent()).resolves.toBe(
      `${t('followup.live.updated')} ${t('followup.live.status', { status: t('followup.status.closed') })}`,
    );
    // Closed, the documents never received are no longer "to send".
    await expect(proofRow(page, ANOTHER).locator('.proof__badge').textContent()).resolves.toBe(
      t('followup.proof.notReceived'),
    );
    await expect(page.locator('.proof__badge', { hasText: t('followup.proof.missing') }).count()).resolves.toBe(0);
    // The same page all along: no navigation, no reload.
    expect(navigations).toBe(0);
    await expect(page.evaluate(() => 'pageNotReloaded' in window)).resolves.toBe(true);
    await screenshotsAt(page, 'follow-up-live-closed');

    // The signal drops: the page stops following. Staff change the claim meanwhile; when the
    // signal returns, the socket follows again, hears it changed while away, and the page shows it.
    await page.context().setOffline(true);
    await expect(page.locator('.client-file:not([data-live])').waitFor()).resolves.toBeUndefined();
    await staff('PATCH', `/sinistres/${numero}/etat`, { etat: 'sans_suite' });
    await page.context().setOffline(false);
    await expect(page.locator('.client-file[data-live="following"]').waitFor()).resolves.toBeUndefined();
    await expect.poll(() => page.locator('.claim-status__title').textContent()).toBe(t('followup.status.noFollowUp'));
    await expect(live.textContent()).resolves.toBe(
      `${t('followup.live.updated')} ${t('followup.live.status', { status: t('followup.status.noFollowUp') })}`,
    );
    expect(navigations).toBe(0);
    console.log(`live follow-up browser test: ${Math.round(performance.now() - started)} ms`);
    await page.context().close();
  });
});

describe('Proofs sent from another tab', () => {
  it('When the claimant sends a proof from one tab, then the other tab open on the claim shows it received, without a reload', async () => {
    const { baseUrl } = suite.portal;
    const numero = await declareLefevreClaim(12, 'two-tabs-follow-up-claim');
    const you = await openVisitor(suite.browser, baseUrl, { width: 390 });
    await followByLink(you, numero);
    await you.expectAt('client-file');
    const { t } = you;
    // The same claim in a second tab of the same browser, opened from the mail too.
    const other = await you.page.context().newPage();
    await other.goto(await followUpLinkOf(you, numero));
    await other.locator('.client-file[data-live="following"]').waitFor();
    const badge = proofRow(other, MEDICAL).locator('.proof__badge');
    await expect(badge.textContent()).resolves.toBe(t('followup.proof.missing'));
    const turn = other.locator('.whose-turn h2');
    const asked = await other.locator('.whose-turn__list li').count();
    await expect(turn.textContent()).resolves.toBe(t('followup.turn.action', { count: asked }));

    await proofRow(you.page, MEDICAL)
      .getByLabel(t('followup.upload.choose'))
      .setInputFiles({ name: 'certificat.pdf', mimeType: 'application/pdf', buffer: PDF });
    await proofRow(you.page, MEDICAL).locator('.pending-file').waitFor();
    await you.page.getByRole('button', { name: t('followup.validate.button') }).click();
    await you.page.getByText(t('followup.validate.done')).waitFor();
    await expect.poll(() => badge.textContent()).toBe(t('followup.proof.transmitted'));
    await expect(turn.textContent()).resolves.toBe(t('followup.turn.action', { count: asked - 1 }));
    await you.page.context().close();
  });
});

describe('A proof refused by staff', () => {
  it('When staff refuse a sent proof, then the open page shows it refused, when and why, with the zone to send another; by number and name it reads refused without the reason; the back office row reads "Refusé le"; a new file reads received', async () => {
    const { baseUrl, database } = suite.portal;
    const numero = await declareLefevreClaim(14, 'refused-proof-claim');
    const cookie = await signedInStaffCookie(database.db, 'claude.staff');
    const staff = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const you = await openVisitor(suite.browser, baseUrl, { width: 390 });
    const { page, t } = you;
    await followByLink(you, numero);
    await you.expectAt('client-file');
    await page.locator('.client-file[data-live="following"]').waitFor();
    const turn = page.locator('.whose-turn h2');
    const asked = await page.locator('.whose-turn__list li').count();
    const row = proofRow(page, MEDICAL);
    const badge = row.locator('.proof__badge');
    async function send(name: string): Promise<void> {
      await row
        .getByLabel(t('followup.upload.choose'))
        .setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
      await row.locator('.pending-file').waitFor();
      await page.getByRole('button', { name: t('followup.validate.button') }).click();
      await expect.poll(() => badge.textContent()).toBe(t('followup.proof.transmitted'));
    }
    await send('certificat-flou.pdf');

    const claim = (await (await staff('GET', `/sinistres/${numero}`)).json()) as {
      datas: { proofs: { id: number; nomCourt: string }[] };
    };
    const medical = claim.datas.proofs.find((proof) => proof.nomCourt === MEDICAL);
    const reason = 'Le certificat est illisible : la date de l’arrêt n’apparaît pas';
    expect(
      (await staff('POST', `/sinistres/${numero}/justificatifs/${medical?.id}/refus`, { motif: reason })).status,
    ).toBe(200);
    const refusedOn = t('followup.proof.refusedOn', { date: formatDayInFull(new Date(), 'fr', IN_INSURER_ZONE) });

    // The open page hears it: refused, with the day and staff's reason, and the zone to send another.
    await expect.poll(() => badge.textContent()).toBe(refusedOn);
    await expect(row.locator('.proof__refusal').textContent()).resolves.toBe(
      `${t('followup.proof.refusalReason', { reason })} ${t('followup.proof.sendAnother')}`,
    );
    await expect(row.getByLabel(t('followup.upload.choose')).count()).resolves.toBe(1);
    // It counts as missing again.
    await expect(turn.textContent()).resolves.toBe(t('followup.turn.action', { count: asked }));
    await you.expectAccessible('client-file, a proof refused by staff');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTEFACTS_DIR, 'follow-up-proof-refused-by-staff-390.png') });

    // By number and name: refused and when, not why (staff's words are for the follow-up link).
    const stranger = await openVisitor(suite.browser, baseUrl, { width: 390 });
    await follow(stranger, numero, 'Lefèvre');
    await stranger.expectAt('client-file');
    const stateOnly = proofRow(stranger.page, MEDICAL);
    await expect(stateOnly.locator('.proof__badge').textContent()).resolves.toBe(refusedOn);
    // No reason and no zone there: the page says where the follow-up link comes from.
    await expect(stateOnly.locator('.proof__refusal').count()).resolves.toBe(0);
    expect(await stranger.page.locator('main').textContent()).not.toContain('illisible');
    await stranger.page.context().close();

    // The back office's row says it was refused, and why, instead of "asked, not received".
    const bo = await (await newVisitor(suite.browser, baseUrl)).newPage();
    await signInStaff(bo, suite.portal, 'claude.staff');
    await bo.goto(`${baseUrl}/bo_sinistres?numero=${numero}`);
    const boRow = bo.getByRole('row', { name: new RegExp(MEDICAL) });
    await expect(boRow.locator('.bo-proof').textContent()).resolves.toMatch(
      /^Refusé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    await expect(boRow.locator('.bo-refusal-reason').textContent()).resolves.toBe(`Raison\u00a0: ${reason}`);
    await expectNoSeriousViolation(bo, 'claim page, a refused proof');
    await screenshotsAt(bo, 'backoffice-claim-proof-refused');
    await bo.context().close();

    // A new file: received, awaiting review; the refusal is behind it.
    await send('certificat-net.pdf');
    await expect(row.locator('.proof__refusal').count()).resolves.toBe(0);
    await expect(turn.textContent()).resolves.toBe(t('followup.turn.action', { count: asked - 1 }));
    await page.context().close();
  });
});

describe('Too many attempts', () => {
  it('When a claim number had 10 wrong names this hour, then suivre-dossier says to wait, in minutes', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.open('suivre-dossier');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const status = await page.evaluate(async () => {
        const response = await fetch('/partenaire/api/v2/declare/sinistres?dossier_numero=SI-0000099&dossier_nom=X');
        return response.status;
      });
      expect(status).toBe(404);
    }
    await page.getByRole('textbox', { name: t('followup.find.claimNumber.label') }).fill('SI-0000099');
    await page.getByLabel(t('followup.find.lastName.label'), { exact: true }).fill('NOBODY');
    await you.next();
    const alert = page.getByRole('alert').filter({ hasText: 'minutes' });
    await expect(alert.waitFor()).resolves.toBeUndefined();
    expect(await alert.textContent()).toMatch(/^Trop de tentatives\. Merci de réessayer dans \d+ minutes\.$/);
    await you.expectAccessible('suivre-dossier, rate limited');
    await screenshot(page, 'follow-up-suivre-dossier-rate-limited-1280');
    await page.context().close();
  });
});
