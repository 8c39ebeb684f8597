import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { useEffect, useRef, useState } from 'react';
import { type ColumnDefinition, TabulatorFull as Tabulator } from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import { ActivitiesAnswerSchema, type ActivityRecord } from '../../contracts/backoffice.ts';
import type { LiveActivity } from '../../contracts/socket-events.ts';
import { fixGridRoles, frenchTableTexts } from '../lib/tabulator.ts';
import { staffApi } from '../api/client.ts';
import { formatDateTime } from '../lib/format.ts';
import { staffSocket } from '../lib/live.ts';
import { t } from '../lib/texts.ts';
import { describeUserAgent } from './user-agent.ts';

/**
 * /bo_activities: the visitor sessions (spec 3 §3 activity records) in a Tabulator table, filtered
 * and paged by the server, kept live by the staff socket: a new visitor appears, a visitor who
 * moves or leaves is updated in place.
 */

const PAGE_SIZE = 20;
/** Live events that need a reload are grouped: at most one reload this often. */
const LIVE_RELOAD_MS = 2_000;
const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: INSURER_TIME_ZONE });

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

const COLUMNS: ColumnDefinition[] = [
  { title: t('common.id'), field: 'id', width: 70 },
  {
    title: t('activities.columns.entryPage'),
    field: 'entryPage',
    headerFilter: 'input',
    headerFilterPlaceholder: t('common.filter'),
    minWidth: 170,
  },
  {
    title: t('activities.columns.currentPage'),
    field: 'currentPage',
    headerFilter: 'input',
    headerFilterPlaceholder: t('common.filter'),
    minWidth: 170,
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
    minWidth: 220,
  },
  {
    title: t('activities.columns.store'),
    field: 'store',
    formatter: (cell) => storeText(cell.getValue() as ActivityRecord['store']),
    headerSort: false,
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
    title: t('activities.columns.created'),
    field: 'created_at',
    formatter: (cell) => formatDateTime(cell.getValue() as string),
    width: 160,
  },
  {
    title: t('activities.columns.updated'),
    field: 'updated_at',
    formatter: (cell) => formatDateTime(cell.getValue() as string),
    width: 160,
  },
  {
    title: t('activities.columns.disconnected'),
    field: 'disconnected_at',
    width: 160,
    formatter: (cell) => {
      const value = cell.getValue() as string | null;
      return value ? formatDateTime(value) : `<span class="bo-badge bo-badge--online">${t('activities.online')}</span>`;
    },
  },
];

export default function ActivitiesPage() {
  const holder = useRef<HTMLDivElement>(null);
  const pager = useRef<HTMLDivElement>(null);
  const table = useRef<Tabulator | undefined>(undefined);
  const [from, setFrom] = useState(todayIso);
  const [to, setTo] = useState(todayIso);
  const [onlineOnly, setOnlineOnly] = useState(false);
  const [live, setLive] = useState<'connecting' | 'on' | 'off'>('connecting');
  const [total, setTotal] = useState<number | undefined>();
  const [failed, setFailed] = useState(false);
  const range = useRef({ from, to, onlineOnly });
  range.current = { from, to, onlineOnly };

  useEffect(() => {
    if (!holder.current) return;
    const created = new Tabulator(holder.current, {
      height: 670,
      layout: 'fitColumns',
      index: 'socketId',
      placeholder: t('activities.empty'),
      columns: COLUMNS,
      pagination: true,
      // Outside the grid: buttons are not cells of a grid (axe aria-required-children).
      ...(pager.current ? { paginationElement: pager.current } : {}),
      paginationMode: 'remote',
      paginationSize: PAGE_SIZE,
      filterMode: 'remote',
      sortMode: 'local',
      ajaxURL: '/activities',
      ajaxRequestFunc: async (
        _url: string,
        _config: unknown,
        params: { page?: number; size?: number; filter?: { field: string; value: string }[] },
      ) => {
        const query: Record<string, string | number> = {
          page: params.page ?? 1,
          size: params.size ?? PAGE_SIZE,
          from: range.current.from,
          to: range.current.to,
        };
        if (range.current.onlineOnly) query['online'] = 'true';
        for (const filter of params.filter ?? []) query[filter.field] = String(filter.value);
        const result = await staffApi('/activities', ActivitiesAnswerSchema, { query });
        if (!result.ok) {
          setFailed(true);
          return { last_page: 1, data: [] };
        }
        setFailed(false);
        setTotal(result.data.total);
        return { last_page: Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)), data: result.data.datas };
      },
      ...frenchTableTexts(t('activities.rows')),
    });
    created.on('tableBuilt', () => {
      fixGridRoles(holder.current);
    });
    table.current = created;
    return () => {
      created.destroy();
      table.current = undefined;
    };
  }, []);

  // A new period or the online filter: ask again from page 1 (the table's request reads them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are read by the table's request, not here.
  useEffect(() => {
    const current = table.current;
    if (current && from && to) void current.setData().catch(() => {});
  }, [from, to, onlineOnly]);

  useEffect(() => {
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      reloadTimer ??= setTimeout(() => {
        reloadTimer = undefined;
        void table.current?.replaceData().catch(() => {});
      }, LIVE_RELOAD_MS);
    };
    const update = (activity: LiveActivity) => {
      const row = table.current?.getRow(activity.id);
      if (row)
        void row.update({
          currentPage: activity.page,
          historyPages: activity.historyPages,
          store: activity.store,
          updated_at: new Date().toISOString(),
          // A live update comes from a socket of the session: it is online again (its next page).
          disconnected_at: null,
        });
      else reloadSoon();
    };
    const onLocation = ({ id, page }: { id: string; page: string }) => {
      const row = table.current?.getRow(id);
      if (row) void row.update({ currentPage: page });
      else reloadSoon();
    };
    const onDisconnected = ({ id, disconnectedAt }: { id: string; disconnectedAt: string }) => {
      const row = table.current?.getRow(id);
      if (row) void row.update({ disconnected_at: disconnectedAt });
    };
    let cleanup = () => {};
    void staffSocket().then((socket) => {
      const onConnect = () => setLive('on');
      const onDisconnect = () => setLive('off');
      if (socket.connected) setLive('on');
      socket.on('connect', onConnect);
      socket.on('disconnect', onDisconnect);
      socket.on('connect_error', onDisconnect);
      socket.on('newActivity', reloadSoon);
      socket.on('updateActivity', update);
      socket.on('updateUserLocation', onLocation);
      socket.on('updateDisconnected_at', onDisconnected);
      cleanup = () => {
        socket.off('connect', onConnect);
        socket.off('disconnect', onDisconnect);
        socket.off('connect_error', onDisconnect);
        socket.off('newActivity', reloadSoon);
        socket.off('updateActivity', update);
        socket.off('updateUserLocation', onLocation);
        socket.off('updateDisconnected_at', onDisconnected);
      };
    });
    return () => {
      clearTimeout(reloadTimer);
      cleanup();
    };
  }, []);

  return (
    <section className="bo-card" aria-labelledby="activities-title">
      <div className="bo-chart-head">
        <h1 id="activities-title">{t('common.pages.activities')}</h1>
        <span className={live === 'on' ? 'bo-badge bo-badge--online' : 'bo-badge'} role="status">
          {live === 'on'
            ? t('activities.live.on')
            : live === 'connecting'
              ? t('common.connecting')
              : t('activities.live.off')}
        </span>
      </div>
      <div className="bo-toolbar">
        <label>
          {t('common.from')}{' '}
          <input
            className="bo-input"
            type="date"
            min="2023-10-19"
            max={to}
            value={from}
            onChange={(event) => event.target.value && setFrom(event.target.value)}
          />
        </label>
        <label>
          {t('common.to')}{' '}
          <input
            className="bo-input"
            type="date"
            min={from}
            max={todayIso()}
            value={to}
            onChange={(event) => event.target.value && setTo(event.target.value)}
          />
        </label>
        <label>
          <input type="checkbox" checked={onlineOnly} onChange={(event) => setOnlineOnly(event.target.checked)} />{' '}
          {t('activities.onlineOnly')}
        </label>
        {total !== undefined && (
          <span className="bo-muted" aria-live="polite">
            {t('activities.sessions', { count: total })}
          </span>
        )}
      </div>
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('activities.loadFailed')}
        </p>
      )}
      <div ref={holder} className="bo-activities" />
      <div ref={pager} className="bo-activities__pager tabulator" />
    </section>
  );
}
