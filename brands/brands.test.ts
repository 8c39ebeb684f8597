import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../contracts/languages.ts';
import { loadBrands } from './index.ts';
import { complaintAddressOf } from './lib/complaint-address.ts';
import { brandsOfContractNumber } from './lib/contract-numbers.ts';
import { BrandFileError, brandNameOf, findPartner, parseBrandModules } from './lib/parse.ts';
import { type BrandInput, secondLogoFiles, secondLogoIn } from './lib/schema.ts';

const LOGOS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'logos');

const SLUGS = [
  'bernyriviere',
  'clarysplage',
  'cyclassur',
  'domainedesnaiades',
  'fns',
  'golfy',
  'homair',
  'lachapelle',
  'lavallee',
  'lenapoleon',
  'lesmenhirs',
  'lesmouettes',
  'maeva',
  'marvillaparks',
  'palmiersoceans',
  'saintavit',
  'sandaya',
  'sdlm',
  'tohapi',
  'veligo',
  'yelloh',
  'yescapa',
  'zenride',
];

/** WCAG 2 relative luminance of a "#rrggbb" colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const catalog = await loadBrands();
const brand = (slug: string) => {
  const found = catalog.bySlug.get(slug);
  if (!found) throw new Error(`no brand ${slug}`);
  return found;
};

describe('brand catalog', () => {
  it('holds exactly the 23 partners, in slug order, and the neutral brand', () => {
    expect(catalog.partners.map((b) => b.slug)).toEqual(SLUGS);
    expect(catalog.neutral.slug).toBe('');
    expect(catalog.neutral.logo).toBe('default.svg');
  });

  it('gives every brand the seven support lines', () => {
    for (const b of [...catalog.partners, catalog.neutral]) {
      expect(
        b.support.map((s) => s.line),
        b.slug,
      ).toEqual(['FR', 'ES', 'PT', 'DE', 'NL', 'DK', 'EN']);
    }
  });

  it('keeps white text on the primary colour readable (WCAG AA, 4.5:1)', () => {
    for (const b of [...catalog.partners, catalog.neutral]) {
      if (b.theme.onPrimary.toLowerCase() !== '#ffffff') continue;
      expect(contrast(b.theme.primary, '#ffffff'), `${b.slug || 'neutral'} ${b.theme.primary}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('has a darker primaryDark and a light tint', () => {
    for (const b of catalog.partners) {
      expect(luminance(b.theme.primaryDark), b.slug).toBeLessThan(luminance(b.theme.primary));
      expect(luminance(b.theme.tint), b.slug).toBeGreaterThan(0.8);
    }
  });

  it('has small, self-contained SVG logos with a title', () => {
    const files = new Set(catalog.partners.flatMap((b) => [b.logo, ...secondLogoFiles(b)]));
    files.add(catalog.neutral.logo);
    for (const file of files) {
      const svg = readFileSync(join(LOGOS_DIR, file), 'utf8');
      expect(svg.length, file).toBeLessThan(2048);
      expect(svg, file).toContain('role="img"');
      expect(svg, file).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(svg, file).not.toMatch(/<script|href=|url\(/i);
      // Four times as wide as high: the pages reserve 160 × 40 for each logo before it loads.
      const [, , width, height] = (/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '').split(/\s+/).map(Number);
      expect((width ?? 0) / (height ?? 1), file).toBe(4);
    }
  });

  it('has no unused file in brands/logos', () => {
    const used = new Set([catalog.neutral.logo, ...catalog.partners.flatMap((b) => [b.logo, ...secondLogoFiles(b)])]);
    expect(readdirSync(LOGOS_DIR).filter((file) => !used.has(file))).toEqual([]);
  });
});

describe('per-brand behaviour', () => {
  it('veligo: no amount field, label 14', () => {
    expect(brand('veligo').declaration.amountField).toBe(false);
    expect(brand('veligo').declaration.labelId).toBe(14);
  });

  it('veligo: the former fluow prefix leads to it', () => {
    expect(catalog.formerSlugs).toEqual(new Map([['fluow', 'veligo']]));
    expect(findPartner(catalog, 'fluow')?.slug).toBe('veligo');
    expect(findPartner(catalog, 'veligo')?.slug).toBe('veligo');
    expect(findPartner(catalog, 'nope')).toBeUndefined();
  });

  it('When staff read a record of a brand slug, then they read the brand name, the neutral one for none', () => {
    expect(brandNameOf(catalog, 'fluow')).toBe(brand('veligo').name);
    expect(brandNameOf(catalog, 'sandaya')).toBe('Sandaya');
    expect(brandNameOf(catalog, null)).toBe(catalog.neutral.name);
    expect(brandNameOf(catalog, '')).toBe(catalog.neutral.name);
    // A slug no brand file has any more stays readable as it was stored.
    expect(brandNameOf(catalog, 'nope')).toBe('nope');
  });

  it('golfy: subscription, golf wording, automatic insured number, conditions and four certificates', () => {
    const golfy = brand('golfy');
    expect(golfy.declaration.bookingSection).toBe('subscription');
    expect(golfy.declaration.establishmentWording).toBe('golf');
    expect(golfy.declaration.automaticInsuredNumber).toBe('SO-GOLFY-0000001');
    expect(golfy.documents.map((d) => d.kind)).toEqual([
      'conditions',
      'certificateHoleInOne',
      'certificateInterruption',
      'certificateLevelUp',
      'certificateInterruptionExtension',
    ]);
    for (const document of golfy.documents) expect(document.file).toBeUndefined();
  });

  it('zenride: hidden booking, no contract dates, no cancellation checkbox, co-brand logo, no page-visit series', () => {
    const zenride = brand('zenride');
    expect(zenride.declaration.bookingSection).toBe('hidden');
    expect(zenride.declaration.contractDatesRequired).toBe(false);
    expect(zenride.declaration.cancellationCheckbox).toBe(false);
    expect(zenride.declaration.followUpShowsBooking).toBe(true);
    // The employer's badge holds words: it is written in each language.
    expect(secondLogoIn(zenride, 'fr')).toBe('zenride-partner.svg');
    for (const lang of LANGUAGES.filter((lang) => lang !== 'fr')) {
      const file = secondLogoIn(zenride, lang);
      expect(file).toBe(`zenride-partner-${lang}.svg`);
      expect(readFileSync(join(LOGOS_DIR, file ?? ''), 'utf8'), lang).not.toContain('Avantage salarié');
    }
    expect(zenride.pageVisitSeries).toBe(false);
  });

  it('sandaya and yelloh: one conditions link each', () => {
    for (const slug of ['sandaya', 'yelloh']) {
      expect(
        brand(slug).documents.map((d) => d.kind),
        slug,
      ).toEqual(['conditions']);
    }
  });

  it('fns and maeva: SO-FNS- insured number prefix', () => {
    expect(brand('fns').declaration.insuredNumberPrefix).toBe('SO-FNS-');
    expect(brand('maeva').declaration.insuredNumberPrefix).toBe('SO-FNS-');
  });

  it('forced client ids', () => {
    const expected: Record<string, number> = {
      domainedesnaiades: 7549,
      homair: 7549,
      lavallee: 7549,
      lesmenhirs: 7549,
      yescapa: 7858,
      tohapi: 4675,
    };
    for (const b of catalog.partners) {
      expect(b.declaration.forcedClientId, b.slug).toBe(expected[b.slug] ?? null);
    }
  });

  it('leaves every other brand on the defaults', () => {
    const special = new Set(['golfy', 'zenride', 'veligo', 'fns', 'maeva', 'sandaya', 'yelloh']);
    for (const b of catalog.partners.filter((p) => !special.has(p.slug))) {
      expect(b.declaration, b.slug).toMatchObject({
        bookingSection: 'reservation',
        establishmentWording: 'establishment',
        amountField: true,
        contractDatesRequired: true,
        cancellationCheckbox: true,
        labelId: null,
        insuredNumberPrefix: null,
        automaticInsuredNumber: null,
        followUpShowsBooking: false,
        contractNumberFormat: null,
      });
      expect(b.documents, b.slug).toEqual([]);
      expect(b.secondLogo, b.slug).toBeNull();
      expect(b.pageVisitSeries, b.slug).toBe(true);
      expect(b.formerSlugs, b.slug).toEqual([]);
      expect(b.complaintAddress, b.slug).toBeNull();
    }
  });

  it('When a brand is one establishment, then its booking desk gets the copy of a cancellation; a brand of many establishments names none', () => {
    const single = [
      'bernyriviere',
      'clarysplage',
      'domainedesnaiades',
      'lachapelle',
      'lavallee',
      'lenapoleon',
      'lesmenhirs',
      'lesmouettes',
      'palmiersoceans',
      'saintavit',
      'sdlm',
      'veligo',
    ];
    for (const b of [...catalog.partners, catalog.neutral]) {
      const address = b.establishment.copyEmail;
      if (single.includes(b.slug)) expect(address, b.slug).toMatch(/^[a-z]+@[a-z-]+\.example$/);
      else expect(address, b.slug || 'neutral').toBeNull();
      expect(b.establishment.language, b.slug).toBe('fr');
    }
  });

  it('gives the neutral brand the complaint postal address the others fall back to', () => {
    expect(catalog.neutral.complaintAddress?.length).toBeGreaterThanOrEqual(2);
  });

  it('When the complaint address is read in a language, then its department and country are in that language and its street is as written', () => {
    const neutral = catalog.neutral;
    expect(complaintAddressOf(neutral, catalog, 'fr')).toEqual([
      'Sinistre Assistance SAS – Service Réclamations',
      '18 rue de la Charité',
      '69002 Lyon',
      'France',
    ]);
    expect(complaintAddressOf(neutral, catalog, 'es')).toEqual([
      'Sinistre Assistance SAS – Servicio de Reclamaciones',
      '18 rue de la Charité',
      '69002 Lyon',
      'Francia',
    ]);
    for (const lang of LANGUAGES.filter((other) => other !== 'fr' && other !== 'en')) {
      const lines = complaintAddressOf(neutral, catalog, lang);
      expect(lines[0], lang).not.toContain('Réclamations');
      expect(lines.at(-1), lang).not.toBe('France');
    }
  });
});

describe('parseBrandModules', () => {
  const theme = {
    primary: '#1f4e8c',
    onPrimary: '#ffffff',
    primaryDark: '#153a6b',
    accent: '#f2a93b',
    tint: '#eef3fa',
  };
  const valid: BrandInput = {
    name: 'Valid',
    logo: 'valid.svg',
    theme,
    support: [{ line: 'FR', phone: '+33 1 84 88 40 10' }],
  };
  const neutral = { 'x/brands/_default.ts': { default: { ...valid, logo: 'default.svg' } } };
  const logos = new Set(['valid.svg', 'default.svg']);

  const failure = (modules: Record<string, unknown>, files: ReadonlySet<string> = logos): Error => {
    try {
      parseBrandModules(modules, files);
    } catch (error) {
      return error as Error;
    }
    throw new Error('parseBrandModules accepted invalid brands');
  };

  it('accepts a valid brand', () => {
    const result = parseBrandModules({ ...neutral, 'x/brands/valid.ts': { default: valid } }, logos);
    expect(result.partners.map((b) => b.slug)).toEqual(['valid']);
  });

  it('names the file and the field of an invalid value', () => {
    const error = failure({
      ...neutral,
      'x/brands/broken.ts': { default: { ...valid, theme: { ...theme, primary: 'red' } } },
    });
    expect(error).toBeInstanceOf(BrandFileError);
    expect(error.message).toContain('brands/broken.ts');
    expect(error.message).toContain('theme.primary');
  });

  it('reports a logo that does not exist', () => {
    const error = failure({ ...neutral, 'x/brands/nologo.ts': { default: { ...valid, logo: 'missing.svg' } } });
    expect(error).toBeInstanceOf(BrandFileError);
    expect(error.message).toContain('brands/nologo.ts');
    expect(error.message).toContain('brands/logos/missing.svg');
  });

  it('When a brand file gives an establishment address that is not one plain e-mail address, then it is refused, naming the field', () => {
    const error = failure({
      ...neutral,
      'x/brands/valid.ts': { default: { ...valid, establishment: { copyEmail: 'Desk <desk@camping.example>' } } },
    });
    expect(error.message).toContain('brands/valid.ts: establishment.copyEmail: Write one plain e-mail address');
  });

  it("refuses a former slug that is a partner's prefix or already another's", () => {
    const error = failure({
      ...neutral,
      'x/brands/valid.ts': { default: { ...valid, formerSlugs: ['old'] } },
      'x/brands/other.ts': { default: { ...valid, formerSlugs: ['old', 'valid'] } },
    });
    expect(error.message).toContain('brands/other.ts: formerSlugs: "valid" is the prefix of brands/valid.ts');
    expect(error.message).toContain('brands/valid.ts: formerSlugs: "old" is already a former slug of brands/other.ts');
  });

  it('refuses a contract number format whose pattern is no regular expression, or whose example it does not match or an insured number could be', () => {
    const withFormat = (pattern: string, example: string) => ({
      default: { ...valid, declaration: { contractNumberFormat: { pattern, example } } },
    });
    const error = failure({
      ...neutral,
      'x/brands/unclosed.ts': withFormat('AB-(\\d+', 'AB-1'),
      'x/brands/mismatch.ts': withFormat('AB-\\d{4}', 'AB-12'),
      'x/brands/insured.ts': withFormat('SO-\\d{4}', 'SO-1234'),
    });
    expect(error.message).toContain(
      'brands/unclosed.ts: declaration.contractNumberFormat.pattern: Write a valid regular expression.',
    );
    expect(error.message).toContain(
      'brands/mismatch.ts: declaration.contractNumberFormat.example: Give an example the pattern matches.',
    );
    expect(error.message).toContain(
      'brands/insured.ts: declaration.contractNumberFormat.example: A contract number is',
    );
  });
});

describe('contract numbers of a brand file', () => {
  it('sandaya and yelloh give a contract number format; a typed number of it names its brand only, whatever its case and spaces around', () => {
    expect(brand('sandaya').declaration.contractNumberFormat?.example).toBe('SDY-2027-004512');
    expect(brand('yelloh').declaration.contractNumberFormat?.example).toBe('YV27008841');
    expect(brandsOfContractNumber(catalog, ' sdy-2027-004512 ').map((b) => b.slug)).toEqual(['sandaya']);
    expect(brandsOfContractNumber(catalog, 'YV27008841').map((b) => b.slug)).toEqual(['yelloh']);
    for (const other of ['SO-0000001', 'SDY-2027-4512', 'YV2700884', 'hello world', 'SDY-2027-004512<']) {
      expect(brandsOfContractNumber(catalog, other), other).toEqual([]);
    }
  });
});
