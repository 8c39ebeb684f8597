import { useEffect, useRef, useState } from 'react';
import {
  CLAIMS_PAGE_SIZES,
  type ClaimsListAnswer,
  ClaimsListAnswerSchema,
  ClaimsListQuerySchema,
  DEFAULT_CLAIMS_PAGE_SIZE,
} from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { t } from '../lib/texts.ts';

/** The columns filtered, in order, with their titles and placeholders. */
const FILTERS = [
  { key: 'id', label: t('common.id'), placeholder: '' },
  { key: 'numero', label: t('claims.list.columns.number'), placeholder: '' },
  { key: 'socketId', label: t('claims.list.columns.socket'), placeholder: '' },
  { key: 'nom', label: t('claims.list.columns.name'), placeholder: '' },
  { key: 'created', label: t('common.created'), placeholder: t('claims.list.createdPlaceholder') },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];
export type Filters = Record<FilterKey, string>;

/** Whether the creation filter holds something other than a day or its beginning ("abc"). */
function createdIsInvalid(created: string): boolean {
  return !ClaimsListQuerySchema.safeParse({ created }).success;
}

/** Filter typing waits this long before asking the server. */
const DEBOUNCE_MS = 300;

function readAddress(): { filters: Filters; page: number; size: number } {
  const query = new URLSearchParams(window.location.search);
  const filters = Object.fromEntries(FILTERS.map(({ key }) => [key, query.get(key) ?? ''])) as Filters;
  const size = Number(query.get('size'));
  return {
    filters,
    page: Math.max(1, Number(query.get('page')) || 1),
    size: (CLAIMS_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_CLAIMS_PAGE_SIZE,
  };
}

/** Writes what differs from the defaults in the address, so a reload or the back button keeps it. */
function writeAddress(query: Filters & { page: number; size: number }): void {
  // The list is the page's 'Tous les sinistres' view: the address keeps it.
  const address = new URLSearchParams(
    Object.entries({ vue: 'tous', ...query })
      .filter(
        ([key, value]) =>
          value !== '' && !(key === 'page' && value === 1) && !(key === 'size' && value === DEFAULT_CLAIMS_PAGE_SIZE),
      )
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  window.history.replaceState(null, '', address ? `?${address}` : window.location.pathname);
}

/**
 * The claims list's state: the filters typed (applied to the server once typing pauses, back to
 * page 1), the page and its size, all read from and kept in the address, and the server's answer.
 */
export function useClaimsList() {
  const initial = useRef(readAddress()).current;
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [applied, setApplied] = useState<Filters>(initial.filters);
  const [page, setPage] = useState(initial.page);
  const [size, setSize] = useState(initial.size);
  const [answer, setAnswer] = useState<ClaimsListAnswer | undefined>();
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);

  // Typing in a filter: page 1, once the staff member pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (JSON.stringify(filters) !== JSON.stringify(applied)) {
        setApplied(filters);
        setPage(1);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters, applied]);

  useEffect(() => {
    const query = { ...applied, page, size };
    writeAddress(query);
    // Refused before any call: the filter says why, the list stays as it was.
    if (createdIsInvalid(applied.created)) {
      setLoading(false);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    void staffApi('/sinistres', ClaimsListAnswerSchema, { query, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      if (result.ok) {
        setAnswer(result.data);
        setFailed(false);
      } else {
        setFailed(true);
        // Spec 3 §8: 'Erreur 143' for a refusal, 'Erreur 144' for any other failure.
        console.error(t('common.errorCode', { code: result.kind === 'http' ? 143 : 144 }));
      }
    });
    return () => controller.abort();
  }, [applied, page, size]);

  const pages = answer?.pages ?? 1;
  /** Goes to page `target`, kept between 1 and the last page. */
  const goTo = (target: number) => setPage(Math.min(Math.max(1, target), pages));
  /** A new page size, from page 1. */
  const changeSize = (next: number) => {
    setSize(next);
    setPage(1);
  };

  /** The creation filter as typed is not a day: said under it once typing pauses. */
  const createdInvalid = createdIsInvalid(applied.created) && applied.created === filters.created;

  return { filters, setFilters, size, changeSize, answer, failed, loading, pages, goTo, createdInvalid };
}
