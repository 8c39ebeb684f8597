import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../scripts/browser.ts';
import { faqEntries } from '../../server/db/schema.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import { newVisitor, type RunningPortal, screenshotsAt, signInStaff, startPortal } from './harness.ts';

/**
 * FAQ management (/bo_faq, spec 3) in Chromium against the real server: the table and its column
 * choices, the shortcuts, the edit modal with CKEditor (loaded only when it opens), the toast, the
 * history, and the customer page answering with the new text.
 */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A blank page signed in to the back office as alex.faq. */
async function staffPage(): Promise<Page> {
  const page = await (await newVisitor(browser, portal.baseUrl)).newPage();
  await signInStaff(page, portal, 'alex.faq');
  return page;
}

describe('FAQ management', () => {
  it('When staff edit an answer from the table, then the editor loads only then, the toast confirms, the history keeps their login and visitors get the new answer', async () => {
    const page = await staffPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${portal.baseUrl}/bo_faq`);
    await page.locator('.tabulator-row').first().waitFor();
    expect(await page.title()).toBe('BO - FAQ');
    await expect(page.getByRole('link', { name: 'FAQ' }).getAttribute('aria-current')).resolves.toBe('page');
    expect(scripts.some((url) => /AnswerEditor/.test(url))).toBe(false);
    await expectNoSeriousViolation(page, 'bo_faq');

    // Column choices: Sources shown on demand.
    await expect(page.getByRole('columnheader', { name: 'Sources' }).count()).resolves.toBe(0);
    await page.getByRole('checkbox', { name: 'Sources' }).check();
    await page.getByRole('columnheader', { name: 'Sources' }).waitFor();

    // The most asked first.
    await page.getByRole('button', { name: 'Les plus demandées' }).click();

    // A filter on the question, then the pencil of that row.
    await page.locator('.tabulator-col[tabulator-field="question"] input').pressSequentially('joindre le service');
    await page.getByRole('button', { name: /Modifier la réponse à « Quand puis-je joindre le service client/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    await dialog.waitFor();
    await dialog.locator('.ck-editor__editable').waitFor();
    expect(scripts.some((url) => /AnswerEditor/.test(url))).toBe(true);
    await expectNoSeriousViolation(page, 'bo_faq, edit modal');

    await dialog.getByRole('button', { name: 'Copier la réponse actuelle' }).click();
    await expect(dialog.locator('.ck-editor__editable').textContent()).resolves.toMatch(/lundi/i);
    await dialog.getByRole('button', { name: 'CLEAR' }).click();
    await expect(dialog.locator('.ck-editor__editable').textContent()).resolves.toBe('');
    await dialog.locator('.ck-editor__editable').click();
    await page.keyboard.type('Du lundi au samedi, de 8 h à 20 h.');
    await dialog.getByLabel('Commentaire').fill('Nouveaux horaires');
    await dialog.getByRole('checkbox', { name: /les occurrences/ }).check();
    await screenshotsAt(page, 'backoffice-faq-modal');
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.locator('.bo-toast--success').getByText('La réponse a été modifiée.').waitFor();
    await expect(dialog.count()).resolves.toBe(0);

    const [stored] = await portal.database.db
      .select()
      .from(faqEntries)
      .where(eq(faqEntries.question, 'Quand puis-je joindre le service client ?'));
    expect(stored?.reponse).toBe('<p>Du lundi au samedi, de 8 h à 20 h.</p>');
    expect(stored?.commentaire).toBe('Nouveaux horaires');
    expect(stored?.occurence).toBe(0);
    expect(stored?.historique.at(-1)?.staffLogin).toBe('alex.faq');
    await screenshotsAt(page, 'backoffice-faq');

    const answer = await fetch(`${portal.baseUrl}/faq`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'Quels sont les horaires du service client ?', lang: 'fr' }),
    });
    expect(((await answer.json()) as { datas: { text: string } }).datas.text).toContain('Du lundi au samedi');
    await page.context().close();
  });

  it('When staff use only the keyboard, then they reach a pencil, open the modal and close it with Escape', async () => {
    const page = await staffPage();
    await page.goto(`${portal.baseUrl}/bo_faq`);
    await page.locator('.tabulator-row').first().waitFor();
    const pencil = page.getByRole('button', { name: /Modifier la réponse à/ }).first();
    await pencil.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await page.context().close();
  });
});
