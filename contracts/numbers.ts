import type { Language } from './languages.ts';

/**
 * Numbers and amounts of euros written as each language writes them: "1 234,5", "1,234.5";
 * "1 234,50 €", "€1,234.50", "€ 1.234,50". For the review step, the claim's file and the sizes of
 * chosen files.
 *
 * Written from the table below, not with Intl.NumberFormat: a page's first Intl formatter loads
 * the browser's locale data, 20 to 35 ms of main thread on a desktop and four times that on a slow
 * phone, in the very task that draws the page or answers a press (see `dates.ts`).
 * `numbers.test.ts` checks every language against Intl's own output for the locale of
 * `LANGUAGE_LOCALES` (CLDR), so the text stays Intl's.
 */

interface NumberWriting {
  /** Between groups of three digits. */
  group: string;
  /** Before the decimals (an amount's cents). */
  decimal: string;
  /** Fewest digits of a whole part that is grouped: 4 ("1.234") or 5 (Spanish "1234", "12.345"). */
  groupedFrom: 4 | 5;
  /** An amount of euros around its unsigned number. */
  around: (number: string, negative: boolean) => string;
}

/** A narrow no-break space (French groups) and a no-break space (Polish and Portuguese groups, beside the sign €). */
const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

const after = (number: string, negative: boolean) => `${negative ? '-' : ''}${number}${NBSP}€`;

const WRITING: Record<Language, NumberWriting> = {
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
 * The whole part and the `digits` decimals of a non-negative number, rounded half up from its
 * shortest decimal form as Intl rounds it (1.005 → 1.01, where `toFixed` gives 1.00).
 */
function decimalParts(value: number, digits: number): [whole: string, decimals: string] {
  // `String` writes a number from 1e-7 to 1e21 in plain decimals; below, it rounds to zero.
  const text = value >= 1e21 ? BigInt(value).toString() : String(value);
  if (text.includes('e')) return ['0', '0'.repeat(digits)];
  const [whole = '0', fraction = ''] = text.split('.');
  const roundUp = Number(fraction[digits] ?? '0') >= 5 ? 1n : 0n;
  const scaled = (BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits)) + roundUp)
    .toString()
    .padStart(digits + 1, '0');
  return [scaled.slice(0, scaled.length - digits), scaled.slice(scaled.length - digits)];
}

/** A whole part with the language's group separator, from its grouping length on. */
function grouped(whole: string, writing: NumberWriting): string {
  return whole.length < writing.groupedFrom ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, writing.group);
}

/** An amount of euros as the language writes it, with its cents; '' when it is no finite number. Example: (1234.5, "fr") → "1 234,50 €". */
export function formatEuros(value: number, lang: Language): string {
  if (!Number.isFinite(value)) return '';
  const writing = WRITING[lang];
  const [whole, cents] = decimalParts(Math.abs(value), 2);
  return writing.around(`${grouped(whole, writing)}${writing.decimal}${cents}`, value < 0 || Object.is(value, -0));
}

/**
 * A non-negative number as the language writes it, with at most `maxDecimals` decimals (no
 * trailing zero); '' when it is negative or no finite number. Example: (1234.56, "fr", 1) → "1 234,6".
 */
export function formatNumber(value: number, lang: Language, maxDecimals: number): string {
  if (!Number.isFinite(value) || value < 0) return '';
  const writing = WRITING[lang];
  const [whole, decimals] = decimalParts(value, maxDecimals);
  const kept = decimals.replace(/0+$/, '');
  return `${grouped(whole, writing)}${kept === '' ? '' : `${writing.decimal}${kept}`}`;
}
