import { useEffect, useRef, useState } from 'react';
import {
  CLAIMS_PAGE_SIZES,
  type ClaimsListAnswer,
  ClaimsListAnswerSchema,
  DEFAULT_CLAIMS_PAGE_SIZE,
} from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { formatDateTime } from '../lib/format.ts';
import { t } from '../lib/texts.ts';

/**
 * 'Liste des sinistres' (spec 3 §2): a text filter per column, 5/10/50/100 a page, the total,
 * Précédent/Suivant and an editable page number; filtering and paging are the server's. Filters
 * and page live in the address, so a reload or the back button keeps them.
 */

const FILTERS = [
  { key: 'id', label: t('common.id'), placeholder: '' },
  { key: 'numero', label: t('claims.list.columns.number'), placeholder: '' },
  { key: 'socketId', label: t('claims.list.columns.socket'), placeholder: '' },
  { key: 'nom', label: t('claims.list.columns.name'), placeholder: '' },
  { key: 'created', label: t('common.created'), placeholder: t('claims.list.createdPlaceholder') },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];
type Filters = Record<FilterKey, string>;

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

export default function ClaimsList() {
  const initial = useRef(readAddress()).current;
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [applied, setApplied] = useState<Filters>(initial.filters);
  const [page, setPage] = useState(initial.page);
  const [size, setSize] = useState(initial.size);
  const [answer, setAnswer] = useState<ClaimsListAnswer | undefined>();
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [pageText, setPageText] = useState(String(initial.page));

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
    const controller = new AbortController();
    setLoading(true);
    const query = { ...applied, page, size };
    const address = new URLSearchParams(
      Object.entries(query)
        .filter(
          ([key, value]) =>
            value !== '' && !(key === 'page' && value === 1) && !(key === 'size' && value === DEFAULT_CLAIMS_PAGE_SIZE),
        )
        .map(([key, value]) => [key, String(value)]),
    ).toString();
    window.history.replaceState(null, '', address ? `?${address}` : window.location.pathname);
    void staffApi('/sinistres', ClaimsListAnswerSchema, { query, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setLoading(false);
      if (result.ok) {
        setAnswer(result.data);
        setFailed(false);
        setPageText(String(result.data.page));
      } else {
        setFailed(true);
        // Spec 3 §8: 'Erreur 143' for a refusal, 'Erreur 144' for any other failure.
        console.error(t('common.errorCode', { code: result.kind === 'http' ? 143 : 144 }));
      }
    });
    return () => controller.abort();
  }, [applied, page, size]);

  const pages = answer?.pages ?? 1;
  const goTo = (target: number) => setPage(Math.min(Math.max(1, target), pages));

  return (
    <section className="bo-card" aria-labelledby="claims-title">
      <h1 id="claims-title">{t('common.pages.claims')}</h1>
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('claims.list.loadFailed')}
        </p>
      )}
      {answer === undefined && !failed ? (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('claims.list.loading')}
        </p>
      ) : null}
      {answer && (
        <>
          <div className="bo-table-wrap">
            <table className="bo-table" aria-busy={loading}>
              <thead>
                <tr>
                  {FILTERS.map(({ key, label }) => (
                    <th key={key} scope="col">
                      {label}
                    </th>
                  ))}
                </tr>
                <tr>
                  {FILTERS.map(({ key, label, placeholder }) => (
                    <td key={key} className="bo-filter">
                      <input
                        className="bo-input"
                        type="search"
                        aria-label={t('claims.list.filterLabel', { column: label })}
                        placeholder={placeholder}
                        value={filters[key]}
                        onChange={(event) => setFilters({ ...filters, [key]: event.target.value })}
                      />
                    </td>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.datas.map((claim) => (
                  <tr key={claim.id}>
                    <td>{claim.id}</td>
                    <td>
                      <a href={`/bo_sinistres?numero=${encodeURIComponent(claim.number)}`}>{claim.number}</a>
                    </td>
                    <td className="bo-muted">{claim.socketId}</td>
                    <td>{claim.name}</td>
                    <td>{formatDateTime(claim.created_at)}</td>
                  </tr>
                ))}
                {answer.datas.length === 0 && (
                  <tr>
                    <td colSpan={FILTERS.length} className="bo-muted">
                      {t('claims.list.empty')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <div className="bo-pager">
            <span aria-live="polite">{t('claims.list.results', { count: answer.total })}</span>
            <label>
              {t('common.pager.perPage')}{' '}
              <select
                className="bo-select"
                value={size}
                onChange={(event) => {
                  setSize(Number(event.target.value));
                  setPage(1);
                }}
              >
                {CLAIMS_PAGE_SIZES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="bo-button"
              disabled={answer.page <= 1}
              onClick={() => goTo(answer.page - 1)}
            >
              {t('common.pager.previous')}
            </button>
            <span className="bo-pager__page">
              <label>
                <span className="visually-hidden">{t('common.page')}</span>
                <input
                  className="bo-input"
                  inputMode="numeric"
                  aria-label={t('claims.list.pageNumber')}
                  value={pageText}
                  onChange={(event) => setPageText(event.target.value.replace(/\D/g, ''))}
                  onBlur={() => goTo(Number(pageText) || 1)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') goTo(Number(pageText) || 1);
                  }}
                />
              </label>{' '}
              / {pages}
            </span>
            <button
              type="button"
              className="bo-button"
              disabled={answer.page >= pages}
              onClick={() => goTo(answer.page + 1)}
            >
              {t('common.pager.next')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
