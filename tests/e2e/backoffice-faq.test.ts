import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaqEntry, FaqListAnswerSchema } from '../../contracts/faq.ts';
import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { faqEntries } from '../../server/db/schema.ts';
import { FaqAssistant } from '../../server/faq/service.ts';
import { signedInStaffCookie } from '../../server/staff-api/sessions/test-support.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import {
  expectReadableMessage,
  newVisitor,
  type RunningPortal,
  screenshotsAt,
  signInStaff,
  startPortal,
  workerBrowser,
} from './harness.ts';

/**
 * FAQ management (/bo_faq, spec 3) in Chromium against the real server: the table and its column
 * choices, the shortcuts, the edit modal with CKEditor (loaded only when it opens), the toast, the
 * history, and the customer page answering with the new text.
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
    // The server's filtered page replaces the rows: a pencil clicked before then may be gone.
    await expect
      .poll(async () => {
        const questions = await cells(page, 'question');
        return questions.length > 0 && questions.every((text) => text.includes('joindre le service'));
      })
      .toBe(true);
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
      .where(eq(faqEntries.question, 'Quand puis-je joindre le service client\u00a0?'));
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

  it('When staff page, sort and filter the FAQ list, then the browser receives one page at a time from the server', async () => {
    const all = (await listedEntries()).length;
    const page = await staffPage();
    const pages: { query: URLSearchParams; rows: number; total: number }[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/faq' || response.request().method() !== 'GET' || !url.search) return;
      const { datas, total: found } = FaqListAnswerSchema.parse(await response.json());
      pages.push({ query: url.searchParams, rows: datas.length, total: found });
    });
    await page.goto(`${portal.baseUrl}/bo_faq`);
    await page.locator('.tabulator-row').first().waitFor();
    await total(page, `${all} questions`);
    expect(pages[0]).toMatchObject({ rows: 10, total: all });
    expect(Object.fromEntries(pages[0]?.query ?? [])).toMatchObject({ page: '1', size: '10' });

    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Data Load Response Blocked')) blocked.push(message.text());
    });
    const asked = pages.length;
    await page.getByRole('button', { name: 'Les plus demandées' }).click();
    await expect
      .poll(() => pages.some((each) => each.query.get('sort') === 'occurence' && each.query.get('dir') === 'desc'))
      .toBe(true);
    // From the first page without filters, a sort asks the server once, and no answer is dropped.
    await page.waitForTimeout(300);
    expect(pages.length).toBe(asked + 1);
    expect(blocked).toEqual([]);
    await typeFilter(page, 'question', 'rembours');
    await expect.poll(() => pages.some((each) => each.query.get('question') === 'rembours')).toBe(true);
    expect(pages.every((each) => each.rows <= 10)).toBe(true);
    await page.context().close();
  });

  it('When « Modifier » fails, then the modal says why beside the button, readable over the backdrop, and keeps the typed answer', async () => {
    const page = await faqPage();
    await typeFilter(page, 'question', 'Puis-je modifier ma déclaration');
    await total(page, '1 question');
    await page.getByRole('button', { name: /Modifier la réponse à « Puis-je modifier ma déclaration/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    const editor = dialog.locator('.ck-editor__editable');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('Oui, tant que le dossier est en cours.');

    // The server refuses with its reason.
    await page.route('**/faq', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            json: { status: 'error', message: 'Le service est momentanément indisponible.' },
          })
        : route.fallback(),
    );
    const save = dialog.getByRole('button', { name: 'Modifier', exact: true });
    await save.click();
    const failure = dialog.getByRole('alert');
    await expect(failure.textContent()).resolves.toBe('Le service est momentanément indisponible.');
    const distance = await expectReadableMessage(failure, save);
    expect(distance).toBeLessThan(400);
    await expect(save.getAttribute('aria-describedby')).resolves.toBe(await failure.getAttribute('id'));
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(editor.textContent()).resolves.toBe('Oui, tant que le dossier est en cours.');
    await expect(page.locator('.bo-toast').count()).resolves.toBe(0);
    // Still there after the toast's 3 seconds.
    await page.waitForTimeout(3_300);
    await expect(failure.isVisible()).resolves.toBe(true);
    await screenshotsAt(page, 'backoffice-faq-modal-failure');

    // Without a connection: 'erreur fatale', in the modal too.
    await page.unroute('**/faq');
    await portal.stopHttp();
    try {
      await save.click();
      await expect.poll(() => failure.textContent()).toBe('erreur fatale');
      await expectReadableMessage(failure, save);
    } finally {
      await portal.startHttp();
    }

    // Saved at last: the modal closes and the toast says so.
    await save.click();
    await page.locator('.bo-toast--success').getByText('La réponse a été modifiée.').waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await page.context().close();
  });

  it('When « Modifier » has nothing to save, then nothing is sent, the entry keeps no staff date and the modal says so; closing with a typed answer asks first', async () => {
    const question = 'Quand serai-je remboursé\u00a0?';
    const stored = async () =>
      (await portal.database.db.select().from(faqEntries).where(eq(faqEntries.question, question)))[0];
    expect((await stored())?.modifAdmin).toBeNull();
    const page = await faqPage();
    const edits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/faq') edits.push(request.url());
    });
    await typeFilter(page, 'question', 'Quand serai-je');
    await total(page, '1 question');
    await page.getByRole('button', { name: /Modifier la réponse à « Quand serai-je remboursé/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    const editor = dialog.locator('.ck-editor__editable');
    await editor.waitFor();
    const save = dialog.getByRole('button', { name: 'Modifier', exact: true });

    // Nothing typed, then the current answer copied: nothing to save either way.
    for (const prepare of [
      async () => {},
      () => dialog.getByRole('button', { name: 'Copier la réponse actuelle' }).click(),
    ]) {
      await prepare();
      await save.click();
      const said = dialog.getByRole('status').filter({ hasText: 'Aucune modification à enregistrer.' });
      expect(await expectReadableMessage(said, save)).toBeLessThan(400);
      await expect(dialog.isVisible()).resolves.toBe(true);
    }
    await page.waitForTimeout(300);
    const stamped = (await stored())?.modifAdmin ?? null;
    expect(stamped).toBeNull();
    await expect(page.locator('.bo-toast').count()).resolves.toBe(0);
    // The browser may have sent the copied answer if CKEditor wrote it differently: the server kept nothing.
    expect(edits.length).toBeLessThanOrEqual(1);

    // A typed answer: Escape asks, « Non » keeps it.
    await dialog.getByRole('button', { name: 'CLEAR' }).click();
    await editor.click();
    await page.keyboard.type('Sous 30 jours après le dossier complet.');
    await expect(dialog.getByRole('status').filter({ hasText: 'Aucune modification' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    const ask = dialog.getByRole('group', { name: /Abandonner les modifications/ });
    await expectReadableMessage(ask);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Non, continuer');
    await screenshotsAt(page, 'backoffice-faq-discard');
    await ask.getByRole('button', { name: 'Non, continuer' }).click();
    await expect(ask.count()).resolves.toBe(0);
    await expect(editor.textContent()).resolves.toBe('Sous 30 jours après le dossier complet.');
    // Escape again while it asks: the question goes, the answer stays.
    await page.keyboard.press('Escape');
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await expect(ask.count()).resolves.toBe(0);
    await expect(dialog.isVisible()).resolves.toBe(true);
    // ✕ asks too; « Oui, abandonner » closes without saving.
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await ask.getByRole('button', { name: 'Oui, abandonner' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    expect((await stored())?.modifAdmin).toBeNull();
    expect((await stored())?.reponse).not.toContain('Sous 30 jours');
    await page.context().close();
  });

  it('When staff use only the keyboard, then they reach a pencil, open the modal, close it with Escape and are back on that pencil', async () => {
    const page = await staffPage();
    await page.goto(`${portal.baseUrl}/bo_faq`);
    await page.locator('.tabulator-row').first().waitFor();
    const pencil = page.getByRole('button', { name: /Modifier la réponse à/ }).nth(1);
    const name = await pencil.getAttribute('aria-label');
    await pencil.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect(focused()).resolves.toBe(name);
    // Saved: the list is read again, and the focus is on the same entry's pencil.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByLabel('Commentaire').fill('Relu au clavier');
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.locator('.bo-toast--success').waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    await expect.poll(focused).toBe(name);
    await page.context().close();
  });
});

/** A day as the back office shows it (dd/mm/yyyy, Paris time), `offsetDays` from now. */
function shownDay(offsetDays = 0): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone: INSURER_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** The FAQ page, signed in, once its table shows. */
async function faqPage(): Promise<Page> {
  const page = await staffPage();
  await page.goto(`${portal.baseUrl}/bo_faq`);
  await page.locator('.tabulator-row').first().waitFor();
  return page;
}

const filter = (page: Page, field: string) => page.locator(`.tabulator-col[tabulator-field="${field}"] input`);
/** Types in a column's filter as staff do (Tabulator reads a header filter on the keys pressed). */
async function typeFilter(page: Page, field: string, text: string): Promise<void> {
  const input = filter(page, field);
  await input.fill(text);
  await input.press('End');
}
const cells = (page: Page, field: string) =>
  page.locator(`.tabulator-row .tabulator-cell[tabulator-field="${field}"]`).allTextContents();
/** The pager's total, once it reads `text`. */
const total = (page: Page, text: string) => page.locator('.bo-pager').getByText(text, { exact: true }).waitFor();

/** Every entry as the staff API lists it, page after page. */
async function listedEntries(): Promise<FaqEntry[]> {
  const cookie = await signedInStaffCookie(portal.database.db, 'e2e.faq.list');
  const entries: FaqEntry[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${portal.baseUrl}/faq?size=100&page=${page}`, {
      headers: { Cookie: cookie, Accept: 'application/json' },
    });
    const { datas, total } = FaqListAnswerSchema.parse(await response.json());
    entries.push(...datas);
    if (entries.length >= total || datas.length === 0) return entries;
  }
}

describe('The back-office FAQ filters: numbers exact, texts contain, dates by day', () => {
  it('When staff type 1 in ID, then only entry 1 shows; counts match exactly, texts contain case-sensitively, dates match the day shown', async () => {
    const page = await faqPage();
    const all = (await listedEntries()).length;
    await total(page, `${all} questions`);

    await typeFilter(page, 'id', '1');
    await total(page, '1 question');
    await expect(cells(page, 'id')).resolves.toEqual(['1']);
    await typeFilter(page, 'id', '');
    await total(page, `${all} questions`);

    // Votes and occurrences: the same number, not one that contains it.
    const voted = (await listedEntries()).filter((entry) => entry.reponse_utile_non === 0).length;
    await typeFilter(page, 'reponse_utile_non', '0');
    await total(page, `${voted} questions`);
    await typeFilter(page, 'reponse_utile_non', '');

    // Texts: contains, case-sensitive.
    await typeFilter(page, 'question', 'joindre le service');
    await total(page, '1 question');
    await expect(cells(page, 'question')).resolves.toEqual(['Quand puis-je joindre le service client\u00a0?']);
    await typeFilter(page, 'question', 'Joindre le service');
    await total(page, '0 question');
    await typeFilter(page, 'question', '');

    // The answer's filter reads the text shown, not its HTML.
    await typeFilter(page, 'reponse', '<p>');
    await total(page, '0 question');
    await typeFilter(page, 'reponse', '');

    // Dates: the day shown, whole; the demo entries were all made today.
    await expect(filter(page, 'created_at').getAttribute('placeholder')).resolves.toBe('JJ/MM/AAAA');
    await typeFilter(page, 'created_at', shownDay());
    await total(page, `${all} questions`);
    await typeFilter(page, 'created_at', shownDay(-1));
    await total(page, '0 question');
    await typeFilter(page, 'created_at', shownDay().slice(0, 5));
    await total(page, '0 question');
    await typeFilter(page, 'created_at', '');
    await total(page, `${all} questions`);
    await page.context().close();
  });
});

describe('The questions without an answer', () => {
  it("When staff follow the work queue's link, then only the questions without an answer show; unticking the box shows every entry again", async () => {
    // A question the assistant could not answer, as it writes one: its answer is only markup.
    await portal.database.db.insert(faqEntries).values({
      question: 'Puis-je camper avec mon lama ?',
      questionKey: 'camper lama',
      lang: 'fr',
      reponse: '<p>&nbsp;</p>',
    });
    const entries = await listedEntries();
    const wordless = entries.filter((entry) => entry.reponse.replace(/<[^>]*>|&nbsp;/g, '').trim() === '');
    expect(wordless.length).toBeGreaterThan(0);
    const page = await staffPage();
    await page.goto(`${portal.baseUrl}/bo_sinistres`);
    const link = page.getByRole('link', { name: 'Répondre depuis la page FAQ' });
    await link.click();
    await page.waitForURL(`${portal.baseUrl}/bo_faq?sans_reponse=1`);
    const only = page.getByRole('checkbox', { name: 'Sans réponse seulement' });
    await expect(only.isChecked()).resolves.toBe(true);
    await total(page, `${wordless.length} question${wordless.length > 1 ? 's' : ''}`);
    await page.locator('.bo-pager select').selectOption('100');
    await expect.poll(() => cells(page, 'id')).toEqual(wordless.slice(0, 100).map((entry) => String(entry.id)));
    await expectNoSeriousViolation(page, 'bo_faq, questions without an answer');

    await only.uncheck();
    await total(page, `${entries.length} questions`);
    expect(new URL(page.url()).search).toBe('');
    await only.check();
    await total(page, `${wordless.length} question${wordless.length > 1 ? 's' : ''}`);
    expect(new URL(page.url()).search).toBe('?sans_reponse=1');
  });
});

describe('The back-office FAQ pager, edit modal and last occurrence', () => {
  it("When staff page through the FAQ list, then the pager is the claims list's: total, page size, Précédent/Suivant and an editable page number with '/ total'", async () => {
    const page = await faqPage();
    const entries = await listedEntries();
    const all = entries.length;
    const french = entries.filter((entry) => entry.lang === 'fr').length;
    const pages = Math.ceil(all / 10);
    const pager = page.locator('.bo-pager');
    const number = pager.getByRole('textbox', { name: 'Numéro de page' });
    await expect(number.inputValue()).resolves.toBe('1');
    await expect(pager.textContent()).resolves.toContain(`/ ${pages}`);
    await expect(pager.getByRole('button', { name: 'Précédent' }).isDisabled()).resolves.toBe(true);
    // Tabulator's own pager is not there.
    await expect(page.locator('.tabulator-paginator').count()).resolves.toBe(0);

    await number.fill('3');
    await number.press('Enter');
    await expect.poll(() => cells(page, 'id')).toEqual(['21', '22', '23', '24', '25', '26', '27', '28', '29', '30']);
    await pager.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => number.inputValue()).toBe('4');
    await expect.poll(async () => (await cells(page, 'id'))[0]).toBe('31');

    // Past the last page: the last page.
    await number.fill('999');
    await number.press('Enter');
    await expect.poll(() => number.inputValue()).toBe(String(pages));
    // The table may draw the page number before it disables Suivant: wait for both.
    await expect.poll(() => pager.getByRole('button', { name: 'Suivant' }).isDisabled()).toBe(true);

    // A filter goes back to page 1; a page size too.
    await typeFilter(page, 'lang', 'fr');
    await expect.poll(() => number.inputValue()).toBe('1');
    await pager.getByRole('combobox', { name: 'Par page' }).selectOption('5');
    await expect.poll(async () => (await cells(page, 'id')).length).toBe(5);
    await expect(pager.textContent()).resolves.toContain(`/ ${Math.ceil(french / 5)}`);
    await expectNoSeriousViolation(page, 'bo_faq, pager');
    await page.context().close();
  });

  it('When staff open the modal, then the comment starts empty and the sources can be edited; an empty comment keeps the current one', async () => {
    const question = 'Quels formats de fichiers sont acceptés\u00a0?';
    await portal.database.db
      .update(faqEntries)
      .set({ commentaire: 'Relu en mars' })
      .where(eq(faqEntries.question, question));
    const page = await faqPage();
    await typeFilter(page, 'question', 'formats de fichiers');
    await total(page, '1 question');
    await page.getByRole('button', { name: /Modifier la réponse à « Quels formats de fichiers/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    await dialog.locator('.ck-editor__editable').waitFor();
    await expect(dialog.getByLabel(/^Commentaire/).inputValue()).resolves.toBe('');
    await dialog.getByText('Commentaire actuel\u00a0: Relu en mars').waitFor();
    const sources = dialog.getByLabel(/^Nouvelles sources/);
    await expect(sources.inputValue()).resolves.toBe('');
    await sources.fill('Liste des justificatifs\n  \nFormats acceptés (PDF, JPEG, PNG)  ');
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.locator('.bo-toast--success').waitFor();
    const [stored] = await portal.database.db.select().from(faqEntries).where(eq(faqEntries.question, question));
    expect(stored?.sourceDocuments).toBe('Liste des justificatifs\nFormats acceptés (PDF, JPEG, PNG)');
    expect(stored?.commentaire).toBe('Relu en mars');

    // Opened again: empty again, the saved sources now the current ones.
    await page.getByRole('button', { name: /Modifier la réponse à « Quels formats de fichiers/ }).click();
    await dialog.locator('.ck-editor__editable').waitFor();
    await expect(dialog.getByLabel(/^Commentaire/).inputValue()).resolves.toBe('');
    await expect(sources.inputValue()).resolves.toBe('');
    await dialog.getByRole('listitem').filter({ hasText: 'Formats acceptés (PDF, JPEG, PNG)' }).waitFor();
    await dialog.getByRole('button', { name: 'Copier les sources actuelles' }).click();
    await expect(sources.inputValue()).resolves.toBe('Liste des justificatifs\nFormats acceptés (PDF, JPEG, PNG)');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it("When generating an answer finds none, then the answer field reads 'Erreur : réponse non trouvé'; when it fails, 'Erreur : réponse non générée' and Erreur 242 is reported", async () => {
    // A question nobody curated, asked by three visitors: its entry has no answer, and nothing answers it.
    const assistant = new FaqAssistant(portal.database.db);
    for (const visitor of ['192.0.2.41', '192.0.2.42', '192.0.2.43'])
      await assistant.ask('Quelle est la recette de la tarte aux pommes ?', 'fr', visitor);
    const page = await faqPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await typeFilter(page, 'question', 'tarte aux pommes');
    await total(page, '1 question');
    await page.getByRole('button', { name: /Modifier la réponse à « Quelle est la recette/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    const editor = dialog.locator('.ck-editor__editable');
    await editor.waitFor();
    await dialog.getByRole('button', { name: 'Générer une réponse avec l’IA' }).click();
    await expect.poll(() => editor.textContent()).toBe('Erreur\u00a0: réponse non trouvé');
    expect(errors.filter((text) => text.includes('Erreur 242'))).toEqual([]);

    await portal.stopHttp();
    try {
      await dialog.getByRole('button', { name: 'Générer une réponse avec l’IA' }).click();
      await expect.poll(() => editor.textContent()).toBe('Erreur\u00a0: réponse non générée');
      await expect.poll(() => errors.some((text) => text.includes('Erreur 242'))).toBe(true);
    } finally {
      await portal.startHttp();
    }
    await page.context().close();
  });

  it("When a question is asked, then 'Dernière occurrence' shows that moment, and a staff edit does not move it", async () => {
    const question = 'Puis-je envoyer mes justificatifs plus tard\u00a0?';
    const before = (await listedEntries()).find((entry) => entry.question === question);
    if (!before) throw new Error('demo entry missing');
    expect(before.derniere_occurrence).toBeNull();
    const page = await faqPage();
    await page.getByRole('checkbox', { name: 'Dernière occurrence' }).check();
    await page.getByRole('checkbox', { name: 'Modification admin' }).check();
    await typeFilter(page, 'id', String(before.id));
    await total(page, '1 question');

    // A staff edit: 'Modification admin' dated, 'Dernière occurrence' still empty (nobody asked).
    await page.getByRole('button', { name: /Modifier la réponse à/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificateur de réponse' });
    await dialog.locator('.ck-editor__editable').waitFor();
    await dialog.getByLabel(/^Commentaire/).fill('Relu');
    await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.locator('.bo-toast--success').waitFor();
    await expect.poll(async () => (await cells(page, 'modif_admin'))[0]).toMatch(/^\d\d\/\d\d\/\d{4} /);
    await expect(cells(page, 'derniere_occurrence')).resolves.toEqual(['']);

    // A visitor asks it: the moment shows, and it is not the edit's.
    const answered = await fetch(`${portal.baseUrl}/faq`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question, lang: 'fr' }),
    });
    expect(answered.status).toBe(200);
    const after = (await listedEntries()).find((entry) => entry.id === before.id);
    expect(after?.derniere_occurrence).not.toBeNull();
    expect(Date.parse(after?.derniere_occurrence ?? '')).toBeGreaterThan(Date.parse(after?.modif_admin ?? ''));
    await page.reload();
    await page.locator('.tabulator-row').first().waitFor();
    await page.getByRole('checkbox', { name: 'Dernière occurrence' }).check();
    await typeFilter(page, 'id', String(before.id));
    await total(page, '1 question');
    const shown = (await cells(page, 'derniere_occurrence'))[0] ?? '';
    expect(shown.slice(0, 10)).toBe(shownDay());
    // Filtered on the day it shows.
    await typeFilter(page, 'derniere_occurrence', shownDay());
    await total(page, '1 question');
    await page.context().close();
  });
});
