import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema.ts';
import { postDeclaration, validDeclaration } from '../../server/customer-api/claims/test-support.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import { ARTEFACTS_DIR, newVisitor, screenshotsAt, setUpMailingPortal, signInStaff } from './harness.ts';

/**
 * The back office's mails page in Chromium against the real server, database and SMTP: a
 * declaration's confirmation mail, really sent, is found by its address and its claim number and
 * opened as its recipient sees it.
 */

const suite = setUpMailingPortal();

const ADDRESS = 'Camille.Mails@example.com';
/** The claim the first test declares. */
let declaredNumber = '';

/** A staff member's page on `path`, signed in. */
async function staffPage(path: string): Promise<Page> {
  const context = await newVisitor(suite.browser, suite.portal.baseUrl);
  const page = await context.newPage();
  await signInStaff(page, suite.portal, 'mia.mails');
  await page.goto(`${suite.portal.baseUrl}${path}`);
  return page;
}

/** Types `text` in the search box and searches. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Adresse ou numéro de sinistre' }).fill(text);
  await page.getByRole('button', { name: 'Rechercher' }).click();
}

describe('The mails page', () => {
  it('When a claimant declares, then staff find the confirmation mail by address and by claim number, sent, and read it as the claimant did', async () => {
    const declared = await postDeclaration(
      suite.portal.baseUrl,
      validDeclaration(17, { assure_email: ADDRESS }),
      'mails-page-claim',
    );
    expect(declared.status).toBe(200);
    const numero = (declared.body as { data: { numero_sinistre: string } }).data.numero_sinistre;
    declaredNumber = numero;
    const received = await suite.mailTo(ADDRESS, numero);
    const subject = received.headers.get('subject') ?? '';
    // The outbox records the mail as sent just after the SMTP server accepted it.
    await expect
      .poll(async () => {
        const [mail] = await suite.portal.database.db
          .select({ status: mailOutbox.status })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.kind, 'claim-confirmation'), eq(mailOutbox.recipient, ADDRESS)));
        return mail?.status;
      })
      .toBe('sent');

    const page = await staffPage('/bo_mails');
    await page.getByRole('heading', { name: 'Mails envoyés par le produit' }).waitFor();
    await expect(page.getByRole('link', { name: 'Mails', exact: true }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await page.getByRole('row').nth(1).waitFor();
    await expectNoSeriousViolation(page, 'bo_mails');

    // By part of the address, in another case.
    await search(page, 'camille.MAILS@example');
    const row = page.getByRole('row', { name: new RegExp(numero) });
    await row.waitFor();
    // The newest mails were listed before the search: wait for its answer to replace them.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      subject,
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
      ADDRESS,
      'Confirmation de déclaration',
      'français',
      numero,
      expect.stringMatching(/^Envoyé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
    ]);
    await expect(row.getByRole('link', { name: numero, exact: true }).getAttribute('href')).resolves.toBe(
      `/bo_sinistres?numero=${numero}`,
    );
    // The claim number on one line, the state's word in its tag on one line, its moment as text
    // beside or under it: on a laptop and on a phone.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const lines = (locator: ReturnType<Page['locator']>) =>
        locator.evaluate((element) => {
          const { height } = element.getBoundingClientRect();
          return Math.round(height / Number.parseFloat(getComputedStyle(element).lineHeight));
        });
      await expect(lines(row.getByRole('link', { name: numero, exact: true })), `number at ${width}`).resolves.toBe(1);
      // In the subject too, where it may be cut before or after, never inside.
      const inSubject = row.locator('.bo-table__lead .bo-claim-number');
      if ((await inSubject.count()) > 0) {
        await expect(inSubject.textContent()).resolves.toBe(numero);
        await expect(
          inSubject.evaluate((element) => element.getClientRects().length),
          `number in the subject at ${width}`,
        ).resolves.toBe(1);
      }
      const tag = row.locator('.bo-mails__state');
      await expect(tag.textContent()).resolves.toBe('Envoyé');
      await expect(lines(tag), `state at ${width}`).resolves.toBe(1);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('button', { name: 'Envoyés (1)' }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Échecs (0)' }).count()).resolves.toBe(1);
    await screenshotsAt(page, 'mails-list');

    // By the claim number, whole or its digits only.
    for (const text of [numero, numero.slice(3)]) {
      await search(page, text);
      await page.getByRole('cell', { name: ADDRESS }).waitFor();
      await expect(page.getByRole('row', { name: new RegExp(numero) }).count()).resolves.toBe(1);
    }
    // A state chip keeps only that state; none failed.
    await page.getByRole('button', { name: 'Échecs (0)' }).click();
    await page.getByText('Aucun mail ne correspond à cette recherche.').waitFor();
    await page.getByRole('button', { name: /^Envoyés/ }).click();

    await page.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
    // The title keeps the claim number on one line too.
    const inTitle = page.getByRole('heading', { level: 1 }).locator('.bo-claim-number');
    await expect(inTitle.textContent()).resolves.toBe(numero);
    await expect(inTitle.evaluate((element) => getComputedStyle(element).whiteSpace)).resolves.toBe('nowrap');
    expect(new URL(page.url()).searchParams.get('q')).toBe(numero.slice(3));
    await expect(page.locator('.bo-facts').textContent()).resolves.toMatch(/Envoyé le \d{2}\/\d{2}\/\d{4}/);
    await expect(page.locator('.bo-facts').textContent()).resolves.toContain(ADDRESS);

    // The HTML as sent, in a frame that runs nothing and has no origin; the link's key masked.
    const frame = page.locator('iframe');
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    const served = await page.request.get(`${suite.portal.baseUrl}${await frame.getAttribute('src')}`);
    expect(served.headers()['content-security-policy']).toMatch(/default-src 'none'.*; sandbox$/);
    expect(served.headers()['content-type']).toMatch(/^text\/html/);
    const content = page.frameLocator('iframe');
    await content.getByText(numero).first().waitFor();
    const sentLink = /client-file\?dossier=([A-Za-z0-9_-]+)/.exec(received.text)?.[1] ?? 'no link';
    expect(await served.text()).not.toContain(sentLink);
    // Its inline styles apply, as in the claimant's mail reader: the link is drawn as a button.
    const button = content.getByRole('link', { name: 'Ajouter mes justificatifs' });
    await expect(button.evaluate((link) => getComputedStyle(link).display)).resolves.toBe('inline-block');
    await expectNoSeriousViolation(page, 'bo_mails, a mail');
    // The frame is drawn again at each width before its picture is taken.
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await content.getByText(numero).first().waitFor({ state: 'visible' });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(ARTEFACTS_DIR, `mails-detail-${width}.png`), fullPage: true });
      await frame.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTEFACTS_DIR, `mails-detail-frame-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Version texte' }).click();
    const text = await page.locator('pre').textContent();
    expect(text).toContain(numero);
    expect(text).toContain('dossier=••••••');
    expect(text).not.toContain(sentLink);

    await page.getByRole('link', { name: '← Retour à la liste' }).click();
    await page.getByRole('row', { name: new RegExp(numero) }).waitFor();
    await expect(page.getByRole('searchbox', { name: 'Adresse ou numéro de sinistre' }).inputValue()).resolves.toBe(
      numero.slice(3),
    );
    await page.context().close();
  });

  it("When staff follow a mail from a claim's page, then it opens on the mails page", async () => {
    expect(declaredNumber).not.toBe('');
    const page = await staffPage(`/bo_sinistres?numero=${declaredNumber}`);
    const mails = page.getByRole('region', { name: 'Mails envoyés au client' });
    const link = mails.getByRole('link', { name: new RegExp(declaredNumber) });
    await link.waitFor();
    const subject = (await link.textContent()) ?? '';
    await link.click();
    await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
    await expect(page.locator('.bo-facts').textContent()).resolves.toContain(ADDRESS);
    await page.context().close();
  });
});
