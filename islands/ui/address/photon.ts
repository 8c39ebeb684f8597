import type { Language } from '../../../contracts/languages.ts';
import { sendRequest } from '../../api/http.ts';
import type { AddressProvider, AddressSuggestion } from './address-provider.ts';
import { formatStreetLine } from './street-line.ts';

/**
 * Photon (komoot's OpenStreetMap geocoder) as an address provider. Its answer is read by hand
 * rather than with a schema library: this chunk is downloaded by visitors as they type.
 */

/** A search still running after this long is abandoned: the visitor types the address by hand. */
export const PHOTON_TIMEOUT_MS = 2500;

/** Suggestions asked for and shown. */
const PHOTON_RESULT_LIMIT = 5;

/**
 * Languages Photon can name places in. Italian is left out: the public instance answers HTTP 400
 * "Language is not supported. Supported are: default, de, en, fr" to `lang=it`, which would leave
 * Italian visitors without suggestions; `default` (local names) works on every instance.
 */
const PHOTON_LANGUAGES: ReadonlySet<string> = new Set(['de', 'en', 'fr']);

/** Photon layers naming a settlement, whose own name is the city when `city` is absent. */
const PLACE_TYPES: ReadonlySet<string> = new Set(['city', 'locality', 'district']);

/** The `lang` parameter for a page language: itself when Photon supports it, else `default`. */
function photonLanguage(lang: Language): string {
  return PHOTON_LANGUAGES.has(lang) ? lang : 'default';
}

/**
 * An address provider querying `${baseUrl}/api?q=…&limit=5&lang=…`. Its `search` resolves to []
 * on any failure (network, timeout, HTTP error, unexpected answer) and when its signal aborts.
 */
export function createPhotonProvider(baseUrl: string): AddressProvider {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/api`;
  return {
    async search(query, { lang, signal }) {
      const text = query.trim();
      if (text === '' || signal.aborted) return [];
      // One controller for both reasons to stop, the caller's signal and our timeout, so the
      // body read is bounded too (a server may send its headers and then stall).
      const controller = new AbortController();
      const stop = () => controller.abort();
      const timer = setTimeout(stop, PHOTON_TIMEOUT_MS);
      signal.addEventListener('abort', stop, { once: true });
      try {
        const url = new URL(endpoint);
        url.searchParams.set('q', text);
        url.searchParams.set('limit', String(PHOTON_RESULT_LIMIT));
        url.searchParams.set('lang', photonLanguage(lang));
        const answer = await sendRequest(url, { signal: controller.signal, credentials: 'omit' });
        if (!answer.answered || answer.status < 200 || answer.status > 299) return [];
        return suggestionsFromAnswer(answer.body);
      } catch {
        return [];
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      }
    },
  };
}

type Properties = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Properties {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property as trimmed text; numbers are accepted since some instances send house numbers as such. */
function textOf(properties: Properties, key: string): string {
  const value = properties[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Parts of a one-line label, empty and repeated neighbours dropped. */
function joinLabel(parts: readonly string[]): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (part !== '' && part !== kept.at(-1)) kept.push(part);
  }
  return kept.join(', ');
}

function suggestionFromFeature(feature: unknown): AddressSuggestion | undefined {
  if (!isObject(feature) || !isObject(feature['properties'])) return undefined;
  const properties = feature['properties'];
  const type = textOf(properties, 'type');
  const name = textOf(properties, 'name');
  const isPlace = PLACE_TYPES.has(type);
  const countryCode = textOf(properties, 'countrycode').toUpperCase();
  const validCountryCode = /^[A-Z]{2}$/.test(countryCode) ? countryCode : '';
  // A street result carries its name in `name`, not in `street`.
  const streetName = textOf(properties, 'street') || (type === 'street' ? name : '');
  const street = formatStreetLine(textOf(properties, 'housenumber'), streetName, validCountryCode);
  const city =
    textOf(properties, 'city') ||
    textOf(properties, 'locality') ||
    textOf(properties, 'district') ||
    (isPlace ? name : '');
  // A country, a region or a lone point of interest fills none of the fields the step needs.
  if (street === '' && city === '') return undefined;
  const postalCode = textOf(properties, 'postcode');
  const countryName = textOf(properties, 'country');
  // A named place (a building, a shop, a district) shows its name before its address.
  const title = [streetName, street, city].includes(name) ? '' : name;
  const label = joinLabel([
    title,
    street,
    `${postalCode} ${city}`.trim(),
    // Settlements share names across regions ("Saint-Martin"): the region tells them apart.
    isPlace && postalCode === '' ? textOf(properties, 'state') : '',
    countryName,
  ]);
  const osmId = textOf(properties, 'osm_id');
  return {
    id: osmId === '' ? label : `${textOf(properties, 'osm_type')}${osmId}`,
    label,
    street,
    postalCode,
    city,
    countryCode: validCountryCode,
    countryName,
  };
}

/**
 * The suggestions of a Photon GeoJSON answer: unusable features skipped, identical labels (or
 * OpenStreetMap objects) shown once, addresses (with a street) before places, at most
 * PHOTON_RESULT_LIMIT.
 */
function suggestionsFromAnswer(answer: unknown): AddressSuggestion[] {
  if (!isObject(answer) || !Array.isArray(answer['features'])) return [];
  const suggestions: AddressSuggestion[] = [];
  const labels = new Set<string>();
  // Ids are checked too: they key the options of the list.
  const ids = new Set<string>();
  for (const feature of answer['features']) {
    const suggestion = suggestionFromFeature(feature);
    if (suggestion === undefined || labels.has(suggestion.label) || ids.has(suggestion.id)) continue;
    suggestions.push(suggestion);
    labels.add(suggestion.label);
    ids.add(suggestion.id);
  }
  const addresses = suggestions.filter((suggestion) => suggestion.street !== '');
  const places = suggestions.filter((suggestion) => suggestion.street === '');
  return [...addresses, ...places].slice(0, PHOTON_RESULT_LIMIT);
}
