import { z } from 'zod/mini';
import { type Brand, BrandSchema, secondLogoFiles } from './schema.ts';

/** The file name (without `.ts`) of the neutral brand, used on pages without a company prefix. */
export const NEUTRAL_BRAND_FILE = '_default';

const ENGLISH = z.locales.en();

/** A brand file that does not pass the schema; the message names the file and the field. */
export class BrandFileError extends Error {
  override name = 'BrandFileError';
}

export interface BrandCatalog {
  /** The partners, in alphabetical order of slug. */
  partners: Brand[];
  /** The neutral brand used without a company prefix. */
  neutral: Brand;
  /** Looks a partner up by its URL slug; only known slugs are accepted. */
  bySlug: ReadonlyMap<string, Brand>;
  /** Former slugs (a brand's `formerSlugs`) → the partner's slug. Example: "fluow" → "veligo". */
  formerSlugs: ReadonlyMap<string, string>;
}

const SLUG = /^[a-z][a-z0-9]*$/;

/**
 * Validates brand modules keyed by file path (`…/brands/veligo.ts`) and checks that every
 * logo they name exists. Throws one BrandFileError listing every problem found.
 */
export function parseBrandModules(modules: Record<string, unknown>, logoFiles: ReadonlySet<string>): BrandCatalog {
  const problems: string[] = [];
  const partners: Brand[] = [];
  let neutral: Brand | undefined;

  for (const [path, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const file = path.slice(path.lastIndexOf('/') + 1);
    const slug = file.replace(/\.ts$/, '');
    const where = `brands/${file}`;
    if (slug !== NEUTRAL_BRAND_FILE && !SLUG.test(slug)) {
      problems.push(`${where}: the file name is the URL prefix; use lowercase letters and digits only.`);
      continue;
    }
    const exported = (module as { default?: unknown } | undefined)?.default;
    // zod/mini loads no locale: the file's author reads zod's English where the schema says nothing.
    const result = z.safeParse(BrandSchema, exported, { error: ENGLISH.localeError });
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${where}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
      }
      continue;
    }
    for (const logo of [result.data.logo, ...secondLogoFiles(result.data)]) {
      if (logo && !logoFiles.has(logo)) problems.push(`${where}: logo: brands/logos/${logo} does not exist.`);
    }
    const brand: Brand = { ...result.data, slug: slug === NEUTRAL_BRAND_FILE ? '' : slug };
    if (slug === NEUTRAL_BRAND_FILE) neutral = brand;
    else partners.push(brand);
  }
  if (!neutral)
    problems.push(
      `brands/${NEUTRAL_BRAND_FILE}.ts: missing; it defines the neutral brand used without a company prefix.`,
    );
  const slugs = new Set(partners.map((brand) => brand.slug));
  const formerSlugs = new Map<string, string>();
  for (const brand of [...partners, ...(neutral ? [neutral] : [])]) {
    const where = `brands/${brand.slug || NEUTRAL_BRAND_FILE}.ts: formerSlugs`;
    if (brand.slug === '' && brand.formerSlugs.length > 0)
      problems.push(`${where}: the neutral brand has no prefix to redirect to.`);
    for (const former of brand.formerSlugs) {
      const owner = formerSlugs.get(former);
      if (slugs.has(former))
        problems.push(`${where}: "${former}" is the prefix of brands/${former}.ts; remove it here.`);
      else if (owner !== undefined)
        problems.push(`${where}: "${former}" is already a former slug of brands/${owner}.ts.`);
      else formerSlugs.set(former, brand.slug);
    }
  }
  if (problems.length > 0 || !neutral) {
    throw new BrandFileError(`Invalid brand files:\n  ${problems.join('\n  ')}`);
  }
  return { partners, neutral, bySlug: new Map(partners.map((brand) => [brand.slug, brand])), formerSlugs };
}

/** The partner a slug names, directly or as one of its former slugs (`fluow` → veligo). */
export function findPartner(catalog: BrandCatalog, slug: string): Brand | undefined {
  return catalog.bySlug.get(catalog.formerSlugs.get(slug) ?? slug);
}

/**
 * The name staff read for a record's brand slug (a claim's or a message's `company`): the
 * partner's, the neutral brand's for none (null or ''), the slug itself when no brand file has it.
 */
export function brandNameOf(catalog: BrandCatalog, slug: string | null): string {
  if (slug === null || slug === '') return catalog.neutral.name;
  return findPartner(catalog, slug)?.name ?? slug;
}
