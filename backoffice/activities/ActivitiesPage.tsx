import { useEffect, useRef, useState } from 'react';
import type { Options, Tabulator } from 'tabulator-tables';
import { ActivitiesAnswerSchema } from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { DataTable } from '../lib/DataTable.tsx';
import { isoOfLocalDay } from '../../contracts/dates.ts';
import { DatePicker } from '../lib/DatePicker.tsx';
import { pickerDayOf, RECORDS_FIRST_DAY, todayForInsurer } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';
import { ACTIVITY_COLUMNS } from './activity-columns.ts';
import { type LiveState, useLiveActivities } from './use-live-activities.ts';

/**
 * /bo_activities: the visitor sessions (spec 3 §3 activity records) in a Tabulator table, filtered
 * and paged by the server, kept live by the staff socket: a new visitor appears, a visitor who
 * moves or leaves is updated in place. Paged by the back office's one pager.
 */

const PAGE_SIZE = 20;
/** Within what the server accepts (5 to 100 a page). */
const PAGE_SIZES = [10, 20, 50, 100];

/** The period and the online filter the table's request sends, or one session (then no period). */
interface SessionFilters {
  from: string;
  to: string;
  onlineOnly: boolean;
  /** The key of the one session shown ('' for all): the claims list links a claim to the session that declared it. */
  session: string;
}

/** A session key as the claims list links it (`?session=`), else ''. */
function sessionOfAddress(): string {
  const session = new URLSearchParams(window.location.search).get('session') ?? '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(session) ? session : '';
}

/** The filters the page opens with: today's sessions, or the one session of the address, whatever its day. */
function initialFilters(): SessionFilters {
  const session = sessionOfAddress();
  const today = todayForInsurer();
  return session === ''
    ? { from: today, to: today, onlineOnly: false, session }
    : { from: '', to: '', onlineOnly: false, session };
}

/** What the table's request tells the page: the count of sessions, or that the server failed. */
type PageAnswer = { total: number } | { failed: true };

/** The table's options: one page of sessions at a time, asked of the server with the current filters. */
function sessionTableOptions(filters: { current: SessionFilters }, answered: (answer: PageAnswer) => void): Options {
  // What an empty table says follows its last request: a column filter, rather than the period, may
  // be what leaves no session (Tabulator shows this element as it is).
  const placeholder = document.createElement('span');
  const sayEmpty = (columnFiltered: boolean) => {
    placeholder.textContent =
      filters.current.session !== ''
        ? t('activities.declaringSession.gone')
        : columnFiltered
          ? t('activities.emptyFiltered')
          : t('activities.empty');
  };
  sayEmpty(false);
  return {
    height: 670,
    layout: 'fitColumns',
    index: 'socketId',
    placeholder,
    columns: ACTIVITY_COLUMNS,
    pagination: true,
    paginationMode: 'remote',
    paginationSize: PAGE_SIZE,
    paginationSizeSelector: PAGE_SIZES,
    filterMode: 'remote',
    sortMode: 'local',
    ajaxURL: '/activities',
    ajaxRequestFunc: async (
      _url: string,
      _config: unknown,
      params: { page?: number; size?: number; filter?: { field: string; value: string }[] },
    ) => {
      const size = params.size ?? PAGE_SIZE;
      const query: Record<string, string | number> = {
        page: params.page ?? 1,
        size,
        from: filters.current.from,
        to: filters.current.to,
      };
      if (filters.current.onlineOnly) query['online'] = 'true';
      if (filters.current.session !== '') query['session'] = filters.current.session;
      for (const filter of params.filter ?? []) query[filter.field] = String(filter.value);
      const result = await staffApi('/activities', ActivitiesAnswerSchema, { query });
      if (!result.ok) {
        answered({ failed: true });
        return { last_page: 1, data: [] };
      }
      sayEmpty((params.filter ?? []).some((filter) => String(filter.value) !== ''));
      answered({ total: result.data.total });
      return { last_page: Math.max(1, Math.ceil(result.data.total / size)), data: result.data.datas };
    },
  };
}

export default function ActivitiesPage() {
  const table = useRef<Tabulator | undefined>(undefined);
  const [filters, setFilters] = useState<SessionFilters>(initialFilters);
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
    if (current && filters.session === '' && filters.from && filters.to) void current.setData().catch(() => {});
  }, [filters.from, filters.to, filters.onlineOnly]);

  return (
    <section className="bo-card" aria-labelledby="activities-title">
      <div className="bo-chart-head">
        <h1 id="activities-title">{t('common.pages.activities')}</h1>
        <LiveBadge live={live} />
      </div>
      {filters.session === '' ? (
        <SessionFilterBar filters={filters} onChange={setFilters} />
      ) : (
        <p className="bo-toolbar">
          <span>{t('activities.declaringSession.shown', { session: filters.session })}</span>
          <a href="/bo_activities">{t('activities.declaringSession.all')}</a>
        </p>
      )}
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('activities.loadFailed')}
        </p>
      )}
      <DataTable
        className="bo-activities"
        options={options}
        tableRef={table}
        total={(count) => t('activities.sessions', { count })}
        remoteCount={total}
      />
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

/** The period (from the first records, 19/10/2023, to today) and the online filter. */
function SessionFilterBar({
  filters,
  onChange,
}: {
  filters: SessionFilters;
  onChange: (next: SessionFilters) => void;
}) {
  return (
    <div className="bo-toolbar">
      <DatePicker
        label={t('common.from')}
        value={pickerDayOf(filters.from)}
        minDate={RECORDS_FIRST_DAY}
        maxDate={pickerDayOf(filters.to)}
        className="bo-date"
        inputClassName="bo-input bo-date__input"
        onChange={(date) => onChange({ ...filters, from: isoOfLocalDay(date) })}
      />
      <DatePicker
        label={t('common.to')}
        value={pickerDayOf(filters.to)}
        minDate={pickerDayOf(filters.from)}
        maxDate={pickerDayOf(todayForInsurer())}
        className="bo-date"
        inputClassName="bo-input bo-date__input"
        onChange={(date) => onChange({ ...filters, to: isoOfLocalDay(date) })}
      />
      <label>
        <input
          type="checkbox"
          checked={filters.onlineOnly}
          onChange={(event) => onChange({ ...filters, onlineOnly: event.target.checked })}
        />{' '}
        {t('activities.onlineOnly')}
      </label>
    </div>
  );
}
