import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDayInFull, isoOfLocalDay } from '../../contracts/dates.ts';
import { LANGUAGES } from '../../contracts/languages.ts';
import { COUNTRIES } from '../../content/countries.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { claimsOf, dayFromToday } from './declaration-journey.ts';
import { openVisitor, REFLOW_WIDTH, type RunningPortal, startPortal, workerBrowser } from './harness.ts';
import { IN_INSURER_ZONE } from '../../contracts/time-zone.ts';

/** One whole declaration in each of the nine languages, read back from the database. */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), workerBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const cancellation = getDemoGuarantee(1);
const reason = [...cancellation.motifs].sort((a, b) => b.priorisationDeclare - a.priorisationDeclare)[0];
const spain = COUNTRIES.find((country) => country.code === 'ES');

/** A date typed as digits (07/12/2026, 12/07/2026, 07.12.2026, 07-12-2026): never what a page reads back. */
const NUMERIC_DATE = /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b/;

/** The date written in full shows whole, on a phone (390 px) and on a desktop (1280 px). */
async function expectDateFits(page: Page, selector: string, written: string): Promise<void> {
  const date = page.locator(selector, { hasText: written }).first();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await date.scrollIntoViewIfNeeded();
    const box = await date.boundingBox();
    expect(box, `the date in full is missing at ${width} px`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), `the date in full overflows a ${width} px screen`).toBeLessThanOrEqual(
      width,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

/**
 * Nothing on the page is wider than WCAG's reflow width: a long word (« dokumentation » in a third
 * of the screen, a German title) breaks instead of pushing the page sideways.
 */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 700 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} scrolls sideways ${REFLOW_WIDTH} px wide`).toBeLessThanOrEqual(REFLOW_WIDTH);
  if (viewport) await page.setViewportSize(viewport);
}

describe('A declaration in every language', () => {
  it.each(LANGUAGES.map((lang, index) => [lang, index] as const))(
    'When a visitor declares in %s, then every page speaks it and the claim is stored in it',
    async (lang, index) => {
      const number = `SO-${String(10 + index).padStart(7, '0')}`;
      const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo', lang, locale: lang });
      const { page, t } = you;
      await you.open('declare-sinistre');
      expect(await page.locator('h1').textContent()).toBe(t('page.declare-sinistre'));
      await you.enterNumber(number);
      await you.expectAt('declare-step1');
      await expectNoSidewaysScroll(page, 'declare-step1');
      expect(await page.locator('.step-question').textContent()).toBe(t('wizard.step1.question'));
      await you.chooseObject(cancellation.names[lang].nom);
      await you.expectAt('declare-step2');
      await expectNoSidewaysScroll(page, 'declare-step2');
      await you.chooseReason(reason?.nom[lang] ?? '');
      await you.expectAt('declare-step3');
      await expectNoSidewaysScroll(page, 'declare-step3');
      // The date is typed as the language writes dates (dd.MM.yyyy in German, MM/dd/yyyy in English…).
      const claimDay = dayFromToday(-6);
      const claimDayInFull = formatDayInFull(isoOfLocalDay(claimDay), lang);
      // Said back in words under the field as soon as it is typed: a day and a month typed the
      // other way round (the English format is month first) show before the form is sent.
      const dateField = page.getByLabel(t('wizard.step3.claimDate.label'), { exact: true });
      await you.typeDate(t('wizard.step3.claimDate.label'), claimDay);
      await expect
        .poll(async () => page.locator(`[id="${await dateField.getAttribute('id')}-note"]`).textContent())
        .toBe(t('wizard.common.date.readAs', { date: claimDayInFull }));
      expect((await dateField.getAttribute('aria-describedby'))?.split(' ')).toContain(
        `${await dateField.getAttribute('id')}-note`,
      );
      await you.describeClaim(claimDay, `Déclaration en ${lang}`);
      await you.expectAt('declare-step4');
      await expectNoSidewaysScroll(page, 'declare-step4');
      await you.typeContactIfEmpty();
      await page.getByLabel(t('wizard.step4.country.label')).selectOption(String(spain?.id));
      await you.next();
      await you.expectAt('declare-step5');
      await expectNoSidewaysScroll(page, 'declare-step5');
      const recap = (await page.locator('.recap-page').textContent()) ?? '';
      expect(recap).toContain(spain?.nom[lang]);
      expect(recap).toContain(cancellation.names[lang].nom);
      // Typed as the language's digits, read back in full: "7. Dezember 2026", "7 December 2026".
      expect(recap, 'step 5 does not read the claim date in full').toContain(claimDayInFull);
      expect(recap, 'step 5 shows a date in digits').not.toMatch(NUMERIC_DATE);
      if (lang === 'de' || lang === 'en') {
        await expectDateFits(page, '.recap dd', claimDayInFull);
        if (lang === 'de') await you.expectAccessible('step 5 with its dates in full');
      }
      await you.tickConfirmations();
      await you.submit();
      const claimNumber = await you.confirmedClaimNumber();
      await expectNoSidewaysScroll(page, 'the confirmation');
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(t('confirmation.title'));
      const createdInFull = formatDayInFull(new Date(), lang, IN_INSURER_ZONE);
      await expect(
        page.locator('.confirmation-card__facts').textContent(),
        'the confirmation does not read the creation date in full',
      ).resolves.toContain(createdInFull);
      if (lang === 'de' || lang === 'en') await expectDateFits(page, '.confirmation-card__facts dd', createdInFull);
      const [claim] = await claimsOf(portal.database, number);
      expect(claim).toMatchObject({
        numero: claimNumber,
        lang,
        sinistreDate: isoOfLocalDay(claimDay),
        assurePays: String(spain?.id),
        garantieId: cancellation.id,
        motifId: reason?.id,
        company: 'veligo',
      });
      await page.context().close();
    },
  );
});
