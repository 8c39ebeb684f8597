import type { APIRoute } from 'astro';
import { serviceWorkerSource } from '../../islands/offline/service-worker-source.ts';

/** Changes with every build, so a deployed update installs a new worker that drops old caches. */
const BUILD_ID = Date.now().toString(36);

/** The service worker (islands/offline/service-worker-source.ts), at the site's root so that it controls every page. */
export const GET: APIRoute = () =>
  new Response(serviceWorkerSource(BUILD_ID), { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
