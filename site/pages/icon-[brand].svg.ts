import type { APIRoute, GetStaticPaths } from 'astro';
import type { Brand } from '../../brands/lib/schema.ts';
import { allBrands } from '../lib/brands.ts';

/** A square app icon per brand: the initial on the brand colour (favicon and installed app). */
export const getStaticPaths = (() =>
  allBrands().map((brand) => ({
    params: { brand: brand.slug || 'default' },
    props: { brand },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const brand = (props as { brand: Brand }).brand;
  const initial =
    brand.name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .charAt(0)
      .toUpperCase() || 'S';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="${brand.theme.primary}"/><text x="256" y="340" text-anchor="middle" font-family="system-ui, sans-serif" font-size="260" font-weight="700" fill="${brand.theme.onPrimary}">${initial}</text></svg>`;
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
};
