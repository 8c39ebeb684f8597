import type { APIRoute, GetStaticPaths } from 'astro';
import { allBrands } from '../lib/brands.ts';
import { brandSitemap } from '../lib/search-engines.ts';

/** One sitemap per brand: its indexed pages in every language (site/lib/search-engines.ts). */
export const getStaticPaths = (() =>
  allBrands().map((brand) => ({
    params: { brand: brand.slug || 'default' },
    props: { slug: brand.slug },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  if (site === undefined) throw new Error('astro.config.mjs sets `site`: sitemap addresses are absolute.');
  return new Response(brandSitemap((props as { slug: string }).slug, site), {
    headers: { 'Content-Type': 'application/xml' },
  });
};
