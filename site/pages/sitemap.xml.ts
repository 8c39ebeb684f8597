import type { APIRoute } from 'astro';
import { allBrands } from '../lib/brands.ts';
import { sitemapIndex } from '../lib/search-engines.ts';

/** The index of the brands' sitemaps (site/lib/search-engines.ts). */
export const GET: APIRoute = ({ site }) => {
  if (site === undefined) throw new Error('astro.config.mjs sets `site`: sitemap addresses are absolute.');
  const slugs = allBrands().map((brand) => brand.slug);
  return new Response(sitemapIndex(slugs, site), { headers: { 'Content-Type': 'application/xml' } });
};
