import type { BrandCatalog } from './parse.ts';
import type { Brand } from './schema.ts';

/**
 * Partners' contract numbers (a brand file's `declaration.contractNumberFormat`): what one may
 * look like, and which brands a typed number is a contract number of. The open-claim look-up
 * (server/customer-api/insured/) reads them; the brand schema checks each format with them.
 */

/** Longest contract number a brand's format may describe. */
export const CONTRACT_NUMBER_MAX_LENGTH = 40;

/**
 * The characters of every contract number, as stored and compared (upper case): letters, digits,
 * "-", "/" and ".", starting with a letter or digit; the look-up's schema accepts all of them.
 */
export const CONTRACT_NUMBER_CHARACTERS = /^[A-Z0-9][A-Z0-9./-]{0,39}$/;

/** A brand's pattern as a regular expression matching a whole number, or undefined when it is not one. */
export function contractNumberRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return undefined;
  }
}

/** A number as contract numbers are stored and compared: trimmed, upper case. */
function contractNumberForm(typed: string): string {
  return typed.trim().toUpperCase();
}

/**
 * The brands whose contract number format `numero` has (none for an insured number or anything
 * else). `numero` is compared in its stored form (contractNumberForm).
 */
export function brandsOfContractNumber(catalog: BrandCatalog, numero: string): Brand[] {
  const value = contractNumberForm(numero);
  if (!CONTRACT_NUMBER_CHARACTERS.test(value)) return [];
  return [catalog.neutral, ...catalog.partners].filter((brand) => {
    const format = brand.declaration.contractNumberFormat;
    return format !== null && contractNumberRegExp(format.pattern)?.test(value) === true;
  });
}
