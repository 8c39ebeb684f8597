import { CLAIMS_PAGE_SIZES, type ClaimsListAnswer } from '../../contracts/backoffice.ts';
import { formatDateTime } from '../lib/format.ts';
import { t } from '../lib/texts.ts';
import { type ClaimsListState, FILTERS, useClaimsList } from './use-claims-list.ts';

/**
 * 'Liste des sinistres' (spec 3 §2): a text filter per column, 5/10/50/100 a page, the total,
 * Précédent/Suivant and an editable page number; filtering and paging are the server's. Filters
 * and page live in the address, so a reload or the back button keeps them.
 */
export default function ClaimsList() {
  const list = useClaimsList();
  const { filters, setFilters, answer, failed, loading } = list;
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
          <ClaimsPager list={list} answer={answer} />
        </>
      )}
    </section>
  );
}

/** The total, the page size, Précédent/Suivant and the page number to type. */
function ClaimsPager({ list, answer }: { list: ClaimsListState; answer: ClaimsListAnswer }) {
  const { size, changeSize, pageText, setPageText, pages, goTo } = list;
  return (
    <div className="bo-pager">
      <span aria-live="polite">{t('claims.list.results', { count: answer.total })}</span>
      <label>
        {t('common.pager.perPage')}{' '}
        <select className="bo-select" value={size} onChange={(event) => changeSize(Number(event.target.value))}>
          {CLAIMS_PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="bo-button" disabled={answer.page <= 1} onClick={() => goTo(answer.page - 1)}>
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
      <button type="button" className="bo-button" disabled={answer.page >= pages} onClick={() => goTo(answer.page + 1)}>
        {t('common.pager.next')}
      </button>
    </div>
  );
}
