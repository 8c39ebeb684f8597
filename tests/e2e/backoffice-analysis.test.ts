import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUniqueUsers, getDeclarationFunnel } from '../../server/staff-api/analysis/service.ts';
import { expectNoSeriousViolation } from './declaration-journey.ts';
import {
  ARTEFACTS_DIR,
  newVisitor,
  type RunningPortal,
  screenshot,
  screenshotsAt,
  signInStaff,
  startPortal,
  workerBrowser,
} from './harness.ts';

/**
 * The analysis page (/bo_analyse) in a real Chromium against the real server and the demo
 * database (its generated visitor sessions): the period and its rules, GO, each block's states,
 * the reference page, a failing server, keyboard and axe, screenshots at 1280 and 390 px.
 */

let portal: RunningPortal | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), workerBrowser()]);
  mkdirSync(ARTEFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

function running(): { portal: RunningPortal; browser: Browser } {
  if (!portal || !browser) throw new Error('started in beforeAll');
  return { portal, browser };
}

const TIME_ZONE = 'Europe/Paris';

async function analysisPage(width = 1280, timezoneId = TIME_ZONE): Promise<Page> {
  const { portal, browser } = running();
  const context = await newVisitor(browser, portal.baseUrl, { width, height: 900, timezoneId });
  await signInStaff(context, portal, 'e2e.analyste');
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}/bo_analyse`);
  await page.getByRole('heading', { name: 'Analyse', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'GO', exact: true }).waitFor();
  return page;
}

/** A statistic block, found by its title. */
function block(page: Page, title: string) {
  return page.locator('section.an-card', { has: page.getByRole('heading', { name: title, exact: true }) });
}

const BLOCKS = [
  'Utilisateurs uniques',
  'Déclarations',
  'Numéro de dossier retrouvé',
  'Dossier consulté du premier coup',
  'Étape la plus avancée des déclarations non terminées',
  'Dernière étape avant de quitter la déclaration',
  'Pages avant et après une page',
];

async function blockStates(page: Page): Promise<string[]> {
  return Promise.all(BLOCKS.map((title) => block(page, title).getAttribute('data-state').then(String)));
}

async function waitForBlocks(page: Page, state: 'loaded' | 'error' | 'idle'): Promise<void> {
  await page.waitForFunction(
    ([wanted, count]) =>
      Array.from(document.querySelectorAll('section.an-card[data-state]')).filter(
        (section) => section.getAttribute('data-state') === wanted,
      ).length === count,
    [state, BLOCKS.length] as const,
  );
}

/** Picks a local date-time `YYYY-MM-DD HH:mm` in a picker through flatpickr's own API, which fires its change. */
async function pick(page: Page, label: 'Début' | 'Fin', wallClock: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).evaluate((input, value) => {
    const picker = (
      input as HTMLInputElement & { _flatpickr: { setDate(date: string, fire: boolean, format: string): void } }
    )._flatpickr;
    picker.setDate(value, true, 'Y-m-d H:i');
  }, wallClock);
}

/** The text of a number as the page writes it (French grouping with a narrow no-break space). */
function frenchCount(value: number): string {
  return new Intl.NumberFormat('fr-FR').format(value);
}

describe('Analysis page', () => {
  it('When staff pick a period and press GO, then every block shows figures; changing a date puts them back to idle', async () => {
    const page = await analysisPage();
    await expect(page.locator('.an-version').textContent()).resolves.toBe('V3');
    expect(await blockStates(page)).toEqual(BLOCKS.map(() => 'idle'));

    await pick(page, 'Début', `${new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)} 00:00`);
    const start = await page.getByLabel('Début', { exact: true }).inputValue();
    expect(start).toMatch(/^\d{2} [a-zéû]+ \d{4} à 00:00$/);
    await page.getByRole('button', { name: 'GO', exact: true }).click();
    await waitForBlocks(page, 'loaded');

    // The unique users are the sessions of the range, read with the same wall clocks and time zone.
    const period = await page.evaluate(() => {
      const read = (label: string) =>
        (
          Array.from(document.querySelectorAll('label')).find((item) => item.textContent === label)?.control as
            | (HTMLInputElement & { _flatpickr: { selectedDates: Date[] } })
            | null
        )?._flatpickr.selectedDates[0];
      const wall = (date: Date | undefined) =>
        date
          ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}:00`
          : '';
      return { start: wall(read('Début')), end: wall(read('Fin')) };
    });
    const users = await countUniqueUsers(running().portal.database.db, { ...period, timeZone: TIME_ZONE });
    expect(users).toBeGreaterThan(100);
    await expect(block(page, 'Utilisateurs uniques').locator('.an-kpi__value').textContent()).resolves.toBe(
      frenchCount(users),
    );
    // The block says what it counts (sessions, one per tab), shown and read as its description.
    const helpId = await block(page, 'Utilisateurs uniques').getAttribute('aria-describedby');
    const help = await page.locator(`[id="${helpId}"]`).textContent();
    expect(help).toContain('une session réunit les pages vues dans un même onglet');
    expect(await page.locator(`[id="${helpId}"]`).isVisible()).toBe(true);

    const totals = await block(page, 'Déclarations').locator('dt').allTextContents();
    expect(totals).toEqual(['Terminées', 'Non terminées', 'Autres sessions']);
    const steps = block(page, 'Étape la plus avancée des déclarations non terminées');
    await expect(steps.locator('tbody th').allTextContents()).resolves.toEqual([
      'Étape 0 · n° d’assuré',
      'Étape 1',
      'Étape 2',
      'Étape 3',
      'Étape 4',
      'Étape 5',
    ]);
    await expect(steps.locator('thead th').allTextContents()).resolves.toEqual([
      'Étape',
      'Sessions',
      'Part',
      'Smartphones',
      'Navigateurs',
      'Langues',
      'Page suivante',
    ]);
    const step1 = await steps.locator('tr[data-step="step1"]').textContent();
    expect(step1).toMatch(/%/);
    expect(step1).toMatch(/Chrome|Safari/);
    await expect(
      steps.locator('tr[data-step="step1"] td:nth-child(6) .an-breakdown__name').allTextContents(),
    ).resolves.toContain('fr');
    await expect(block(page, 'Numéro de dossier retrouvé').textContent()).resolves.toMatch(
      /%.*OK \d+.*KO \d+.*Disponible depuis le 02\/11\/2023/,
    );
    await expect(block(page, 'Pages avant et après une page').getByText('Pages suivantes').count()).resolves.toBe(1);
    await expectNoSeriousViolation(page, 'analysis, figures loaded');
    await screenshot(page, 'backoffice-analysis-loaded-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'backoffice-analysis-loaded-390');
    await expectNoSeriousViolation(page, 'analysis at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A real click on a day of the end calendar.
    await page.getByLabel('Fin', { exact: true }).click();
    const calendar = page.locator('.flatpickr-calendar.open');
    await calendar.waitFor();
    await calendar
      .locator('.flatpickr-day:not(.flatpickr-disabled):not(.prevMonthDay):not(.nextMonthDay)')
      .first()
      .click();
    await page.keyboard.press('Escape');
    await waitForBlocks(page, 'idle');
    expect(await blockStates(page)).toEqual(BLOCKS.map(() => 'idle'));
    await page.context().close();
  });

  it('When the start is before 2024-05-21 10:00, then the badge reads V2, the end is clamped to the boundary and step 6 shows', async () => {
    const page = await analysisPage();
    await pick(page, 'Début', '2024-05-01 00:00');
    await expect(page.locator('.an-version').textContent()).resolves.toBe('V2');
    await expect(page.getByLabel('Fin', { exact: true }).inputValue()).resolves.toBe('21 mai 2024 à 10:00');
    await expect(page.getByLabel('Début', { exact: true }).inputValue()).resolves.toBe('01 mai 2024 à 00:00');
    // The end cannot go past the boundary.
    await pick(page, 'Fin', '2024-06-10 12:00');
    await expect(page.getByLabel('Fin', { exact: true }).inputValue()).resolves.toBe('21 mai 2024 à 10:00');

    // Release days carry a dot and a title in the calendar.
    await page.getByLabel('Fin', { exact: true }).click();
    const releaseDay = page.locator('.flatpickr-calendar.open .flatpickr-day.bo-marked-day');
    await releaseDay.first().waitFor();
    await expect(releaseDay.first().getAttribute('title')).resolves.toBe('v3.0.0 à 10:00\u00a0: passage en V3');
    // The calendar fades in; the screenshot waits for it.
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.flatpickr-calendar.open') as Element).opacity === '1',
    );
    await screenshot(page, 'backoffice-analysis-calendar-1280');
    await page.keyboard.press('Escape');
    await expect(page.locator('.an-releases li').count()).resolves.toBe(4);

    await page.getByRole('button', { name: 'GO', exact: true }).click();
    await waitForBlocks(page, 'loaded');
    const steps = block(page, 'Étape la plus avancée des déclarations non terminées');
    await expect(steps.locator('tbody th').last().textContent()).resolves.toBe('Étape 6 (V2)');
    await expect(steps.locator('tr[data-step="step6"] td').first().textContent()).resolves.toMatch(/^\d+$/);
    await page.context().close();
  });

  it('When staff choose a reference page, then the pages before and after it load for the same period', async () => {
    const page = await analysisPage();
    const around = block(page, 'Pages avant et après une page');
    await expect(around.getByLabel('Page de référence').inputValue()).resolves.toBe('/');
    await page.getByRole('button', { name: 'GO', exact: true }).click();
    await waitForBlocks(page, 'loaded');
    const previous = around.locator('.an-around__list', { hasText: 'Pages précédentes' });
    const next = around.locator('.an-around__list', { hasText: 'Pages suivantes' });
    await around.getByLabel('Page de référence').selectOption('/declare-step1');
    // From the home page nobody goes straight to step 2: its appearance means the new page's figures are in.
    await next.locator('tbody th', { hasText: /^\/declare-step2$/ }).waitFor();
    await expect(previous.locator('tbody th').allTextContents()).resolves.toContain('/declare-sinistre');
    await expect(next.locator('tbody th').allTextContents()).resolves.toContain('/declare-step2');
    await page.context().close();
  });

  it('When the server cannot be reached, then every block shows Erreur', async () => {
    const page = await analysisPage(390);
    const { portal } = running();
    await portal.stopHttp();
    try {
      await page.getByRole('button', { name: 'GO', exact: true }).click();
      await waitForBlocks(page, 'error');
      for (const title of BLOCKS)
        await expect(block(page, title).locator('.an-error').textContent()).resolves.toBe('Erreur');
      await screenshot(page, 'backoffice-analysis-error-390');
    } finally {
      await portal.startHttp();
    }
    await page.context().close();
  });

  it('When staff use the keyboard, then they reach the dates, GO and the reference page, with a visible focus', async () => {
    const page = await analysisPage();
    await page.getByLabel('Début', { exact: true }).focus();
    const order: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      order.push(
        await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          return (element as HTMLInputElement | null)?.labels?.[0]?.textContent ?? element?.textContent?.trim() ?? '';
        }),
      );
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
    }
    expect(order.slice(0, 3)).toEqual(['Début', 'Fin', 'GO']);
    await page.keyboard.press('Shift+Tab');
    const outline = await page.getByRole('button', { name: 'GO', exact: true }).evaluate((button) => {
      (button as HTMLElement).focus();
      return getComputedStyle(button).outlineStyle;
    });
    expect(outline).not.toBe('none');
    await page.getByRole('button', { name: 'GO', exact: true }).press('Enter');
    await waitForBlocks(page, 'loaded');
    await page.context().close();
  });

  it('When staff whose browser runs on UTC open the page, then the period ends now on the Paris clock and is sent as Paris time', async () => {
    const page = await analysisPage(1280, 'UTC');
    /** "HH:mm" of an instant in Paris. */
    const parisTime = (at: number) =>
      new Date(at).toLocaleTimeString('fr-FR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
    const now = Date.now();
    const end = await page.getByLabel('Fin', { exact: true }).inputValue();
    // The page opened within the last minute: its end is now, Paris time (an hour or two ahead of UTC).
    expect([parisTime(now), parisTime(now - 60_000)].map((time) => `à ${time}`)).toContain(
      end.slice(end.lastIndexOf('à ')),
    );
    const sent = page.waitForRequest((request) => request.url().endsWith('/stats_01'));
    await page.getByRole('button', { name: 'GO', exact: true }).click();
    const body = (await sent).postDataJSON() as { end_date: string; timezone: string };
    expect(body.timezone).toBe(TIME_ZONE);
    expect(body.end_date.slice(11, 16)).toBe(end.slice(end.lastIndexOf('à ') + 2));
    await waitForBlocks(page, 'loaded');
    await page.context().close();
  });

  it('When staff ask the question box in French, type a SELECT, then a hostile query, then they see the SQL and the answer, or why it is refused', async () => {
    const page = await analysisPage();
    const box = page.locator('section.an-box');
    const question = box.getByLabel('Votre question');
    const ask = box.getByRole('button', { name: 'GO – poser la question' });
    await question.fill('Combien de visiteurs ont déclaré un sinistre par marque ?');
    await ask.click();
    // The first question on the embedded database waits for its snapshot and the worker reading it.
    await box.locator('pre code').waitFor({ timeout: 60_000 });
    await expect(box.locator('pre code').textContent()).resolves.toMatch(/from sessions s/);
    await expect(box.locator('.an-box__as-of').textContent()).resolves.toMatch(
      /^Données arrêtées à \d{2}:\d{2}:\d{2}$/,
    );
    // Columns named in French, as the SQL above names them in English.
    await box.getByRole('columnheader', { name: 'marque' }).waitFor();
    await box.getByRole('columnheader', { name: 'visiteurs' }).waitFor();
    await expectNoSeriousViolation(page, 'question box, answered');
    await screenshotsAt(page, 'backoffice-analysis-question');

    await question.fill('select count(*) as sessions from sessions');
    await ask.click();
    await box.locator('.an-kpi__label', { hasText: 'sessions' }).waitFor();

    // Staff's own words: a range up to today and the page's "utilisateurs uniques".
    await question.fill(
      "Combien d'utilisateurs uniques ont déclaré un sinistre entre le 1er janvier 2024 et aujourd'hui ?",
    );
    const asked = new Date();
    await ask.click();
    await box.locator('.an-kpi__label', { hasText: 'visiteurs' }).waitFor();
    await expect(box.locator('pre code').textContent()).resolves.toMatch(
      /^-- Question comprise\s:\sCombien de visiteurs qui ont terminé leur déclaration entre le 1 janvier 2024 et aujourd’hui\s\?\n/,
    );
    const end = `${asked.toLocaleString('sv-SE', { timeZone: TIME_ZONE }).slice(0, 16)}:00`;
    const funnel = await getDeclarationFunnel(running().portal.database.db, {
      start: '2024-01-01 00:00:00',
      end,
      timeZone: TIME_ZONE,
    });
    expect(funnel.total2).toBeGreaterThan(0);
    await expect(box.locator('.an-kpi__value').textContent()).resolves.toBe(String(funnel.total2));
    await box.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.screenshot({ path: join(ARTEFACTS_DIR, 'backoffice-analysis-question-dates-1280.png') });

    await question.fill('select email from claims');
    await ask.click();
    await expect(box.getByRole('alert').textContent()).resolves.toMatch(
      /^Requête\srefusée\s:\sla\stable\s«\sclaims\s»\sn’est\spas\spermise/,
    );
    await expectNoSeriousViolation(page, 'question box, refused');
    await page.context().close();
  }, 150_000);
});
