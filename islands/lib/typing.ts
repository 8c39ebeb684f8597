/** What some fields keep of what is typed, as it is typed (spec 1 §5). */

/** Keeps what an amount field may hold as it is typed: digits, one separator, two decimals. */
export function sanitiseAmount(typed: string): string {
  const cleaned = typed.replace(/[^\d.,]/g, '');
  const match = /^(\d{0,7})(?:([.,])(\d{0,2}))?/.exec(cleaned);
  if (!match) return '';
  const [, whole = '', separator, decimals = ''] = match;
  return separator ? `${whole}${separator}${decimals}` : whole;
}

/** A phone number as the form keeps it: digits only, stripped as typed (spec 1 §5). */
export function sanitisePhone(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 20);
}

/**
 * The message of a refused phone field: the field's own "please enter" when it is empty (spec 1
 * §5), else why a typed number is refused (6 to 20 digits: stricter than the specification, README).
 */
export function phoneMessageKey<Key extends string>(typed: string, emptyKey: Key): Key | 'wizard.common.phoneDigits' {
  return typed.trim() === '' ? emptyKey : 'wizard.common.phoneDigits';
}
