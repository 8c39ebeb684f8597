import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_NUMBER_PATTERN } from '../contracts/claim-number.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/browser.ts';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { getTranslator } from '../site/i18n/index.ts';
import { BROWSER_LANGUAGES, emptyCachesAfterJourney } from './lighthouse.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import {
  formatDayMonthYear,
  type JourneyLanguage,
  prepareDeclarationDraft,
  prepareFollowUp,
  WizardVisitor,
} from './wizard-journey.ts';

describe('formatDayMonthYear', () => {
  it('When a date has one-digit day and month, then they are padded as the date fields expect', () => {
    expect(formatDayMonthYear(new Date(2026, 0, 5, 23, 59))).toBe('05/01/2026');
    expect(formatDayMonthYear(new Date(2025, 11, 31))).toBe('31/12/2025');
  });
});

/**
 * The journeys the bench prepares its audited profiles with, on the real server as the bench
 * starts it (demo data) and a Chromium speaking each browser language: when the wizard's wording
 * or markup changes, these fail here rather than as a skipped page in `npm run bench`.
 */
describe('the bench journeys on the real pages', () => {
  let portal: ServerProcess;
  const browsers = new Map<JourneyLanguage, Browser>();

  beforeAll(async () => {
    const root = join(import.meta.dirname, '..');
    await ensureBuild(root);
    portal = await startServerProcess(join(root, 'dist'));
    for (const lang of ['fr', 'en'] as const)
      browsers.set(
        lang,
        await chromium.launch({
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS, `--accept-lang=${BROWSER_LANGUAGES[lang]}`],
        }),
      );
  }, 600_000);

  afterAll(async () => {
    for (const browser of browsers.values()) await browser.close();
    await portal?.stop();
  });

  async function visitorPage(lang: JourneyLanguage) {
    const context = await browsers.get(lang)?.newContext();
    if (context === undefined) throw new Error(`no browser for ${lang}`);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  for (const lang of ['fr', 'en'] as const) {
    // One walk for the two ways the bench prepares a wizard page: a draft at step 3 whose caches
    // are then emptied, and, going on from that page, a claim sent.
    it(`When a ${lang} browser walks the wizard to step 3 and its caches are emptied, then the step loads again in its language with nothing from the disk cache, and the walk goes on through its submit to the new claim number`, async () => {
      const page = await visitorPage(lang);
      await prepareDeclarationDraft(page, portal.baseUrl, 3, lang);
      expect(new URL(page.url()).pathname).toMatch(/\/declare-step3\/?$/);
      const context = page.context();
      await emptyCachesAfterJourney(page, portal.baseUrl);
      const audited = await context.newPage();
      audited.setDefaultTimeout(20_000);
      const session = await context.newCDPSession(audited);
      const fromDiskCache: string[] = [];
      const responses: string[] = [];
      session.on('Network.responseReceived', ({ response }) => {
        responses.push(response.url);
        if (response.fromDiskCache) fromDiskCache.push(new URL(response.url).pathname);
      });
      await session.send('Network.enable');
      await audited.goto(`${portal.baseUrl}/veligo/declare-step3`, { waitUntil: 'load' });
      await audited.getByLabel(getTranslator(lang)('wizard.step3.claimDate.label'), { exact: true }).waitFor();
      expect(responses.length).toBeGreaterThan(10);
      expect(fromDiskCache).toEqual([]);

      // The rest of `prepareDeclarationDraft(…, 'submitted')`, from the step the draft holds.
      const visitor = new WizardVisitor(audited, lang);
      await visitor.describeClaim();
      await visitor.next('declare-step4');
      await visitor.typeContact();
      await visitor.next('declare-step5');
      await visitor.submit();
      const number = audited.locator('.confirmation-card__number');
      await number.waitFor();
      expect((await number.textContent())?.trim()).toMatch(CLAIM_NUMBER_PATTERN);
      await context.close();
    }, 120_000);

    it(`When a ${lang} browser follows a demo claim by number and name, then its client file opens`, async () => {
      const page = await visitorPage(lang);
      await prepareFollowUp(page, portal.baseUrl, lang);
      expect(new URL(page.url()).pathname).toMatch(/\/client-file\/?$/);
      await page.context().close();
    }, 120_000);
  }
});
