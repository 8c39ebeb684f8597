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

/** 'Affichage custom' (spec 3): every column, those shown at first marked. */
const COLUMN_CHOICES: { key: ColumnKey; label: string; shown: boolean }[] = [
  { key: 'id', label: 'ID', shown: true },
  { key: 'lang', label: 'Langue', shown: true },
  { key: 'question', label: 'Question', shown: true },
  { key: 'reponse', label: 'Réponse', shown: true },
  { key: 'sourceDocuments', label: 'Sources', shown: false },
  { key: 'occurence', label: 'Occurences', shown: true },
  { key: 'reponse_utile_oui', label: 'Utile', shown: true },
  { key: 'reponse_utile_non', label: 'Pas utile', shown: true },
  { key: 'commentaire', label: 'Commentaire', shown: false },
  { key: 'historique', label: 'Historique', shown: false },
  { key: 'date_reponse_utile_non', label: 'Dernier « pas utile »', shown: false },
  { key: 'modif_admin', label: 'Modif. admin', shown: false },
  { key: 'updated_at', label: 'Dernière occurrence', shown: false },
  { key: 'created_at', label: 'Création', shown: true },
];

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
    document.title = 'BO - FAQ';
  }, []);

  const load = useCallback(async () => {
    const result = await staffApi(FAQ_PATH, FaqListAnswerSchema);
    if (result.ok) {
      setEntries(result.data.datas);
      setLoadError(undefined);
    } else {
      // Spec 3 §8: the table still shows (empty) with the error.
      setEntries((current) => current ?? []);
      setLoadError(result.kind === 'network' ? 'Erreur 142' : 'Erreur 141');
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
      { title: 'ID', field: 'id', width: 70, sorter: 'number', headerSortTristate: true },
      { title: 'Langue', field: 'lang', width: 90, headerSort: false },
      { title: 'Question', field: 'question', minWidth: 200, headerSort: false, formatter: 'textarea' },
      {
        title: 'Réponse',
        field: 'reponse',
        minWidth: 280,
        headerSort: false,
        formatter: (cell) => {
          const wrapper = document.createElement('div');
          wrapper.className = 'bo-faq-answer';
          const text = document.createElement('span');
          text.className = 'bo-faq-answer__text';
          text.textContent = answerText(String(cell.getValue() ?? '')) || '— sans réponse —';
          const edit = document.createElement('button');
          edit.type = 'button';
          edit.className = 'bo-icon-button';
          const row = cell.getRow().getData() as FaqEntry;
          edit.setAttribute('aria-label', `Modifier la réponse à « ${row.question.slice(0, 60)} »`);
          edit.textContent = '✎';
          edit.addEventListener('click', () => openEditor.current(row.id));
          wrapper.append(text, edit);
          return wrapper;
        },
      },
      { title: 'Sources', field: 'sourceDocuments', minWidth: 160, headerSort: false, formatter: 'textarea' },
      { title: 'Occurences', field: 'occurence', width: 140, sorter: 'number', headerSortTristate: true },
      { title: 'Utile', field: 'reponse_utile_oui', width: 100, sorter: 'number', headerSortTristate: true },
      { title: 'Pas utile', field: 'reponse_utile_non', width: 115, sorter: 'number', headerSortTristate: true },
      { title: 'Commentaire', field: 'commentaire', minWidth: 160, headerSort: false, formatter: 'textarea' },
      {
        title: 'Historique',
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
        title: 'Dernier « pas utile »',
        field: 'date_reponse_utile_non',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
      {
        title: 'Modif. admin',
        field: 'modif_admin',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
      {
        title: 'Dernière occurrence',
        field: 'updated_at',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
      {
        title: 'Création',
        field: 'created_at',
        width: 170,
        headerSort: false,
        formatter: (cell) => dateCell(cell.getValue()),
      },
    ];
    const columns: ColumnDefinition[] = definitions.map((column) => ({
      ...column,
      headerFilter: 'input',
      headerFilterPlaceholder: 'Filtrer',
      visible: visibleColumns.has(column.field as ColumnKey),
    }));
    const created = new Tabulator(holder.current, {
      layout: 'fitColumns',
      index: 'id',
      data,
      placeholder: 'Aucune question.',
      columns,
      // Spec 3: one sort at a time, by id at first.
      initialSort: [{ column: 'id', dir: 'asc' }],
      columnHeaderSortMulti: false,
      pagination: true,
      paginationSize: 10,
      paginationSizeSelector: PAGE_SIZES,
      paginationCounter: 'rows',
      ...(pager.current ? { paginationElement: pager.current } : {}),
      ...frenchTableTexts('questions'),
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
      <h1 id="faq-title">Liste des questions et réponses de la FAQ</h1>
      <fieldset className="bo-columns">
        <legend>Affichage custom</legend>
        {COLUMN_CHOICES.map((column) => (
          <label key={column.key} className="bo-columns__choice">
            <input
              type="checkbox"
              checked={shown.has(column.key)}
              onChange={(event) => toggleColumn(column.key, event.target.checked)}
            />{' '}
            {column.label}
          </label>
        ))}
      </fieldset>
      <div className="bo-toolbar">
        <button type="button" className="bo-button" onClick={() => sortBy('reponse_utile_non', 'desc')}>
          Les moins bien notées
        </button>
        <button type="button" className="bo-button" onClick={() => sortBy('occurence', 'desc')}>
          Les plus demandées
        </button>
        <button type="button" className="bo-button" onClick={() => sortBy('id', 'asc')}>
          Par ID
        </button>
        {entries && (
          <span className="bo-muted" aria-live="polite">
            {entries.length} question{entries.length > 1 ? 's' : ''}
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
          <span className="bo-spinner" aria-hidden="true" /> Chargement…
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
          <strong>FAQ</strong>
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
      else onFailed('Aucune réponse trouvée pour cette question.');
      if (sources.length > 0) setSourcesHint(sources.map((source) => source.title).join('\n'));
    } else onFailed('La génération a échoué.');
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
    if (result.ok && result.data.status === 'success') onSaved(result.data.message ?? 'Réponse modifiée.');
    else if (result.ok || result.kind === 'http')
      onFailed((result.ok ? result.data.message : result.message) ?? 'La modification a été refusée.');
    else {
      onFailed('erreur fatale');
      console.error(new Error('Erreur 342'));
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
          <h2 id={titleId}>Modificateur de réponse</h2>
          <button type="button" className="bo-icon-button" aria-label="Fermer" onClick={onClose}>
            ✕
          </button>
        </div>
        <p className="bo-field__label">Question ({entry.lang})</p>
        <p className="bo-modal__question">{entry.question}</p>
        <p className="bo-field__label">Réponse actuelle</p>
        <div
          className="bo-modal__current"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores answers sanitised (contracts/rich-text.ts).
          dangerouslySetInnerHTML={{ __html: entry.reponse || '<p>— sans réponse —</p>' }}
        />
        <p id={`${ids}-new`} className="bo-field__label">
          Nouvelle réponse
        </p>
        <Suspense
          fallback={
            <p role="status" className="bo-chart-loading">
              <span className="bo-spinner" aria-hidden="true" /> Chargement de l’éditeur…
            </p>
          }
        >
          <AnswerEditor value={answer} onChange={setAnswer} labelledBy={`${ids}-new`} />
        </Suspense>
        <div className="bo-toolbar">
          <button type="button" className="bo-button" onClick={() => void generate()} disabled={generating}>
            {generating ? (
              <>
                <span className="bo-spinner" aria-hidden="true" /> Génération…
              </>
            ) : (
              'Générer une réponse avec l’IA'
            )}
          </button>
          <button type="button" className="bo-button" onClick={() => setAnswer(entry.reponse)}>
            Copier la réponse actuelle
          </button>
          <button type="button" className="bo-button" onClick={() => setAnswer('')}>
            CLEAR
          </button>
        </div>
        {sourcesHint && <p className="bo-muted">Sources : {sourcesHint.replace(/\n/g, ' · ')}</p>}
        <label className="bo-field">
          <span className="bo-field__label">Mots-clés (autres mots des clients, séparés par des espaces)</span>
          <input className="bo-input" value={keywords} onChange={(event) => setKeywords(event.target.value)} />
        </label>
        <label className="bo-field">
          <span className="bo-field__label">Commentaire</span>
          <textarea
            className="bo-input"
            rows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </label>
        <fieldset className="bo-columns">
          <legend>Remettre à zéro</legend>
          <label className="bo-columns__choice">
            <input type="checkbox" checked={resetYes} onChange={(event) => setResetYes(event.target.checked)} /> les
            votes « utile » ({entry.reponse_utile_oui})
          </label>
          <label className="bo-columns__choice">
            <input type="checkbox" checked={resetNo} onChange={(event) => setResetNo(event.target.checked)} /> les votes
            « pas utile » ({entry.reponse_utile_non})
          </label>
          <label className="bo-columns__choice">
            <input
              type="checkbox"
              checked={resetOccurrences}
              onChange={(event) => setResetOccurrences(event.target.checked)}
            />{' '}
            les occurrences ({entry.occurence})
          </label>
        </fieldset>
        <div className="bo-toolbar">
          <button type="submit" className="bo-button bo-button--primary" disabled={saving}>
            Modifier
          </button>
          <button type="button" className="bo-button" onClick={onClose}>
            Annuler
          </button>
        </div>
      </form>
    </dialog>
  );
}
