import type { Language } from '../../../contracts/languages.ts';

/** One place a visitor can pick in the address field; the step fills its fields from it. */
export interface AddressSuggestion {
  /** Stable among one answer's suggestions. Example: "N123456". */
  id: string;
  /** One line shown in the list. Example: "12 Rue de la Paix, 75002 Paris, France". */
  label: string;
  /**
   * Number and street in the country's order (see `formatStreetLine` in street-line.ts), '' for a place
   * without street. Example: "12 Rue de la Paix", "Hauptstraße 5".
   */
  street: string;
  /** '' when the provider does not know it. Example: "75002". */
  postalCode: string;
  /** Example: "Paris". */
  city: string;
  /** ISO 3166-1 alpha-2, upper case, '' if unknown. Example: "FR". */
  countryCode: string;
  /** In the language asked for when the provider has it. Example: "France". */
  countryName: string;
}

/** What a search needs besides the text typed. */
interface AddressSearchOptions {
  /** Language of the page, for place and country names. */
  lang: Language;
  /** Aborted when the visitor types on or leaves the field. */
  signal: AbortSignal;
}

/**
 * A place search service. `search` never rejects: a provider that is down, slow or answers
 * garbage yields no suggestions, so the form is never blocked by it.
 */
export interface AddressProvider {
  search(query: string, options: AddressSearchOptions): Promise<AddressSuggestion[]>;
}

/**
 * The provider behind the build-time setting PUBLIC_ADDRESS_SEARCH_URL (a Photon base URL).
 * Imported on demand so its code is a separate chunk, fetched only when the setting is on and
 * the visitor starts typing an address.
 */
export async function loadAddressProvider(searchUrl: string): Promise<AddressProvider> {
  const { createPhotonProvider } = await import('./photon.ts');
  return createPhotonProvider(searchUrl);
}
