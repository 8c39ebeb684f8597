import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_ROUTES, CUSTOMER_ROUTES } from '../contracts/routes.ts';
import { isOriginGetPath, ORIGIN_GET_PATHS } from './origin-paths.ts';
import { createFakeSite, type RunningApp, startTestApp } from './test-support.ts';

interface MountedRoute {
  path: string;
  methods: string[];
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** The routes the app mounts, read from Express's router (nested routers included). */
function mountedRoutes(app: Express): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const visit = (stack: readonly RouterLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const methods = Object.keys(layer.route.methods).filter((method) => layer.route?.methods[method]);
        for (const path of paths) routes.push({ path, methods: methods.map((method) => method.toUpperCase()) });
      } else if (layer.handle?.stack) visit(layer.handle.stack);
    }
  };
  visit((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);
  return routes;
}

/** A path of a route pattern, its parameters filled in: `/sinistres/:numero` → `/sinistres/x`. */
function samplePath(pattern: string): string {
  return pattern.replace(/:[a-zA-Z]+/g, 'x');
}

let site: ReturnType<typeof createFakeSite>;
let server: RunningApp;
let routes: MountedRoute[];

beforeAll(async () => {
  site = createFakeSite();
  server = await startTestApp(site.staticDir);
  routes = mountedRoutes(server.app);
});

afterAll(async () => {
  await server.close();
  site.remove();
});

describe('The paths a CDN sends to the origin', () => {
  it('When the app mounts a GET route, then the list sends that path to the origin', () => {
    const gets = routes.filter((route) => route.methods.includes('GET'));
    expect(gets.length).toBeGreaterThan(10);
    const missing = gets
      .map((route) => route.path)
      .filter(
        (path) =>
          !isOriginGetPath(samplePath(path)) && !(ORIGIN_GET_PATHS.negotiated as readonly string[]).includes(path),
      );
    expect(missing).toEqual([]);
  });

  it('When the list names a path exactly, then the app answers a GET there (no stale entry)', () => {
    const gets = new Set(routes.filter((route) => route.methods.includes('GET')).map((route) => route.path));
    for (const path of [...ORIGIN_GET_PATHS.exact, ...ORIGIN_GET_PATHS.negotiated]) {
      expect(gets.has(path), path).toBe(true);
    }
  });

  it('When socket.io is asked through its prefix, then the origin answers its handshake', async () => {
    const response = await fetch(`${server.baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^0\{"sid"/);
  });

  it('When a page of the site is asked for, then it is not sent to the origin', () => {
    const pages = [...CUSTOMER_ROUTES, ...BACKOFFICE_ROUTES].map((route) => `/${route}`);
    expect(pages.filter((path) => isOriginGetPath(path))).toEqual([]);
  });
});
