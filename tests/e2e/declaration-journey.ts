import { CLAIM_NUMBER_PATTERN } from '../../contracts/claim-number.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatDate } from '../../contracts/dates.ts';
import type { Language } from '../../contracts/languages.ts';
import { claims } from '../../server/db/schema.ts';
import type { Database } from '../../server/db/client.ts';
import { getTranslator, type Translator } from '../../site/i18n/index.ts';

/**
 * The steps of the declaration journey as a visitor performs them, in any language: each helper
 * finds what it clicks by its translated label, as a person reading the page would.
 */

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The path of a customer page: `/veligo/en/declare-step1`, `/declare-sinistre`. */
export function pathOf(company: string, lang: Language, route: string): string {
  return `/${[company, lang === 'fr' ? '' : lang, route].filter(Boolean).join('/')}`;
}

/** A calendar day `days` from today, as a local Date. */
export function dayFromToday(days: number): Date {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return date;
}

export class Visitor {
  readonly t: Translator;
  readonly page: Page;
  readonly baseUrl: string;
  readonly lang: Language;
  readonly company: string;

  constructor(page: Page, baseUrl: string, lang: Language = 'fr', company = '') {
    this.page = page;
    this.baseUrl = baseUrl;
    this.lang = lang;
    this.company = company;
    this.t = getTranslator(lang);
  }

  /** Opens `route` and waits until its islands answer the visitor (see `waitForIslands`). */
  async open(route: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}${pathOf(this.company, this.lang, route)}`);
    await waitForIslands(this.page);
  }

  /** Waits until the page is `route` (of this brand and language) and its island has drawn. */
  async expectAt(route: string): Promise<void> {
    const path = pathOf(this.company, this.lang, route);
    try {
      await this.page.waitForURL((url) => url.pathname === path);
    } catch (error) {
      // What the visitor sees: the messages of the page and the focused element, to tell why it stayed.
      const seen = await this.page
        .evaluate(() => ({
          messages: [...document.querySelectorAll('main [role=alert], main .field__error, main .notice')].map(
            (element) => element.textContent?.trim(),
          ),
          focused: document.activeElement?.outerHTML.slice(0, 120),
          island: document.querySelector('main form, main .card, .step-placeholder')?.className,
        }))
        .catch(() => undefined);
      throw new Error(`expected ${path}, still on ${this.page.url()}: ${JSON.stringify(seen)}`, { cause: error });
    }
    // The server's frame is the island's slot until the island draws the page in its place.
    await this.page.locator('.step-placeholder, astro-slot').first().waitFor({ state: 'detached' });
  }

  /** Types the number on the open-claim page and presses Next. */
  async enterNumber(number: string): Promise<void> {
    await this.page.getByLabel(this.t('wizard.open.label')).fill(number);
    await this.next();
  }

  /** Chooses an object tile of step 1 by its name, asking for more tiles when it is not among the first. */
  async chooseObject(name: string): Promise<void> {
    const tile = this.page.locator('.tile', { hasText: name });
    const more = this.page.getByRole('button', { name: this.t('wizard.step1.showMore') });
    if ((await tile.count()) === 0 && (await more.count()) > 0) await more.click();
    await tile.click();
  }

  /** Chooses a reason of step 2 by its name (a single reason is chosen by the page itself). */
  async chooseReason(name: string): Promise<void> {
    await this.page.locator('.choice', { hasText: name }).click();
  }

  /** Types a date in a date field, as the language writes dates, and closes the calendar. */
  async typeDate(label: string, date: Date): Promise<void> {
    const field = this.page.getByLabel(label, { exact: true });
    await field.fill(formatDate(date, this.lang));
    await field.press('Escape');
  }

  /** Step 3: date and comment, then Next. */
  async describeClaim(date: Date, comment: string): Promise<void> {
    await this.typeDate(this.t('wizard.step3.claimDate.label'), date);
    await this.page.getByLabel(this.t('wizard.step3.comment.label')).fill(comment);
    await this.next();
  }

  async next(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('wizard.common.next'), exact: true }).click();
  }

  /** Step 5: ticks the confirmations shown (checkboxes on wide screens). */
  async tickConfirmations(): Promise<void> {
    const boxes = this.page.locator('.confirmation__checkbox input');
    for (let index = 0; index < (await boxes.count()); index += 1) await boxes.nth(index).check();
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: this.t('wizard.step5.submit') }).click();
  }

  /** The claim number the confirmation page shows. */
  async confirmedClaimNumber(): Promise<string> {
    await this.expectAt('confirmation-sinistre');
    const number = (await this.page.locator('.confirmation-card__number').textContent()) ?? '';
    expect(number).toMatch(CLAIM_NUMBER_PATTERN);
    return number;
  }

  /**
   * Types the holder's details on step 4 when they are empty: the anonymous look-up gives them
   * masked only (the visitor may fill them with a mailed code, or type them, as here).
   */
  async typeContactIfEmpty(): Promise<void> {
    const { page, t } = this;
    const lastName = page.getByLabel(t('wizard.step4.lastName.label'), { exact: true });
    if ((await lastName.inputValue()) !== '') return;
    await lastName.fill('DUPONT');
    await page.getByLabel(t('wizard.step4.firstName.label'), { exact: true }).fill('Claire');
    // A mailbox of their own: every mail counts against its recipient's hourly share.
    const mailbox = `claire.dupont.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    await page.getByLabel(t('wizard.step4.email.label'), { exact: true }).fill(mailbox);
    await page.getByLabel(t('wizard.step4.phone.label'), { exact: true }).fill('0611223344');
    await page.getByLabel(t('wizard.step4.address.label'), { exact: true }).fill('3 rue des Tests');
    await page.getByLabel(t('wizard.step4.cp.label'), { exact: true }).fill('44000');
    await page.getByLabel(t('wizard.step4.city.label'), { exact: true }).fill('Nantes');
    await page.getByLabel(t('wizard.step4.country.label'), { exact: true }).selectOption({ value: '250' });
  }

  /**
   * Walks from the open-claim page to `step` for `number`: the object named, the first reason, a
   * claim date yesterday and a comment, step 4 typed where the look-up left it empty.
   */
  async walkTo(step: 3 | 4 | 5, number: string, objectName: string): Promise<void> {
    await this.open('declare-sinistre');
    await this.enterNumber(number);
    await this.expectAt('declare-step1');
    await this.chooseObject(objectName);
    await this.expectAt('declare-step2');
    await this.page.locator('.choice').first().click();
    await this.expectAt('declare-step3');
    if (step === 3) return;
    await this.describeClaim(dayFromToday(-1), 'Test');
    await this.expectAt('declare-step4');
    if (step === 4) return;
    await this.typeContactIfEmpty();
    await this.next();
    await this.expectAt('declare-step5');
  }

  /** Runs axe-core on the page: no serious or critical violation. */
  async expectAccessible(context: string): Promise<void> {
    await expectNoSeriousViolation(this.page, context);
  }
}

/**
 * Waits until every island of the page is hydrated: Astro has run it and React has claimed its
 * elements, so a key the visitor presses reaches the island's handlers, not the browser's default
 * (Enter in a form the island has not taken yet submits it natively). A page that moves on while
 * loading (a step without a draft goes back to declare-sinistre) has no islands left to wait for.
 * A form with nothing to do at load waits for the visitor's first touch (`client:interaction`):
 * the visitor reaches for it first, as a finger on the form would (the focus enters it).
 */
export async function waitForIslands(page: Page): Promise<void> {
  const opened = page.url();
  try {
    await page
      .evaluate(() => {
        for (const island of document.querySelectorAll('astro-island[client="interaction"][ssr]'))
          island.dispatchEvent(new FocusEvent('focusin'));
      })
      // The page is leaving (its island sent the visitor on): there is nothing to reach for.
      .catch(() => undefined);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('astro-island')].every((island) => {
        const root = island.firstElementChild;
        return (
          !island.hasAttribute('ssr') &&
          (root === null || Object.keys(root).some((key) => key.startsWith('__reactProps')))
        );
      }),
    );
  } catch (error) {
    if (page.url() === opened) throw error;
  }
}

/** axe-core in the page: the serious and critical violations, named, must be none. */
export async function expectNoSeriousViolation(page: Page, context: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
  expect(violations, context).toEqual([]);
}

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

/**
 * The error summary of a refused form as a person meets it: the focus is on it,
 * it is an alert named by its title "Il y a un problème", and it lists one link per problem, in the
 * order of the page, each to its field's id and with the field's message; axe finds nothing serious.
 */
export async function expectErrorSummary(
  page: Page,
  t: Translator,
  problems: readonly (readonly [fieldId: string, message: string])[],
  context: string,
): Promise<void> {
  const summary = page.locator('.error-summary');
  await expect
    .poll(
      () =>
        summary.locator('a').evaluateAll((links) => links.map((link) => [link.getAttribute('href'), link.textContent])),
      {
        message: context,
      },
    )
    .toEqual(problems.map(([fieldId, message]) => [`#${fieldId}`, message]));
  // What has the focus, named by its class or tag and id: a failure says where the focus went.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const focused = document.activeElement;
          if (focused?.classList.contains('error-summary')) return 'the summary';
          return focused ? `${focused.tagName.toLowerCase()}#${focused.id}.${focused.className}` : 'nothing';
        }),
      { message: `${context}: the focus is on the summary` },
    )
    .toBe('the summary');
  expect(await summary.getAttribute('role')).toBe('alert');
  const title = summary.locator('h2');
  expect(await title.textContent()).toBe(t('wizard.common.errorSummary'));
  expect(await summary.getAttribute('aria-labelledby')).toBe(await title.getAttribute('id'));
  // Its title is what the visitor sees first: on screen, below the sticky header, not under it.
  await expect
    .poll(
      () =>
        title.evaluate((heading) => {
          const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
          const { top, bottom } = heading.getBoundingClientRect();
          return top >= header && bottom <= window.innerHeight;
        }),
      { message: `${context}: the summary's title shows below the header` },
    )
    .toBe(true);
  await expectNoSeriousViolation(page, context);
}

/**
 * Clicks the summary's link to a field: what then has the focus, its id, its type, and whether it
 * is the field or inside it (a confirmation is a group: a checkbox, or Oui/Non radios on phones).
 */
export async function followSummaryLink(
  page: Page,
  fieldId: string,
): Promise<{ id: string; type: string; withinField: boolean }> {
  await page.locator(`.error-summary a[href="#${fieldId}"]`).click();
  // The link brings its field into view with a smooth scroll: as a person would, the next action
  // waits for the page to stop moving (a click whose press and release land on different elements,
  // as the page scrolls under them, is no click).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let stillFrames = 0;
        const check = () => {
          stillFrames = window.scrollY === last ? stillFrames + 1 : 0;
          last = window.scrollY;
          if (stillFrames >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  return page.evaluate((target) => {
    const focused = document.activeElement as HTMLElement | null;
    return {
      id: focused?.id ?? '',
      type: focused?.getAttribute('type') ?? focused?.tagName.toLowerCase() ?? '',
      withinField: focused?.closest(`[id="${target}"]`) !== null,
    };
  }, fieldId);
}

/** The claims stored for an insured number, newest last. */
export async function claimsOf(database: Database, assureNumero: string) {
  const rows = await database.db.select().from(claims).where(eq(claims.assureNumero, assureNumero));
  return rows.sort((a, b) => a.id - b.id);
}

/** What localStorage holds of the claim draft (null once cleared). */
export async function storedDraft(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const text = window.localStorage.getItem('portal.v1.claimDraft');
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  });
}
