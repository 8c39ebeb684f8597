import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFollowUpToken } from '../../server/customer-api/claims/follow-up-links.ts';
import { backfillInboxMessages } from '../../server/customer-api/public.ts';
import { claims, complaints } from '../../server/db/schema.ts';
import { expectNoSeriousViolation, pathOf, type Visitor } from './declaration-journey.ts';
import {
  ARTEFACTS_DIR,
  expectReadableMessage,
  newVisitor,
  openVisitor,
  screenshot,
  screenshotsAt,
  setUpMailingPortal,
  signInStaff,
} from './harness.ts';

/**
 * The staff inbox (/bo_messages) in a real Chromium against the real server, database and SMTP:
 * a complaint and a contact message sent through the customer pages reach the inbox, staff
 * assign, annotate and answer them, the claimant receives the answer in their language, the
 * work queue counts a late complaint, and the follow-up page lists the answer.
 */

const suite = setUpMailingPortal();
const STAFF = 'camille.inbox';
let files: string;

beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'inbox-e2e-'));
  mkdirSync(ARTEFACTS_DIR, { recursive: true });
});
afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

/** A small real PDF. */
function pdfFile(name: string): string {
  const path = join(files, name);
  writeFileSync(path, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return path;
}

/** A blank page signed in to the back office as STAFF, at 1280 px. */
async function staffPage(): Promise<Page> {
  const page = await (await newVisitor(suite.browser, suite.portal.baseUrl)).newPage();
  await signInStaff(page, suite.portal, STAFF);
  return page;
}

/** Sends the complaint form of the visitor's brand and language, about SI-0000003, with one attachment. */
async function sendComplaint(you: Visitor, person: { lastName: string; firstName: string; email: string }) {
  const { page, t } = you;
  await you.open('claim-step1');
  await page.getByLabel(t('forms.field.lastName'), { exact: true }).fill(person.lastName);
  await page.getByLabel(t('forms.field.firstName'), { exact: true }).fill(person.firstName);
  await page.getByLabel(t('forms.field.email')).fill(person.email);
  await page.getByLabel(t('forms.field.phone')).fill('07 11 22 33 44');
  await page.getByLabel(t('forms.field.address'), { exact: true }).fill('12 Baker Street');
  await page.getByLabel(t('forms.field.cp')).fill('NW1 6XE');
  await page.getByLabel(t('forms.field.city')).fill('London');
  await expect.poll(() => page.locator('#complaint-pays option').count(), { timeout: 15_000 }).toBeGreaterThan(2);
  await page.getByLabel(t('forms.field.country')).selectOption({ label: 'United Kingdom' });
  await page.getByLabel(t('forms.field.claimNumber')).fill('SI-0000003');
  await page.getByLabel(t('forms.field.reason')).selectOption({ label: t('forms.reason.delai') });
  await page.getByLabel(t('forms.field.message')).fill('I have had no news of my claim for six weeks.');
  await page.locator('#complaint-files').setInputFiles(pdfFile('letter.pdf'));
  await page.locator('.attachments__item').waitFor();
  await page.getByRole('button', { name: t('forms.complaint.submit') }).click();
  await you.expectAt('claim-step2');
}

/** Opens the inbox and the message whose sender's link reads `sender`. */
async function openMessage(page: Page, sender: RegExp): Promise<void> {
  await page.goto(`${suite.portal.baseUrl}/bo_messages`);
  await page.getByRole('link', { name: sender }).first().click();
  await page.waitForURL((url) => url.searchParams.has('message'));
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Writes `text` in the answer editor, sends it and confirms; waits for the server's confirmation. */
async function answer(page: Page, text: string): Promise<void> {
  const editor = page.locator('.ck-editor__editable');
  await editor.waitFor();
  await editor.click();
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  const confirm = page.getByRole('button', { name: 'Oui, envoyer' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Oui, envoyer');
  await confirm.click();
  await page.getByText('Réponse envoyée : l’assuré la recevra par e-mail.').waitFor();
}

/** Whether each of `expected` is in one of `lines`, in that order. */
function inOrder(lines: readonly string[], expected: readonly string[]): boolean {
  let from = 0;
  for (const text of expected) {
    const at = lines.findIndex((line, index) => index >= from && line.includes(text));
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

/** The history's lines, oldest first, as staff read them. */
async function historyLines(page: Page): Promise<string[]> {
  return page
    .locator('.bo-inbox__history li')
    .evaluateAll((items) => items.map((item) => (item.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

describe('The staff inbox', () => {
  it('When a claimant sends a complaint in English, then staff find it with its deadlines, assign, annotate and answer it, the claimant receives the answer in English, and the state and history follow', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, {
      company: 'veligo',
      lang: 'en',
      locale: 'en-GB',
    });
    await sendComplaint(you, { lastName: 'HARRIS', firstName: 'Emily', email: 'emily.harris@example.com' });
    await you.page.context().close();

    const page = await staffPage();
    await page.goto(`${suite.portal.baseUrl}/bo_messages`);
    expect(await page.title()).toBe('BO - messages');
    await expect(page.getByRole('link', { name: /^Messages/ }).getAttribute('aria-current')).resolves.toBe('page');
    const row = page.getByRole('row').filter({ hasText: 'HARRIS' });
    await row.waitFor();
    const cells = (await row.textContent()) ?? '';
    expect(cells).toContain('Réclamation');
    expect(cells).toContain('Nouveau');
    expect(cells).toContain('EN');
    expect(cells).toMatch(/Fait le \d{2}\/\d{2}\/\d{4}/);
    expect(cells).toMatch(/Avant le \d{2}\/\d{2}\/\d{4}/);
    await expect(row.getByRole('link', { name: 'SI-0000003' }).getAttribute('href')).resolves.toBe(
      '/bo_sinistres?numero=SI-0000003',
    );
    await expectNoSeriousViolation(page, 'bo_messages');
    // Every column in sight at 1280 px, the answer's deadline too, without scrolling sideways.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(
      page.locator('.bo-table-wrap').evaluate((holder) => holder.scrollWidth <= holder.clientWidth),
    ).resolves.toBe(true);

    await row.getByRole('link', { name: /HARRIS/ }).click();
    await page.waitForURL((url) => url.searchParams.has('message'));
    const title = page.getByRole('heading', { level: 1 });
    await expect(title.textContent()).resolves.toMatch(/^Réclamation n° \d+ Nouveau$/);
    await page.getByText('I have had no news of my claim for six weeks.').waitFor();
    await page.getByText('emily.harris@example.com', { exact: false }).first().waitFor();

    // The attachment opens as a proof does: the file itself, for staff.
    const file = page.getByRole('link', { name: 'Ouvrir letter.pdf' });
    const opened = await page.request.get(`${suite.portal.baseUrl}${await file.getAttribute('href')}`);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toContain('application/pdf');

    // Assigning a new message takes it up: it is in progress.
    // With the keyboard: the button disables once the choice is stored, and the focus comes back
    // to the choice, not to the top of the page.
    const assignee = page.getByLabel('Attribué à');
    await assignee.selectOption({ label: STAFF });
    await page.getByRole('button', { name: 'Attribuer' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Attribution enregistrée.').waitFor();
    await expect(title.textContent()).resolves.toMatch(/En cours$/);
    await expect(assignee.evaluate((select) => select === document.activeElement)).resolves.toBe(true);
    await page.getByLabel('Nouvelle note').fill('Call her back if the expert has not written by Friday.');
    const addNote = page.getByRole('button', { name: 'Ajouter la note' });
    await addNote.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Note ajoutée.').waitFor();
    await expect(page.getByLabel('Nouvelle note').inputValue()).resolves.toBe('');
    // The button, disabled while the note was sent, has the focus again.
    await expect(addNote.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.getByText('Call her back if the expert has not written by Friday.').waitFor();
    await expectNoSeriousViolation(page, 'bo_messages, a message');

    // Nothing written: the page says so before anything is sent.
    await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await page.getByText('Écrivez la réponse avant de l’envoyer.').waitFor();
    await answer(page, 'Dear Ms Harris, the expert visits on Monday; you will have our decision within a week.');
    await expect(title.textContent()).resolves.toMatch(/Répondu$/);
    await page
      .locator('.bo-inbox__answer')
      .getByText(/the expert visits on Monday/)
      .waitFor();
    await screenshotsAt(page, 'inbox-detail');

    const history = await historyLines(page);
    expect(
      inOrder(history, [
        'Message reçu',
        'Accusé de réception envoyé',
        'Attribution',
        'Nouveau → En cours',
        'Note ajoutée',
        'Réponse envoyée',
        'En cours → Répondu',
        'E-mail envoyé réponse à l’assuré',
      ]),
    ).toBe(true);
    expect(history.find((line) => line.includes('Attribution'))).toContain(`${STAFF}`);
    expect(history.find((line) => line.includes('Réponse envoyée'))).toContain(STAFF);
    expect(history[0]).toContain('Assuré');

    const mail = await suite.mailTo('emily.harris@example.com', 'Our answer to your complaint');
    expect(mail.text).toContain('the expert visits on Monday');
    expect(mail.text).toContain('Here is our answer to the complaint you sent us on');

    // Back to the list: the message is answered, its answer deadline met.
    await page.goto(`${suite.portal.baseUrl}/bo_messages?state=repondu`);
    const answered = page.getByRole('row').filter({ hasText: 'HARRIS' });
    await expect(answered.textContent()).resolves.toContain('Répondu');
    await expect(answered.textContent()).resolves.toContain(STAFF);
    await page.goto(`${suite.portal.baseUrl}/bo_messages`);
    await page.getByRole('row').filter({ hasText: 'HARRIS' }).waitFor();
    await screenshotsAt(page, 'inbox-list');
    await page.context().close();
  });

  it('When a claimant sends a contact message in English, then staff answer it from the inbox and the claimant receives the answer in English', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, {
      company: 'veligo',
      lang: 'en',
      locale: 'en-GB',
    });
    const { page: visitor, t } = you;
    await you.open('contact');
    await visitor.getByLabel(t('forms.field.lastName')).fill('NGUYEN');
    await visitor.getByLabel(t('forms.field.email')).fill('lan.nguyen@example.com');
    await visitor.getByLabel(t('forms.field.phone')).fill('07 99 88 77 66');
    await visitor.getByLabel(t('forms.field.message')).fill('How do I add a document to my claim?');
    await visitor.getByRole('button', { name: t('forms.contact.submit') }).click();
    await visitor.locator('.forms-sent').waitFor();
    await you.page.context().close();

    const page = await staffPage();
    await page.goto(`${suite.portal.baseUrl}/bo_messages?kind=contact`);
    const row = page.getByRole('row').filter({ hasText: 'NGUYEN' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Contact');
    await expect(page.getByLabel('Type', { exact: true }).inputValue()).resolves.toBe('contact');
    await openMessage(page, /NGUYEN/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Contact n° \d+ Nouveau$/);
    await page.getByText('Objectif du service', { exact: false }).waitFor();

    // The mail cannot be sent: staff read so beside the button they used, and the answer stays.
    const text = 'Open the link of your last e-mail, then drop the file in the zone of the document asked.';
    const editor = page.locator('.ck-editor__editable');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type(text);
    await page.route('**/messagerie/*/reponses', (route) => route.fulfill({ status: 500, body: '' }));
    const send = page.getByRole('button', { name: 'Envoyer la réponse' });
    await send.click();
    await page.getByRole('button', { name: 'Oui, envoyer' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'La réponse' });
    await expect(failure.textContent()).resolves.toBe('La réponse n’a pas été envoyée. Réessayez.');
    expect(await expectReadableMessage(failure, send)).toBeLessThan(300);
    await expect(send.getAttribute('aria-describedby')).resolves.toBe(await failure.getAttribute('id'));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Envoyer la réponse');
    await expect(editor.textContent()).resolves.toBe(text);
    await screenshotsAt(page, 'backoffice-inbox-answer-failed');
    await page.unroute('**/messagerie/*/reponses');
    await send.click();
    await page.getByRole('button', { name: 'Oui, envoyer' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Réponse envoyée' });
    await expect(sent.textContent()).resolves.toBe('Réponse envoyée\u00a0: l’assuré la recevra par e-mail.');
    await expectReadableMessage(sent, send);
    await expect(failure.count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Répondu$/);
    // Nothing more to do: staff close it; the state's message shows beside its button.
    const state = page.getByLabel('État', { exact: true });
    await state.selectOption({ label: 'Clos' });
    const saveState = page.getByRole('button', { name: 'Enregistrer' });
    await saveState.click();
    const saved = page.getByRole('status').filter({ hasText: 'État enregistré.' });
    expect(await expectReadableMessage(saved, saveState)).toBeLessThan(300);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Clos$/);
    await expect(state.evaluate((select) => select === document.activeElement)).resolves.toBe(true);
    const history = await historyLines(page);
    expect(inOrder(history, ['Message reçu', 'Réponse envoyée', 'Nouveau → Répondu', 'Répondu → Clos'])).toBe(true);
    expect(history.at(-1)).toContain(STAFF);

    const mail = await suite.mailTo('lan.nguyen@example.com', 'Our answer to your message');
    expect(mail.text).toContain('drop the file in the zone of the document asked');
    await page.context().close();
  });

  it('When a complaint waits past its deadline, then the navigation badge and the work queue count it late, and their link opens it among the late ones', async () => {
    const page = await staffPage();
    const lateCount = async () => {
      await page.goto(`${suite.portal.baseUrl}/bo_sinistres`);
      const group = page.getByRole('region', { name: /Messages des assurés à traiter/ });
      await group.waitFor();
      const late = /(\d+) messages? en retard/.exec((await group.textContent()) ?? '');
      return Number(late?.[1] ?? 0);
    };
    const before = await lateCount();

    // A complaint received two years ago and never answered: its 2 months are long gone.
    const { db } = suite.portal.database;
    const receivedAt = new Date(Date.now() - 730 * 24 * 3600_000);
    await db.insert(complaints).values({
      nom: 'OLDFIELD',
      prenom: 'Grace',
      email: 'grace.oldfield@example.com',
      telephone: '0700000000',
      adresse: '1 Old Road',
      cp: '12345',
      ville: 'Oxford',
      pays: '826',
      numSinistre: '',
      motif: 'absence_reponse',
      message: 'Still no answer.',
      company: 'veligo',
      lang: 'en',
      createdAt: receivedAt,
    });
    await backfillInboxMessages(db);

    await expect.poll(lateCount).toBe(before + 1);
    const navigation = page.getByRole('link', { name: /^Messages/ });
    await expect(navigation.textContent()).resolves.toContain(`dont ${before + 1} en retard`);
    await screenshot(page, 'inbox-work-queue-1280');
    await page.getByRole('link', { name: 'Voir les messages en retard' }).click();
    await page.waitForURL((url) => url.pathname === '/bo_messages');
    expect(new URL(page.url()).searchParams.get('late')).toBe('1');
    await expect(page.getByLabel('En retard seulement').isChecked()).resolves.toBe(true);
    const row = page.getByRole('row').filter({ hasText: 'OLDFIELD' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('En retard');
    await expectNoSeriousViolation(page, 'bo_messages, late only');
    await screenshot(page, 'inbox-late-1280');
    await page.context().close();
  });

  it('When staff answered a complaint about a claim, then its follow-up page opened with the link lists the answer in the claimant’s language, and opened by number and name it does not', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, {
      company: 'veligo',
      lang: 'en',
      locale: 'en-GB',
      width: 390,
    });
    const { page, t } = you;
    const { db } = suite.portal.database;
    const [claim] = await db.select({ id: claims.id }).from(claims).where(eq(claims.numero, 'SI-0000003'));
    const token = await issueFollowUpToken(db, claim?.id ?? 0, 'mail');
    await page.goto(`${suite.portal.baseUrl}${pathOf('veligo', 'en', 'client-file')}?dossier=${token}`);
    const section = page.locator('.staff-answers');
    await section.getByRole('heading', { name: t('followup.staffAnswers.title') }).waitFor();
    await section.getByText(/the expert visits on Monday/).waitFor();
    await expect(section.textContent()).resolves.toMatch(/In reply to your complaint of \d{1,2} \w+ \d{4}/);
    await you.expectAccessible('client-file with an answer');
    await screenshot(page, 'inbox-follow-up-answer-390-full');
    // The section at the top of the screen, under the page's sticky header.
    await section.evaluate((element) => {
      element.scrollIntoView({ block: 'start', behavior: 'instant' });
      window.scrollBy({ top: -96, behavior: 'instant' });
    });
    await page.screenshot({ path: join(ARTEFACTS_DIR, 'inbox-follow-up-answer-390.png') });
    await page.context().close();

    const stranger = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo', lang: 'en' });
    await stranger.open('suivre-dossier');
    await stranger.page
      .getByRole('textbox', { name: stranger.t('followup.find.claimNumber.label') })
      .fill('SI-0000003');
    await stranger.page.getByLabel(stranger.t('followup.find.lastName.label'), { exact: true }).fill('MARTIN');
    await stranger.next();
    await stranger.expectAt('client-file');
    await stranger.page.locator('.client-file').waitFor();
    await expect(stranger.page.locator('.staff-answers').count()).resolves.toBe(0);
    await stranger.page.context().close();
  });
});
