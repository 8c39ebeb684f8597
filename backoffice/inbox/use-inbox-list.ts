import { useEffect, useState } from 'react';
import {
  DEFAULT_INBOX_PAGE_SIZE,
  INBOX_KINDS,
  INBOX_PAGE_SIZES,
  INBOX_PATH,
  INBOX_STATES,
  type InboxListAnswer,
  InboxListAnswerSchema,
} from '../../contracts/inbox.ts';
import { staffApi } from '../api/client.ts';
import type { BrandChoice } from './BrandFilter.tsx';

/** What the list shows: its filters, order and page, all in the address (a reload, the back button and a link keep them). */
interface InboxQuery {
  state: string;
  kind: string;
  brand: string;
  late: boolean;
  sort: 'recent' | 'deadline';
  page: number;
  size: number;
}

const DEFAULTS: InboxQuery = {
  state: '',
  kind: '',
  brand: '',
  late: false,
  sort: 'recent',
  page: 1,
  size: DEFAULT_INBOX_PAGE_SIZE,
};

function oneOf(value: string | null, allowed: readonly string[]): string {
  return value !== null && allowed.includes(value) ? value : '';
}

/** The list's query read from the address; anything unknown falls back to its default. */
function readInboxAddress(search: string = window.location.search): InboxQuery {
  const query = new URLSearchParams(search);
  const size = Number(query.get('size'));
  return {
    state: oneOf(query.get('state'), INBOX_STATES),
    kind: oneOf(query.get('kind'), INBOX_KINDS),
    brand: (query.get('brand') ?? '').slice(0, 64),
    late: query.get('late') === '1',
    sort: query.get('sort') === 'deadline' ? 'deadline' : 'recent',
    page: Math.max(1, Math.floor(Number(query.get('page'))) || 1),
    size: (INBOX_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_INBOX_PAGE_SIZE,
  };
}

/** The query as the address and the API carry it: only what differs from the defaults. */
function inboxSearchOf(query: Partial<InboxQuery>): string {
  const full = { ...DEFAULTS, ...query };
  const entries = Object.entries(full)
    .filter(([key, value]) => value !== DEFAULTS[key as keyof InboxQuery])
    .map(([key, value]) => [key, value === true ? '1' : String(value)]);
  return new URLSearchParams(entries).toString();
}

/** Whether some filter narrows the list (its empty state then says so). */
export function isFiltered(query: InboxQuery): boolean {
  return query.state !== '' || query.kind !== '' || query.brand !== '' || query.late;
}

/**
 * The inbox list's state: the query (kept in the address), the server's answer, and whether it
 * is being read or failed. Changing a filter or the order goes back to page 1.
 */
export function useInboxList() {
  const [query, setQuery] = useState<InboxQuery>(() => readInboxAddress());
  const [answer, setAnswer] = useState<InboxListAnswer | undefined>();
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const search = inboxSearchOf(query);
    window.history.replaceState(null, '', search ? `?${search}` : window.location.pathname);
    const { late, ...rest } = query;
    void staffApi(INBOX_PATH, InboxListAnswerSchema, {
      query: { ...rest, late: late ? '1' : undefined },
      signal: controller.signal,
    }).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      setFailed(!result.ok);
      if (result.ok) setAnswer(result.data);
    });
    return () => controller.abort();
  }, [query]);

  /** New filters or order: from page 1. */
  const filter = (change: Partial<Omit<InboxQuery, 'page' | 'size'>>) => setQuery({ ...query, ...change, page: 1 });
  const pages = answer?.pages ?? 1;
  const goTo = (page: number) => setQuery({ ...query, page: Math.min(Math.max(1, page), pages) });
  const changeSize = (size: number) => setQuery({ ...query, size, page: 1 });
  const reset = () => setQuery({ ...DEFAULTS, size: query.size });

  const brands: readonly BrandChoice[] = answer?.brands ?? [];
  return { query, filter, reset, answer, failed, loading, pages, goTo, changeSize, brands };
}
