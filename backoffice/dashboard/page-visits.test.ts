import { describe, expect, it } from 'vitest';
import { CANONICAL_PAGES } from '../../contracts/backoffice.ts';
import { chartSeries, NAMED_PARTNERS, OTHERS, type PageVisits, pageName, tableSeries } from './page-visits.ts';

/** A result over two pages: partners p1…p9 with 9…1 visits on the first page, then Base and Global. */
function result(): PageVisits {
  const partners = Array.from({ length: 9 }, (_item, index) => ({
    name: `p${index + 1}`,
    label: `Partenaire ${index + 1}`,
    counts: [9 - index, index === 8 ? 1 : 0],
  }));
  return {
    pages: ['home', 'faq'],
    series: [
      { name: 'zero', label: 'Sans visite', counts: [0, 0] },
      ...partners.reverse(),
      { name: 'Base', label: 'Base', counts: [40, 2] },
      { name: 'Global', label: 'Global', counts: [46, 1] },
    ],
  };
}

describe('Page names on the page-visits chart', () => {
  it('When a canonical page is shown, then it reads as staff name it, never as its code', () => {
    const names = CANONICAL_PAGES.map(pageName);
    expect(names.filter((name) => /step\d|^declare-|-sinistre|\?/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(CANONICAL_PAGES.length);
    expect(pageName('declare-step1')).toBe('Étape 1 · Objet');
    expect(pageName('confirm-file')).toBe('Confirmer le dossier (ancienne page)');
  });
});

describe('The stacked chart groups the smaller partners as Autres', () => {
  it('When more partners than NAMED_PARTNERS have visits, then the largest show by name, the rest sum to Autres, then Base and Global', () => {
    const series = chartSeries(result());
    expect(series.map((item) => item.name)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', OTHERS, 'Base', 'Global']);
    expect(NAMED_PARTNERS).toBe(6);
    const others = series.find((item) => item.name === OTHERS);
    // p7 (3 + 0), p8 (2 + 0), p9 (1 + 1); the partner without a visit is left out.
    expect(others?.counts).toEqual([6, 1]);
    expect(others?.total).toBe(7);
    expect(others?.members).toEqual([
      { label: 'Partenaire 7', total: 3 },
      { label: 'Partenaire 8', total: 2 },
      { label: 'Partenaire 9', total: 2 },
    ]);
    // Every visit of the partners is still counted once.
    const partners = series.filter((item) => item.name !== 'Base' && item.name !== 'Global');
    expect(partners.reduce((sum, item) => sum + item.total, 0)).toBe(46);
  });

  it('When the stack is coloured, then neighbours differ and no colour is used twice', () => {
    const colours = chartSeries(result()).map((item) => item.colour);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('When no more than NAMED_PARTNERS partners have visits, then there is no Autres', () => {
    const few = result();
    few.series = few.series.filter((item) => ['p1', 'p2', 'Base', 'Global'].includes(item.name));
    expect(chartSeries(few).map((item) => item.name)).toEqual(['p1', 'p2', 'Base', 'Global']);
  });
});

describe('The figures table names every partner', () => {
  it('When more partners than the chart names have visits, then the table still has a column for each by name, without Autres, then Base and Global', () => {
    const columns = tableSeries(result());
    expect(columns.map((item) => item.name)).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
      'p6',
      'p7',
      'p8',
      'p9',
      'zero',
      'Base',
      'Global',
    ]);
    expect(columns.map((item) => item.label)).not.toContain(OTHERS);
    // Each partner keeps its own figures: p9's visit on the second page, the partner without any.
    expect(columns.find((item) => item.name === 'p9')).toMatchObject({
      label: 'Partenaire 9',
      counts: [1, 1],
      total: 2,
    });
    expect(columns.find((item) => item.name === 'zero')).toMatchObject({ label: 'Sans visite', total: 0 });
  });
});

describe('A partner without a chart series', () => {
  it('When the server marks a partner chart: false, then the chart leaves it out and the table names it', () => {
    const visits = result();
    visits.series.unshift({ name: 'bikes', label: 'Vélos de fonction', counts: [50, 0], chart: false });
    expect(chartSeries(visits).map((item) => item.name)).not.toContain('bikes');
    expect(tableSeries(visits)[0]).toMatchObject({ name: 'bikes', label: 'Vélos de fonction', total: 50 });
  });
});
