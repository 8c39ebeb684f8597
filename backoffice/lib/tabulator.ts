import type { Options } from 'tabulator-tables';
import { t } from './texts.ts';

/**
 * What every Tabulator table of the back office shares: French words for what Tabulator writes
 * itself (the loading overlay of a table the server pages, a filter's placeholder; its own pager
 * is never shown: DataTable draws the back office's), and the roles that make its markup a valid
 * grid for assistive technologies.
 */

/** Tabulator's own texts in French. */
export function frenchTableTexts(): Pick<Options, 'locale' | 'langs'> {
  return {
    locale: 'fr',
    langs: {
      fr: {
        data: { loading: t('common.loading'), error: t('common.error') },
        headerFilters: { default: t('common.filter') },
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
