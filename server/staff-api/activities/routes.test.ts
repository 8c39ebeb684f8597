import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import { CANONICAL_PAGES } from '../../../contracts/backoffice.ts';
import { canonicalPageOf } from './canonical-pages.ts';
import { visitedPagesSeries } from './routes.ts';

const brands = await loadBrands();
const known = (slug: string) => brands.bySlug.has(slug);

describe('canonical pages', () => {
  it.each([
    ['/', '', 'home'],
    ['/en', '', 'home'],
    ['/index', '', 'home'],
    ['/veligo', 'veligo', 'home'],
    ['/veligo/de/declare-step3', 'veligo', 'declare-step3'],
    ['/sandaya/client-file', 'sandaya', 'client-file'],
    ['/pl/faq', '', 'faq'],
    ['/golfy/claim-step2', 'golfy', 'claim-step2'],
    ['/veligo/nowhere', 'veligo', 'error'],
    ['/unknownbrand/faq', '', 'error'],
  ])('When the path is %s, then it counts for %j as %s', (path, company, page) => {
    expect(canonicalPageOf(path, known)).toEqual({ company, page });
  });
});

describe('visited pages series', () => {
  it('When zenride pages are visited, then Global counts them but zenride has no series; the neutral brand is Base', () => {
    const series = visitedPagesSeries(
      [
        { page: '/zenride/declare-sinistre', count: 3 },
        { page: '/veligo/declare-sinistre', count: '2' },
        { page: '/declare-sinistre', count: 1 },
      ],
      brands,
    );
    const at = CANONICAL_PAGES.indexOf('declare-sinistre');
    expect(series.some((item) => item.name === 'zenride')).toBe(false);
    expect(series.find((item) => item.name === 'veligo')?.counts[at]).toBe(2);
    expect(series.find((item) => item.name === 'Base')?.counts[at]).toBe(1);
    expect(series.find((item) => item.name === 'Global')?.counts[at]).toBe(6);
    // One series per partner with a series, then Base and Global.
    expect(series).toHaveLength(brands.partners.filter((brand) => brand.pageVisitSeries).length + 2);
  });
});
