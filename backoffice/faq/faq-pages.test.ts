import { describe, expect, it } from 'vitest';
import { FaqListQuerySchema } from '../../contracts/faq.ts';
import { faqPageQuery } from './faq-pages.ts';

describe('the query of a page of the FAQ list', () => {
  it('When the table asks for a page with a sort and filters, then the query names them as the server reads them', () => {
    const query = faqPageQuery(
      {
        page: 3,
        size: 50,
        sort: [{ field: 'occurence', dir: 'desc' }],
        filter: [
          { field: 'question', value: 'rembours' },
          { field: 'id', value: '' },
        ],
      },
      10,
    );
    expect(query).toEqual({ page: 3, size: 50, sort: 'occurence', dir: 'desc', question: 'rembours' });
    expect(
      FaqListQuerySchema.safeParse(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))).success,
    ).toBe(true);
  });

  it('When no sort is chosen (the three-state toggle back to none), then the server sorts by id', () => {
    expect(faqPageQuery({ sort: [] }, 10)).toEqual({ page: 1, size: 10 });
    expect(faqPageQuery({ sort: [{ field: 'question', dir: 'asc' }] }, 10)).toEqual({ page: 1, size: 10 });
  });
});
