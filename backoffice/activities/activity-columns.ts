import type { CellComponent, ColumnDefinition } from 'tabulator-tables';
import type { ActivityRecord } from '../../contracts/backoffice.ts';
import { formatDateTime, formatDateTimeAfter } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';
import { describeUserAgent } from './user-agent.ts';

/** The partner, language and step a visitor's wizard reached. Example: "veligo · fr · étape 3 · déclaré". */
function storeText(store: ActivityRecord['store']): string {
  if (!store) return '';
  const parts = [
    store['company'] || t('activities.store.noPartner'),
    store['lang'],
    store['step'] == null ? '' : t('activities.store.step', { step: String(store['step']) }),
  ];
  if (store['declaSent'] === true) parts.push(t('activities.store.declared'));
  return parts.filter(Boolean).join(' · ');
}

/** A session's later instant (last update, disconnection): its time alone when on the day the session began. */
function laterInstant(cell: CellComponent): string {
  return formatDateTimeAfter(cell.getValue() as string | null, (cell.getRow().getData() as ActivityRecord).created_at);
}

/**
 * The columns of the sessions table: pages and browser filtered by the server, the journey
 * shortened, the later instants short, so that every column fits a 1280-pixel screen, each title
 * on whole words; a cut page or context shows whole on hover.
 */
export const ACTIVITY_COLUMNS: ColumnDefinition[] = [
  { title: t('common.id'), field: 'id', width: 64 },
  {
    title: t('activities.columns.entryPage'),
    field: 'entryPage',
    headerFilter: 'input',
    headerFilterPlaceholder: t('common.filter'),
    minWidth: 130,
    tooltip: true,
  },
  {
    title: t('activities.columns.currentPage'),
    field: 'currentPage',
    headerFilter: 'input',
    headerFilterPlaceholder: t('common.filter'),
    minWidth: 130,
    tooltip: true,
  },
  {
    title: t('activities.columns.journey'),
    field: 'historyPages',
    formatter: (cell) => {
      const pages = (cell.getValue() as ActivityRecord['historyPages']).map((visit) => visit.page);
      const element = document.createElement('span');
      element.textContent =
        pages.length > 4 ? `${pages.slice(0, 2).join(' → ')} → … → ${pages.at(-1)}` : pages.join(' → ');
      element.title = pages.join('\n');
      return element;
    },
    headerSort: false,
    minWidth: 170,
  },
  {
    title: t('activities.columns.store'),
    field: 'store',
    formatter: (cell) => storeText(cell.getValue() as ActivityRecord['store']),
    headerSort: false,
    minWidth: 150,
    tooltip: (_event, cell) => storeText(cell.getValue() as ActivityRecord['store']),
  },
  {
    title: t('activities.columns.browser'),
    field: 'navigator',
    headerFilter: 'input',
    headerFilterPlaceholder: t('common.filter'),
    minWidth: 130,
    formatter: (cell) => {
      const { browser, mobile } = describeUserAgent(String(cell.getValue() ?? ''));
      return `${browser}${mobile ? ` · ${t('activities.mobile')}` : ''}`;
    },
  },
  {
    title: t('common.created'),
    field: 'created_at',
    formatter: (cell) => formatDateTime(cell.getValue() as string),
    width: 160,
  },
  {
    title: t('activities.columns.updated'),
    field: 'updated_at',
    formatter: laterInstant,
    minWidth: 100,
  },
  {
    title: t('activities.columns.disconnected'),
    field: 'disconnected_at',
    minWidth: 140,
    formatter: (cell) =>
      cell.getValue() ? laterInstant(cell) : `<span class="bo-badge bo-badge--online">${t('activities.online')}</span>`,
  },
];
