import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../../brands/index.ts';
import { CANONICAL_PAGES } from '../../../contracts/backoffice.ts';
import { canonicalPageOf } from './canonical-pages.ts';
import { visitedPagesSeries } from './routes.ts';

const brands = await loadBrands();
const companies = {
  isKnownCompany: (slug: string) => brands.bySlug.has(slug),
  formerSlugOf: (slug: string) => brands.formerSlugs.get(slug),
};

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
    ['/veligo/faq/extra', 'veligo', 'error'],
  ])('When the path is %s, then it counts for %j as %s', (path, company, page) => {
    expect(canonicalPageOf(path, companies)).toEqual({ company, page });
  });
});

describe('Pages of older versions are counted as the canonical page they were, not as Erreur', () => {
  it.each([
    // The home page with its language parameter, /index and the bare brand root.
    ['/fr', '', 'home'],
    ['/?lang=de', '', 'home'],
    ['/sandaya/fr', 'sandaya', 'home'],
    ['/sandaya/index', 'sandaya', 'home'],
    // The page with the pre-filled insured number.
    ['/declare-sinistre?prefill_numero_assure=SO-0000001', '', 'declare-sinistre?prefill_numero_assure'],
    ['/veligo/?prefill_numero_assure=SO-0000006', 'veligo', 'declare-sinistre?prefill_numero_assure'],
    ['/declare-sinistre?lang=en', '', 'declare-sinistre'],
    ['/consult-sinistre', '', 'consult-sinistre'],
    ['/yelloh/consult-sinistre', 'yelloh', 'consult-sinistre'],
    ['/declare-step6', '', 'declare-step6'],
    ['/veligo/declare-step7', 'veligo', 'declare-step7'],
    // client-file, and client-file with dossier= (the mailed link).
    ['/client-file?dossier=0f3a9c', '', 'client-file?dossier'],
    ['/golfy/en/client-file?dossier=0f3a9c', 'golfy', 'client-file?dossier'],
    ['/client-file?lang=fr', '', 'client-file'],
    ['/confirm-file', '', 'confirm-file'],
    ['/maeva/confirm-file', 'maeva', 'confirm-file'],
    // A former prefix counts for the partner it became.
    ['/fluow/faq', 'veligo', 'faq'],
  ])('When an earlier version recorded %s, then it counts for %j as %s', (path, company, page) => {
    expect(canonicalPageOf(path, companies)).toEqual({ company, page });
    expect(CANONICAL_PAGES).toContain(page);
  });

  it('When a day holds pages of every version, then the chart counts none of them as Erreur', () => {
    const series = visitedPagesSeries(
      [
        { page: '/declare-step6', count: 4 },
        { page: '/veligo/consult-sinistre', count: 2 },
        { page: '/confirm-file', count: 1 },
        { page: '/declare-sinistre?prefill_numero_assure=SO-0000001', count: 3 },
        { page: '/sandaya/client-file?dossier=abc', count: 5 },
        { page: '/veligo/declare-step3', count: 7 },
      ],
      brands,
    );
    const base = series.find((item) => item.name === 'Base');
    const error = CANONICAL_PAGES.indexOf('error');
    for (const item of series) expect(item.counts[error], item.name).toBe(0);
    expect(base?.counts[CANONICAL_PAGES.indexOf('declare-step6')]).toBe(4);
    expect(base?.counts[CANONICAL_PAGES.indexOf('confirm-file')]).toBe(1);
    expect(base?.counts[CANONICAL_PAGES.indexOf('declare-sinistre?prefill_numero_assure')]).toBe(3);
    expect(series.find((item) => item.name === 'veligo')?.counts[CANONICAL_PAGES.indexOf('consult-sinistre')]).toBe(2);
    expect(series.find((item) => item.name === 'sandaya')?.counts[CANONICAL_PAGES.indexOf('client-file?dossier')]).toBe(
      5,
    );
  });

  it('When pages of partners and of the neutral brand are visited, then Global is every partner of the brand files (zenride included, named for the table but not drawn) and Base is not in it', () => {
    const series = visitedPagesSeries(
      [
        { page: '/zenride/declare-sinistre', count: 3 },
        { page: '/veligo/declare-sinistre', count: '2' },
        { page: '/declare-sinistre', count: 1 },
      ],
      brands,
    );
    const at = CANONICAL_PAGES.indexOf('declare-sinistre');
    expect(series.find((item) => item.name === 'zenride')).toMatchObject({ label: 'Zenride', chart: false });
    expect(series.find((item) => item.name === 'zenride')?.counts[at]).toBe(3);
    expect(series.find((item) => item.name === 'veligo')?.chart).toBeUndefined();
    expect(series.find((item) => item.name === 'veligo')?.counts[at]).toBe(2);
    expect(series.find((item) => item.name === 'Base')?.counts[at]).toBe(1);
    expect(series.find((item) => item.name === 'Global')?.counts[at]).toBe(5);
    // One series per partner, then Base and Global.
    expect(series).toHaveLength(brands.partners.length + 2);
    expect(series.slice(-2).map((item) => item.name)).toEqual(['Base', 'Global']);
  });
});
