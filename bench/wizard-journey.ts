import { formatDate } from '../contracts/dates.ts';
import type { Locator, Page } from 'playwright-core';

/** The wizard steps a Lighthouse run can open with a claim draft already saved. */
export type DraftStep = 1 | 4;

/**
 * What the journey reads and types, in one place: when the wizard's wording or markup changes,
 * adjust it here. Labels and names are the French reference strings of the veligo pages.
 */
const DECLARATION_JOURNEY = {
  startPath: '/veligo/declare-sinistre',
  insuredNumberLabel: "N° d'assuré ou N° de contrat",
  /**
   * Contracts of the demo seed, taken in turn: the API allows ten look-ups of one number per ten
   * minutes, and every Lighthouse run prepares its own draft.
   */
  insuredNumbers: Array.from({ length: 20 }, (_, index) => `SO-${String(10 + index).padStart(7, '0')}`),
  nextButton: 'Suivant',
  incidentDateLabel: 'Date du sinistre',
  /** Step 1: the tile of the first object of the claim. */
  firstObjectTile: (page: Page): Locator => page.locator('main .tile').first(),
  /** Step 2: the first reason offered. */
  firstReasonButton: (page: Page): Locator => page.locator('main .choice').first(),
};

/** A date as the wizard's date fields take it: dd/mm/yyyy, in the machine's (and browser's) time zone. */
export function formatDayMonthYear(date: Date): string {
  return formatDate(date, 'fr');
}

let preparedDrafts = 0;

/** Waits until the address ends with `/<route>` (with or without a trailing slash). */
function waitForRoute(page: Page, route: string): Promise<void> {
  return page.waitForURL((url) => url.pathname.replace(/\/$/, '').endsWith(`/${route}`));
}

/**
 * Bench hook: walks the declaration wizard as a visitor does, so the browser profile holds a claim
 * draft (in localStorage) that lets `declare-step<step>` render instead of redirecting to
 * `declare-sinistre`. `bench/lighthouse.ts` runs it in the Chrome that Lighthouse then audits with
 * `disableStorageReset`, so the audited page sees the draft. It throws (a Playwright timeout naming
 * the locator) when the wizard no longer matches `DECLARATION_JOURNEY`.
 */
export async function prepareDeclarationDraft(page: Page, baseUrl: string, step: DraftStep): Promise<void> {
  const journey = DECLARATION_JOURNEY;
  const number = journey.insuredNumbers[preparedDrafts % journey.insuredNumbers.length] ?? 'SO-0000010';
  preparedDrafts += 1;
  await page.goto(`${baseUrl}${journey.startPath}`);
  await page.getByLabel(journey.insuredNumberLabel).fill(number);
  await page.getByRole('button', { name: journey.nextButton, exact: true }).click();
  await waitForRoute(page, 'declare-step1');
  if (step === 1) return;

  await journey.firstObjectTile(page).click();
  await waitForRoute(page, 'declare-step2');
  await journey.firstReasonButton(page).click();
  await waitForRoute(page, 'declare-step3');
  await page.getByLabel(journey.incidentDateLabel).fill(formatDayMonthYear(new Date()));
  // Closes the date picker, which would otherwise cover the button.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: journey.nextButton, exact: true }).click();
  await waitForRoute(page, 'declare-step4');
}

/** What `prepareFollowUp` types on suivre-dossier (a demo claim, in treatment). */
const FOLLOW_UP_JOURNEY = {
  startPath: '/veligo/suivre-dossier',
  claimNumberLabel: 'Numéro de dossier',
  lastNameLabel: 'Nom',
  claimNumber: 'SI-0000003',
  lastName: 'MARTIN',
  nextButton: 'Suivant',
};

/**
 * Follows a demo claim by number and name, so `client-file` then opens that claim instead of
 * sending the visitor back to suivre-dossier.
 */
export async function prepareFollowUp(page: Page, baseUrl: string): Promise<void> {
  const journey = FOLLOW_UP_JOURNEY;
  await page.goto(`${baseUrl}${journey.startPath}`);
  await page.getByRole('textbox', { name: journey.claimNumberLabel }).fill(journey.claimNumber);
  await page.getByLabel(journey.lastNameLabel, { exact: true }).fill(journey.lastName);
  await page.getByRole('button', { name: journey.nextButton, exact: true }).click();
  await waitForRoute(page, 'client-file');
}
