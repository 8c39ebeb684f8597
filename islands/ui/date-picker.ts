import flatpickr from 'flatpickr';
import stylesheetUrl from 'flatpickr/dist/flatpickr.min.css?url';
import type { Instance } from 'flatpickr/dist/types/instance';
import type { CustomLocale } from 'flatpickr/dist/types/locale';
import { DATE_PATTERNS, localDayOfIso, parseDate } from '../../contracts/dates.ts';
import type { Language } from '../../contracts/languages.ts';

/**
 * flatpickr, loaded only when a date field is about to be used (this module is imported on the
 * field's first focus or pointer): a step with dates pays nothing for the picker until then.
 * The picker shows the page's language and its display format (spec 1 §5), has no time and no
 * clear button, and accepts a typed date.
 */

/** flatpickr's format tokens for the display pattern of each language. */
function flatpickrFormat(lang: Language): string {
  return DATE_PATTERNS[lang].replace('dd', 'd').replace('MM', 'm').replace('yyyy', 'Y');
}

const LOCALES: Partial<Record<Language, () => Promise<CustomLocale | undefined>>> = {
  fr: async () => (await import('flatpickr/dist/esm/l10n/fr.js')).default.fr,
  de: async () => (await import('flatpickr/dist/esm/l10n/de.js')).default.de,
  es: async () => (await import('flatpickr/dist/esm/l10n/es.js')).default.es,
  it: async () => (await import('flatpickr/dist/esm/l10n/it.js')).default.it,
  nl: async () => (await import('flatpickr/dist/esm/l10n/nl.js')).default.nl,
  pl: async () => (await import('flatpickr/dist/esm/l10n/pl.js')).default.pl,
  da: async () => (await import('flatpickr/dist/esm/l10n/da.js')).default.da,
  pt: async () => (await import('flatpickr/dist/esm/l10n/pt.js')).default.pt,
};

export interface DatePickerOptions {
  lang: Language;
  /** ISO `yyyy-mm-dd` bounds, or undefined. */
  minDate?: string | undefined;
  maxDate?: string | undefined;
  /** The date the visitor picked or typed (a local calendar day). */
  onPick: (date: Date) => void;
  /** Accessible names of the calendar's month navigation (flatpickr's own are not translated). */
  labels: { previousMonth: string; nextMonth: string };
}

/** Attaches a picker to an input whose text is in the language's display format. */
let stylesheet: Promise<void> | undefined;

/**
 * Links flatpickr's stylesheet once, when the first picker attaches. Imported as CSS it would be
 * linked, render-blocking, in the head of every page: the pages share one Astro route file.
 */
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

/** Between the sticky header and the top of a field scrolled up to make room for its calendar. */
const MARGIN_UNDER_HEADER = 8;

/**
 * Opens the calendar below its field, as a visitor expects, rather than over the page's title and
 * the field's own label: on a phone the field often sits low on the screen, so the page scrolls up
 * by what the calendar lacks (never so far that the field's label goes under the header). Where
 * even that is not enough, flatpickr opens it above.
 */
function makeRoomBelow(input: HTMLInputElement, opened: Instance): void {
  const field = input.getBoundingClientRect();
  const lacking = opened.calendarContainer.offsetHeight + 8 - (window.innerHeight - field.bottom);
  if (lacking <= 0) return;
  // The field's box holds its label and hint above the input; the page's sticky header covers the
  // top of the screen (none in the back office).
  const top = (input.closest('.field') ?? input).getBoundingClientRect().top;
  const covered = Math.max(0, document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0);
  const scroll = Math.min(lacking, Math.max(0, top - covered - MARGIN_UNDER_HEADER));
  if (scroll <= 0) return;
  window.scrollBy({ top: scroll, behavior: 'instant' });
  opened._positionCalendar();
}

export async function attachDatePicker(input: HTMLInputElement, options: DatePickerOptions): Promise<Instance> {
  const [locale] = await Promise.all([LOCALES[options.lang]?.(), loadStylesheet()]);
  const minDate = options.minDate ? localDayOfIso(options.minDate) : undefined;
  const maxDate = options.maxDate ? localDayOfIso(options.maxDate) : undefined;
  const instance = flatpickr(input, {
    ...(locale ? { locale } : {}),
    dateFormat: flatpickrFormat(options.lang),
    allowInput: true,
    // Opened by a click or Alt+ArrowDown (DateInput), not by focus: a field focused by the keyboard
    // or by a refused submit is for typing, without a calendar covering the page.
    clickOpens: false,
    // Strict: flatpickr's own parser would turn a typed 31/02 into 3 March without a word.
    parseDate: (text: string) => parseDate(text, options.lang) as Date,
    disableMobile: true,
    monthSelectorType: 'static',
    // Bounds as Date objects: flatpickr would read a string with `dateFormat`, not as ISO.
    ...(minDate ? { minDate } : {}),
    ...(maxDate ? { maxDate } : {}),
    // Days outside the bounds are inactive controls: say so to assistive technologies (and axe).
    onDayCreate: (_dates, _text, _instance, day: HTMLElement) => {
      if (day.classList.contains('flatpickr-disabled')) day.setAttribute('aria-disabled', 'true');
    },
    onChange: (dates) => {
      const [date] = dates;
      if (date) options.onPick(date);
    },
    onOpen: (_dates, _text, opened) => makeRoomBelow(input, opened),
  });
  instance.prevMonthNav.setAttribute('aria-label', options.labels.previousMonth);
  instance.prevMonthNav.setAttribute('role', 'button');
  instance.nextMonthNav.setAttribute('aria-label', options.labels.nextMonth);
  instance.nextMonthNav.setAttribute('role', 'button');
  return instance;
}
