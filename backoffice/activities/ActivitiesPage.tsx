import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { useEffect, useRef, useState } from 'react';
import type { Options, Tabulator } from 'tabulator-tables';
import { ActivitiesAnswerSchema } from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { DataTable } from '../lib/DataTable.tsx';
import { t } from '../lib/texts.ts';
import { ACTIVITY_COLUMNS } from './activity-columns.ts';
import { type LiveState, useLiveActivities } from './use-live-activities.ts';

/**
 * /bo_activities: the visitor sessions (spec 3 §3 activity records) in a Tabulator table, filtered
 * and paged by the server, kept live by the staff socket: a new visitor appears, a visitor who
 * moves or leaves is updated in place.
 */

const PAGE_SIZE = 20;
const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: INSURER_TIME_ZONE });

/** The period and the online filter the table's request sends. */
interface SessionFilters {
  from: string;
  to: string;
  onlineOnly: boolean;
}

/** What the table's request tells the page: the count of sessions, or that the server failed. */
type PageAnswer = { total: number } | { failed: true };

/** The table's options: one page of sessions at a time, asked of the server with the current filters. */
function sessionTableOptions(filters: { current: SessionFilters }, answered: (answer: PageAnswer) => void): Options {
  return {
    height: 670,
    layout: 'fitColumns',
    index: 'socketId',
    placeholder: t('activities.empty'),
    columns: ACTIVITY_COLUMNS,
    pagination: true,
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
        from: filters.current.from,
        to: filters.current.to,
      };
      if (filters.current.onlineOnly) query['online'] = 'true';
      for (const filter of params.filter ?? []) query[filter.field] = String(filter.value);
      const result = await staffApi('/activities', ActivitiesAnswerSchema, { query });
      if (!result.ok) {
        answered({ failed: true });
        return { last_page: 1, data: [] };
      }
      answered({ total: result.data.total });
      return { last_page: Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)), data: result.data.datas };
    },
  };
}

export default function ActivitiesPage() {
  const table = useRef<Tabulator | undefined>(undefined);
  const [filters, setFilters] = useState<SessionFilters>(() => ({
    from: todayIso(),
    to: todayIso(),
    onlineOnly: false,
  }));
  const [total, setTotal] = useState<number | undefined>();
  const [failed, setFailed] = useState(false);
  const live = useLiveActivities(table);
  const latestFilters = useRef(filters);
  latestFilters.current = filters;
  const [options] = useState(() =>
    sessionTableOptions(latestFilters, (answer) => {
      setFailed('failed' in answer);
      if ('total' in answer) setTotal(answer.total);
    }),
  );

  // A new period or the online filter: ask again from page 1 (the table's request reads them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are read by the table's request, not here.
  useEffect(() => {
    const current = table.current;
    if (current && filters.from && filters.to) void current.setData().catch(() => {});
  }, [filters.from, filters.to, filters.onlineOnly]);

  return (
    <section className="bo-card" aria-labelledby="activities-title">
      <div className="bo-chart-head">
        <h1 id="activities-title">{t('common.pages.activities')}</h1>
        <LiveBadge live={live} />
      </div>
      <SessionFilterBar filters={filters} onChange={setFilters} total={total} />
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('activities.loadFailed')}
        </p>
      )}
      <DataTable className="bo-activities" options={options} rows={t('activities.rows')} tableRef={table} />
    </section>
  );
}

/** Whether the page is live: 'Direct', connecting, or cut. */
function LiveBadge({ live }: { live: LiveState }) {
  return (
    <span className={live === 'on' ? 'bo-badge bo-badge--online' : 'bo-badge'} role="status">
      {live === 'on'
        ? t('activities.live.on')
        : live === 'connecting'
          ? t('common.connecting')
          : t('activities.live.off')}
    </span>
  );
}

/** The period (from the first records, 19/10/2023, to today), the online filter and the count of sessions. */
function SessionFilterBar({
  filters,
  onChange,
  total,
}: {
  filters: SessionFilters;
  onChange: (next: SessionFilters) => void;
  total: number | undefined;
}) {
  return (
    <div className="bo-toolbar">
      <label>
        {t('common.from')}{' '}
        <input
          className="bo-input"
          type="date"
          min="2023-10-19"
          max={filters.to}
          value={filters.from}
          onChange={(event) => event.target.value && onChange({ ...filters, from: event.target.value })}
        />
      </label>
      <label>
        {t('common.to')}{' '}
        <input
          className="bo-input"
          type="date"
          min={filters.from}
          max={todayIso()}
          value={filters.to}
          onChange={(event) => event.target.value && onChange({ ...filters, to: event.target.value })}
        />
      </label>
      <label>
        <input
          type="checkbox"
          checked={filters.onlineOnly}
          onChange={(event) => onChange({ ...filters, onlineOnly: event.target.checked })}
        />{' '}
        {t('activities.onlineOnly')}
      </label>
      {total !== undefined && (
        <span className="bo-muted" aria-live="polite">
          {t('activities.sessions', { count: total })}
        </span>
      )}
    </div>
  );
}
