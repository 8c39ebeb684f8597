import { describe, expect, it } from 'vitest';
import { notFoundPages, pageFile, resolveSiteRequest } from './service.ts';

const isKnownCompany = (slug: string) => slug === 'veligo';

describe('pageFile', () => {
  it.each([
    [{ company: '', lang: 'fr', route: 'home' }, 'index.html'],
    [{ company: 'veligo', lang: 'en', route: 'home' }, 'veligo/en/index.html'],
    [{ company: '', lang: 'de', route: 'faq' }, 'de/faq/index.html'],
    [{ company: 'veligo', lang: 'fr', route: '404' }, 'veligo/404/index.html'],
  ] as const)('When the page is %o, then its file is %s', (address, file) => {
    expect(pageFile(address)).toBe(file);
  });
});

describe('notFoundPages', () => {
  it('When a partner page in English is missing, then its 404 pages are tried from the closest to the neutral one', () => {
    expect(notFoundPages('/veligo/en/nope', isKnownCompany)).toEqual([
      'veligo/en/404/index.html',
      'veligo/404/index.html',
      'en/404/index.html',
      '404/index.html',
      '404.html',
    ]);
  });

  it('When a back-office path is unknown, then the back office\u2019s own 404 page is tried first', () => {
    expect(notFoundPages('/bo_nimportequoi', isKnownCompany)).toEqual(['bo_404/index.html', '404.html']);
    expect(notFoundPages('/bo_faq/abc', isKnownCompany)).toEqual(['bo_404/index.html', '404.html']);
  });

  it('When the company is unknown, then only the neutral French 404 pages are tried', () => {
    expect(notFoundPages('/unknownco/faq', isKnownCompany)).toEqual(['404/index.html', '404.html']);
  });
});

describe('resolveSiteRequest', () => {
  it('When a page is asked, then its file is named', () => {
    expect(resolveSiteRequest('/veligo/en/faq?x=1', isKnownCompany)).toEqual({
      kind: 'page',
      file: 'veligo/en/faq/index.html',
    });
  });

  it('When a back-office page is asked, then its shell is named', () => {
    expect(resolveSiteRequest('/bo_dashboard', isKnownCompany)).toEqual({
      kind: 'page',
      file: 'bo_dashboard/index.html',
    });
  });

  it('When anything else is asked, then it is left to the assets', () => {
    expect(resolveSiteRequest('/_astro/app.js', isKnownCompany)).toEqual({ kind: 'other' });
  });

  it('When ?lang= is repeated, then the first value chooses and all are removed', () => {
    expect(resolveSiteRequest('/faq?lang=de&lang=en&q=a+b', isKnownCompany)).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/de/faq?q=a+b',
    });
  });

  it('When a trailing-slash path starts with a backslash, then the redirect stays on this site', () => {
    expect(resolveSiteRequest('/\\evil.example.com/', isKnownCompany)).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/evil.example.com',
    });
  });

  it('When an unprefixed page is asked by a browser preferring German, then the German file is named, negotiated', () => {
    expect(
      resolveSiteRequest('/veligo/faq', isKnownCompany, new Map(), { acceptLanguage: 'de-CH,de;q=0.9', cookie: '' }),
    ).toEqual({
      kind: 'page',
      file: 'veligo/de/faq/index.html',
      negotiated: { lang: 'de', frenchFile: 'veligo/faq/index.html' },
    });
    expect(resolveSiteRequest('/veligo/index', isKnownCompany, new Map(), { acceptLanguage: 'en' })).toEqual({
      kind: 'page',
      file: 'veligo/en/index.html',
      negotiated: { lang: 'en', frenchFile: 'veligo/index.html' },
    });
  });

  it('When the visitor has a language cookie or prefers French, then the French file is named, negotiated', () => {
    const french = {
      kind: 'page',
      file: 'veligo/faq/index.html',
      negotiated: { lang: 'fr', frenchFile: 'veligo/faq/index.html' },
    };
    expect(
      resolveSiteRequest('/veligo/faq', isKnownCompany, new Map(), { acceptLanguage: 'en', cookie: 'lang=fr' }),
    ).toEqual(french);
    expect(resolveSiteRequest('/veligo/faq', isKnownCompany, new Map(), { acceptLanguage: 'fr-FR,en;q=0.9' })).toEqual(
      french,
    );
  });

  it('When a prefixed page, a back-office page or an unknown page is asked by an English browser, then nothing is negotiated', () => {
    const english = { acceptLanguage: 'en' };
    expect(resolveSiteRequest('/veligo/de/faq', isKnownCompany, new Map(), english)).toEqual({
      kind: 'page',
      file: 'veligo/de/faq/index.html',
    });
    expect(resolveSiteRequest('/bo_login', isKnownCompany, new Map(), english)).toEqual({
      kind: 'page',
      file: 'bo_login/index.html',
    });
    expect(resolveSiteRequest('/veligo/nope', isKnownCompany, new Map(), english)).toEqual({ kind: 'other' });
    expect(resolveSiteRequest('/veligo/faq?lang=de', isKnownCompany, new Map(), english)).toMatchObject({
      kind: 'redirect',
      location: '/veligo/de/faq',
    });
  });
});
