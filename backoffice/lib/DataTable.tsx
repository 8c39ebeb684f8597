import { type RefObject, useEffect, useRef } from 'react';
import { type Options, type Tabulator, TabulatorFull } from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import { fixGridRoles, frenchTableTexts } from './tabulator.ts';

/**
 * The one wrapper of Tabulator in the back office: it makes the table in an effect with what every
 * table shares (the French pager, drawn outside the grid; the grid roles fixed once built), gives
 * it new rows when `data` changes, and destroys it on unmount. A page keeps the instance through
 * `tableRef` for what is its own (live row updates, column choices, sorts).
 */

export interface DataTableProps {
  /** The table's options, read once when the table is made; `undefined` until the page can make it (first rows not there yet). */
  options: Options | undefined;
  /** What the pager counts, a text of the page. Example: "sessions". */
  rows: string;
  /** Rows that replace the table's data when they change (the first ones go in `options.data`); omit for a remote table. */
  data?: object[] | undefined;
  /** The class of the table's holder. Example: "bo-faq-table". */
  className: string;
  /** Holds the table from its making until it is destroyed. */
  tableRef?: RefObject<Tabulator | undefined>;
}

export function DataTable({ options, rows, data, className, tableRef }: DataTableProps) {
  const holder = useRef<HTMLDivElement>(null);
  const pager = useRef<HTMLDivElement>(null);
  const table = useRef<Tabulator | undefined>(undefined);
  /** Tabulator refuses calls until its table is built. */
  const built = useRef(false);
  const latest = useRef({ options, rows, tableRef });
  latest.current = { options, rows, tableRef };
  const ready = options !== undefined;

  useEffect(() => {
    const { options: initial, rows: counted, tableRef: shared } = latest.current;
    if (!holder.current || !ready || !initial) return;
    const created = new TabulatorFull(holder.current, {
      ...initial,
      // Outside the grid: buttons are not cells of a grid (axe aria-required-children).
      ...(initial.pagination && pager.current ? { paginationElement: pager.current } : {}),
      ...frenchTableTexts(counted),
    });
    created.on('tableBuilt', () => {
      built.current = true;
      fixGridRoles(holder.current);
    });
    table.current = created;
    if (shared) shared.current = created;
    return () => {
      built.current = false;
      created.destroy();
      table.current = undefined;
      if (shared) shared.current = undefined;
    };
    // Made once the options are there; later rows come through `data` (below).
  }, [ready]);

  useEffect(() => {
    if (data && table.current && built.current) void table.current.replaceData(data);
  }, [data]);

  return (
    <>
      <div ref={holder} className={className} />
      <div ref={pager} className="bo-activities__pager tabulator" />
    </>
  );
}
