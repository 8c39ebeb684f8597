import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import { PARTNER_LINK_MAX_DAYS, PARTNER_LINK_TOKEN_MAX_LENGTH } from '../../../contracts/partner-api.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import {
  developmentPartnerLinkKey,
  partnerLinkKeysOf,
  partnerLinkPath,
  signPartnerLink,
  unknownPartnerLinkBrands,
  verifyPartnerLink,
} from './partner-link.ts';

const NOW = 1_800_000_000;
const veligoKey = randomBytes(32);
const sandayaKey = randomBytes(32);
const payload = { brand: 'veligo', number: 'SO-0000012', exp: NOW + 3600, lang: 'en' as const };

/** The token with one character of `part` (0 payload, 1 signature) changed at `index`. */
function altered(token: string, part: 0 | 1, index: number): string {
  const parts = token.split('.');
  const text = parts[part] ?? '';
  const changed = text[index] === 'A' ? 'B' : 'A';
  parts[part] = `${text.slice(0, index)}${changed}${text.slice(index + 1)}`;
  return parts.join('.');
}

describe('Signing and checking a partner link', () => {
  it('When a token is signed with the brand key, then it is valid on that brand until it expires', () => {
    const token = signPartnerLink(payload, veligoKey);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPartnerLink(token, 'veligo', veligoKey, NOW)).toEqual({ valid: true, payload });
    // The language is optional.
    const { lang: _lang, ...withoutLanguage } = payload;
    expect(verifyPartnerLink(signPartnerLink(withoutLanguage, veligoKey), 'veligo', veligoKey, NOW).valid).toBe(true);
  });

  it('When the expiry has passed (to the second), then the token is refused as expired', () => {
    const token = signPartnerLink(payload, veligoKey);
    expect(verifyPartnerLink(token, 'veligo', veligoKey, payload.exp)).toEqual({ valid: false, reason: 'expired' });
    expect(verifyPartnerLink(token, 'veligo', veligoKey, payload.exp - 1).valid).toBe(true);
    const tooFar = signPartnerLink({ ...payload, exp: NOW + (PARTNER_LINK_MAX_DAYS + 1) * 86_400 }, veligoKey);
    expect(verifyPartnerLink(tooFar, 'veligo', veligoKey, NOW)).toEqual({ valid: false, reason: 'too_far' });
  });

  it('When the signature or the payload is altered, then the token is refused', () => {
    const token = signPartnerLink(payload, veligoKey);
    for (const index of [0, 10, 41])
      expect(verifyPartnerLink(altered(token, 1, index), 'veligo', veligoKey, NOW)).toEqual({
        valid: false,
        reason: 'bad_signature',
      });
    // The last character's two unused bits: another spelling of the same bytes is refused too.
    expect(verifyPartnerLink(altered(token, 1, 42), 'veligo', veligoKey, NOW).valid).toBe(false);
    for (const index of [0, 12, 30])
      expect(verifyPartnerLink(altered(token, 0, index), 'veligo', veligoKey, NOW)).toEqual({
        valid: false,
        reason: 'bad_signature',
      });
    // Another number, re-encoded with the old signature.
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, number: 'SO-0000013' })).toString('base64url');
    expect(verifyPartnerLink(`${forged}.${signature}`, 'veligo', veligoKey, NOW).valid).toBe(false);
  });

  it("When a token is another brand's, then it is refused: signed with its key, or naming it", () => {
    const sandayaToken = signPartnerLink({ ...payload, brand: 'sandaya' }, sandayaKey);
    expect(verifyPartnerLink(sandayaToken, 'veligo', veligoKey, NOW)).toEqual({
      valid: false,
      reason: 'bad_signature',
    });
    // Signed with veligo's key but naming sandaya: refused on veligo's page.
    const naming = signPartnerLink({ ...payload, brand: 'sandaya' }, veligoKey);
    expect(verifyPartnerLink(naming, 'veligo', veligoKey, NOW)).toEqual({ valid: false, reason: 'other_brand' });
    // A brand without key accepts nothing.
    expect(verifyPartnerLink(signPartnerLink(payload, veligoKey), 'veligo', undefined, NOW).valid).toBe(false);
  });

  it('When a token is malformed or too long, then it is refused without reading it', () => {
    const token = signPartnerLink(payload, veligoKey);
    const [encoded = '', signature = ''] = token.split('.');
    const cases = [
      '',
      'x',
      encoded,
      `${encoded}.`,
      `${encoded}.${signature}.x`,
      `${encoded}=.${signature}`,
      `${encoded}.${signature.slice(1)}`,
      `${encoded}+.${signature}`,
      `${'A'.repeat(PARTNER_LINK_TOKEN_MAX_LENGTH)}.${signature}`,
    ];
    for (const bad of cases)
      expect(verifyPartnerLink(bad, 'veligo', veligoKey, NOW), bad).toEqual({ valid: false, reason: 'malformed' });
    // Signed, but not the JSON of a payload: refused as malformed once the signature holds.
    for (const body of [
      'not json',
      '{"brand":"veligo"}',
      JSON.stringify({ ...payload, number: 'SI-0000001' }),
      JSON.stringify({ ...payload, extra: 1 }),
    ]) {
      const encodedBody = Buffer.from(body).toString('base64url');
      const signed = signPartnerLink(payload, veligoKey).split('.')[1];
      const own = `${encodedBody}.${signed}`;
      expect(verifyPartnerLink(own, 'veligo', veligoKey, NOW).valid).toBe(false);
    }
  });

  it('When a link path is built, then it is the brand’s open-claim page in the language with the token in the fragment', () => {
    expect(partnerLinkPath('veligo', 'en', 'a.b')).toBe('/veligo/en/declare-sinistre#lien=a.b');
    expect(partnerLinkPath('veligo', 'fr', 'a.b')).toBe('/veligo/declare-sinistre#lien=a.b');
  });
});

describe('The keys of the partner links', () => {
  it('When PARTNER_LINK_KEYS is set, then each brand has its key, and a malformed value stops the start without showing it', async () => {
    const brands = await loadBrands();
    const value = `veligo:${veligoKey.toString('base64')},sandaya:${sandayaKey.toString('base64url')}`;
    const config = loadConfig({ PARTNER_LINK_KEYS: value });
    const keys = partnerLinkKeysOf(config, brands);
    expect(keys.development).toBe(false);
    expect(keys.keyOf('veligo')?.equals(veligoKey)).toBe(true);
    expect(keys.keyOf('sandaya')?.equals(sandayaKey)).toBe(true);
    expect(keys.keyOf('zenride')).toBeUndefined();
    expect(unknownPartnerLinkBrands(config, brands)).toEqual([]);
    expect(
      unknownPartnerLinkBrands(loadConfig({ PARTNER_LINK_KEYS: `velig:${veligoKey.toString('base64')}` }), brands),
    ).toEqual(['velig']);

    const short = randomBytes(16).toString('base64');
    for (const bad of [
      `veligo:${short}`,
      'veligo',
      `veligo:${veligoKey.toString('base64')},veligo:${sandayaKey.toString('base64')}`,
      `Veligo:${veligoKey.toString('base64')}`,
    ]) {
      expect(() => loadConfig({ PARTNER_LINK_KEYS: bad })).toThrow(ConfigError);
      try {
        loadConfig({ PARTNER_LINK_KEYS: bad });
      } catch (error) {
        expect(String(error)).toContain('PARTNER_LINK_KEYS');
        expect(String(error)).toContain('value hidden');
        expect(String(error)).not.toContain(short);
      }
    }
  });

  it('When PARTNER_LINK_KEYS is unset, then DEMO_DATA=on gives each partner brand but golfy its development key, and a deployment left at its defaults none', async () => {
    const brands = await loadBrands();
    const demo = partnerLinkKeysOf(loadConfig({ DEMO_DATA: 'on' }), brands);
    expect(demo.development).toBe(true);
    expect(demo.keyOf('veligo')?.equals(developmentPartnerLinkKey('veligo'))).toBe(true);
    expect(demo.keyOf('golfy')).toBeUndefined();
    expect(demo.keyOf('')).toBeUndefined();
    expect(developmentPartnerLinkKey('veligo').equals(developmentPartnerLinkKey('sandaya'))).toBe(false);
    const production = partnerLinkKeysOf(loadConfig({ DATABASE_URL: 'postgres://db/claims' }), brands);
    expect(production.development).toBe(false);
    expect(production.keyOf('veligo')).toBeUndefined();
    expect(partnerLinkKeysOf(loadConfig({ DEMO_DATA: 'off' }), brands).keyOf('veligo')).toBeUndefined();
    // The embedded database at its defaults (DEMO_DATA=auto seeds the demo there) takes no published key.
    for (const defaults of [{}, { DEMO_DATA: 'auto' }]) {
      const embedded = partnerLinkKeysOf(loadConfig(defaults), brands);
      expect(embedded.development).toBe(false);
      expect(brands.partners.map((brand) => embedded.keyOf(brand.slug)).filter(Boolean)).toEqual([]);
    }
    // Asked for by name, the demo's keys work on a PostgreSQL server too.
    const named = partnerLinkKeysOf(loadConfig({ DEMO_DATA: 'on', DATABASE_URL: 'postgres://db/claims' }), brands);
    expect(named.keyOf('veligo')?.equals(developmentPartnerLinkKey('veligo'))).toBe(true);
  });
});
