import type { ReactNode } from 'react';

interface ScrollingTableProps {
  /** The id of the heading that names the table (and its scrolling holder). */
  labelledBy: string;
  /** The column headers, in order. */
  headers: readonly string[];
  /** The rows (`<tr>` elements). */
  children: ReactNode;
  /**
   * On a phone each row shows as a block (`bo-table--stack`): its first cell a title, the others
   * under their `data-label`, instead of scrolling sideways.
   */
  stacked?: boolean;
}

/**
 * A plain table under a heading, in a holder that scrolls sideways on a phone: keyboard users reach
 * the holder (axe scrollable-region-focusable), and both are named by the heading. The work queue's
 * groups and the claim page's mails use it.
 */
export function ScrollingTable({ labelledBy, headers, children, stacked = false }: ScrollingTableProps) {
  // A group, not a fieldset: it holds no form control, it only takes the focus to be scrolled.
  const holder = { tabIndex: 0, role: 'group', 'aria-labelledby': labelledBy } as const;
  return (
    <div className="bo-table-wrap" {...holder}>
      <table className={stacked ? 'bo-table bo-table--stack' : 'bo-table'} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
