import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDayInFull, isoOfLocalDay } from '../../contracts/dates.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/browser.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { GOLFY_INSURED_NUMBER, SANDAYA_CONTRACT_NUMBER } from '../../server/demo/records/people.ts';
import { parseMessage } from '../../server/mail/test-support.ts';
import type { Language } from '../../contracts/languages.ts';
import {
  developmentPartnerLinkKey,
  partnerLinkPath,
  signPartnerLink,
} from '../../server/customer-api/insured/partner-link.ts';
import { claimsOf, dayFromToday, storedDraft, Visitor } from './declaration-journey.ts';
import { holdFollowUp, openVisitor, screenshotsAt, setUpMailingPortal } from './harness.ts';
import { IN_INSURER_ZONE } from '../../contracts/time-zone.ts';

/**
 * The declaration journey of spec 1 in a real Chromium, against the real server, database and
 * SMTP: one case per behaviour of the specification and of the brand files.
 */

const suite = setUpMailingPortal();

/** The one-time code of the latest code mail the SMTP server received for `recipient`. */
async function receivedCode(recipient: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = suite.smtp.received.filter((received) => received.to.includes(recipient)).at(-1);
        code = mail ? /\b(\d{6})\b/.exec(parseMessage(mail.raw).headers.get('subject') ?? '')?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

const cancellation = getDemoGuarantee(1);
const cancellationName = cancellation.names.fr.nom;
const firstReason = [...cancellation.motifs].sort((a, b) => b.priorisationDeclare - a.priorisationDeclare)[0];

describe('Declaring a claim', () => {
  it('When SO-0000001 declares a cancellation on sandaya, then the claim is stored, confirmed, its browser can add proofs at once, and its follow-up link arrives by mail', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    await you.enterNumber(' SO-0000001 ');
    await you.expectAt('declare-step1');
    await expect(page.locator('.wizard-progress__total').textContent()).resolves.toContain('10');
    await you.chooseObject(cancellationName);
    await you.expectAt('declare-step2');
    await you.chooseReason(firstReason?.nom.fr ?? '');
    await you.expectAt('declare-step3');
    const claimDay = dayFromToday(-3);
    await you.describeClaim(claimDay, 'Fracture du poignet la veille du départ.');
    await you.expectAt('declare-step4');
    // The look-up named no one: the step shows where a code would go, and the fields are empty.
    const offer = page.getByTestId('identity-box');
    await expect(offer.textContent()).resolves.toContain(
      t('wizard.identityCode.offer', { destination: 'j•••@example.com' }),
    );
    await expect(page.getByLabel(t('wizard.step4.lastName.label'), { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.content()).resolves.not.toContain('MOREAU');
    await screenshotsAt(page, 'identity-contact-step-masked');
    await offer.getByRole('button', { name: t('wizard.identityCode.offerButton') }).click();
    const codeField = page.getByLabel(t('wizard.identityCode.codeLabel'));
    await codeField.waitFor();
    await screenshotsAt(page, 'identity-contact-step-code');
    // A reload while the code can be used shows its field again, and where it went, not the offer.
    const sentTo = await offer.locator('.one-time-code__sent').textContent();
    await page.reload();
    await codeField.waitFor();
    await expect(offer.locator('.one-time-code__sent').textContent()).resolves.toBe(sentTo);
    // The code, read from the mail queued for the address on file.
    await codeField.fill(await receivedCode('julien.moreau@example.com'));
    await page.getByRole('button', { name: t('wizard.identityCode.verify') }).click();
    await page.getByText(t('wizard.identityCode.filled')).waitFor();
    // With the code, what the insurer knows is filled in.
    await expect(page.getByLabel(t('wizard.step4.lastName.label'), { exact: true }).inputValue()).resolves.toBe(
      'MOREAU',
    );
    await expect(page.getByLabel(t('wizard.step4.email.label')).inputValue()).resolves.toBe(
      'julien.moreau@example.com',
    );
    await expect(page.getByLabel(t('wizard.step4.establishment.establishment')).inputValue()).resolves.toBe(
      'Camping Les Dunes d’Argent',
    );
    await page.getByLabel(t('wizard.step4.country.label')).selectOption({ label: 'France' });
    await page.getByLabel(t('wizard.step4.amount.label')).fill('1 250,5 €');
    await expect(page.getByLabel(t('wizard.step4.amount.label')).inputValue()).resolves.toBe('1250,5');
    await page.getByLabel(t('wizard.step4.phone.label')).fill('+33 6 12 34 56 78');
    await expect(page.getByLabel(t('wizard.step4.phone.label')).inputValue()).resolves.toBe('33612345678');
    await you.typeContactIfEmpty();
    await you.next();
    await you.expectAt('declare-step5');
    const recap = page.locator('.recap-page');
    const amount = new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(1250.5);
    for (const text of [cancellationName, firstReason?.nom.fr ?? '', 'MOREAU', 'France', amount])
      await expect(recap.textContent()).resolves.toContain(text);
    await you.tickConfirmations();
    await you.submit();
    const number = await you.confirmedClaimNumber();

    const [claim] = await claimsOf(suite.portal.database, 'SO-0000001');
    expect(claim).toMatchObject({
      numero: number,
      garantieId: 1,
      motifId: firstReason?.id,
      sinistreDate: isoOfLocalDay(claimDay),
      assureTelephone: '33612345678',
      assurePays: '250',
      sejourMontant: '1250.50',
      acquisitionMethode: 'portail_sandaya_mail',
      company: 'sandaya',
      lang: 'fr',
      confirmationAnnulation: true,
      declarationCommentaire: 'Fracture du poignet la veille du départ.',
    });
    // The draft is gone; what the confirmation needs stays.
    expect(await storedDraft(page)).toBeNull();
    await expect(page.getByRole('heading', { name: t('confirmation.title') }).count()).resolves.toBe(1);
    await expect(page.locator('.confirmation-card__facts').textContent()).resolves.toMatch(
      new RegExp(formatDayInFull(new Date(), 'fr', IN_INSURER_ZONE)),
    );
    // The documents list is read from the API after the page shows: wait for it, do not count at once.
    await expect(page.locator('.documents-list li').first().waitFor()).resolves.toBeUndefined();
    await expect(page.getByRole('link', { name: t('confirmation.addProofs') }).getAttribute('href')).resolves.toBe(
      '/sandaya/client-file',
    );
    // The browser that declared the claim adds proofs at once, without waiting for the mail: it
    // holds the token answered with the claim, for this tab only.
    const kept = await page.evaluate(() => ({
      tab: sessionStorage.getItem('portal.v1.followUpToken') ?? '',
      local: Object.values({ ...localStorage }).join(' '),
    }));
    expect(kept.tab).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept.local).not.toContain(kept.tab);
    await page.getByRole('link', { name: t('confirmation.addProofs') }).click();
    await you.expectAt('client-file');
    await expect(
      page.locator('.proofs input[type=file]').first().waitFor({ state: 'attached' }),
    ).resolves.toBeUndefined();
    await expect(page.locator('.proofs__link-needed').count()).resolves.toBe(0);
    await you.open('confirmation-sinistre');

    await page.getByRole('button', { name: t('confirmation.sendLink') }).click();
    await expect(page.getByText(t('confirmation.linkSent')).waitFor()).resolves.toBeUndefined();
    // The notice stays once sent, also after a reload.
    await page.reload();
    await expect(page.getByText(t('confirmation.linkSent')).waitFor()).resolves.toBeUndefined();

    const mail = await suite.mailTo('julien.moreau@example.com', 'lien de suivi');
    const link = /https?:\/\/[^\s"<>]+client-file\?dossier=([A-Za-z0-9_-]+)/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    const opened = await page.goto(`${suite.portal.baseUrl}${url.pathname}${url.search}`);
    expect(opened?.status()).toBe(200);
    const answer = await page.evaluate(async (hash) => {
      const response = await fetch(`/partenaire/api/v2/declare/sinistres?hash=${hash}&lang=fr`);
      return (await response.json()) as { data: { infos_sinistre: { dossier_numero: string } } };
    }, url.searchParams.get('dossier'));
    expect(answer.data.infos_sinistre.dossier_numero).toBe(number);
    await page.context().close();
  });

  it('When the visitor’s phone is set to another time zone, then the confirmation dates the claim on the insurer’s day, as its mail does', async () => {
    // 23:30 UTC on 7 December is 15:30 in Los Angeles and 00:30 on 8 December in Paris.
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, {
      company: 'veligo',
      timezoneId: 'America/Los_Angeles',
    });
    const { page } = you;
    await you.open('claim');
    await holdFollowUp(page, {
      claimNumber: 'SI-0000003',
      lastName: 'MARTIN',
      declaSent: true,
      dateSinistreCreation: '2026-12-07T23:30:00.000Z',
    });
    await you.open('confirmation-sinistre');
    await expect.poll(() => page.locator('.confirmation-card__facts').textContent()).toContain('8 décembre 2026');
    await page.context().close();
  });

  it('When SO-0000002 is typed, then step 0 lists its three subscriptions and the chosen one drives step 1', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000002');
    await you.expectAt('declare-step0');
    const choices = you.page.locator('.choice');
    expect(await choices.count()).toBe(3);
    const texts = await choices.allTextContents();
    // Masked: the initials of the holder, never the name (the look-up tells no more).
    for (const text of texts) expect(text).toMatch(/^[A-Z]\*\*\* [A-Z]\*\*\* : .+/);
    for (const text of texts) expect(text).not.toContain('LEFEBVRE');
    await choices.nth(1).click();
    await you.expectAt('declare-step1');
    expect(await you.page.locator('.tile').count()).toBeGreaterThan(1);
    await you.page.context().close();
  });

  it('When a number already has a claim, then the visitor goes to the follow-up, is offered its link by e-mail and never sees the claim number', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000003');
    await you.expectAt('suivre-dossier');
    const offer = you.page.getByTestId('claimed-subscription');
    await expect(offer.textContent()).resolves.toContain(you.t('followup.claimedSubscription.intro'));
    await offer.getByRole('button', { name: you.t('confirmation.sendLink') }).click();
    await you.page.locator('#claimed-subscription-sent').waitFor();
    const storage = await you.page.evaluate(() => JSON.stringify(window.localStorage));
    expect(storage).not.toContain('SI-0000003');
    await expect(you.page.content()).resolves.not.toContain('SI-0000003');
    // The link goes to the address declared with the claim.
    await expect
      .poll(() => suite.smtp.received.some((mail) => mail.to.includes('nathalie.martin@example.com')), {
        timeout: 10_000,
      })
      .toBe(true);
    // A step opened by its address goes the same way.
    await you.open('declare-step3');
    await you.expectAt('declare-sinistre');
    await you.page.context().close();
  });

  it('When a claim number SI- is typed, then the page says so with a link to the follow-up and keeps it, until the next attempt', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    await you.open('declare-sinistre');
    await you.enterNumber('SI-0000003');
    const notice = you.page.getByRole('alert');
    await expect(notice.textContent()).resolves.toContain(you.t('wizard.open.claimNumber'));
    await expect(notice.getByRole('link').getAttribute('href')).resolves.toBe('/veligo/suivre-dossier');
    await expect(you.page.getByLabel(you.t('wizard.open.label')).inputValue()).resolves.toBe('');
    const followUp = await you.page.evaluate(() => window.localStorage.getItem('portal.v1.followUp'));
    expect(JSON.parse(followUp ?? '{}')).toMatchObject({ claimNumber: 'SI-0000003' });
    // A new attempt refused before any call: its own message only, the SI- notice gone.
    await you.enterNumber('SO<12>');
    await expect
      .poll(() => you.page.locator('#insured-number-error').textContent())
      .toContain(you.t('wizard.open.incorrect'));
    await expect(you.page.getByText(you.t('wizard.open.claimNumber')).count()).resolves.toBe(0);
    await you.page.context().close();
  });

  it('When fns or maeva customers type their number without prefix or in lower case, then it is found', async () => {
    for (const [company, typed] of [
      ['fns', '0000004'],
      ['maeva', 'so-fns-0000004'],
    ] as const) {
      const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company });
      await you.open('declare-sinistre');
      await you.enterNumber(typed);
      await you.expectAt('declare-step1');
      const draft = await storedDraft(you.page);
      expect(draft?.['insuranceNumber']).toBe('SO-FNS-0000004');
      await you.page.context().close();
    }
  });

  it("When a contract number of sandaya's format is typed on sandaya, then the claim opens and is declared on its insured person; a random string gets the not-found message after the look-up, not a format error", async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    // The page asks for either number and shows the brand's contract number format.
    await expect(page.locator('#insured-number-hint').textContent()).resolves.toBe(
      t('wizard.open.hintContract', { example: SANDAYA_CONTRACT_NUMBER }),
    );
    // A random string is looked up like any number, and answered with the spec's not-found message.
    const lookUp = page.waitForResponse((response) => response.url().includes('/infos_dossier?'));
    await you.enterNumber('zx81 kq7');
    expect((await lookUp).status()).toBe(404);
    await expect.poll(() => page.locator('#insured-number-error').textContent()).toContain(t('wizard.open.incorrect'));

    await you.walkTo(5, ` ${SANDAYA_CONTRACT_NUMBER.toLowerCase()} `, cancellationName);
    expect((await storedDraft(page))?.['insuranceNumber']).toBe(SANDAYA_CONTRACT_NUMBER);
    await expect(page.locator('.recap-page').textContent()).resolves.toContain('DUPONT');
    await you.tickConfirmations();
    await you.submit();
    const number = await you.confirmedClaimNumber();
    const [claim] = await claimsOf(suite.portal.database, 'SO-0000030');
    expect(claim).toMatchObject({
      numero: number,
      company: 'sandaya',
      acquisitionMethode: 'portail_sandaya_mail',
      souscriptionId: 1012,
    });
    await page.context().close();
  });

  it("When a contract sold under yelloh is declared on sandaya's site, then the visitor reads why it is refused and no claim is stored", async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya' });
    const { page } = you;
    await you.walkTo(5, 'SO-0000031', cancellationName);
    await you.tickConfirmations();
    const answer = page.waitForResponse(
      (response) => response.url().includes('/sinistres') && response.request().method() === 'POST',
    );
    await you.submit();
    expect((await answer).status()).toBe(400);
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('Ce contrat n’appartient pas à ce site : déclarez votre sinistre sur le site de la marque');
    await you.expectAccessible('a contract of another brand, refused');
    await screenshotsAt(page, 'declaration-contract-of-another-brand');
    expect(await claimsOf(suite.portal.database, 'SO-0000031')).toEqual([]);
    await page.context().close();
  });

  it('When a number is prefilled by the link, then it shows in the field', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    await you.page.goto(`${suite.portal.baseUrl}/veligo/declare-sinistre?prefill_numero_assure=SO-0000006`);
    await expect.poll(() => you.page.getByLabel(you.t('wizard.open.label')).inputValue()).toBe('SO-0000006');
    await you.page.context().close();
  });

  it('When golfy opens the page, then its automatic number is submitted and the golf wording shows; each member declares their own claim, and the next member starts at step 1, seeing nothing of the first', async () => {
    /** A golfy member from the open-claim page to step 4 (the automatic number is submitted by the page). */
    async function golfyMemberAtStep4(): Promise<Visitor> {
      const member = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'golfy' });
      await member.open('declare-sinistre');
      await member.expectAt('declare-step1');
      expect((await storedDraft(member.page))?.['insuranceNumber']).toBe(GOLFY_INSURED_NUMBER);
      await member.page.locator('.tile').first().click();
      await member.page.waitForURL(/declare-step[23]$/);
      if (member.page.url().endsWith('step2')) await member.page.locator('.choice').first().click();
      await member.expectAt('declare-step3');
      await member.describeClaim(dayFromToday(-1), 'Blessure au dos');
      await member.expectAt('declare-step4');
      return member;
    }

    const you = await golfyMemberAtStep4();
    const { page, t } = you;
    await expect(page.getByRole('group', { name: t('wizard.step4.subscription.title') }).count()).resolves.toBe(1);
    await expect(page.getByLabel(t('wizard.step4.establishment.golf')).count()).resolves.toBe(1);
    await expect(page.getByLabel(t('wizard.step4.subscription.start')).count()).resolves.toBe(1);
    // A group contract names no one: each member types their own details.
    const lastName = page.getByLabel(t('wizard.step4.lastName.label'), { exact: true });
    await expect(lastName.inputValue()).resolves.toBe('');
    await expect(page.getByLabel(t('wizard.step4.email.label')).inputValue()).resolves.toBe('');
    await lastName.fill('GOLFEUR');
    await page.getByLabel(t('wizard.step4.firstName.label'), { exact: true }).fill('Albane');
    await page.getByLabel(t('wizard.step4.email.label')).fill('albane.golfeur@example.com');
    await page.getByLabel(t('wizard.step4.phone.label')).fill('0611223344');
    await page.getByLabel(t('wizard.step4.address.label'), { exact: true }).fill('2 chemin du Green');
    await page.getByLabel(t('wizard.step4.cp.label')).fill('33000');
    await page.getByLabel(t('wizard.step4.city.label')).fill('Bordeaux');
    await page.getByLabel(t('wizard.step4.country.label')).selectOption({ label: 'France' });
    const amount = page.getByLabel(t('wizard.step4.amount.label'));
    if ((await amount.count()) > 0) await amount.fill('80');
    await you.typeContactIfEmpty();
    await you.next();
    await you.expectAt('declare-step5');
    await you.tickConfirmations();
    // A group contract: the typed address is confirmed with a mailed code before the claim is sent.
    await you.submit();
    await page.getByText(t('wizard.identityCode.confirmNeeded')).waitFor();
    await page.getByRole('button', { name: t('wizard.identityCode.confirmButton') }).click();
    const groupCode = page.getByLabel(t('wizard.identityCode.codeLabel'));
    await groupCode.waitFor();
    await groupCode.fill(await receivedCode('albane.golfeur@example.com'));
    await page.getByRole('button', { name: t('wizard.identityCode.verify') }).click();
    await page.getByText(t('wizard.identityCode.confirmed')).waitFor();
    await you.submit();
    const first = await you.confirmedClaimNumber();
    await page.context().close();

    // The next member, in another browser: step 1 of their own claim, not the follow-up of the first one's.
    const next = await golfyMemberAtStep4();
    const draft = await storedDraft(next.page);
    expect(draft?.['claimNumber']).toBe('');
    expect(JSON.stringify(draft)).not.toContain('GOLFEUR');
    expect(JSON.stringify(draft)).not.toContain(first);
    await expect(
      next.page.getByLabel(next.t('wizard.step4.lastName.label'), { exact: true }).inputValue(),
    ).resolves.toBe('');
    await next.page.context().close();
    const claims = await claimsOf(suite.portal.database, GOLFY_INSURED_NUMBER);
    expect(claims.map((claim) => [claim.numero, claim.assureNom])).toContainEqual([first, 'GOLFEUR']);
  });

  it('When zenride declares, then there is no booking section, no second checkbox and no contract dates', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'zenride' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000005');
    await you.expectAt('declare-step1');
    const zenrideCancellation = getDemoGuarantee(102);
    await you.chooseObject(zenrideCancellation.names.fr.nom);
    await you.expectAt('declare-step2');
    await page.locator('.choice').first().click();
    await you.expectAt('declare-step3');
    await you.describeClaim(dayFromToday(-2), 'Vélo volé devant la gare');
    await you.expectAt('declare-step4');
    expect(await page.locator('fieldset').count()).toBe(1);
    expect(await page.getByLabel(t('wizard.step4.reservation.start')).count()).toBe(0);
    await page.getByLabel(t('wizard.step4.country.label')).selectOption({ label: 'France' });
    await you.typeContactIfEmpty();
    await you.next();
    await you.expectAt('declare-step5');
    expect(await page.locator('.confirmation').count()).toBe(1);
    const recap = (await page.locator('.recap-page').textContent()) ?? '';
    expect(recap).not.toContain(t('wizard.step5.amountPaid'));
    expect(recap).not.toContain(t('wizard.step4.reservation.start'));
    await you.tickConfirmations();
    await you.submit();
    await you.confirmedClaimNumber();
    const [claim] = await claimsOf(suite.portal.database, 'SO-0000005');
    expect(claim).toMatchObject({
      company: 'zenride',
      sejourDebutDate: null,
      sejourFinDate: null,
      sejourMontant: null,
      confirmationAnnulation: false,
    });
    await page.context().close();
  });

  it('When veligo declares, then no amount is asked, the recap shows "Montant payé" as "-", and label 14 is stored', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000006');
    await you.expectAt('declare-step1');
    await page.locator('.tile').first().click();
    await page.waitForURL(/declare-step[23]$/);
    if (page.url().endsWith('step2')) await page.locator('.choice').first().click();
    await you.expectAt('declare-step3');
    await you.describeClaim(dayFromToday(-1), 'Chute');
    await you.expectAt('declare-step4');
    expect(await page.getByLabel(t('wizard.step4.amount.label')).count()).toBe(0);
    await you.typeContactIfEmpty();
    await you.next();
    await you.expectAt('declare-step5');
    const amount = page
      .locator('.recap__item')
      .filter({ has: page.getByText(t('wizard.step5.amountPaid'), { exact: true }) });
    await expect(amount.locator('dd').textContent()).resolves.toBe('-');
    await you.tickConfirmations();
    await you.submit();
    await you.confirmedClaimNumber();
    const [claim] = await claimsOf(suite.portal.database, 'SO-0000006');
    expect(claim).toMatchObject({ sinistreEtiquetteId: 14, company: 'veligo', sejourMontant: null });
    await page.context().close();
  });

  it('When a cancellation is declared with only the certification ticked, then the page asks for both boxes', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.walkTo(5, 'SO-0000011', cancellationName);
    await page.getByLabel(t('wizard.step5.certify')).check();
    await you.submit();
    await expect(
      page.locator('.confirmations').getByText(t('wizard.step5.unticked')).waitFor(),
    ).resolves.toBeUndefined();
    // The focus is on the error summary, whose one link leads to the box still to tick.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    await page.locator('.error-summary a').click();
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby'));
    expect(focused).toBeTruthy();
    expect(
      await page.getByLabel(t('wizard.step5.cancellation')).evaluate((box) => box === document.activeElement),
    ).toBe(true);
    expect(await claimsOf(suite.portal.database, 'SO-0000011')).toHaveLength(0);
    await page.getByLabel(t('wizard.step5.cancellation')).check();
    await you.submit();
    await you.confirmedClaimNumber();
    expect(await claimsOf(suite.portal.database, 'SO-0000011')).toHaveLength(1);
    await page.context().close();
  });

  it('When the visitor is on a phone, then the confirmations are Oui/Non radios kept in sync with the boxes', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { width: 390, height: 844 });
    const { page, t } = you;
    await you.walkTo(5, 'SO-0000012', cancellationName);
    expect(await page.locator('.confirmation__checkbox input').first().isVisible()).toBe(false);
    const certify = page.getByRole('group', { name: t('wizard.step5.certify') });
    const cancel = page.getByRole('group', { name: t('wizard.step5.cancellation') });
    await certify.getByLabel(t('wizard.step5.yes')).check();
    await cancel.getByLabel(t('wizard.step5.no')).check();
    await you.submit();
    await expect(
      page.locator('.confirmations').getByText(t('wizard.step5.unticked')).waitFor(),
    ).resolves.toBeUndefined();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByLabel(t('wizard.step5.certify')).isChecked()).toBe(true);
    expect(await page.getByLabel(t('wizard.step5.cancellation')).isChecked()).toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await cancel.getByLabel(t('wizard.step5.yes')).check();
    await you.submit();
    await you.confirmedClaimNumber();
    await page.context().close();
  });

  it('When the single-reason group is chosen, then its reason is chosen and step 3 opens by itself', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000013');
    await you.expectAt('declare-step1');
    const single = getDemoGuarantee(46);
    await you.page.getByRole('button', { name: you.t('wizard.step1.showMore') }).click();
    await you.chooseObject(single.names.fr.nom);
    await you.expectAt('declare-step3');
    await expect(you.page.locator('.choice-summary').textContent()).resolves.toContain(single.motifs[0]?.nom.fr);
    await you.page.context().close();
  });

  it('When the visitor asks for more objects, then every shown group appears and focus moves to the first new one', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000014');
    await you.expectAt('declare-step1');
    const before = await page.locator('.tile:not(.tile--more)').count();
    expect(before).toBeLessThanOrEqual(5);
    await page.getByRole('button', { name: t('wizard.step1.showMore') }).click();
    await expect.poll(() => page.locator('.tile').count()).toBeGreaterThan(before);
    // Focus moves once the new tiles are drawn: on a busy machine that is a frame after they appear.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('tile'))).toBe(true);
    const names = await page.locator('.tile__name').allTextContents();
    // Hidden groups (sinistre_affiche_declare 0) never show.
    expect(names).not.toContain(getDemoGuarantee(70).names.fr.nom);
    await page.context().close();
  });

  it('When the page is reloaded or the browser restarted mid-way, then the draft and what was typed are kept', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'portal-profile-'));
    const launch = () =>
      chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
        locale: 'fr-FR',
        viewport: { width: 1280, height: 900 },
      });
    try {
      let context = await launch();
      let you = new Visitor(context.pages()[0] ?? (await context.newPage()), suite.portal.baseUrl);
      await you.walkTo(4, 'SO-0000015', cancellationName);
      await you.typeContactIfEmpty();
      await you.page.getByLabel(you.t('wizard.step4.city.label')).fill('Saint-Nazaire');
      await you.page.reload();
      await you.expectAt('declare-step4');
      await expect(you.page.getByLabel(you.t('wizard.step4.city.label')).inputValue()).resolves.toBe('Saint-Nazaire');
      await context.close();

      context = await launch();
      you = new Visitor(context.pages()[0] ?? (await context.newPage()), suite.portal.baseUrl);
      await you.open('declare-sinistre');
      await expect(you.page.getByText(you.t('wizard.open.resume.title')).waitFor()).resolves.toBeUndefined();
      await you.page.getByRole('link', { name: you.t('wizard.open.resume.continue') }).click();
      await you.expectAt('declare-step5');
      await expect(you.page.locator('.recap-page').textContent()).resolves.toContain('Saint-Nazaire');
      await context.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('When the visitor quits, then an accessible dialog asks first: Non stays, Oui goes home', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000016');
    await you.expectAt('declare-step1');
    await page.getByRole('button', { name: t('wizard.chrome.quit') }).click();
    const dialog = page.getByRole('dialog', { name: t('wizard.chrome.quitQuestion') });
    await dialog.waitFor();
    await you.expectAccessible('quit dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: t('wizard.chrome.quit') }).click();
    await dialog.getByRole('button', { name: t('wizard.chrome.quitNo') }).click();
    expect(new URL(page.url()).pathname).toBe('/veligo/declare-step1');
    await page.getByRole('button', { name: t('wizard.chrome.quit') }).click();
    await dialog.getByRole('link', { name: t('wizard.chrome.quitYes') }).click();
    await page.waitForURL((url) => url.pathname === '/veligo');
    await page.context().close();
  });

  it('When the visitor switches language mid-way, then the step and the chosen object follow in the new language', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'veligo' });
    const { page } = you;
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000018');
    await you.expectAt('declare-step1');
    await you.chooseObject(cancellationName);
    await you.expectAt('declare-step2');
    await page.locator('.language-menu summary').click();
    await page.locator('.language-menu a[data-lang-link="de"]').click();
    const german = new Visitor(page, suite.portal.baseUrl, 'de', 'veligo');
    await german.expectAt('declare-step2');
    await expect(page.locator('.step-question').textContent()).resolves.toBe(german.t('wizard.step2.question'));
    await expect.poll(() => page.locator('.choice-summary').textContent()).toContain(cancellation.names.de.nom);
    await expect(page.locator('.choice').first().textContent()).resolves.toContain(firstReason?.nom.de);
    await page.context().close();
  });

  it('When the visitor uses the back button or the browser’s, then the previous step shows with its choice', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page, t } = you;
    await you.walkTo(4, 'SO-0000017', cancellationName);
    await page.getByRole('button', { name: t('wizard.chrome.back') }).click();
    await you.expectAt('declare-step3');
    await page.goBack();
    await you.expectAt('declare-step2');
    await expect(page.locator('.choice.is-chosen').count()).resolves.toBe(1);
    await page.context().close();
  });
});

describe('A signed link from the partner’s own e-mail', () => {
  it('When the link is valid, then it lands on step 1 with the number shown as checked; when expired or altered, then it stays on the number step with the reason and the number, at 390 and 1280 px', async () => {
    const key = developmentPartnerLinkKey('sandaya');
    const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    const linkTo = (lang: Language, token: string) =>
      `${suite.portal.baseUrl}${partnerLinkPath('sandaya', lang, token)}`;
    const you = await openVisitor(suite.browser, suite.portal.baseUrl, { company: 'sandaya', lang: 'en' });
    const { page } = you;
    await page.setViewportSize({ width: 390, height: 844 });

    // Valid: the number step is skipped, and step 1 says which number was checked.
    await page.goto(
      linkTo('en', signPartnerLink({ brand: 'sandaya', number: 'SO-0000025', exp: inSeconds(3600) }, key)),
    );
    await you.expectAt('declare-step1');
    await expect((await page.locator('.checked-number').textContent())?.replaceAll('\u2011', '-')).toContain(
      you.t('wizard.common.checkedNumber', { number: 'SO-0000025' }),
    );
    await expect(page.locator('.step-question').textContent()).resolves.toBe(you.t('wizard.step1.question'));

    // Expired, on a desktop in French: the number step, the reason, the number typed in, the draft kept.
    await page.setViewportSize({ width: 1280, height: 900 });
    const french = new Visitor(page, suite.portal.baseUrl, 'fr', 'sandaya');
    await page.goto(
      linkTo('fr', signPartnerLink({ brand: 'sandaya', number: 'SO-0000025', exp: inSeconds(-60) }, key)),
    );
    await expect(page.locator('#partner-link-problem').textContent()).resolves.toBe(
      french.t('wizard.open.link.expired'),
    );
    await expect.poll(() => page.getByLabel(french.t('wizard.open.label')).inputValue()).toBe('SO-0000025');
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.locator('.resume-card').isVisible()).resolves.toBe(true);
    await french.expectAccessible('expired partner link, 1280 px');

    // Altered (another number under the signature), on a phone in German: the same step, the other reason.
    await page.setViewportSize({ width: 390, height: 844 });
    const german = new Visitor(page, suite.portal.baseUrl, 'de', 'sandaya');
    const [, signature] = signPartnerLink({ brand: 'sandaya', number: 'SO-0000025', exp: inSeconds(3600) }, key).split(
      '.',
    );
    const forged = Buffer.from(
      JSON.stringify({ brand: 'sandaya', number: 'SO-0000026', exp: inSeconds(3600) }),
    ).toString('base64url');
    await page.goto(linkTo('de', `${forged}.${signature}`));
    await expect(page.locator('#partner-link-problem').textContent()).resolves.toBe(
      german.t('wizard.open.link.invalid'),
    );
    expect(new URL(page.url()).hash).toBe('');
    await german.expectAccessible('altered partner link, 390 px');
    await page.context().close();
  });
});
