import type { BrandCatalog } from '../../../brands/lib/parse.ts';

/**
 * Group contracts: an insured number a brand sets automatically for every visitor
 * (its brand file's `declaration.automaticInsuredNumber`, golfy's `{code}`) is shared by all the
 * members of that brand's group contract. Such a number identifies no one: its look-up reveals no
 * member's claim or details, every member declares their own claim on it, and the limits counted
 * per insured number do not apply to it (the per-address ones do).
 *
 * Which numbers are group numbers comes from the brand files only, never from a brand's name.
 */

/** An insured number as stored and compared: trimmed, upper case. */
function storedForm(insuredNumber: string): string {
  return insuredNumber.trim().toUpperCase();
}

/** The insured numbers of group contracts: every brand's automatic number (neutral brand included). */
export function groupInsuredNumbers(brands: BrandCatalog): ReadonlySet<string> {
  const numbers = new Set<string>();
  for (const brand of [brands.neutral, ...brands.partners]) {
    const automatic = brand.declaration.automaticInsuredNumber;
    if (automatic !== null) numbers.add(storedForm(automatic));
  }
  return numbers;
}

/** Whether an insured number (as typed or stored) is a group contract's shared number. */
export function isGroupInsuredNumber(groupNumbers: ReadonlySet<string>, insuredNumber: string): boolean {
  return groupNumbers.has(storedForm(insuredNumber));
}
