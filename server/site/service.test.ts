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
});
