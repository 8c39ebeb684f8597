import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/search-engines.ts';

/** Crawling rules and the sitemap's address (site/lib/search-engines.ts). */
export const GET: APIRoute = ({ site }) => {
  if (site === undefined) throw new Error('astro.config.mjs sets `site`: the sitemap address is absolute.');
  return new Response(robotsTxt(site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
