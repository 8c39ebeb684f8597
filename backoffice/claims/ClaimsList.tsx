import { CLAIMS_PAGE_SIZES } from '../../contracts/backoffice.ts';
import { formatDateTime } from '../lib/format.ts';
import { Pager } from '../lib/Pager.tsx';
import { t } from '../lib/texts.ts';
import { FILTERS, useClaimsList } from './use-claims-list.ts';

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
          <Pager
            total={t('claims.list.results', { count: answer.total })}
            page={answer.page}
            pages={list.pages}
            size={list.size}
            sizes={CLAIMS_PAGE_SIZES}
            onPage={list.goTo}
            onSize={list.changeSize}
          />
        </>
      )}
    </section>
  );
}
