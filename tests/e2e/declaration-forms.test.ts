import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDayInFull, isoOfLocalDay } from '../../contracts/dates.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { claimsOf, dayFromToday, expectErrorSummary, followSummaryLink } from './declaration-journey.ts';
import { ARTEFACTS_DIR, openVisitor, type RunningPortal, screenshot, startPortal, workerBrowser } from './harness.ts';

/**
 * What the declaration forms say and how they behave for a person who makes mistakes, uses only a
 * keyboard, or a screen reader (axe-core), on a phone and a desktop (screenshots looked at).
 */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), workerBrowser()]);
  mkdirSync(ARTEFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const cancellationName = getDemoGuarantee(1).names.fr.nom;

/** The error message tied to a field: its id is in the field's aria-describedby, and the field is aria-invalid. */
async function errorOf(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  // The rules load with the first check: the message comes a moment after the click.
  await expect.poll(() => field.getAttribute('aria-invalid'), { message: label }).toBe('true');
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

/** Whether the focus is on the error summary (a refused submit moves it there). */
async function summaryFocused(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false);
}

describe('Messages of the open-claim page', () => {
  it('When the number is empty, malformed or unknown, then the field says so, with the link to find one', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    await you.next();
    expect(await errorOf(page, t('wizard.open.label'))).toContain(t('wizard.open.required'));
    expect(await summaryFocused(page)).toBe(true);
    await you.expectAccessible('open-claim, empty number');
    for (const typed of ['12345', 'SO-9999999']) {
      await you.enterNumber(typed);
      await expect.poll(() => errorOf(page, t('wizard.open.label'))).toContain(t('wizard.open.incorrect'));
      const link = page.locator('#insured-number-error a');
      expect(await link.textContent()).toBe(t('wizard.open.forgotten'));
      expect(await link.getAttribute('href')).toBe('/veligo/find-my-number');
    }
    await you.expectAccessible('open-claim, unknown number');
    await screenshot(page, 'declaration-open-error-1280');
    await page.context().close();
  });
});

describe('Messages and date rules of steps 3 to 5', () => {
  it('When the claim date is missing, not a date or in the future, then step 3 refuses it with the spec’s words', async () => {
    const you = await openVisitor(browser, portal.baseUrl);
    const { page, t } = you;
    await you.walkTo(3, 'SO-0000018', cancellationName);
    await you.next();
    const dateLabel = t('wizard.step3.claimDate.label');
    expect(await errorOf(page, dateLabel)).toContain(t('wizard.step3.claimDate.required'));
    expect(await summaryFocused(page)).toBe(true);
    await you.expectAccessible('step 3, date missing');
    await page.getByLabel(dateLabel).fill('31/02/2026');
    await page.getByLabel(dateLabel).press('Escape');
    await you.next();
    expect(await errorOf(page, dateLabel)).toContain(t('wizard.common.date.invalid', { format: 'jj/mm/aaaa' }));
    await you.typeDate(dateLabel, dayFromToday(3));
    await you.next();
    expect(await errorOf(page, dateLabel)).toContain(t('wizard.step3.claimDate.future'));
    await screenshot(page, 'declaration-step3-errors-1280');

    // An emptied comment is pointed out, without blocking.
    const comment = page.getByLabel(t('wizard.step3.comment.label'));
    await comment.fill('Chute');
    await comment.fill('');
    await expect(page.getByText(t('wizard.step3.comment.empty')).waitFor()).resolves.toBeUndefined();
    await you.typeDate(dateLabel, dayFromToday(-2));
    await you.next();
    await you.expectAt('declare-step4');

    // Opened again from the draft, step 3 says the day in full under the field without announcing
    // it as news: the note becomes a live region once the visitor is in the field.
    await you.open('declare-step3');
    const dateField = page.getByLabel(dateLabel, { exact: true });
    const note = page.locator(`[id="${await dateField.getAttribute('id')}-note"]`);
    const dayInFull = formatDayInFull(isoOfLocalDay(dayFromToday(-2)), 'fr');
    await expect.poll(() => note.textContent()).toBe(t('wizard.common.date.readAs', { date: dayInFull }));
    expect(await note.getAttribute('aria-live')).toBe('off');
    await dateField.focus();
    await expect.poll(() => note.getAttribute('aria-live')).toBe('polite');
    await page.context().close();
  });

  it('When step 4 fields are emptied, then each field shows its own message and the focus goes to the error summary', async () => {
    const you = await openVisitor(browser, portal.baseUrl);
    const { page, t } = you;
    await you.walkTo(3, 'SO-0000019', cancellationName);
    await you.describeClaim(dayFromToday(-5), 'Test');
    await you.expectAt('declare-step4');
    const fields = ['lastName', 'firstName', 'email', 'phone', 'address', 'cp', 'city'] as const;
    for (const field of fields) await page.getByLabel(t(`wizard.step4.${field}.label`), { exact: true }).fill('');
    await page.getByLabel(t('wizard.step4.country.label')).selectOption('');
    await page.getByLabel(t('wizard.step4.establishment.establishment')).fill('');
    await you.next();
    for (const field of [...fields, 'country'] as const) {
      const message = field === 'email' ? t('wizard.common.emailInvalid') : t(`wizard.step4.${field}.error`);
      expect(await errorOf(page, t(`wizard.step4.${field}.label`)), field).toContain(message);
    }
    expect(await errorOf(page, t('wizard.step4.establishment.establishment'))).toContain(
      t('wizard.step4.fieldRequired'),
    );
    expect(await summaryFocused(page)).toBe(true);
    await you.expectAccessible('step 4, every field empty');
    // A rule stricter than the specification says why it refuses.
    await page.getByLabel(t('wizard.step4.phone.label'), { exact: true }).fill('06-12');
    await you.next();
    expect(await errorOf(page, t('wizard.step4.phone.label'))).toContain(t('wizard.common.phoneDigits'));
    await page.getByLabel(t('wizard.step4.phone.label'), { exact: true }).fill('');
    await screenshot(page, 'declaration-step4-errors-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'declaration-step4-errors-390');
    await page.context().close();
  });

  it('When the country list arrives late, then the country the draft holds stays chosen and the form goes on', async () => {
    const you = await openVisitor(browser, portal.baseUrl);
    const { page, t } = you;
    // A slow network on the way to the real server (the answer itself is the server's).
    await page.route(/\/partenaire\/api\/v2\/declare\/pays\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await you.walkTo(4, 'SO-0000024', cancellationName);
    await you.typeContactIfEmpty();
    // The page comes again with the draft's country, before its list.
    await page.reload();
    await you.expectAt('declare-step4');
    const country = page.getByLabel(t('wizard.step4.country.label'));
    await country.focus();
    await expect.poll(() => page.locator('#contact-country option').count(), { timeout: 15_000 }).toBeGreaterThan(2);
    await page.keyboard.press('Tab');
    await expect(country.inputValue()).resolves.toBe('250');
    await you.next();
    await you.expectAt('declare-step5');
    await expect(page.locator('.recap-page').textContent()).resolves.toContain('France');
    await page.context().close();
  });

  it('When the booking dates disagree with each other or the claim date, then the date rules say so with the dates', async () => {
    const you = await openVisitor(browser, portal.baseUrl);
    const { page, t } = you;
    await you.walkTo(3, 'SO-0000020', cancellationName);
    const claimDay = dayFromToday(-5);
    await you.describeClaim(claimDay, 'Test');
    await you.expectAt('declare-step4');
    await you.typeContactIfEmpty();
    const start = t('wizard.step4.reservation.start');
    const end = t('wizard.step4.reservation.end');
    await you.typeDate(start, dayFromToday(-2));
    await you.typeDate(end, dayFromToday(-4));
    await expect
      .poll(() => errorOf(page, start))
      .toContain(
        t('wizard.step4.reservation.startAfterEnd', {
          start: formatDate(dayFromToday(-2), 'fr'),
          end: formatDate(dayFromToday(-4), 'fr'),
        }),
      );
    await you.typeDate(start, dayFromToday(-9));
    await you.typeDate(end, dayFromToday(-7));
    await expect
      .poll(() => errorOf(page, end))
      .toContain(
        t('wizard.step4.reservation.endBeforeClaim', {
          end: formatDate(dayFromToday(-7), 'fr'),
          claimDate: formatDate(claimDay, 'fr'),
        }),
      );
    await you.next();
    expect(new URL(page.url()).pathname).toBe('/declare-step4');
    await you.expectAccessible('step 4, date rules');
    await you.typeDate(end, dayFromToday(-1));
    await you.next();
    await you.expectAt('declare-step5');
    await page.context().close();
  });

  it('When the submit prerequisites are missing, then the visitor goes back to the start with a notice (error 639)', async () => {
    const you = await openVisitor(browser, portal.baseUrl);
    const { page, t } = you;
    await you.walkTo(3, 'SO-0000021', cancellationName);
    await you.describeClaim(dayFromToday(-1), 'Test');
    await you.expectAt('declare-step4');
    await you.typeContactIfEmpty();
    await you.next();
    await you.expectAt('declare-step5');
    // A draft whose contract company was lost (edited by hand, an old release): the server would refuse it.
    await page.evaluate(() => {
      const draft = JSON.parse(window.localStorage.getItem('portal.v1.claimDraft') ?? '{}');
      window.localStorage.setItem('portal.v1.claimDraft', JSON.stringify({ ...draft, contractCompanyId: 0 }));
    });
    await page.reload();
    await you.expectAt('declare-sinistre');
    await expect(page.getByText(t('wizard.open.incomplete')).waitFor()).resolves.toBeUndefined();
    expect(await claimsOf(portal.database, 'SO-0000021')).toHaveLength(0);
    await page.context().close();
  });
});

describe('An error summary at the top of each step', () => {
  it('When a step is sent with problems, then a titled summary takes the focus with one link per problem, each link focuses its field, and it follows the fixes (390 and 1280 px)', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { width: 390 });
    const { page, t } = you;
    await you.open('declare-sinistre');
    await you.next();
    await expectErrorSummary(page, t, [['insured-number', t('wizard.open.required')]], 'open-claim, 390 px');
    expect((await followSummaryLink(page, 'insured-number')).id).toBe('insured-number');

    await page.setViewportSize({ width: 1280, height: 900 });
    await you.enterNumber('SO-0000028');
    await you.expectAt('declare-step1');
    await you.chooseObject(cancellationName);
    await you.expectAt('declare-step2');
    await page.locator('.choice').first().click();
    await you.expectAt('declare-step3');
    await you.next();
    await expectErrorSummary(page, t, [['claim-date', t('wizard.step3.claimDate.required')]], 'step 3, 1280 px');
    expect((await followSummaryLink(page, 'claim-date')).id).toBe('claim-date');
    await you.describeClaim(dayFromToday(-1), 'Test');
    await you.expectAt('declare-step4');
    await you.typeContactIfEmpty();

    // An emptied name, and empty booking dates: every required field is in the summary, dates too.
    await page.getByLabel(t('wizard.step4.lastName.label'), { exact: true }).fill('');
    const start = page.getByLabel(t('wizard.step4.reservation.start'), { exact: true });
    const end = page.getByLabel(t('wizard.step4.reservation.end'), { exact: true });
    for (const date of [start, end]) {
      await date.fill('');
      await date.press('Escape');
    }
    await you.next();
    const step4Problems = [
      ['contact-lastName', t('wizard.step4.lastName.error')],
      ['booking-contractStartDate', t('wizard.step4.fieldRequired')],
      ['booking-contractEndDate', t('wizard.step4.fieldRequired')],
    ] as const;
    await expectErrorSummary(page, t, step4Problems, 'step 4, 1280 px');
    expect((await followSummaryLink(page, 'booking-contractStartDate')).id).toBe('booking-contractStartDate');
    await page.setViewportSize({ width: 390, height: 844 });
    await you.next();
    await expectErrorSummary(page, t, step4Problems, 'step 4, 390 px');
    expect((await followSummaryLink(page, 'contact-lastName')).id).toBe('contact-lastName');
    // A fixed field leaves the summary; the last fix removes it.
    await page.keyboard.type('Martin');
    const links = page.locator('.error-summary a');
    await expect
      .poll(() => links.evaluateAll((all) => all.map((link) => link.getAttribute('href'))))
      .toEqual(['#booking-contractStartDate', '#booking-contractEndDate']);
    await you.typeDate(t('wizard.step4.reservation.start'), dayFromToday(-3));
    await you.typeDate(t('wizard.step4.reservation.end'), dayFromToday(3));
    await expect.poll(() => page.locator('.error-summary').count()).toBe(0);
    await you.next();
    await you.expectAt('declare-step5');

    // Step 5: one message under the boxes, one link, to the box that shows at this width.
    await you.submit();
    await expectErrorSummary(page, t, [['confirmation-certified', t('wizard.step5.unticked')]], 'step 5, 390 px');
    expect(await followSummaryLink(page, 'confirmation-certified')).toMatchObject({ type: 'radio', withinField: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await you.submit();
    await expectErrorSummary(page, t, [['confirmation-certified', t('wizard.step5.unticked')]], 'step 5, 1280 px');
    expect(await followSummaryLink(page, 'confirmation-certified')).toMatchObject({
      type: 'checkbox',
      withinField: true,
    });
    await screenshot(page, 'declaration-step5-error-summary-1280');
    await page.context().close();
  });
});

describe('Keyboard, screen readers and looks', () => {
  /** Presses Tab until the focused element matches, as a keyboard user moves through the page. */
  async function tabTo(page: Page, matches: (element: Element) => boolean, hint: string): Promise<void> {
    for (let presses = 0; presses < 80; presses += 1) {
      await page.keyboard.press('Tab');
      const found = await page.evaluate((source) => {
        const test = new Function('element', `return (${source})(element)`) as (element: Element) => boolean;
        return document.activeElement ? test(document.activeElement) : false;
      }, matches.toString());
      if (found) return;
    }
    throw new Error(`Tab never reached ${hint}`);
  }

  it('When a visitor uses only the keyboard, then the whole declaration can be completed', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'yelloh' });
    const { page, t } = you;
    await you.open('declare-sinistre');
    await tabTo(page, (element) => element.id === 'insured-number', 'the number field');
    await page.keyboard.type('SO-0000022');
    await page.keyboard.press('Enter');
    await you.expectAt('declare-step1');
    await tabTo(page, (element) => element.classList.contains('tile'), 'a tile');
    await page.keyboard.press('Enter');
    await you.expectAt('declare-step2');
    await tabTo(page, (element) => element.classList.contains('choice'), 'a reason');
    await page.keyboard.press('Enter');
    await you.expectAt('declare-step3');
    await tabTo(page, (element) => element.id === 'claim-date', 'the claim date');
    await page.keyboard.type(formatDate(dayFromToday(-1), 'fr'));
    await page.keyboard.press('Escape');
    await tabTo(page, (element) => element.id === 'comment', 'the comment');
    await page.keyboard.type('Déclaré au clavier');
    await tabTo(page, (element) => element.getAttribute('type') === 'submit', 'Next');
    await page.keyboard.press('Enter');
    await you.expectAt('declare-step4');
    // As a person would, the form is used once shown in full (its country list arrives after it).
    await expect.poll(() => page.locator('#contact-country option').count()).toBeGreaterThan(2);
    // The holder's details, shown masked, are typed (a mailed code would fill them in).
    for (const [id, text] of [
      ['contact-lastName', 'DUPONT'],
      ['contact-firstName', 'Claire'],
      ['contact-email', 'claire.dupont@example.com'],
      ['contact-phone', '0611223344'],
      ['contact-address', '3 rue des Tests'],
      ['contact-cp', '44000'],
      ['contact-city', 'Nantes'],
      ['contact-country', 'France'],
    ] as const) {
      // tabTo sends its matcher's source to the page: the id is written into it.
      await tabTo(page, new Function('element', `return element.id === '${id}'`) as (element: Element) => boolean, id);
      await page.keyboard.type(text);
    }
    await tabTo(page, (element) => element.getAttribute('type') === 'submit', 'Next');
    await page.keyboard.press('Enter');
    await you.expectAt('declare-step5');
    await tabTo(page, (element) => element.getAttribute('type') === 'checkbox', 'the certification');
    await page.keyboard.press('Space');
    await tabTo(
      page,
      (element) => element.getAttribute('type') === 'checkbox' && !(element as HTMLInputElement).checked,
      'the cancellation box',
    );
    await page.keyboard.press('Space');
    await tabTo(page, (element) => element.textContent?.includes('Valider') ?? false, t('wizard.step5.submit'));
    await page.keyboard.press('Enter');
    await you.confirmedClaimNumber();
    await page.context().close();
  });

  it('When each step is shown on a phone and a desktop, then axe finds nothing serious and screenshots are saved', async () => {
    for (const width of [390, 1280]) {
      const you = await openVisitor(browser, portal.baseUrl, { company: 'sandaya', width });
      const last = width === 1280;
      const { page } = you;
      const shoot = async (name: string) => {
        await you.expectAccessible(`${name} at ${width}px`);
        await screenshot(page, `declaration-${name}-${width}`);
      };
      await you.open('declare-sinistre');
      await shoot('open');
      await you.enterNumber('SO-0000002');
      await you.expectAt('declare-step0');
      await shoot('step0');
      await page.locator('.choice').first().click();
      await you.expectAt('declare-step1');
      await shoot('step1');
      await you.chooseObject(cancellationName);
      await you.expectAt('declare-step2');
      await shoot('step2');
      await page.locator('.choice').first().click();
      await you.expectAt('declare-step3');
      await shoot('step3');
      await page.getByLabel(you.t('wizard.step3.claimDate.label')).click();
      await page.locator('.flatpickr-calendar.open').waitFor();
      // flatpickr slides the calendar in from 20 px above (300 ms): measured where it comes to rest.
      await page
        .locator('.flatpickr-calendar.open')
        .evaluate((calendar) => Promise.all(calendar.getAnimations().map((animation) => animation.finished)));
      // Below its field, not over the step's title and the field's label, even low on a phone.
      const [field, calendar] = await Promise.all(
        [page.getByLabel(you.t('wizard.step3.claimDate.label')), page.locator('.flatpickr-calendar.open')].map(
          (element) => element.boundingBox(),
        ),
      );
      expect(field && calendar && calendar.y >= field.y + field.height, `the calendar at ${width} px`).toBe(true);
      expect(calendar && calendar.y + calendar.height <= (page.viewportSize()?.height ?? 0)).toBe(true);
      // The page scrolled up only so far that the field's label stays in view below the sticky header.
      const [header, label] = await Promise.all(
        [page.locator('.site-header'), page.locator('.field--date .field__label').first()].map((element) =>
          element.boundingBox(),
        ),
      );
      expect(header && label && label.y >= header.y + header.height, `the label at ${width} px`).toBe(true);
      await screenshot(page, `declaration-step3-calendar-${width}`);
      await page.keyboard.press('Escape');
      await you.describeClaim(dayFromToday(-1), 'Test de capture');
      await you.expectAt('declare-step4');
      await shoot('step4');
      await you.typeContactIfEmpty();
      await you.next();
      await you.expectAt('declare-step5');
      await shoot('step5');
      await you.submit();
      await page.locator('.confirmations').getByText(you.t('wizard.step5.unticked')).waitFor();
      await shoot('step5-unticked');
      await page.getByRole('button', { name: you.t('wizard.chrome.quit') }).click();
      await page.getByRole('dialog').waitFor();
      await shoot('quit-dialog');
      await page.keyboard.press('Escape');
      // Only the last width declares: the subscription then has its claim.
      if (last) {
        await you.tickConfirmations();
        await you.submit();
        await you.confirmedClaimNumber();
        await page.locator('.documents-list').waitFor();
        await shoot('confirmation');
        await page.setViewportSize({ width: 390, height: 844 });
        await you.expectAccessible('confirmation at 390px');
        await screenshot(page, 'declaration-confirmation-390');
      }
      await page.context().close();
    }
    // Two widths of eight steps, each audited by axe and photographed: far more than one journey's work.
  }, 180_000);

  it('When a phone visitor taps, then every control of the steps is at least 24 px square', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { width: 390 });
    const { page } = you;
    await you.walkTo(3, 'SO-0000023', cancellationName);
    await you.describeClaim(dayFromToday(-1), 'Test');
    await you.expectAt('declare-step4');
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('main a, main button, main input, main select, main textarea')]
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 24 || box.height < 24)
        .map(({ element }) => element.outerHTML.slice(0, 80)),
    );
    expect(small).toEqual([]);
    await page.context().close();
  });
});

describe('On a phone, little stands around the task', () => {
  /** Whether the element is what a tap at its centre reaches (nothing, a cookie banner say, lies over it). */
  async function reachable(page: Page, selector: string): Promise<boolean> {
    const element = page.locator(selector).first();
    await element.scrollIntoViewIfNeeded();
    return element.evaluate((target) => {
      const box = target.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && (hit === target || target.contains(hit));
    });
  }

  /**
   * The controls of the task area (the page's main part, the header's and the cookie banner's
   * controls) smaller than 44 × 44 px; a checkbox, a radio or a hidden file input counts by its label.
   */
  async function smallTargets(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const controls = document.querySelectorAll<HTMLElement>(
        'header a, header button, header summary, main a, main button, main input, main select, main textarea, main summary, main [tabindex="0"], #consent-banner a, #consent-banner button',
      );
      return [...controls].flatMap((control) => {
        let box = control.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return [];
        if (control instanceof HTMLInputElement && (box.width < 44 || box.height < 44)) {
          const label = control.closest('label') ?? control.labels?.[0];
          if (label) box = label.getBoundingClientRect();
        }
        if (box.width >= 44 && box.height >= 44) return [];
        return [`${control.outerHTML.slice(0, 90)} ${Math.round(box.width)}×${Math.round(box.height)}`];
      });
    });
  }

  /** Clicks 6 px inside the element's top-left corner, where a tile's text never is. */
  async function clickCorner(page: Page, selector: string, index = 0): Promise<void> {
    const tile = page.locator(selector).nth(index);
    await tile.scrollIntoViewIfNeeded();
    const box = await tile.boundingBox();
    if (box === null) throw new Error(`${selector} is not shown`);
    await page.mouse.click(box.x + 6, box.y + 6);
  }

  it('When a new visitor declares on a phone, then the cookie banner covers neither question nor button, one support number shows with the others behind "Autres pays", tiles answer a tap anywhere, and every target is 44 px', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'sandaya', width: 390, consented: false });
    const { page } = you;
    await you.open('declare-sinistre');
    const banner = page.locator('#consent-banner');
    expect(await banner.isVisible()).toBe(true);
    expect(await reachable(page, 'h1')).toBe(true);
    expect(await reachable(page, 'main button[type="submit"]')).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    await you.expectAccessible('open-claim page with the cookie banner at 390px');

    // The support block: the French line, the six others in one disclosure.
    const block = page.locator('.support-block');
    const numbers = block.locator('a[href^="tel:"]');
    await block.scrollIntoViewIfNeeded();
    expect(await numbers.filter({ visible: true }).count()).toBe(1);
    expect(await numbers.filter({ visible: true }).textContent()).toContain('+33 1 84 88 40 10');
    const others = block.locator('summary');
    expect(await others.textContent()).toBe('Autres pays');
    await others.click();
    expect(await numbers.filter({ visible: true }).count()).toBe(7);
    expect(await smallTargets(page)).toEqual([]);
    await you.expectAccessible('support block opened at 390px');

    // The menu's language switcher.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.locator('[data-menu-toggle]').click();
    await page.locator('.language-menu summary').click();
    expect(await smallTargets(page)).toEqual([]);
    await page.locator('[data-menu-toggle]').click();

    // Every tile is the control: a tap in its corner chooses it.
    await you.enterNumber('SO-0000002');
    await you.expectAt('declare-step0');
    expect(await reachable(page, '.step-question')).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    // The second subscription: the screenshot journey before this one declared on the first.
    await clickCorner(page, '.choice', 1);
    await you.expectAt('declare-step1');
    expect(await reachable(page, '.step-question')).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    // A keyboard's focus on a tile shows a ring.
    await page.locator('.tile').first().focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const style = getComputedStyle(focused);
      return {
        tile: focused.classList.contains('tile'),
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
      };
    });
    expect(ring.tile).toBe(true);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await clickCorner(page, '.tile');
    await you.expectAt('declare-step2');
    expect(await smallTargets(page)).toEqual([]);
    await clickCorner(page, '.choice');
    await you.expectAt('declare-step3');
    expect(await reachable(page, '.wizard__title')).toBe(true);
    expect(await reachable(page, 'main button[type="submit"]')).toBe(true);
    expect(await smallTargets(page)).toEqual([]);
    await you.describeClaim(dayFromToday(-1), 'Test');
    await you.expectAt('declare-step4');
    expect(await smallTargets(page)).toEqual([]);
    await you.typeContactIfEmpty();
    await you.next();
    await you.expectAt('declare-step5');
    expect(await smallTargets(page)).toEqual([]);

    // On a desktop the banner is a band above the header: still nothing under it.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await banner.isVisible()).toBe(true);
    expect(await reachable(page, '.wizard__title')).toBe(true);
    await you.expectAccessible('review step with the cookie banner at 1280px');
    await page.context().close();
  });
});
