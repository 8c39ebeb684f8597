import type { Options } from 'tabulator-tables';

/**
 * What every Tabulator table of the back office shares: French words for its pager (the button
 * titles equal their text, so the accessible name is what staff read), and the roles that make
 * its markup a valid grid for assistive technologies.
 */

/** The pager in French; `rows` names what is counted. */
export function frenchTableTexts(rows: string): Pick<Options, 'locale' | 'langs'> {
  return {
    locale: 'fr',
    langs: {
      fr: {
        pagination: {
          first: 'Première',
          first_title: 'Première',
          last: 'Dernière',
          last_title: 'Dernière',
          prev: 'Précédent',
          prev_title: 'Précédent',
          next: 'Suivant',
          next_title: 'Suivant',
          page_size: 'Par page',
          page_title: 'Page',
          counter: { showing: 'Lignes', of: 'sur', rows, pages: 'pages' },
          all: 'Toutes',
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
