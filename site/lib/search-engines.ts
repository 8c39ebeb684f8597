import { DEFAULT_LANGUAGE, LANGUAGES } from '../../contracts/languages.ts';
import { INDEXED_ROUTES, pagePath } from '../../contracts/routes.ts';

/**
 * What the site tells search engines: `robots.txt`, a sitemap index, and one sitemap per brand
 * listing the pages a search engine may list (`INDEXED_ROUTES`) in every language, each with its
 * language alternates, as the pages' own `hreflang` links name them. Every address is absolute on
 * the public origin (astro.config.mjs's `site`).
 */

/** The sitemap of a brand's pages, by its slug (`default` for the neutral brand). */
function brandSitemapPath(slug: string): string {
  return `/sitemap-${slug || 'default'}.xml`;
}

/** The sitemap index, named by `robots.txt`. */
const SITEMAP_INDEX_PATH = '/sitemap.xml';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function absolute(path: string, origin: URL): string {
  return escapeXml(new URL(path, origin).href);
}

/**
 * Every page may be crawled, so a search engine reads the `noindex` of a declaration's steps and
 * a claim's pages; the back office is left out (its pages need a signed-in member of staff).
 */
export function robotsTxt(origin: URL): string {
  return ['User-agent: *', 'Disallow: /bo_', '', `Sitemap: ${new URL(SITEMAP_INDEX_PATH, origin).href}`, ''].join('\n');
}

/** The index of the brands' sitemaps. */
export function sitemapIndex(slugs: readonly string[], origin: URL): string {
  const entries = slugs.map((slug) => `<sitemap><loc>${absolute(brandSitemapPath(slug), origin)}</loc></sitemap>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** One brand's indexed pages, one `<url>` per language, each naming every language and x-default. */
export function brandSitemap(slug: string, origin: URL): string {
  const urls = INDEXED_ROUTES.flatMap((route) => {
    const href = (lang: (typeof LANGUAGES)[number]) => absolute(pagePath({ company: slug, lang, route }), origin);
    const links = [
      ...LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href(lang)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LANGUAGE)}"/>`,
    ].join('');
    return LANGUAGES.map((lang) => `<url><loc>${href(lang)}</loc>${links}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
