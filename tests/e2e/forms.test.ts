import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import neutralBrand from '../../brands/_default.ts';
import { formatDate } from '../../contracts/dates.ts';
import { FORM_POSTER_PATH } from '../../contracts/partner-api-base.ts';
import { complaints, contactMessages, messageAttachments, uploadedFiles } from '../../server/db/schema.ts';
import { expectErrorSummary, followSummaryLink, type Visitor } from './declaration-journey.ts';
import { holdFollowUp, openVisitor, screenshotsAt, setUpMailingPortal, signInStaff } from './harness.ts';

/**
 * The complaint, contact and find-my-number pages (spec 2) in a real Chromium, against the real
 * server, database and SMTP: what a visitor sees, what is stored and what arrives by mail.
 */

const suite = setUpMailingPortal();
let files: string;

beforeAll(() => {
  files = mkdtempSync(join(tmpdir(), 'forms-e2e-'));
});
afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

/** The error message tied to a field: its id is in the field's aria-describedby, and the field is aria-invalid. */
async function errorOf(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  await expect.poll(() => field.getAttribute('aria-invalid'), { message: label }).toBe('true');
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

async function focusedId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? '');
}

async function focusedClass(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.className ?? '');
}

/** A small real PDF. */
function pdfFile(name: string): string {
  const path = join(files, name);
  writeFileSync(path, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return path;
}

/** Waits for the country list of the page's language. */
async function countriesLoaded(page: Page, id: string): Promise<void> {
  await expect.poll(() => page.locator(`#${id} option`).count(), { timeout: 15_000 }).toBeGreaterThan(2);
}

describe('The complaint procedure page', () => {
  it('When a visitor opens claim, then the procedure, the delays, the postal address and the way to the form show', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.open('claim');
    await expect(page.locator('h1').textContent()).resolves.toBe(t('page.claim'));
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain(t('forms.claim.delays.ack'));
    expect(text).toContain(t('forms.claim.delays.answer'));
    // The deployment's address (the neutral brand's), the one the legal notice writes too.
    const address = (neutralBrand.complaintAddress ?? []).map((line) => (typeof line === 'string' ? line : line.fr));
    expect(address.length).toBeGreaterThan(1);
    for (const line of address) expect(text).toContain(line);
    await you.expectAccessible('claim');
    await screenshotsAt(page, 'forms-claim');
    await page.getByRole('link', { name: t('forms.claim.start') }).click();
    await page.waitForURL((url) => url.pathname === '/claim-step1');
    await page.context().close();
  });
});

describe('The complaint form', () => {
  it('When everything is empty, then each field says what it needs, form error 1 sums up and the focus goes to the error summary', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('claim-step1');
    await page.getByRole('button', { name: t('forms.complaint.submit') }).click();
    await expect(page.locator('#complaint-summary').textContent()).resolves.toBe(t('forms.formError'));
    const expected = [
      ['forms.field.lastName', 'forms.error.lastName'],
      ['forms.field.firstName', 'forms.error.firstName'],
      ['forms.field.email', 'wizard.common.emailInvalid'],
      ['forms.field.phone', 'forms.error.phone'],
      ['forms.field.address', 'forms.error.address'],
      ['forms.field.cp', 'forms.error.cp'],
      ['forms.field.city', 'forms.error.city'],
      ['forms.field.country', 'forms.error.country'],
      ['forms.field.reason', 'forms.error.reason'],
      ['forms.field.message', 'forms.error.message'],
    ] as const;
    for (const [label, message] of expected) expect(await errorOf(page, t(label)), label).toContain(t(message));
    expect(await errorOf(page, t('forms.field.claimNumber'))).toContain(t('forms.error.claimNumber'));
    expect(await focusedClass(page)).toBe('error-summary');
    expect(await page.locator('#complaint-message-error').textContent()).toBe(
      'Veuillez renseigner le contenu de votre message',
    );
    await you.expectAccessible('claim-step1, every field empty');
    await screenshotsAt(page, 'forms-claim-step1-errors');
    await page.context().close();
  });

  it('When a renamed program or a 40 MB file is chosen, then each is refused with its reason before anything is sent', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(request.url());
    });
    await you.open('claim-step1');
    const program = join(files, 'facture.pdf');
    writeFileSync(program, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]));
    const heavy = join(files, 'scan.pdf');
    writeFileSync(heavy, '%PDF-1.4\n');
    truncateSync(heavy, 40_000_000);
    await page.locator('#complaint-files').setInputFiles([program, heavy, pdfFile('justificatif.pdf')]);
    const refused = page.locator('#complaint-files-error');
    await expect.poll(() => refused.textContent()).toContain(t('forms.files.format'));
    const text = (await refused.textContent()) ?? '';
    expect(text).toContain(`facture.pdf\u00a0: ${t('forms.files.format')}`);
    expect(text).toContain(`scan.pdf\u00a0: Fichier trop lourd. Limite max\u00a0: 30\u00a0Mo`);
    const list = page.locator('.attachments__list');
    await expect(list.textContent()).resolves.toMatch(/justificatif\.pdf\d+ o/);
    expect(await list.textContent()).not.toContain('facture.pdf');
    expect(posted).toEqual([]);
    await you.expectAccessible('claim-step1, refused files');
    await screenshotsAt(page, 'forms-claim-step1-files-refused');
    await page.context().close();
  });

  it('When a complaint with an attachment is sent with a double click, then it is stored once with its file, acknowledged by mail, and confirmed with the delays', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    // The visitor follows SI-0000003 on this browser: the form knows the claim number.
    await you.open('claim');
    await holdFollowUp(page, {
      claimNumber: 'SI-0000003',
      lastName: 'MARTIN',
      declaSent: false,
      dateSinistreCreation: '',
    });
    await you.open('claim-step1');
    await expect.poll(() => page.getByLabel(t('forms.field.claimNumber')).inputValue()).toBe('SI-0000003');
    await page.getByLabel(t('forms.field.lastName'), { exact: true }).fill('MARTIN');
    await page.getByLabel(t('forms.field.firstName'), { exact: true }).fill('Sophie');
    await page.getByLabel(t('forms.field.email')).fill('sophie.martin@example.com');
    await page.getByLabel(t('forms.field.phone')).fill('06 12 34 56 78');
    await page.getByLabel(t('forms.field.address'), { exact: true }).fill('3 place du Marché');
    await page.getByLabel(t('forms.field.cp')).fill('69002');
    await page.getByLabel(t('forms.field.city')).fill('Lyon');
    await countriesLoaded(page, 'complaint-pays');
    await page.getByLabel(t('forms.field.country')).selectOption({ label: 'France' });
    await page.getByLabel(t('forms.field.reason')).selectOption({ label: t('forms.reason.delai') });
    await page.getByLabel(t('forms.field.message')).fill('Aucune nouvelle de mon dossier depuis six semaines.');
    await expect(page.getByLabel(t('forms.field.phone')).inputValue()).resolves.toBe('0612345678');

    // A refresh keeps what was typed (not the files).
    await page.reload();
    await expect.poll(() => page.getByLabel(t('forms.field.city')).inputValue()).toBe('Lyon');
    await expect(page.getByLabel(t('forms.field.reason')).inputValue()).resolves.toBe('delai');
    await countriesLoaded(page, 'complaint-pays');
    await expect(page.getByLabel(t('forms.field.country')).inputValue()).resolves.toBe('250');

    await page.locator('#complaint-files').setInputFiles(pdfFile('courrier.pdf'));
    await page.locator('.attachments__item').waitFor();
    await screenshotsAt(page, 'forms-claim-step1-filled');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/actions/modules/formulaire/poster.php')) posts.push(request.url());
    });
    await page.getByRole('button', { name: t('forms.complaint.submit') }).dblclick();
    await page.waitForURL((url) => url.pathname === '/veligo/claim-step2');
    expect(posts).toHaveLength(1);

    const [stored] = await suite.portal.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.email, 'sophie.martin@example.com'));
    expect(stored).toMatchObject({
      nom: 'MARTIN',
      prenom: 'Sophie',
      telephone: '0612345678',
      numSinistre: 'SI-0000003',
      motif: 'delai',
      pays: '250',
      company: 'veligo',
      lang: 'fr',
    });
    expect(stored?.claimId).not.toBeNull();
    const attached = await suite.portal.database.db
      .select({ name: uploadedFiles.originalName, mime: uploadedFiles.mime })
      .from(messageAttachments)
      .innerJoin(uploadedFiles, eq(uploadedFiles.id, messageAttachments.uploadedFileId))
      .where(eq(messageAttachments.complaintId, stored?.id ?? 0));
    expect(attached).toEqual([{ name: 'courrier.pdf', mime: 'application/pdf' }]);
    const mail = await suite.mailTo('sophie.martin@example.com', 'Nous avons bien reçu votre réclamation');
    expect(mail.headers.get('subject')).toContain('SI-0000003');

    const card = page.locator('.forms-sent');
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(t('forms.sent.title'));
    expect(text).toContain('SI-0000003');
    expect(text).toContain('10 jours ouvrables');
    expect(text).toContain('2 mois');
    expect(text).toMatch(/Retour à l’accueil dans \d+ s\./);
    await you.expectAccessible('claim-step2');
    await page.getByRole('button', { name: t('forms.sent.stay') }).click();
    await expect(page.getByText(t('forms.sent.stayed')).waitFor()).resolves.toBeUndefined();
    await screenshotsAt(page, 'forms-claim-step2');
    await page.context().close();
  });

  it('When claim-step2 is opened without a complaint sent, then the visitor is sent home', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    await you.open('claim-step2');
    await you.page.waitForURL((url) => url.pathname === '/veligo');
    await you.page.context().close();
  });

  it('When the complaint form is used with the keyboard only, the claim number in small letters, then it is sent', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.open('claim-step1');
    await page.getByLabel(t('forms.field.lastName'), { exact: true }).focus();
    await countriesLoaded(page, 'complaint-pays');
    const typed = ['PETIT', 'Luc', 'luc.petit@example.com', '0611223344', '5 rue Haute', '33000', 'Bordeaux'];
    for (const text of typed) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    expect(await focusedId(page)).toBe('complaint-pays');
    await page.keyboard.type('France');
    await page.keyboard.press('Tab');
    await page.keyboard.type('si-0000008');
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('complaint-motif');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Réponse contestée.');
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('complaint-files');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/claim-step2');
    const [stored] = await suite.portal.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.email, 'luc.petit@example.com'));
    expect(stored).toMatchObject({ pays: '250', numSinistre: 'SI-0000008', motif: 'absence_reponse' });
    await page.context().close();
  });
});

describe('The contact page', () => {
  it('When a visitor empties the form and sends it, then each required field says so and the focus goes to the error summary', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('contact');
    await page.getByRole('button', { name: t('forms.contact.submit') }).click();
    await expect(page.locator('#contact-summary').textContent()).resolves.toBe(t('forms.formError'));
    expect(await errorOf(page, t('forms.field.lastName'))).toBe('Veuillez renseigner votre nom');
    expect(await errorOf(page, t('forms.field.email'))).toBe(
      'Email non valide\u00a0: veuillez renseigner votre adresse email',
    );
    expect(await errorOf(page, t('forms.field.phone'))).toBe('Veuillez renseigner votre numéro de téléphone');
    expect(await errorOf(page, t('forms.field.message'))).toBe('Veuillez renseigner le contenu de votre message');
    expect(await focusedClass(page)).toBe('error-summary');
    await expect(page.getByRole('link', { name: t('forms.contact.faq.link') }).getAttribute('href')).resolves.toBe(
      '/veligo/faq',
    );
    // No chat widget configured here: no chat entry.
    expect(await page.getByText(t('forms.contact.chat.title')).count()).toBe(0);
    await expect(page.locator('.support-block').count()).resolves.toBe(1);
    await you.expectAccessible('contact, every field empty');
    await screenshotsAt(page, 'forms-contact-errors');
    await page.context().close();
  });

  it('When a message failed to leave and the next attempt misses a field, then only that field’s message shows', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('contact');
    await page.getByLabel(t('forms.field.lastName')).fill('LEROY');
    await page.getByLabel(t('forms.field.email')).fill('anne.leroy@example.com');
    await page.getByLabel(t('forms.field.phone')).fill('0755667788');
    await page.getByLabel(t('forms.field.message')).fill('Où en est mon dossier\u00a0?');
    await page.route(`**${FORM_POSTER_PATH}`, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await page.getByRole('button', { name: t('forms.contact.submit') }).click();
    await expect(page.getByText(t('forms.serverError')).first().waitFor()).resolves.toBeUndefined();
    await page.unroute(`**${FORM_POSTER_PATH}`);
    await page.getByLabel(t('forms.field.message')).fill('');
    await page.getByRole('button', { name: t('forms.contact.submit') }).click();
    await expect
      .poll(() => errorOf(page, t('forms.field.message')))
      .toBe('Veuillez renseigner le contenu de votre message');
    await expect(page.getByText(t('forms.serverError')).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('When a visitor coming from the complaint page writes with the keyboard only, then the message is stored with that page and acknowledged by mail', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('claim');
    await screenshotsAt(page, 'forms-claim-veligo');
    await page.getByRole('link', { name: t('forms.claim.contactLink') }).click();
    await page.waitForURL((url) => url.pathname === '/veligo/contact');
    await screenshotsAt(page, 'forms-contact');
    await page.getByLabel(t('forms.field.lastName')).focus();
    for (const text of ['LEROY', 'anne.leroy@example.com', '0755667788']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    expect(await focusedId(page)).toBe('contact-num_sinistre');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Comment ajouter un document à mon dossier\u00a0?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const sent = page.locator('.forms-sent');
    await sent.waitFor();
    await expect(sent.textContent()).resolves.toContain(t('forms.contact.sent'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('forms.contact.sent'));
    const [stored] = await suite.portal.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'anne.leroy@example.com'));
    expect(stored).toMatchObject({
      nom: 'LEROY',
      telephone: '0755667788',
      numSinistre: '',
      sourceReferrer: '/veligo/claim',
      company: 'veligo',
    });
    await suite.mailTo('anne.leroy@example.com', 'Nous avons bien reçu votre message');
    await you.expectAccessible('contact, sent');
    await screenshotsAt(page, 'forms-contact-sent');
    await page.context().close();
  });
});

describe('Find my number', () => {
  const julien = { email: 'julien.moreau@example.com', start: new Date(2027, 6, 10), end: new Date(2027, 6, 24) };

  async function ask(you: Visitor, email: string, start: Date, end: Date): Promise<void> {
    const { page, t } = you;
    await page.getByLabel(t('forms.field.email')).fill(email);
    await you.typeDate(t('forms.find.start'), start);
    await you.typeDate(t('forms.find.end'), end);
    await page.getByRole('button', { name: t('forms.find.submit') }).click();
  }

  it('When fields are empty or the stay ends before it starts, then each says so and the focus goes to the error summary', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.open('find-my-number');
    await page.getByRole('button', { name: t('forms.find.submit') }).click();
    expect(await errorOf(page, t('forms.field.email'))).toBe(t('wizard.common.emailInvalid'));
    expect(await errorOf(page, t('forms.find.start'))).toContain(t('forms.find.startRequired'));
    expect(await errorOf(page, t('forms.find.end'))).toContain(t('forms.find.endRequired'));
    expect(await focusedClass(page)).toBe('error-summary');
    await you.expectAccessible('find-my-number, empty');
    await screenshotsAt(page, 'forms-find-my-number-errors');
    await ask(you, julien.email, julien.end, julien.start);
    expect(await errorOf(page, t('forms.find.end'))).toContain(
      t('forms.find.endBeforeStart', { start: formatDate(julien.end, 'fr'), end: formatDate(julien.start, 'fr') }),
    );
    await page.context().close();
  });

  it('When a demo insured asks with the keyboard only, then the number arrives by mail, and an unknown address gets the very same answer', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page, t } = you;
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/analyse01')) reports.push(request.postData() ?? '');
    });
    await you.open('find-my-number');
    await screenshotsAt(page, 'forms-find-my-number');
    await page.getByLabel(t('forms.field.email')).focus();
    await page.keyboard.type(julien.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(formatDate(julien.start, 'fr'));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.keyboard.type(formatDate(julien.end, 'fr'));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('forms.find.submit'));
    await page.keyboard.press('Enter');
    const answer = page.locator('#find-answer');
    await answer.waitFor();
    const known = (await answer.locator('p').first().textContent()) ?? '';
    expect(known).toContain('Si ces informations correspondent à un contrat');
    const mail = await suite.mailTo(julien.email, 'Votre numéro d’assuré');
    expect(mail.text).toContain('SO-0000001');
    await you.expectAccessible('find-my-number, answered');
    await screenshotsAt(page, 'forms-find-my-number-answer');
    await expect.poll(() => reports.length).toBe(1);
    expect(JSON.parse(reports[0] ?? '{}')).toMatchObject({
      status: 'success',
      sejour_debut_date: '2027-07-10',
      sejour_fin_date: '2027-07-24',
      company: 'sandaya',
    });

    await ask(you, 'nobody.known@example.com', julien.start, julien.end);
    await expect.poll(() => reports.length).toBe(2);
    await expect(answer.locator('p').first().textContent()).resolves.toBe(known);
    await page.context().close();
  });
});

describe('An error summary at the top of the complaint, contact and find-my-number forms', () => {
  it('When each form is sent empty, then a titled summary takes the focus with one link per problem, each link focuses its field (390 and 1280 px)', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { width: 390 });
    const { page, t } = you;
    /** Sends the form empty at both widths: the summary each time, then its links. */
    async function sendEmpty(submit: string, problems: readonly (readonly [string, string])[], name: string) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await page.getByRole('button', { name: submit }).click();
        await expectErrorSummary(page, t, problems, `${name}, ${width} px`);
      }
      for (const [fieldId] of problems.slice(-2)) expect((await followSummaryLink(page, fieldId)).id).toBe(fieldId);
    }

    await you.open('claim-step1');
    await sendEmpty(
      t('forms.complaint.submit'),
      [
        ['complaint-nom', t('forms.error.lastName')],
        ['complaint-prenom', t('forms.error.firstName')],
        ['complaint-email', t('wizard.common.emailInvalid')],
        ['complaint-telephone', t('forms.error.phone')],
        ['complaint-adresse', t('forms.error.address')],
        ['complaint-cp', t('forms.error.cp')],
        ['complaint-ville', t('forms.error.city')],
        ['complaint-pays', t('forms.error.country')],
        ['complaint-num_sinistre', t('forms.error.claimNumber')],
        ['complaint-motif', t('forms.error.reason')],
        ['complaint-message', t('forms.error.message')],
      ],
      'claim-step1',
    );
    await expect(page.locator('.error-summary').textContent()).resolves.toContain(t('forms.formError'));
    await screenshotsAt(page, 'forms-claim-step1-error-summary');

    await you.open('contact');
    await sendEmpty(
      t('forms.contact.submit'),
      [
        ['contact-nom', t('forms.error.lastName')],
        ['contact-email', t('wizard.common.emailInvalid')],
        ['contact-telephone', t('forms.error.phone')],
        ['contact-message', t('forms.error.message')],
      ],
      'contact',
    );

    await you.open('find-my-number');
    await sendEmpty(
      t('forms.find.submit'),
      [
        ['find-email', t('wizard.common.emailInvalid')],
        ['find-startDate', t('forms.find.startRequired')],
        ['find-endDate', t('forms.find.endRequired')],
      ],
      'find-my-number',
    );
    await page.context().close();
  });
});

/** The tab's visitor session key, once its live socket has connected (a visitor reading the page waits longer). */
async function sessionKeyOf(page: Page): Promise<string> {
  const key = await page.waitForFunction(() => sessionStorage.getItem('portal.live.socket'), undefined, {
    timeout: 45_000,
  });
  return String(await key.jsonValue());
}

/** `YYYY-MM-DD HH:mm:00` (UTC) of a moment, `minutes` later. */
function utcMinute(at: Date, minutes = 0): string {
  return new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 16).replace('T', ' ').concat(':00');
}

const ATTESTATION = '**/partenaire/api/v2/declare/attestation';

describe('Find-my-number attempts count per visitor, with the session key', () => {
  it('When the same visitor tries twice, fails then succeeds, then both reports carry the tab’s session key and analyse01 counts one visitor who found the number', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    const reports: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/analyse01')) reports.push(JSON.parse(request.postData() ?? '{}'));
    });
    await you.open('find-my-number');
    const key = await sessionKeyOf(page);
    expect(key).not.toBe('');

    // The staff's figures for this minute on, before the visitor's attempts.
    await signInStaff(page.context(), suite.portal, 'e2e.rates');
    const since = utcMinute(new Date());
    const rate = async () => {
      const query = new URLSearchParams({ start_date: since, end_date: utcMinute(new Date(), 2), timezone: 'UTC' });
      const answer = await page.context().request.get(`${suite.portal.baseUrl}/analyse01?${query}`);
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { datas: { countOK: number; countKO: number; countOKPercent: number } }).datas;
    };
    const before = await rate();

    // First attempt: the server fails.
    await page.route(ATTESTATION, (route) => route.fulfill({ status: 500, body: 'upstream down' }));
    // A demo subscription's address and stay: the server counts a visitor whose number exists.
    await page.getByLabel(t('forms.field.email')).fill('camille.lefebvre@example.org');
    await you.typeDate(t('forms.find.start'), new Date(2027, 7, 2));
    await you.typeDate(t('forms.find.end'), new Date(2027, 7, 16));
    await page.getByRole('button', { name: t('forms.find.submit') }).click();
    await expect(page.locator('#find-answer').textContent()).resolves.toContain(t('forms.serverError'));
    // Second attempt: it answers.
    await page.unroute(ATTESTATION);
    await page.getByRole('button', { name: t('forms.find.submit') }).click();
    await expect(page.locator('#find-answer').textContent()).resolves.toContain('Si ces informations correspondent');

    await expect.poll(() => reports.length).toBe(2);
    expect(reports.map((report) => [report['status'], report['socketId']])).toEqual([
      ['error', key],
      ['success', key],
    ]);
    // One more visitor, and one who found the number: without the key it would be two, one of them KO.
    await expect
      .poll(async () => {
        const after = await rate();
        return { ok: after.countOK - before.countOK, ko: after.countKO - before.countKO };
      })
      .toEqual({ ok: 1, ko: 0 });
    const after = await rate();
    expect(after.countOKPercent).toBeCloseTo((100 * after.countOK) / (after.countOK + after.countKO), 1);
    await page.context().close();
  });
});

describe('Find-my-number says when the network or the server fails, and keeps the form', () => {
  it('When the request is cut, the server fails without a message or with its own, then each failure says so, never “no number found”, and what was typed stays', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo', lang: 'en' });
    const { page, t } = you;
    await you.open('find-my-number');
    const email = 'lena.schmidt@example.com';
    await page.getByLabel(t('forms.field.email')).fill(email);
    await you.typeDate(t('forms.find.start'), new Date(2027, 5, 12));
    await you.typeDate(t('forms.find.end'), new Date(2027, 5, 19));
    const typed = async () =>
      Promise.all(
        [t('forms.field.email'), t('forms.find.start'), t('forms.find.end')].map((label) =>
          page.getByLabel(label, { exact: true }).inputValue(),
        ),
      );
    const typedBefore = await typed();
    expect(typedBefore[0]).toBe(email);
    const answer = page.locator('#find-answer');
    const attempt = async () => {
      await page.getByRole('button', { name: t('forms.find.submit') }).click();
      await answer.waitFor();
      await expect(answer.getAttribute('role')).resolves.toBe('alert');
      const text = (await answer.textContent()) ?? '';
      expect(text).not.toContain(t('forms.find.notFound'));
      expect(text).toContain(t('forms.kept'));
      expect(await typed()).toEqual(typedBefore);
      return text;
    };

    // No answer at all (the network is down).
    await page.route(ATTESTATION, (route) => route.abort('internetdisconnected'));
    await expect(attempt()).resolves.toContain(t('forms.serverError'));
    await page.unroute(ATTESTATION);
    // The server fails without a message of its own.
    await page.route(ATTESTATION, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await expect(attempt()).resolves.toContain(t('forms.serverError'));
    await page.unroute(ATTESTATION);
    // The server says what went wrong: its own message is shown.
    const message = 'The certificate service is under maintenance until 14:00.';
    await page.route(ATTESTATION, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message }),
      }),
    );
    await expect(attempt()).resolves.toContain(message);
    await you.expectAccessible('find-my-number, server failure');
    await screenshotsAt(page, 'forms-find-my-number-failure');
    await page.unroute(ATTESTATION);
    // Back to normal: the same fields, sent again, get the answer.
    await page.getByRole('button', { name: t('forms.find.submit') }).click();
    await page.locator('#find-answer[role="status"]').waitFor();
    await page.context().close();
  });
});

describe('Languages', () => {
  it('When the complaint form is opened in English, then its words and the country list are English, the list asked for once the visitor starts on the form', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo', lang: 'en' });
    const countryRequests: string[] = [];
    you.page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/pays')) countryRequests.push(request.url());
    });
    await you.open('claim-step1');
    // A second after hydration, nobody has touched the form: no list asked for yet.
    await you.page.waitForTimeout(1_000);
    expect(countryRequests).toEqual([]);
    await you.page.getByLabel(you.t('forms.field.lastName'), { exact: true }).click();
    await countriesLoaded(you.page, 'complaint-pays');
    expect(countryRequests).toHaveLength(1);
    await expect(you.page.getByLabel(you.t('forms.field.reason')).textContent()).resolves.toContain(
      'Disputing an answer received',
    );
    await expect(you.page.locator('#complaint-pays').textContent()).resolves.toContain('Germany');
    await you.page.context().close();
  });
});
