import { formatDate } from '../contracts/dates.ts';
import type { Language } from '../contracts/languages.ts';
import type { Locator, Page } from 'playwright-core';
import { getTranslator, type Translator } from '../site/i18n/index.ts';

/**
 * Where the declaration journey of the bench stops: a wizard step (its page then opens with the
 * claim draft instead of redirecting), or `'submitted'` (the claim sent, the confirmation shown).
 */
export type DraftStep = 1 | 2 | 3 | 4 | 5 | 'submitted';

/** The languages the journeys read the pages in (a browser's first language, as the portal answers it). */
export type JourneyLanguage = Extract<Language, 'fr' | 'en'>;

/**
 * What the journey reads and types, in one place: when the wizard's wording or markup changes,
 * adjust it here. Labels are read from the locale catalogues in the page's language, as a visitor
 * reads them: the same unprefixed address answers a French and an English browser in their language.
 */
const DECLARATION_JOURNEY = {
  startPath: '/veligo/declare-sinistre',
  /**
   * Contracts of the demo seed, taken in turn: the API allows ten look-ups of one number per ten
   * minutes, and every Lighthouse run prepares its own draft.
   */
  insuredNumbers: Array.from({ length: 20 }, (_, index) => `SO-${String(10 + index).padStart(7, '0')}`),
  /** Step 1: the tile of the first object of the claim. */
  firstObjectTile: (page: Page): Locator => page.locator('main .tile').first(),
  /** Step 2: the first reason offered. */
  firstReasonButton: (page: Page): Locator => page.locator('main .choice').first(),
  /** Step 5: the confirmations to tick before sending (checkboxes on wide screens). */
  confirmationBoxes: (page: Page): Locator => page.locator('.confirmation__checkbox input'),
  comment: 'Vélo volé devant la gare, antivol coupé.',
  contact: {
    lastName: 'DUPONT',
    firstName: 'Claire',
    phone: '0611223344',
    address: '3 rue des Tests',
    postalCode: '44000',
    city: 'Nantes',
    /** France, by its ISO 3166 numeric code (the option's value in every language). */
    countryCode: '250',
  },
};

/** A date as the wizard's date fields take it in French: dd/mm/yyyy, in the machine's time zone. */
export function formatDayMonthYear(date: Date): string {
  return formatDate(date, 'fr');
}

let preparedDrafts = 0;

/** Waits until the address ends with `/<route>` (with or without a trailing slash). */
export function waitForRoute(page: Page, route: string): Promise<void> {
  return page.waitForURL((url) => url.pathname.replace(/\/$/, '').endsWith(`/${route}`));
}

/** The wizard's labels in `lang`, and its locators, for a journey that acts on one page at a time. */
export class WizardVisitor {
  readonly t: Translator;
  readonly page: Page;
  readonly lang: JourneyLanguage;

  constructor(page: Page, lang: JourneyLanguage) {
    this.page = page;
    this.lang = lang;
    this.t = getTranslator(lang);
  }

  nextButton(): Locator {
    return this.page.getByRole('button', { name: this.t('wizard.common.next'), exact: true });
  }

  /** The open-claim page: the insured number, then Next; resolves on step 1. */
  async openClaim(baseUrl: string): Promise<void> {
    const { page } = this;
    const journey = DECLARATION_JOURNEY;
    const number = journey.insuredNumbers[preparedDrafts % journey.insuredNumbers.length] ?? 'SO-0000010';
    preparedDrafts += 1;
    await page.goto(`${baseUrl}${journey.startPath}`);
    await page.getByLabel(this.t('wizard.open.label')).fill(number);
    await this.nextButton().click();
    await waitForRoute(page, 'declare-step1');
  }

  /** Step 1: the first object's tile; resolves on step 2. */
  async chooseFirstObject(): Promise<void> {
    await DECLARATION_JOURNEY.firstObjectTile(this.page).click();
    await waitForRoute(this.page, 'declare-step2');
  }

  /** Step 2: the first reason; resolves on step 3. */
  async chooseFirstReason(): Promise<void> {
    await DECLARATION_JOURNEY.firstReasonButton(this.page).click();
    await waitForRoute(this.page, 'declare-step3');
  }

  /** Step 3's date field (its calendar, flatpickr, opens when it is clicked). */
  claimDateField(): Locator {
    return this.page.getByLabel(this.t('wizard.step3.claimDate.label'), { exact: true });
  }

  commentField(): Locator {
    return this.page.getByLabel(this.t('wizard.step3.comment.label'), { exact: true });
  }

  /**
   * Step 3: opens the date picker, types today's date key by key, closes the picker and types the
   * description key by key (`keyDelayMs` between keys, as a person types). Stays on step 3.
   */
  async describeClaim(keyDelayMs = 0): Promise<void> {
    const date = this.claimDateField();
    await date.click();
    await date.pressSequentially(formatDate(new Date(), this.lang), { delay: keyDelayMs });
    // Closes the date picker, which would otherwise cover the button.
    await date.press('Escape');
    await this.commentField().pressSequentially(DECLARATION_JOURNEY.comment, { delay: keyDelayMs });
  }

  /** Step 3 or 4 done: Next, resolving on `route`. */
  async next(route: string): Promise<void> {
    await this.nextButton().click();
    await waitForRoute(this.page, route);
  }

  /**
   * Step 4: types the holder's details key by key where the look-up left them empty (it gives them
   * masked only), with a mailbox of their own (every mail counts against its recipient's hourly
   * share). Stays on step 4.
   */
  async typeContact(keyDelayMs = 0): Promise<void> {
    const { page, t } = this;
    const { contact } = DECLARATION_JOURNEY;
    type ContactField = 'lastName' | 'firstName' | 'email' | 'phone' | 'address' | 'cp' | 'city' | 'country';
    const field = (key: ContactField) => page.getByLabel(t(`wizard.step4.${key}.label`), { exact: true });
    if ((await field('lastName').inputValue()) !== '') return;
    const mailbox = `claire.dupont.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const typed: [ContactField, string][] = [
      ['lastName', contact.lastName],
      ['firstName', contact.firstName],
      ['email', mailbox],
      ['phone', contact.phone],
      ['address', contact.address],
      ['cp', contact.postalCode],
      ['city', contact.city],
    ];
    for (const [key, value] of typed) await field(key).pressSequentially(value, { delay: keyDelayMs });
    await field('country').selectOption({ value: contact.countryCode });
  }

  /** Step 5: ticks the confirmations and sends the claim; resolves on the confirmation page. */
  async submit(): Promise<void> {
    const submit = this.page.getByRole('button', { name: this.t('wizard.step5.submit') });
    // The step is drawn in the browser only: its boxes exist once its button does.
    await submit.waitFor();
    const boxes = DECLARATION_JOURNEY.confirmationBoxes(this.page);
    for (let index = 0; index < (await boxes.count()); index += 1) await boxes.nth(index).check();
    await submit.click();
    await waitForRoute(this.page, 'confirmation-sinistre');
  }
}

/**
 * Bench hook: walks the declaration wizard as a visitor does, so the browser profile holds a claim
 * draft (in localStorage) that lets `declare-step<step>` render instead of redirecting to
 * `declare-sinistre`, or, for `'submitted'`, a claim just sent (the confirmation page shows it).
 * `bench/lighthouse.ts` runs it in the Chrome that Lighthouse then audits with
 * `disableStorageReset`, so the audited page sees the draft. `lang` is the language the pages answer
 * the browser in. It throws (a Playwright timeout naming the locator) when the wizard no longer
 * matches `DECLARATION_JOURNEY` or the catalogues' labels.
 */
export async function prepareDeclarationDraft(
  page: Page,
  baseUrl: string,
  step: DraftStep,
  lang: JourneyLanguage = 'fr',
): Promise<void> {
  const visitor = new WizardVisitor(page, lang);
  await visitor.openClaim(baseUrl);
  if (step === 1) return;
  await visitor.chooseFirstObject();
  if (step === 2) return;
  await visitor.chooseFirstReason();
  if (step === 3) return;
  await visitor.describeClaim();
  await visitor.next('declare-step4');
  if (step === 4) return;
  await visitor.typeContact();
  await visitor.next('declare-step5');
  if (step === 5) return;
  await visitor.submit();
}

/** What `prepareFollowUp` types on suivre-dossier (a demo claim, in treatment). */
const FOLLOW_UP_JOURNEY = {
  startPath: '/veligo/suivre-dossier',
  claimNumber: 'SI-0000003',
  lastName: 'MARTIN',
};

/**
 * Follows a demo claim by number and name, so `client-file` then opens that claim instead of
 * sending the visitor back to suivre-dossier.
 */
export async function prepareFollowUp(page: Page, baseUrl: string, lang: JourneyLanguage = 'fr'): Promise<void> {
  const journey = FOLLOW_UP_JOURNEY;
  const t = getTranslator(lang);
  await page.goto(`${baseUrl}${journey.startPath}`);
  await page.getByRole('textbox', { name: t('followup.find.claimNumber.label') }).fill(journey.claimNumber);
  await page.getByLabel(t('followup.find.lastName.label'), { exact: true }).fill(journey.lastName);
  await page.getByRole('button', { name: t('wizard.common.next'), exact: true }).click();
  await waitForRoute(page, 'client-file');
}
