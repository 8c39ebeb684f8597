import { type RefObject, useEffect, useRef, useState } from 'react';
import { type Options, type Tabulator, TabulatorFull } from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import { Pager } from './Pager.tsx';
import { fixGridRoles, frenchTableTexts } from './tabulator.ts';

/**
 * The one wrapper of Tabulator in the back office: it makes the table in an effect with what every
 * table shares (French texts, titles that wrap rather than being cut, the grid roles fixed once
 * built), gives it new rows when `data` changes, and destroys it on unmount. A page keeps the
 * instance through `tableRef` for what is its own (live row updates, column choices, sorts). A
 * paged table, paged in the browser or by the server, shows the back office's one pager
 * (Pager.tsx, the claims list's), never Tabulator's: `total` words the rows found, and the pager
 * follows the table's page, filters and page size.
 */

export interface DataTableProps {
  /** The table's options, read once when the table is made; `undefined` until the page can make it (first rows not there yet). */
  options: Options | undefined;
  /** Rows that replace the table's data when they change (the first ones go in `options.data`); omit for a remote table. */
  data?: object[] | undefined;
  /** The class of the table's holder. Example: "bo-faq-table". */
  className: string;
  /** Holds the table once it is built (Tabulator refuses calls before) until it is destroyed. */
  tableRef?: RefObject<Tabulator | undefined>;
  /**
   * With pagination: the pager's words for the rows found (those the filters keep).
   * Example: `(count) => t('faq.count', { count })`.
   */
  total?: (count: number) => string;
  /** With remote pagination: the rows the server found (its answer's total). */
  remoteCount?: number | undefined;
}

/** Where a table paged in the browser stands, for the shared pager. */
interface PageState {
  page: number;
  pages: number;
  count: number;
  size: number;
}

function pageStateOf(table: Tabulator): PageState {
  const size = table.getPageSize();
  return {
    page: table.getPage() || 1,
    pages: Math.max(1, table.getPageMax() || 1),
    count: table.getDataCount('active'),
    size: typeof size === 'number' ? size : 0,
  };
}

export function DataTable({ options, data, className, tableRef, total, remoteCount }: DataTableProps) {
  const holder = useRef<HTMLDivElement>(null);
  const table = useRef<Tabulator | undefined>(undefined);
  /** Tabulator refuses calls until its table is built. */
  const built = useRef(false);
  const latest = useRef({ options, tableRef });
  latest.current = { options, tableRef };
  const ready = options !== undefined;
  const remote = options?.paginationMode === 'remote';
  const sharedPager = total !== undefined && options?.pagination === true;
  const [pageState, setPageState] = useState<PageState | undefined>();

  useEffect(() => {
    const { options: initial, tableRef: shared } = latest.current;
    if (!holder.current || !ready || !initial) return;
    const created = new TabulatorFull(holder.current, {
      ...initial,
      // Tabulator still pages the rows; its own controls go to an element never shown.
      ...(initial.pagination ? { paginationElement: document.createElement('div') } : {}),
      columnDefaults: { headerWordWrap: true, ...initial.columnDefaults },
      ...frenchTableTexts(),
    });
    const follow = () => {
      if (built.current) setPageState(pageStateOf(created));
    };
    created.on('tableBuilt', () => {
      built.current = true;
      // The page's calls (reloads, live rows, sorts) wait for this: Tabulator throws on a table not yet built.
      if (shared) shared.current = created;
      fixGridRoles(holder.current);
      if (sharedPager) {
        follow();
        for (const event of ['renderComplete', 'pageLoaded', 'pageSizeChanged'] as const)
          created.on(event, () => setTimeout(follow));
        // Any filter change goes back to page 1 (spec 3 §2, as the claims list does).
        let filtered = JSON.stringify(created.getHeaderFilters());
        created.on('dataFiltered', () => {
          const now = JSON.stringify(created.getHeaderFilters());
          if (now !== filtered && created.getPage() !== 1) setTimeout(() => void created.setPage(1));
          filtered = now;
          setTimeout(follow);
        });
      }
    });
    table.current = created;
    return () => {
      built.current = false;
      created.destroy();
      table.current = undefined;
      if (shared) shared.current = undefined;
    };
    // Made once the options are there; later rows come through `data` (below).
  }, [ready, sharedPager]);

  useEffect(() => {
    if (data && table.current && built.current) void table.current.replaceData(data);
  }, [data]);

  const sizes = Array.isArray(options?.paginationSizeSelector)
    ? options.paginationSizeSelector.filter((size): size is number => typeof size === 'number')
    : [];
  const count = remote ? remoteCount : pageState?.count;
  return (
    <>
      <div ref={holder} className={className} />
      {sharedPager && pageState && count !== undefined && (
        <Pager
          total={total(count)}
          page={pageState.page}
          pages={pageState.pages}
          size={pageState.size}
          sizes={sizes.length > 0 ? sizes : [pageState.size]}
          onPage={(page) => void table.current?.setPage(page)}
          onSize={(size) => {
            table.current?.setPageSize(size);
            void table.current?.setPage(1);
          }}
        />
      )}
    </>
  );
}
