import type { APIRoute } from 'astro';
import { themeStylesheet } from '../lib/brands.ts';

export const GET: APIRoute = () =>
  new Response(themeStylesheet(), { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
