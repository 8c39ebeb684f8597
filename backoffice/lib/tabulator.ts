import type { Options } from 'tabulator-tables';
import { t } from './texts.ts';

/**
 * What every Tabulator table of the back office shares: French words for its pager (the button
 * titles equal their text, so the accessible name is what staff read), and the roles that make
 * its markup a valid grid for assistive technologies.
 */

/** The pager in French; `rows` names what is counted (a text of the table's page). */
export function frenchTableTexts(rows: string): Pick<Options, 'locale' | 'langs'> {
  return {
    locale: 'fr',
    langs: {
      fr: {
        pagination: {
          first: t('common.table.first'),
          first_title: t('common.table.first'),
          last: t('common.table.last'),
          last_title: t('common.table.last'),
          prev: t('common.pager.previous'),
          prev_title: t('common.pager.previous'),
          next: t('common.pager.next'),
          next_title: t('common.pager.next'),
          page_size: t('common.pager.perPage'),
          page_title: t('common.page'),
          counter: {
            showing: t('common.table.showing'),
            of: t('common.table.of'),
            rows,
            pages: t('common.table.pages'),
          },
          all: t('common.table.all'),
        },
      },
    },
  };
}

/**
 * Tabulator's scrolling holder is focusable (keyboard scrolling) but has no role, which a grid may
 * not contain: it becomes the row group, the table inside it a plain container. Call on `tableBuilt`.
 */
export function fixGridRoles(holder: HTMLElement | null): void {
  holder?.querySelector('.tabulator-tableholder')?.setAttribute('role', 'rowgroup');
  holder?.querySelector('.tabulator-table')?.setAttribute('role', 'none');
}
