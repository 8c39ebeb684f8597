import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contracts/languages.ts';
import { launchBrowser } from '../../scripts/browser.ts';
import { COUNTRIES } from '../../content/countries.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { claimsOf, dayFromToday, isoOf } from './declaration-journey.ts';
import { openVisitor, type RunningPortal, startPortal } from './harness.ts';

/** One whole declaration in each of the nine languages, read back from the database. */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const cancellation = getDemoGuarantee(1);
const reason = [...cancellation.motifs].sort((a, b) => b.priorisationDeclare - a.priorisationDeclare)[0];
const spain = COUNTRIES.find((country) => country.code === 'ES');

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
      expect(await page.locator('.step-question').textContent()).toBe(t('wizard.step1.question'));
      await you.chooseObject(cancellation.names[lang].nom);
      await you.expectAt('declare-step2');
      await you.chooseReason(reason?.nom[lang] ?? '');
      await you.expectAt('declare-step3');
      // The date is typed as the language writes dates (dd.MM.yyyy in German, MM/dd/yyyy in English…).
      const claimDay = dayFromToday(-6);
      await you.describeClaim(claimDay, `Déclaration en ${lang}`);
      await you.expectAt('declare-step4');
      await page.getByLabel(t('wizard.step4.country.label')).selectOption(String(spain?.id));
      await you.next();
      await you.expectAt('declare-step5');
      const recap = (await page.locator('.recap-page').textContent()) ?? '';
      expect(recap).toContain(spain?.nom[lang]);
      expect(recap).toContain(cancellation.names[lang].nom);
      await you.tickConfirmations();
      await you.submit();
      const claimNumber = await you.confirmedClaimNumber();
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(t('confirmation.title'));
      const [claim] = await claimsOf(portal.database, number);
      expect(claim).toMatchObject({
        numero: claimNumber,
        lang,
        sinistreDate: isoOf(claimDay),
        assurePays: String(spain?.id),
        garantieId: cancellation.id,
        motifId: reason?.id,
        company: 'veligo',
      });
      await page.context().close();
    },
  );
});
