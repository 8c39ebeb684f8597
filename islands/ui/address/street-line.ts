/**
 * Countries writing the house number before the street ("12 Rue de la Paix"); elsewhere it
 * follows the street ("Hauptstraße 5", "Calle Mayor 3", "Via Roma 1").
 */
const NUMBER_FIRST_COUNTRIES: ReadonlySet<string> = new Set(['FR', 'BE', 'LU', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ']);

/**
 * The street line of an address, the number placed as the country writes it. An unknown
 * country (code '') puts the number after the street, the most common order in Europe.
 */
export function formatStreetLine(houseNumber: string, street: string, countryCode: string): string {
  const number = houseNumber.trim();
  const name = street.trim();
  if (number === '' || name === '') return name;
  return NUMBER_FIRST_COUNTRIES.has(countryCode.toUpperCase()) ? `${number} ${name}` : `${name} ${number}`;
}
