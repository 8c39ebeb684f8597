import { eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../contracts/dates.ts';
import { FOLLOW_UP_KEY } from '../../islands/session/follow-up-state.ts';
import { complaints, contactMessages } from '../../server/db/schema.ts';
import { pathOf, Visitor } from './declaration-journey.ts';
import { newVisitor, setUpMailingPortal } from './harness.ts';

/**
 * Islands hydrate on the visitor's first interaction or when the browser is idle after the load
 * (`client:interaction`). On a slow phone the visitor types, ticks and sends before that: here the
 * CPU is slowed 4× and both Astro's island script (a file loaded after the first paint, which calls
 * the island's directive) and the island's own module are held back until the test lets them
 * through, so everything below happens provably before the island runs, and before its directive
 * does. Real server, database and SMTP.
 */

const suite = setUpMailingPortal();

/**
 * A visitor whose page's island module (`component`, e.g. "ContactForm") and Astro's island script
 * are held back until `hydrate()`.
 */
interface HeldVisitor {
  you: Visitor;
  page: Page;
  /** Lets the island's module and Astro's island script through and waits until the island has taken the form. */
  hydrate(): Promise<void>;
  /**
   * Whether the island still waits for Astro's island script (which defines `astro-island`) and
   * for its module (Astro removes `ssr` once it has run).
   */
  waiting(): Promise<boolean>;
}

async function openHeld(route: string, component: string, company = ''): Promise<HeldVisitor> {
  const context = await newVisitor(suite.browser, suite.portal.baseUrl);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const held: Route[] = [];
  let holding = true;
  const island = new RegExp(`/_astro/(?:${component}|astro-island)\\.[\\w-]+\\.js$`);
  await page.route(island, (request) => {
    if (holding) held.push(request);
    else void request.continue();
  });
  const you = new Visitor(page, suite.portal.baseUrl, 'fr', company);
  // Once the page is parsed: the load event waits for the scripts held here.
  await page.goto(`${suite.portal.baseUrl}${pathOf(company, 'fr', route)}`, { waitUntil: 'domcontentloaded' });
  const selector = `astro-island[component-url*="/${component}."]`;
  const waiting = () =>
    page
      .locator(selector)
      .evaluate((element) => element.hasAttribute('ssr') && customElements.get('astro-island') === undefined);
  return {
    you,
    page,
    waiting,
    async hydrate() {
      holding = false;
      for (const request of held.splice(0)) await request.continue();
      await page.waitForFunction((found) => {
        const element = document.querySelector(found);
        const form = element?.querySelector('form');
        return (
          element !== null &&
          !element.hasAttribute('ssr') &&
          form !== null &&
          form !== undefined &&
          Object.keys(form).some((key) => key.startsWith('__reactProps'))
        );
      }, selector);
    },
  };
}

/** The page's address has no query: nothing typed was sent natively in it. */
function expectNoQuery(page: Page): void {
  expect(new URL(page.url()).search).toBe('');
}

describe('Typing before the island runs', () => {
  it('When a visitor writes the contact form and sends it before its script has run, then after hydration the message is sent with everything typed, never in the address', async () => {
    const { you, page, hydrate, waiting } = await openHeld('contact', 'ContactForm', 'veligo');
    const { t } = you;
    await page.getByLabel(t('forms.field.lastName')).pressSequentially('DUVAL');
    await page.getByLabel(t('forms.field.email')).pressSequentially('marc.duval@example.com');
    await page.getByLabel(t('forms.field.phone')).pressSequentially('0612345678');
    await page.getByLabel(t('forms.field.message')).pressSequentially('Où en est mon remboursement ?');
    await page.getByRole('button', { name: t('forms.contact.submit') }).click();
    expect(await waiting()).toBe(true);
    expectNoQuery(page);
    await hydrate();
    const sent = page.locator('.forms-sent');
    await sent.waitFor();
    expectNoQuery(page);
    const [stored] = await suite.portal.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'marc.duval@example.com'));
    expect(stored).toMatchObject({ nom: 'DUVAL', telephone: '0612345678', message: 'Où en est mon remboursement ?' });
    await page.context().close();
  });

  it('When a visitor types in the complaint form before its script has run, then after hydration the values, the focus and the caret are where they were, and the complaint is stored with them', async () => {
    const { you, page, hydrate, waiting } = await openHeld('claim-step1', 'ComplaintForm');
    const { t } = you;
    await page.locator('#complaint-nom').pressSequentially('GARNIER');
    await page.locator('#complaint-prenom').pressSequentially('Lise');
    await page.locator('#complaint-email').pressSequentially('lise.garnier@example.com');
    await page.locator('#complaint-telephone').pressSequentially('0622334455');
    await page.locator('#complaint-adresse').pressSequentially('8 quai Est');
    await page.locator('#complaint-cp').pressSequentially('69002');
    const city = page.locator('#complaint-ville');
    await city.pressSequentially('Lyon');
    await city.press('ArrowLeft');
    await city.press('ArrowLeft');
    expect(await waiting()).toBe(true);
    await hydrate();
    await expect(city.inputValue()).resolves.toBe('Lyon');
    await expect(page.locator('#complaint-nom').inputValue()).resolves.toBe('GARNIER');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('complaint-ville');
    expect(await city.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
      2, 2,
    ]);
    // The rest, once the island works: the country list (loaded for the form), the claim and the reason.
    await expect.poll(() => page.locator('#complaint-pays option').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    await page.locator('#complaint-pays').selectOption({ label: 'France' });
    await page.locator('#complaint-num_sinistre').fill('SI-0000008');
    await page.locator('#complaint-motif').selectOption({ index: 1 });
    await page.locator('#complaint-message').fill('Pas de réponse à mon courrier.');
    await page.getByRole('button', { name: t('forms.complaint.submit') }).click();
    await page.waitForURL((url) => url.pathname === '/claim-step2');
    const [stored] = await suite.portal.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.email, 'lise.garnier@example.com'));
    expect(stored).toMatchObject({
      nom: 'GARNIER',
      prenom: 'Lise',
      telephone: '0622334455',
      cp: '69002',
      ville: 'Lyon',
    });
    await page.context().close();
  });

  it('When a visitor types their insured number and presses Enter before the open-claim script has run, then after hydration the number is looked up and the declaration goes on', async () => {
    const { you, page, hydrate, waiting } = await openHeld('declare-sinistre', 'OpenClaim', 'sandaya');
    const field = page.getByLabel(you.t('wizard.open.label'));
    await field.pressSequentially('SO-0000001');
    await field.press('Enter');
    expect(await waiting()).toBe(true);
    expectNoQuery(page);
    await hydrate();
    await you.expectAt('declare-step1');
    await page.context().close();
  });

  it('When a visitor types a claim number and name and sends them before the follow-up script has run, then after hydration the claim opens', async () => {
    const { you, page, hydrate, waiting } = await openHeld('suivre-dossier', 'FollowClaim', 'sandaya');
    await page.locator('#follow-claim-number').pressSequentially('SI-0000003');
    await page.locator('#follow-claim-name').pressSequentially('martin');
    await page.locator('#follow-claim-name').press('Enter');
    expect(await waiting()).toBe(true);
    expectNoQuery(page);
    await hydrate();
    await you.expectAt('client-file');
    await expect(page.locator('.client-file__number').textContent()).resolves.toBe('SI-0000003');
    await page.context().close();
  });

  it('When a visitor types an e-mail and stay dates and asks before the find-my-number script has run, then after hydration the answer comes for what was typed', async () => {
    const { you, page, hydrate, waiting } = await openHeld('find-my-number', 'FindMyNumber', 'sandaya');
    const { t } = you;
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') requests.push(request.postData() ?? '');
    });
    await page.getByLabel(t('forms.field.email')).pressSequentially('julien.moreau@example.com');
    await page
      .getByLabel(t('forms.find.start'), { exact: true })
      .pressSequentially(formatDate(new Date(2027, 6, 10), 'fr'));
    await page
      .getByLabel(t('forms.find.end'), { exact: true })
      .pressSequentially(formatDate(new Date(2027, 6, 24), 'fr'));
    await page.getByRole('button', { name: t('forms.find.submit') }).click();
    expect(await waiting()).toBe(true);
    expectNoQuery(page);
    await hydrate();
    const answer = page.locator('#find-answer');
    await answer.waitFor();
    await expect(answer.textContent()).resolves.toContain('Si ces informations correspondent à un contrat');
    expect(requests.some((body) => body.includes('julien.moreau@example.com'))).toBe(true);
    await suite.mailTo('julien.moreau@example.com', 'Votre numéro d’assuré');
    await page.context().close();
  });

  it('When a visitor ticks the question box’s disclaimer and accepts it before its script has run, then after hydration the question box opens and takes a question', async () => {
    const { you, page, hydrate, waiting } = await openHeld('faq', 'FaqAssistant', 'veligo');
    const { t } = you;
    await page.getByLabel(t('faq.disclaimer.accept')).check();
    await page.getByRole('button', { name: t('faq.disclaimer.start') }).click();
    expect(await waiting()).toBe(true);
    expectNoQuery(page);
    await hydrate();
    const question = page.getByLabel(t('faq.question.label'));
    await question.waitFor();
    await question.pressSequentially('Comment déclarer un vol ?');
    await expect(question.inputValue()).resolves.toBe('Comment déclarer un vol ?');
    await page.context().close();
  });
});

describe('Typing a date while its calendar loads', () => {
  it('When a visitor types a stay date while the calendar is still on its way, then the field keeps exactly what was typed, its year never written back half-typed', async () => {
    const context = await newVisitor(suite.browser, suite.portal.baseUrl);
    const page = await context.newPage();
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/_astro\/date-picker\.[\w-]+\.js$/, (request) => {
      if (holding) held.push(request);
      else void request.continue();
    });
    const you = new Visitor(page, suite.portal.baseUrl, 'fr', 'sandaya');
    await page.goto(`${suite.portal.baseUrl}${pathOf('sandaya', 'fr', 'find-my-number')}`);
    const email = page.getByLabel(you.t('forms.field.email'));
    await email.focus();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('astro-island form') ?? {}).some((key) => key.startsWith('__reactProps')),
    );
    await email.pressSequentially('julien.moreau@example.com');
    // The keyboard's way in: the focus asks for the calendar, held back here while the visitor types.
    await page.keyboard.press('Tab');
    const start = page.getByLabel(you.t('forms.find.start'), { exact: true });
    await start.pressSequentially('10/07/202');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    holding = false;
    for (const request of held.splice(0)) await request.continue();
    // The calendar attaches under the visitor's fingers, between two keystrokes.
    await expect.poll(() => start.evaluate((input) => input.classList.contains('flatpickr-input'))).toBe(true);
    await start.pressSequentially('7');
    await expect(start.inputValue()).resolves.toBe(formatDate(new Date(2027, 6, 10), 'fr'));
    await page.keyboard.press('Tab');
    await expect(start.inputValue()).resolves.toBe('10/07/2027');
    await expect(start.getAttribute('aria-invalid')).resolves.toBeNull();
    await context.close();
  });
});

describe('When a form runs', () => {
  /** Whether the page's island has run (Astro removes `ssr` once it has). */
  const hydrated = (page: Page) => page.locator('astro-island').evaluate((element) => !element.hasAttribute('ssr'));
  /** The island's component module arrived (fetched when idle, run or not). */
  const fetched = (page: Page, component: string) =>
    page.evaluate(
      (name) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/_astro/${name}.`)),
      component,
    );

  it('When nobody touches a contact form with nothing stored, then it stays as the server drew it with its modules fetched, and the first focus runs it; a draft of the tab, a followed claim or a link’s query runs it alone', async () => {
    const context = await newVisitor(suite.browser, suite.portal.baseUrl);
    const page = await context.newPage();
    const you = new Visitor(page, suite.portal.baseUrl, 'fr', 'veligo');
    await page.goto(`${suite.portal.baseUrl}${pathOf('veligo', 'fr', 'contact')}`);
    await expect.poll(() => fetched(page, 'ContactForm'), { timeout: 10_000 }).toBe(true);
    // Idle well past the directive's longest wait (2 s): nothing ran.
    await page.waitForTimeout(3_000);
    expect(await hydrated(page)).toBe(false);
    await page.getByLabel(you.t('forms.field.lastName')).focus();
    await expect.poll(() => hydrated(page), { timeout: 10_000 }).toBe(true);

    // Something to restore at load: the island starts when idle, untouched.
    await page.getByLabel(you.t('forms.field.lastName')).fill('DUVAL');
    await page.reload();
    await expect.poll(() => hydrated(page), { timeout: 10_000 }).toBe(true);
    // The island fills its fields in an effect, after Astro marks it run: wait as a reader would.
    await expect.poll(() => page.getByLabel(you.t('forms.field.lastName')).inputValue()).toBe('DUVAL');

    const other = await context.newPage();
    await other.addInitScript(
      (key) => localStorage.setItem(key, JSON.stringify({ claimNumber: 'SI-0000008', lastName: 'DUVAL' })),
      FOLLOW_UP_KEY,
    );
    await other.goto(`${suite.portal.baseUrl}${pathOf('veligo', 'fr', 'contact')}`);
    await expect.poll(() => hydrated(other), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => other.locator('#contact-num_sinistre').inputValue()).toBe('SI-0000008');
    await context.close();

    const linked = await (await newVisitor(suite.browser, suite.portal.baseUrl)).newPage();
    await linked.goto(`${suite.portal.baseUrl}${pathOf('', 'fr', 'suivre-dossier')}?err=cred`);
    await expect.poll(() => hydrated(linked), { timeout: 10_000 }).toBe(true);
    await linked.locator('.notice').first().waitFor();
    await linked.context().close();
  });
});
