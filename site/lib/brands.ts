import { cspSource } from './csp-source.ts';
import { type BrandCatalog, parseBrandModules } from '../../brands/lib/parse.ts';
import type { Brand } from '../../brands/lib/schema.ts';

/** The brand files, loaded through Vite so the build fails on an invalid one. */
const modules = import.meta.glob(['../../brands/*.ts', '!../../brands/index.ts', '!../../brands/*.test.ts'], {
  eager: true,
});
const logoUrls = import.meta.glob<string>('../../brands/logos/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export const brands: BrandCatalog = parseBrandModules(modules, new Set(Object.keys(logoUrls).map(fileName)));

const urlByLogo = new Map(Object.entries(logoUrls).map(([path, url]) => [fileName(path), url]));

/** The public URL of a logo file of `brands/logos/`. */
export function logoUrl(file: string): string {
  const url = urlByLogo.get(file);
  if (!url) throw new Error(`brands/logos/${file} is not bundled.`);
  return url;
}

/** The neutral brand and every partner: the prefixes a page is built under. */
export function allBrands(): Brand[] {
  return [brands.neutral, ...brands.partners];
}

/** The class on the page body: `brand-<slug>`, `brand-default` for the neutral brand. */
export function brandClass(brand: Brand): string {
  return `brand-${brand.slug || 'default'}`;
}

/**
 * A brand's theme as CSS custom properties on its body class, inlined in the `<head>` of its pages
 * (`BaseLayout.astro`): a page carries its own brand's five colours only, and no stylesheet request
 * delays its first paint. The pages' CSP allows it by its hash (`brandThemeHash`).
 */
export function brandThemeRule(brand: Brand): string {
  const { primary, onPrimary, primaryDark, accent, tint } = brand.theme;
  return `.${brandClass(brand)}{--brand-primary:${primary};--brand-on-primary:${onPrimary};--brand-primary-dark:${primaryDark};--brand-accent:${accent};--brand-tint:${tint}}`;
}

/** The CSP source (`sha256-…`) that allows a brand's inline theme rule. */
export function brandThemeHash(brand: Brand): `sha256-${string}` {
  return cspSource(brandThemeRule(brand));
}
