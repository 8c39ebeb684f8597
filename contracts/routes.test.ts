import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ROUTES,
  INDEXED_ROUTES,
  isIndexedRoute,
  pagePath,
  parsePagePath,
  ROUTE_GROUPS,
  routeGroupOf,
} from './routes.ts';

const known = (slug: string) => ['veligo', 'golfy'].includes(slug);

describe('pagePath', () => {
  it('When the page is French, then the URL has no language segment', () => {
    expect(pagePath({ company: '', lang: 'fr', route: 'home' })).toBe('/');
    expect(pagePath({ company: 'veligo', lang: 'fr', route: 'home' })).toBe('/veligo');
    expect(pagePath({ company: 'veligo', lang: 'fr', route: 'faq' })).toBe('/veligo/faq');
  });
  it('When the page is in another language, then the language follows the company', () => {
    expect(pagePath({ company: 'veligo', lang: 'en', route: 'declare-step1' })).toBe('/veligo/en/declare-step1');
    expect(pagePath({ company: '', lang: 'de', route: 'home' })).toBe('/de');
    expect(pagePath({ company: '', lang: 'pl', route: '404' })).toBe('/pl/404');
  });
});

describe('parsePagePath', () => {
  it('When a path names a known company, language and route, then all three are read', () => {
    expect(parsePagePath('/veligo/en/declare-step1', known)).toEqual({
      company: 'veligo',
      lang: 'en',
      route: 'declare-step1',
      found: true,
    });
    expect(parsePagePath('/golfy', known)).toEqual({ company: 'golfy', lang: 'fr', route: 'home', found: true });
    expect(parsePagePath('/', known)).toEqual({ company: '', lang: 'fr', route: 'home', found: true });
  });
  it('When the path is /index, then it is the home page', () => {
    expect(parsePagePath('/index', known)).toMatchObject({ route: 'home', found: true });
    expect(parsePagePath('/veligo/de/index', known)).toMatchObject({
      company: 'veligo',
      lang: 'de',
      route: 'home',
      found: true,
    });
  });
  it('When the first segment is not a known company, then the company is cleared and the page is not found', () => {
    expect(parsePagePath('/unknown/faq', known)).toEqual({ company: '', lang: 'fr', route: '404', found: false });
  });
  it('When the route does not exist, then the company and language are kept for the 404 page', () => {
    expect(parsePagePath('/veligo/it/nope', known)).toEqual({
      company: 'veligo',
      lang: 'it',
      route: '404',
      found: false,
    });
  });
  it('When French is written explicitly, then the path is not a page (French has no prefix)', () => {
    expect(parsePagePath('/fr/faq', known)).toMatchObject({ found: false });
  });
});

describe('ROUTE_GROUPS', () => {
  it('When the customer routes are grouped, then each is in exactly one group', () => {
    const grouped = Object.values(ROUTE_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...CUSTOMER_ROUTES].sort());
    expect(routeGroupOf('declare-step3')).toBe('declaration');
    expect(routeGroupOf('client-file')).toBe('followUp');
    expect(routeGroupOf('find-my-number')).toBe('forms');
  });
});

describe('INDEXED_ROUTES', () => {
  it('When search engines may list pages, then each part of the site has its entry listed and no step of a journey is', () => {
    for (const routes of Object.values(ROUTE_GROUPS)) {
      expect(routes.some((route) => isIndexedRoute(route))).toBe(true);
    }
    expect(INDEXED_ROUTES.filter((route) => /step|confirmation|client-file/.test(route))).toEqual([]);
    expect(isIndexedRoute('declare-sinistre')).toBe(true);
    expect(isIndexedRoute('declare-step1')).toBe(false);
    expect(isIndexedRoute('404')).toBe(false);
  });
});
