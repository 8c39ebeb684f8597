import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { Options, Tabulator } from 'tabulator-tables';
// The table's own styles (DataTable) come before the page's, which refine them.
import { DataTable } from '../lib/DataTable.tsx';
import '../lib/column-choices.css';
import './faq.css';
import { FAQ_PAGE_SIZES, FAQ_PATH, FAQ_UNANSWERED_PARAM, type FaqEntry } from '../../contracts/faq.ts';
import { t } from '../lib/texts.ts';
import { EditModal } from './EditModal.tsx';
import { COLUMN_CHOICES, type ColumnKey, faqColumns } from './faq-columns.ts';
import { type FaqPageAnswer, type FaqTableParams, readFaqPage } from './faq-pages.ts';
import { focusBackTo } from '../lib/focus.ts';

/**
 * /bo_faq, 'Liste des questions et réponses de la FAQ' (spec 3): the entries of the assistant in a
 * Tabulator table paged, sorted and filtered by the server, one page at a time (columns to show, a
 * filter per column (numbers exact, texts contain, spec 3 §5), three-state sorts on ID,
 * occurrences and votes, 5/10/50/100 per page with the claims list's pager), the worst-rated and
 * the most-asked a click away, the questions without an answer alone (`?sans_reponse=1`), and
 * the edit modal ('Modificateur de réponse') with CKEditor, loaded when the modal opens.
 */

const PAGE_SIZES = [...FAQ_PAGE_SIZES];
const PAGE_SIZE = 10;
const TOAST_MS = 3_000;

/** The address's switch to the entries without an answer (the work queue links to it). */
function unansweredOnlyOfAddress(): boolean {
  return new URLSearchParams(window.location.search).get(FAQ_UNANSWERED_PARAM) === '1';
}

/** A saved edit's message, once the modal is closed (a failure is said in the modal). */
type Toast = { message: string };

/**
 * The table's options: one page of entries at a time, asked of the server with the page, the sort
 * and the header filters; one sort at a time, by id at first (spec 3). `answered` hears each answer.
 */
function faqTableOptions(
  shown: ReadonlySet<ColumnKey>,
  openEditor: (entry: FaqEntry) => void,
  answered: (answer: FaqPageAnswer) => void,
  unansweredOnly: { current: boolean },
): Options {
  return {
    layout: 'fitColumns',
    index: 'id',
    placeholder: t('faq.empty'),
    columns: faqColumns(shown, openEditor),
    initialSort: [{ column: 'id', dir: 'asc' }],
    columnHeaderSortMulti: false,
    pagination: true,
    paginationMode: 'remote',
    paginationSize: PAGE_SIZE,
    paginationSizeSelector: PAGE_SIZES,
    sortMode: 'remote',
    filterMode: 'remote',
    ajaxURL: FAQ_PATH,
    ajaxRequestFunc: async (_url: string, _config: unknown, params: FaqTableParams) => {
      const answer = await readFaqPage(params, PAGE_SIZE, { unansweredOnly: unansweredOnly.current });
      answered(answer);
      if (!answer.ok) return { last_page: 1, data: [] };
      const size = params.size ?? PAGE_SIZE;
      return { last_page: Math.max(1, Math.ceil(answer.total / size)), data: answer.entries };
    },
  };
}

export default function FaqPage() {
  const table = useRef<Tabulator | undefined>(undefined);
  /** The entries the server found, undefined until its first answer. */
  const [total, setTotal] = useState<number | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [shown, setShown] = useState(() => new Set(COLUMN_CHOICES.filter((column) => column.shown).map((c) => c.key)));
  const [editing, setEditing] = useState<FaqEntry | undefined>();
  const [unansweredOnly, setUnansweredOnly] = useState(unansweredOnlyOfAddress);
  /** What the table's requests read (its options are made once). */
  const unansweredFilter = useRef(unansweredOnly);
  const [toast, setToast] = useState<Toast | undefined>();
  const ids = useId();

  useEffect(() => {
    document.title = t('faq.documentTitle');
  }, []);

  /** The entry whose pencil opened the modal: the focus goes back to that pencil when it closes. */
  const openedFrom = useRef<number | undefined>(undefined);
  const openEditor = (entry: FaqEntry) => {
    openedFrom.current = entry.id;
    setEditing(entry);
  };
  /**
   * Puts the focus back on the pencil that opened the modal (the modal leaves the page rather than
   * closing, so the browser does not): the row's own, as the table may have drawn it again.
   */
  const focusOpener = useCallback(() => {
    const id = openedFrom.current;
    const row = id === undefined ? undefined : table.current?.getRow(id);
    const pencil = row ? row.getElement().querySelector<HTMLButtonElement>('button') : null;
    focusBackTo(pencil);
  }, []);
  // In the commit that removes the modal, so the focus never rests on the page's body between.
  useLayoutEffect(() => {
    if (editing === undefined) focusOpener();
  }, [editing, focusOpener]);
  const [options] = useState(() =>
    faqTableOptions(
      shown,
      (entry) => openEditor(entry),
      (answer) => {
        // Spec 3 §4: the table is ready even when the list was refused; it stays, with the error.
        setTotal((current) => (answer.ok ? answer.total : (current ?? 0)));
        setLoadError(answer.ok ? undefined : answer.error);
      },
      unansweredFilter,
    ),
  );

  /** Only the entries without an answer, or all: from the first page, kept in the address. */
  function showUnansweredOnly(only: boolean) {
    setUnansweredOnly(only);
    unansweredFilter.current = only;
    const address = new URL(window.location.href);
    if (only) address.searchParams.set(FAQ_UNANSWERED_PARAM, '1');
    else address.searchParams.delete(FAQ_UNANSWERED_PARAM);
    window.history.replaceState(window.history.state, '', address);
    void table.current?.setPage(1).catch(() => {});
  }

  /** Reads the current page again (after an edit). */
  const reload = async () => {
    const current = table.current;
    if (current) await current.setPage(current.getPage() || 1).catch(() => {});
  };

  function toggleColumn(key: ColumnKey, visible: boolean) {
    setShown((current) => {
      const next = new Set(current);
      if (visible) next.add(key);
      else next.delete(key);
      return next;
    });
    const column = table.current?.getColumn(key);
    if (visible) column?.show();
    else column?.hide();
  }

  /**
   * One sort at a time, from the first page, without filters. Each of these calls asks the server
   * for the page again (an earlier answer is then dropped): only what changes is called, so that a
   * sort from the first page without filters asks once.
   */
  function sortBy(field: ColumnKey, dir: 'asc' | 'desc') {
    const current = table.current;
    if (!current) return;
    if (current.getHeaderFilters().length > 0) current.clearFilter(true);
    current.setSort([{ column: field, dir }]);
    if (current.getPage() !== 1) void current.setPage(1).catch(() => {});
  }

  function showToast(next: Toast) {
    setToast(next);
    window.setTimeout(() => setToast((current) => (current === next ? undefined : current)), TOAST_MS);
  }

  return (
    <section className="bo-card" aria-labelledby="faq-title">
      <h1 id="faq-title">{t('common.pages.faq')}</h1>
      <ColumnChoices shown={shown} onToggle={toggleColumn} />
      <div className="bo-toolbar">
        <button type="button" className="bo-button" onClick={() => sortBy('reponse_utile_non', 'desc')}>
          {t('faq.sort.worstRated')}
        </button>
        <button type="button" className="bo-button" onClick={() => sortBy('occurence', 'desc')}>
          {t('faq.sort.mostAsked')}
        </button>
        <button type="button" className="bo-button" onClick={() => sortBy('id', 'asc')}>
          {t('faq.sort.byId')}
        </button>
        <label>
          <input
            type="checkbox"
            checked={unansweredOnly}
            onChange={(event) => showUnansweredOnly(event.target.checked)}
          />{' '}
          {t('faq.unansweredOnly')}
        </label>
      </div>
      {loadError && (
        <p className="bo-alert bo-alert--error" role="alert">
          {loadError}
        </p>
      )}
      {total === undefined && (
        <p role="status" className="bo-chart-loading">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      <DataTable
        className="bo-faq-table"
        options={options}
        tableRef={table}
        total={(count) => t('faq.count', { count })}
        remoteCount={total}
      />
      {editing && (
        <EditModal
          key={editing.id}
          entry={editing}
          titleId={`${ids}-modal-title`}
          onClose={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            showToast({ message });
            void reload().then(focusOpener);
          }}
        />
      )}
      {toast && (
        <div className="bo-toast bo-toast--success" role="status">
          <strong>{t('common.faq')}</strong>
          <span>{toast.message}</span>
        </div>
      )}
    </section>
  );
}

/** 'Affichage custom': a checkbox per column. */
function ColumnChoices({
  shown,
  onToggle,
}: {
  shown: ReadonlySet<ColumnKey>;
  onToggle: (key: ColumnKey, visible: boolean) => void;
}) {
  return (
    <fieldset className="bo-columns">
      <legend>{t('faq.customColumns')}</legend>
      {COLUMN_CHOICES.map((column) => (
        <label key={column.key} className="bo-columns__choice">
          <input
            type="checkbox"
            checked={shown.has(column.key)}
            onChange={(event) => onToggle(column.key, event.target.checked)}
          />{' '}
          {t(column.label)}
        </label>
      ))}
    </fieldset>
  );
}
