import type { APIRoute, GetStaticPaths } from 'astro';
import type { Brand } from '../../brands/lib/schema.ts';
import { pagePath } from '../../contracts/routes.ts';
import { allBrands } from '../lib/brands.ts';

/** One web app manifest per brand, so the installed app opens on the brand's home. */
export const getStaticPaths = (() =>
  allBrands().map((brand) => ({
    params: { brand: brand.slug || 'default' },
    props: { brand },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const brand = (props as { brand: Brand }).brand;
  const icon = `/icon-${brand.slug || 'default'}.svg`;
  const manifest = {
    name: brand.name,
    short_name: brand.name.slice(0, 12),
    start_url: pagePath({ company: brand.slug, lang: 'fr', route: 'home' }),
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: brand.theme.primary,
    icons: [{ src: icon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
  return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/manifest+json' } });
};
