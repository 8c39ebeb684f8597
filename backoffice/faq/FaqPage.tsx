import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type ColumnDefinition, TabulatorFull as Tabulator } from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import './faq.css';
import {
  FAQ_PATH,
  type FaqEntry,
  FaqGeneratedAnswerSchema,
  FaqListAnswerSchema,
  FaqStatusAnswerSchema,
} from '../../contracts/faq.ts';
import { fixGridRoles, frenchTableTexts } from '../lib/tabulator.ts';
import { staffApi } from '../api/client.ts';
import { formatDateTime } from '../lib/format.ts';
import { type TextKey, t } from '../lib/texts.ts';

/**
 * /bo_faq, 'Liste des questions et réponses de la FAQ' (spec 3): every entry of the assistant in a
 * Tabulator table (columns to show, a filter per column, three-state sorts on ID, occurrences and
 * votes, 5/10/50/100 per page), the worst-rated and the most-asked a click away, and the edit
 * modal ('Modificateur de réponse') with CKEditor, loaded when the modal opens.
 */

const AnswerEditor = lazy(() => import('./AnswerEditor.tsx'));

type ColumnKey =
  | 'id'
  | 'lang'
  | 'question'
  | 'reponse'
  | 'sourceDocuments'
  | 'occurence'
  | 'reponse_utile_oui'
  | 'reponse_utile_non'
  | 'commentaire'
  | 'historique'
  | 'date_reponse_utile_non'
  | 'modif_admin'
  | 'updated_at'
  | 'created_at';

/** 'Affichage custom' (spec 3): every column (the key of its title), those shown at first marked. */
const COLUMN_CHOICES: { key: ColumnKey; label: TextKey; shown: boolean }[] = [
  { key: 'id', label: 'common.id', shown: true },
  { key: 'lang', label: 'faq.columns.language', shown: true },
  { key: 'question', label: 'common.question', shown: true },
  { key: 'reponse', label: 'common.answer', shown: true },
  { key: 'sourceDocuments', label: 'faq.columns.sources', shown: false },
  { key: 'occurence', label: 'faq.columns.occurrences', shown: true },
  { key: 'reponse_utile_oui', label: 'faq.columns.useful', shown: true },
  { key: 'reponse_utile_non', label: 'faq.columns.notUseful', shown: true },
  { key: 'commentaire', label: 'faq.columns.comment', shown: false },
  { key: 'historique', label: 'faq.columns.history', shown: false },
  { key: 'date_reponse_utile_non', label: 'faq.columns.lastNotUseful', shown: false },
  { key: 'modif_admin', label: 'faq.columns.adminChange', shown: false },
  { key: 'updated_at', label: 'faq.columns.lastOccurrence', shown: false },
  { key: 'created_at', label: 'common.created', shown: true },
];

/** A column's title, as its choice names it. */
function titleOf(key: ColumnKey): string {
  const choice = COLUMN_CHOICES.find((column) => column.key === key);
  return choice ? t(choice.label) : key;
}

const PAGE_SIZES = [5, 10, 50, 100];
const TOAST_MS = 3_000;

/** The answer's text with its line breaks, for the table (the HTML itself is shown in the modal). */
function answerText(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html.replace(/<\/(p|li|h[1-6])>/gi, '\n').replace(/<br\s*\/?>/gi, '\n');
  return (element.textContent ?? '').replace(/\n{2,}/g, '\n').trim();
}

function dateCell(value: unknown): string {
  return typeof value === 'string' && value ? formatDateTime(value) : '';
}

type Toast = { tone: 'success' | 'error'; message: string };

export default function FaqPage() {
  const holder = useRef<HTMLDivElement>(null);
  const pager = useRef<HTMLDivElement>(null);
  const table = useRef<Tabulator | undefined>(undefined);
  /** Tabulator refuses calls until its table is built. */
  const built = useRef(false);
  const [entries, setEntries] = useState<FaqEntry[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [shown, setShown] = useState(() => new Set(COLUMN_CHOICES.filter((column) => column.shown).map((c) => c.key)));
  const [editing, setEditing] = useState<FaqEntry | undefined>();
  const [toast, setToast] = useState<Toast | undefined>();
  const ids = useId();

  useEffect(() => {
    document.title = t('faq.documentTitle');
  }, []);

  const load = useCallback(async () => {
    const result = await staffApi(FAQ_PATH, FaqListAnswerSchema);
    if (result.ok) {
      setEntries(result.data.datas);
      setLoadError(undefined);
    } else {
      // Spec 3 §8: the table still shows (empty) with the error.
      setEntries((current) => current ?? []);
      setLoadError(t('common.errorCode', { code: result.kind === 'network' ? 142 : 141 }));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const openEditor = useRef<(id: number) => void>(() => {});
  openEditor.current = (id: number) => setEditing(entries?.find((entry) => entry.id === id));

  const loaded = entries !== undefined;
  const latest = useRef({ entries, shown });
  latest.current = { entries, shown };

  useEffect(() => {
    const { entries: data, shown: visibleColumns } = latest.current;
    if (!holder.current || !loaded || !data || table.current) return;
    const definitions: ColumnDefinition[] = [
      { title: titleOf('id'), field: 'id', width: 70, sorter: 'number', headerSortTristate: true },
      { title: titleOf('lang'), field: 'lang', width: 90, headerSort: false },
      { title: titleOf('question'), field: 'question', minWidth: 200, headerSort: false, formatter: 'textarea' },
      {
        title: titleOf('reponse'),
        field: 'reponse',
        minWidth: 280,
        headerSort: false,
        formatter: (cell) => {
          const wrapper = document.createElement('div');
          wrapper.className = 'bo-faq-answer';
          const text = document.createElement('span');
          text.className = 'bo-faq-answer__text';
          text.textContent = answerText(String(cell.getValue() ?? '')) || t('faq.noAnswer');
          const edit = document.createElement('button');
          edit.type = 'button';
          edit.className = 'bo-icon-button';
          const row = cell.getRow().getData() as FaqEntry;
          edit.setAttribute('aria-label', t('faq.editAnswer', { question: row.question.slice(0, 60) }));
          edit.textContent = '✎';
          edit.addEventListener('click', () => openEditor.current(row.id));
          wrapper.append(text, edit);
          return wrapper;
        },
      },
      {
        title: titleOf('sourceDocuments'),
        field: 'sourceDocuments',
        minWidth: 160,
        headerSort: false,
        formatter: 'textarea',
      },
      { title: titleOf('occurence'), field: 'occurence', width: 140, sorter: 'number', headerSortTristate: true },
      {
        title: titleOf('reponse_utile_oui'),
        field: 'reponse_utile_oui',
        width: 100,
        sorter: 'number',
        headerSortTristate: true,
      },
      {
        title: titleOf('reponse_utile_non'),
        field: 'reponse_utile_non',
        width: 115,
        sorter: 'number',
        headerSortTristate: true,
      },
      { title: titleOf('commentaire'), field: 'commentaire', minWidth: 160, headerSort: false, formatter: 'textarea' },
      {
        title: titleOf('historique'),
        field: 'historique',
        minWidth: 160,
        headerSort: false,
        formatter: (cell) => {
          const history = cell.getValue() as FaqEntry['historique'];
          return history
            .map((change) => `${dateCell(change.date)}${change.staffLogin ? ` (${change.staffLogin})` : ''}`)
            .join('\n');
        },
        headerFilterFunc: (term: string, value: FaqEntry['historique']) =>
          JSON.stringify(value).toLowerCase().includes(String(term).toLowerCase()),
      },
      {
        title: titleOf('date_reponse_utile_non'),
        field: 'date_reponse_utile_non',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
      {
        title: titleOf('modif_admin'),
        field: 'modif_admin',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
      {
        title: titleOf('updated_at'),
        field: 'updated_at',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
      {
        title: titleOf('created_at'),
        field: 'created_at',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
    ];
    const columns: ColumnDefinition[] = definitions.map((column) => ({
      ...column,
      headerFilter: 'input',
      headerFilterPlaceholder: t('common.filter'),
      visible: visibleColumns.has(column.field as ColumnKey),
    }));
    const created = new Tabulator(holder.current, {
      layout: 'fitColumns',
      index: 'id',
      data,
      placeholder: t('faq.empty'),
      columns,
      // Spec 3: one sort at a time, by id at first.
      initialSort: [{ column: 'id', dir: 'asc' }],
      columnHeaderSortMulti: false,
      pagination: true,
      paginationSize: 10,
      paginationSizeSelector: PAGE_SIZES,
      paginationCounter: 'rows',
      ...(pager.current ? { paginationElement: pager.current } : {}),
      ...frenchTableTexts(t('faq.rows')),
    });
    created.on('tableBuilt', () => {
      built.current = true;
      fixGridRoles(holder.current);
    });
    table.current = created;
    return () => {
      built.current = false;
      created.destroy();
      table.current = undefined;
    };
    // The table is made once the first list arrives; later lists replace its data (below).
  }, [loaded]);

  useEffect(() => {
    if (entries && table.current && built.current) void table.current.replaceData(entries);
  }, [entries]);

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

  function sortBy(field: ColumnKey, dir: 'asc' | 'desc') {
    table.current?.clearFilter(true);
    table.current?.setSort([{ column: field, dir }]);
    table.current?.setPage(1);
  }

  function showToast(next: Toast) {
    setToast(next);
    window.setTimeout(() => setToast((current) => (current === next ? undefined : current)), TOAST_MS);
  }

  return (
    <section className="bo-card" aria-labelledby="faq-title">
      <h1 id="faq-title">{t('common.pages.faq')}</h1>
      <fieldset className="bo-columns">
        <legend>{t('faq.customColumns')}</legend>
        {COLUMN_CHOICES.map((column) => (
          <label key={column.key} className="bo-columns__choice">
            <input
              type="checkbox"
              checked={shown.has(column.key)}
              onChange={(event) => toggleColumn(column.key, event.target.checked)}
            />{' '}
            {t(column.label)}
          </label>
        ))}
      </fieldset>
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
        {entries && (
          <span className="bo-muted" aria-live="polite">
            {t('faq.count', { count: entries.length })}
          </span>
        )}
      </div>
      {loadError && (
        <p className="bo-alert bo-alert--error" role="alert">
          {loadError}
        </p>
      )}
      {entries === undefined && (
        <p role="status" className="bo-chart-loading">
          <span className="bo-spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      <div ref={holder} className="bo-faq-table" />
      <div ref={pager} className="bo-activities__pager tabulator" />
      {editing && (
        <EditModal
          key={editing.id}
          entry={editing}
          titleId={`${ids}-modal-title`}
          onClose={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            showToast({ tone: 'success', message });
            void load();
          }}
          onFailed={(message) => showToast({ tone: 'error', message })}
        />
      )}
      {toast && (
        <div className={`bo-toast bo-toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <strong>{t('common.faq')}</strong>
          <span>{toast.message}</span>
        </div>
      )}
    </section>
  );
}

function EditModal({
  entry,
  titleId,
  onClose,
  onSaved,
  onFailed,
}: {
  entry: FaqEntry;
  titleId: string;
  onClose: () => void;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [answer, setAnswer] = useState('');
  const [comment, setComment] = useState(entry.commentaire);
  const [keywords, setKeywords] = useState(entry.keywords);
  const [resetYes, setResetYes] = useState(false);
  const [resetNo, setResetNo] = useState(false);
  const [resetOccurrences, setResetOccurrences] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sourcesHint, setSourcesHint] = useState<string | undefined>();
  const ids = useId();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function generate() {
    setGenerating(true);
    const result = await staffApi(FAQ_PATH, FaqGeneratedAnswerSchema, {
      method: 'POST',
      body: { question: entry.question, tmpResponse: true, lang: entry.lang },
    });
    setGenerating(false);
    if (result.ok) {
      const { text, sources } = result.data.datas;
      if (text) setAnswer(text);
      else onFailed(t('faq.edit.noAnswerFound'));
      if (sources.length > 0) setSourcesHint(sources.map((source) => source.title).join('\n'));
    } else onFailed(t('faq.edit.generationFailed'));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const result = await staffApi(FAQ_PATH, FaqStatusAnswerSchema, {
      method: 'PATCH',
      body: {
        id: entry.id,
        question: entry.question,
        reponse: answer.trim() === '' ? entry.reponse : answer,
        sourceDocuments: sourcesHint ?? entry.sourceDocuments,
        keywords,
        occurence: resetOccurrences ? 0 : entry.occurence,
        reponse_utile_oui: resetYes ? 0 : entry.reponse_utile_oui,
        reponse_utile_non: resetNo ? 0 : entry.reponse_utile_non,
        commentaire: comment,
        add_to_history: true,
        modif_admin: true,
      },
    });
    setSaving(false);
    if (result.ok && result.data.status === 'success') onSaved(result.data.message ?? t('faq.edit.saved'));
    else if (result.ok || result.kind === 'http')
      onFailed((result.ok ? result.data.message : result.message) ?? t('faq.edit.refused'));
    else {
      onFailed(t('faq.edit.fatal'));
      console.error(new Error(t('common.errorCode', { code: 342 })));
    }
  }

  return (
    <dialog
      ref={dialog}
      className="bo-modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={(event) => void save(event)} className="bo-modal__body">
        <div className="bo-modal__head">
          <h2 id={titleId}>{t('faq.edit.title')}</h2>
          <button type="button" className="bo-icon-button" aria-label={t('faq.edit.close')} onClick={onClose}>
            ✕
          </button>
        </div>
        <p className="bo-field__label">{t('faq.edit.question', { lang: entry.lang })}</p>
        <p className="bo-modal__question">{entry.question}</p>
        <p className="bo-field__label">{t('faq.edit.current')}</p>
        <div
          className="bo-modal__current"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores answers sanitised (contracts/rich-text.ts).
          dangerouslySetInnerHTML={{ __html: entry.reponse || `<p>${t('faq.noAnswer')}</p>` }}
        />
        <p id={`${ids}-new`} className="bo-field__label">
          {t('faq.edit.new')}
        </p>
        <Suspense
          fallback={
            <p role="status" className="bo-chart-loading">
              <span className="bo-spinner" aria-hidden="true" /> {t('faq.edit.loadingEditor')}
            </p>
          }
        >
          <AnswerEditor value={answer} onChange={setAnswer} labelledBy={`${ids}-new`} />
        </Suspense>
        <div className="bo-toolbar">
          <button type="button" className="bo-button" onClick={() => void generate()} disabled={generating}>
            {generating ? (
              <>
                <span className="bo-spinner" aria-hidden="true" /> {t('faq.edit.generating')}
              </>
            ) : (
              t('faq.edit.generate')
            )}
          </button>
          <button type="button" className="bo-button" onClick={() => setAnswer(entry.reponse)}>
            {t('faq.edit.copyCurrent')}
          </button>
          <button type="button" className="bo-button" onClick={() => setAnswer('')}>
            {t('faq.edit.clear')}
          </button>
        </div>
        {sourcesHint && (
          <p className="bo-muted">{t('faq.edit.sources', { sources: sourcesHint.replace(/\n/g, ' · ') })}</p>
        )}
        <label className="bo-field">
          <span className="bo-field__label">{t('faq.edit.keywords')}</span>
          <input className="bo-input" value={keywords} onChange={(event) => setKeywords(event.target.value)} />
        </label>
        <label className="bo-field">
          <span className="bo-field__label">{t('faq.columns.comment')}</span>
          <textarea
            className="bo-input"
            rows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </label>
        <fieldset className="bo-columns">
          <legend>{t('faq.edit.reset.legend')}</legend>
          <label className="bo-columns__choice">
            <input type="checkbox" checked={resetYes} onChange={(event) => setResetYes(event.target.checked)} />{' '}
            {t('faq.edit.reset.usefulVotes', { votes: entry.reponse_utile_oui })}
          </label>
          <label className="bo-columns__choice">
            <input type="checkbox" checked={resetNo} onChange={(event) => setResetNo(event.target.checked)} />{' '}
            {t('faq.edit.reset.notUsefulVotes', { votes: entry.reponse_utile_non })}
          </label>
          <label className="bo-columns__choice">
            <input
              type="checkbox"
              checked={resetOccurrences}
              onChange={(event) => setResetOccurrences(event.target.checked)}
            />{' '}
            {t('faq.edit.reset.occurrences', { occurrences: entry.occurence })}
          </label>
        </fieldset>
        <div className="bo-toolbar">
          <button type="submit" className="bo-button bo-button--primary" disabled={saving}>
            {t('faq.edit.save')}
          </button>
          <button type="button" className="bo-button" onClick={onClose}>
            {t('faq.edit.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
