import { useEffect, useRef, useState } from 'react';
import {
  CLAIMS_PAGE_SIZES,
  type ClaimsListAnswer,
  ClaimsListAnswerSchema,
  DEFAULT_CLAIMS_PAGE_SIZE,
} from '../../contracts/backoffice.ts';
import { staffApi } from '../api/client.ts';
import { formatDateTime } from '../lib/format.ts';

/**
 * 'Liste des sinistres' (spec 3 §2): a text filter per column, 5/10/50/100 a page, the total,
 * Précédent/Suivant and an editable page number; filtering and paging are the server's. Filters
 * and page live in the address, so a reload or the back button keeps them.
 */

const FILTERS = [
  { key: 'id', label: 'ID', placeholder: '' },
  { key: 'numero', label: 'Numéro sinistre', placeholder: '' },
  { key: 'socketId', label: 'ID socket création', placeholder: '' },
  { key: 'nom', label: 'Nom', placeholder: '' },
  { key: 'created', label: 'Création', placeholder: 'YYYY/MM/DD' },
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
        console.error(result.kind === 'http' ? 'Erreur 143' : 'Erreur 144');
      }
    });
    return () => controller.abort();
  }, [applied, page, size]);

  const pages = answer?.pages ?? 1;
  const goTo = (target: number) => setPage(Math.min(Math.max(1, target), pages));

  return (
    <section className="bo-card" aria-labelledby="claims-title">
      <h1 id="claims-title">Liste des sinistres</h1>
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          La liste n’a pas pu être chargée. Réessayez dans un instant.
        </p>
      )}
      {answer === undefined && !failed ? (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> Chargement des sinistres…
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
                        aria-label={`Filtrer : ${label}`}
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
                      Aucun sinistre ne correspond à ces filtres.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <div className="bo-pager">
            <span aria-live="polite">
              {answer.total} résultat{answer.total > 1 ? 's' : ''}
            </span>
            <label>
              Par page{' '}
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
              Précédent
            </button>
            <span className="bo-pager__page">
              <label>
                <span className="visually-hidden">Page</span>
                <input
                  className="bo-input"
                  inputMode="numeric"
                  aria-label="Numéro de page"
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
              Suivant
            </button>
          </div>
        </>
      )}
    </section>
  );
}
