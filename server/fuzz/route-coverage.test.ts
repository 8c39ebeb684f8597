import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSite, type RunningApp, startTestApp } from '../test-support.ts';
import { coveredRoutes, FUZZ_ENDPOINTS } from './endpoints.ts';

/**
 * The fuzz table cannot drift from the app: the routes are read from the real app's Express 5
 * router stack (every router mounted by createApp, recursively), and each must have an entry.
 */

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** `METHOD path` of every route in a router stack and the routers mounted in it. */
function routesOf(stack: readonly RouterLayer[], found: Set<string> = new Set()): Set<string> {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const method of Object.keys(layer.route.methods).filter((name) => name !== '_all'))
        for (const path of paths) found.add(`${method.toUpperCase()} ${path}`);
    } else if (layer.handle?.stack) {
      routesOf(layer.handle.stack, found);
    }
  }
  return found;
}

function appRoutes(app: Express): Set<string> {
  return routesOf((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);
}

describe('fuzz table coverage', () => {
  let site: ReturnType<typeof createFakeSite>;
  let running: RunningApp;
  beforeAll(async () => {
    site = createFakeSite();
    running = await startTestApp(site.staticDir);
  }, 60_000);
  afterAll(async () => {
    await running.close();
    site.remove();
  });

  it('When the app has a route, then the fuzz table covers it', () => {
    const routes = appRoutes(running.app);
    expect(routes.size).toBeGreaterThan(30);
    const missing = [...routes].filter((route) => !coveredRoutes().has(route));
    expect(missing, 'add these routes to server/fuzz/endpoints.ts').toEqual([]);
  });

  it('When the fuzz table names a route, then the app still has it', () => {
    const routes = appRoutes(running.app);
    const stale = FUZZ_ENDPOINTS.map((endpoint) => endpoint.route).filter(
      (route) => route !== 'GET (site)' && !routes.has(route),
    );
    expect(stale).toEqual([]);
  });

  it('When two entries share a name, then reports could not tell them apart', () => {
    const names = FUZZ_ENDPOINTS.map((endpoint) => endpoint.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
