import type { ColumnDefinition } from 'tabulator-tables';
import type { FaqEntry } from '../../contracts/faq.ts';
import { formatDateTime } from '../lib/dates.ts';
import { type TextKey, t } from '../lib/texts.ts';
import { containsTyped, isOnTypedDay, matchesExactly } from './faq-filters.ts';

/** The columns of the FAQ table, by field. */
export type ColumnKey =
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
  | 'derniere_occurrence'
  | 'created_at';

/** 'Affichage custom' (spec 3): every column (the key of its title), those shown at first marked. */
export const COLUMN_CHOICES: { key: ColumnKey; label: TextKey; shown: boolean }[] = [
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
  { key: 'derniere_occurrence', label: 'faq.columns.lastOccurrence', shown: false },
  { key: 'created_at', label: 'common.created', shown: true },
];

/** A column's title, as its choice names it. */
function titleOf(key: ColumnKey): string {
  const choice = COLUMN_CHOICES.find((column) => column.key === key);
  return choice ? t(choice.label) : key;
}

/** The answer's text with its line breaks, for the table (the HTML itself is shown in the modal). */
function answerText(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html.replace(/<\/(p|li|h[1-6])>/gi, '\n').replace(/<br\s*\/?>/gi, '\n');
  return (element.textContent ?? '').replace(/\n{2,}/g, '\n').trim();
}

function dateCell(value: unknown): string {
  return typeof value === 'string' && value ? formatDateTime(value) : '';
}

/**
 * The answer's text and its pencil, which opens the edit modal of the entry the row shows: the
 * pencil carries it, so a click while the server's next page replaces the rows still opens it.
 */
function answerCell(openEditor: (entry: FaqEntry) => void): ColumnDefinition['formatter'] {
  return (cell) => {
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
    edit.addEventListener('click', () => openEditor(row));
    wrapper.append(text, edit);
    return wrapper;
  };
}

/** What a history cell shows (each change's date and login), and the answers it replaced, for its filter. */
function historyText(history: FaqEntry['historique'], withAnswers: boolean): string {
  return history
    .map(
      (change) =>
        `${dateCell(change.date)}${change.staffLogin ? ` (${change.staffLogin})` : ''}${withAnswers ? ` ${answerText(change.reponse)}` : ''}`,
    )
    .join('\n');
}

/** A counter sorted in three states (ascending, descending, none), filtered on the same number. */
function counter(key: ColumnKey, width: number): ColumnDefinition {
  return {
    title: titleOf(key),
    field: key,
    width,
    sorter: 'number',
    headerSortTristate: true,
    headerFilterFunc: (typed: string, value: unknown) => matchesExactly(typed, value),
  };
}

/** A text column, filtered on what it contains (case-sensitive). */
function text(key: ColumnKey, minWidth: number): ColumnDefinition {
  return {
    title: titleOf(key),
    field: key,
    minWidth,
    headerSort: false,
    formatter: 'textarea',
    headerFilterFunc: (typed: string, value: unknown) => containsTyped(typed, String(value ?? '')),
  };
}

/** A date column, not sorted, filtered on the day it shows. */
function date(key: ColumnKey): ColumnDefinition {
  return {
    title: titleOf(key),
    field: key,
    width: 170,
    headerSort: false,
    formatter: (cell) => dateCell(cell.getValue()),
    headerFilterPlaceholder: t('faq.datePlaceholder'),
    headerFilterFunc: (typed: string, value: unknown) => isOnTypedDay(typed, value),
  };
}

/**
 * Every column of the FAQ table, each with its filter (spec 3 §5: numbers exact, texts contain,
 * dates on the day shown; the language is a code, exact), those of `shown` visible. `openEditor`
 * is called with the entry whose pencil was clicked.
 */
export function faqColumns(shown: ReadonlySet<ColumnKey>, openEditor: (entry: FaqEntry) => void): ColumnDefinition[] {
  const definitions: ColumnDefinition[] = [
    counter('id', 70),
    {
      title: titleOf('lang'),
      field: 'lang',
      width: 90,
      headerSort: false,
      headerFilterFunc: (typed: string, value: unknown) => matchesExactly(typed, value),
    },
    text('question', 200),
    {
      title: titleOf('reponse'),
      field: 'reponse',
      minWidth: 280,
      headerSort: false,
      formatter: answerCell(openEditor),
      headerFilterFunc: (typed: string, value: unknown) => containsTyped(typed, answerText(String(value ?? ''))),
    },
    text('sourceDocuments', 160),
    counter('occurence', 140),
    counter('reponse_utile_oui', 100),
    counter('reponse_utile_non', 115),
    text('commentaire', 160),
    {
      title: titleOf('historique'),
      field: 'historique',
      minWidth: 160,
      headerSort: false,
      formatter: (cell) => historyText(cell.getValue() as FaqEntry['historique'], false),
      headerFilterFunc: (typed: string, value: FaqEntry['historique']) =>
        containsTyped(typed, historyText(value, true)),
    },
    date('date_reponse_utile_non'),
    date('modif_admin'),
    date('derniere_occurrence'),
    date('created_at'),
  ];
  return definitions.map((column) => ({
    headerFilterPlaceholder: t('common.filter'),
    ...column,
    headerFilter: 'input',
    visible: shown.has(column.field as ColumnKey),
  }));
}
