import type { Language } from './languages.ts';

/**
 * Amounts of euros written as each language writes them ("1 234,50 €", "€1,234.50",
 * "€ 1.234,50"), for the review step and the claim's file.
 *
 * Written from the table below, not with Intl.NumberFormat: a page's first Intl formatter loads
 * the browser's locale data, 20 to 35 ms of main thread on a desktop and four times that on a slow
 * phone, in the very task that draws the page (see `dates.ts`). `amounts.test.ts` checks every
 * language against Intl's own output for the locale of `LANGUAGE_LOCALES` (CLDR), so the text stays Intl's.
 */

interface EuroWriting {
  /** Between groups of three digits. */
  group: string;
  /** Before the cents. */
  decimal: string;
  /** Fewest digits of a whole part that is grouped: 4 ("1.234") or 5 (Spanish "1234", "12.345"). */
  groupedFrom: 4 | 5;
  /** The amount around its unsigned number. */
  around: (number: string, negative: boolean) => string;
}

/** A narrow no-break space (French groups) and a no-break space (before the sign €). */
const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

const after = (number: string, negative: boolean) => `${negative ? '-' : ''}${number}${NBSP}€`;

const EUROS: Record<Language, EuroWriting> = {
  fr: { group: NARROW_NBSP, decimal: ',', groupedFrom: 4, around: after },
  en: { group: ',', decimal: '.', groupedFrom: 4, around: (number, negative) => `${negative ? '-' : ''}€${number}` },
  de: { group: '.', decimal: ',', groupedFrom: 4, around: after },
  es: { group: '.', decimal: ',', groupedFrom: 5, around: after },
  it: { group: '.', decimal: ',', groupedFrom: 5, around: after },
  nl: {
    group: '.',
    decimal: ',',
    groupedFrom: 4,
    around: (number, negative) => `€${NBSP}${negative ? '-' : ''}${number}`,
  },
  pl: { group: NBSP, decimal: ',', groupedFrom: 5, around: after },
  da: { group: '.', decimal: ',', groupedFrom: 4, around: after },
  pt: { group: NBSP, decimal: ',', groupedFrom: 5, around: after },
};

/**
 * The whole part and the cents of a non-negative number, rounded half up from its shortest
 * decimal form as Intl rounds it (1.005 → 1.01, where `toFixed` gives 1.00).
 */
function wholeAndCents(value: number): [whole: string, cents: string] {
  // `String` writes a number from 1e-7 to 1e21 in plain decimals; below, it rounds to 0.00.
  const text = value >= 1e21 ? BigInt(value).toString() : String(value);
  if (text.includes('e')) return ['0', '00'];
  const [whole = '0', fraction = ''] = text.split('.');
  const roundUp = Number(fraction[2] ?? '0') >= 5 ? 1n : 0n;
  const inCents = (BigInt(whole + `${fraction}00`.slice(0, 2)) + roundUp).toString().padStart(3, '0');
  return [inCents.slice(0, -2), inCents.slice(-2)];
}

/** An amount of euros as the language writes it, with its cents; '' when it is no finite number. Example: (1234.5, "fr") → "1 234,50 €". */
export function formatEuros(value: number, lang: Language): string {
  if (!Number.isFinite(value)) return '';
  const writing = EUROS[lang];
  const [whole, cents] = wholeAndCents(Math.abs(value));
  const grouped = whole.length < writing.groupedFrom ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, writing.group);
  return writing.around(`${grouped}${writing.decimal}${cents}`, value < 0 || Object.is(value, -0));
}
