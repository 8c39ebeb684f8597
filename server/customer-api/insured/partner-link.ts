import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod/mini';
import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import type { Language } from '../../../contracts/languages.ts';
import {
  PARTNER_LINK_FRAGMENT,
  PARTNER_LINK_MAX_DAYS,
  type PartnerLinkPayload,
  PartnerLinkPayloadSchema,
  PartnerLinkTokenSchema,
} from '../../../contracts/partner-api.ts';
import { pagePath } from '../../../contracts/routes.ts';
import type { Config } from '../../config.ts';

/**
 * A brand's signed link: `/<brand>/<lang>/declare-sinistre#lien=<token>` opens the
 * declaration with the insured number already checked. The token is `<payload>.<signature>`: the
 * payload the base64url of the JSON `{"brand","number","exp","lang"?}` (contracts/partner-api.ts),
 * the signature the base64url of HMAC-SHA256(brand key, payload's base64url text).
 *
 * A link proves only that the brand chose this number: whoever knows a number can type it anyway.
 * So a valid link is looked up with the same limits as a typed number, and a refused one falls back
 * to typing it.
 */

const SECONDS_PER_DAY = 86_400;

/** Why a token is refused; none of them says more to the visitor than "invalid" or "expired". */
type PartnerLinkRefusal = 'malformed' | 'bad_signature' | 'other_brand' | 'expired' | 'too_far';

export type PartnerLinkCheck =
  | { valid: true; payload: PartnerLinkPayload }
  | { valid: false; reason: PartnerLinkRefusal };

function signatureOf(key: Buffer, encodedPayload: string): Buffer {
  return createHmac('sha256', key).update(encodedPayload, 'ascii').digest();
}

/** The token of `payload` signed with `key`: what a partner's code builds (README "Signed links"). */
export function signPartnerLink(payload: PartnerLinkPayload, key: Buffer): string {
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${encoded}.${signatureOf(key, encoded).toString('base64url')}`;
}

/**
 * Checks a token presented on `brand`'s page with that brand's key (undefined: the brand has no
 * signed links): its shape and length, its signature (compared in constant time), then what it
 * says: this brand, an insured number, not expired and not valid for longer than
 * PARTNER_LINK_MAX_DAYS. The payload is read only once the signature holds.
 */
export function verifyPartnerLink(
  token: string,
  brand: string,
  key: Buffer | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): PartnerLinkCheck {
  if (!z.safeParse(PartnerLinkTokenSchema, token).success) return { valid: false, reason: 'malformed' };
  const [encoded = '', signature = ''] = token.split('.');
  if (key === undefined) return { valid: false, reason: 'bad_signature' };
  const given = Buffer.from(signature, 'base64url');
  // The 43rd character carries 2 unused bits: only the canonical spelling of a signature is accepted.
  if (given.toString('base64url') !== signature) return { valid: false, reason: 'malformed' };
  const expected = signatureOf(key, encoded);
  // The shape (43 base64url characters) already fixes the length; checked again for timingSafeEqual.
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { valid: false, reason: 'bad_signature' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { valid: false, reason: 'malformed' };
  }
  const payload = z.safeParse(PartnerLinkPayloadSchema, json);
  if (!payload.success) return { valid: false, reason: 'malformed' };
  if (payload.data.brand !== brand) return { valid: false, reason: 'other_brand' };
  if (payload.data.exp <= nowSeconds) return { valid: false, reason: 'expired' };
  if (payload.data.exp > nowSeconds + PARTNER_LINK_MAX_DAYS * SECONDS_PER_DAY)
    return { valid: false, reason: 'too_far' };
  return { valid: true, payload: payload.data };
}

/**
 * The development key of a brand's signed links in the demo: SHA-256 of a published text and the
 * brand's slug. Anyone can compute it: NOT for production, where PARTNER_LINK_KEYS holds secrets.
 */
export function developmentPartnerLinkKey(brand: string): Buffer {
  return createHash('sha256')
    .update(`claim-portal development partner link key, not for production: ${brand}`)
    .digest();
}

/**
 * Whether the published development keys are accepted: only when the demo was asked for by name
 * (DEMO_DATA=on). `auto` seeds the demo data into an empty embedded database, which is also what
 * a real deployment on the embedded database left at its defaults runs: there, anyone who read
 * this file could sign a link to any insured number, so `auto` never accepts them.
 */
function acceptsDevelopmentKeys(config: Pick<Config, 'DEMO_DATA'>): boolean {
  return config.DEMO_DATA === 'on';
}

export interface PartnerLinkKeys {
  /** The key of a brand's links, or undefined when it has none. */
  keyOf(brand: string): Buffer | undefined;
  /** Whether the keys are the published development ones (DEMO_DATA=on, PARTNER_LINK_KEYS unset). */
  development: boolean;
}

/**
 * The keys in use: PARTNER_LINK_KEYS; unset with DEMO_DATA=on, the development key of every
 * partner brand that has no automatic number (golfy submits its own); else none.
 */
export function partnerLinkKeysOf(
  config: Pick<Config, 'PARTNER_LINK_KEYS' | 'DEMO_DATA'>,
  brands: BrandCatalog,
): PartnerLinkKeys {
  if (config.PARTNER_LINK_KEYS !== undefined) {
    const keys = config.PARTNER_LINK_KEYS;
    return { keyOf: (brand) => keys.get(brand), development: false };
  }
  if (!acceptsDevelopmentKeys(config)) return { keyOf: () => undefined, development: false };
  const demoBrands = new Set(
    brands.partners.filter((brand) => brand.declaration.automaticInsuredNumber === null).map((brand) => brand.slug),
  );
  return {
    keyOf: (brand) => (demoBrands.has(brand) ? developmentPartnerLinkKey(brand) : undefined),
    development: true,
  };
}

/** The brands of PARTNER_LINK_KEYS that are no brand file's slug (a typo would silently disable links). */
export function unknownPartnerLinkBrands(config: Pick<Config, 'PARTNER_LINK_KEYS'>, brands: BrandCatalog): string[] {
  const slugs = new Set(brands.partners.map((brand) => brand.slug));
  return [...(config.PARTNER_LINK_KEYS?.keys() ?? [])].filter((brand) => !slugs.has(brand));
}

/** The path of a signed link on the site: the declaration's open-claim page of the brand, in `lang`. */
export function partnerLinkPath(brand: string, lang: Language, token: string): string {
  return `${pagePath({ company: brand, lang, route: 'declare-sinistre' })}#${PARTNER_LINK_FRAGMENT}=${token}`;
}
