import { useState } from 'react';
import { CLAIMS_FILTER_MAX_LENGTHS, CLAIMS_PAGE_SIZES, type ClaimListItem } from '../../contracts/backoffice.ts';
import { formatDateTime } from '../lib/dates.ts';
import { Pager } from '../lib/Pager.tsx';
import { t } from '../lib/texts.ts';
import { Age } from '../lib/Age.tsx';
import {
  CLAIM_COLUMNS,
  type ClaimColumn,
  type ColumnKey,
  missingText,
  readShownColumns,
  saveShownColumns,
} from './list-columns.ts';
import { stateLabel } from './state-label.ts';
import { useClaimsList } from './use-claims-list.ts';

/** A claim's cell in a column. */
function cellOf(claim: ClaimListItem, key: ColumnKey) {
  switch (key) {
    case 'id':
      return claim.id;
    case 'numero':
      return <a href={`/bo_sinistres?numero=${encodeURIComponent(claim.number)}`}>{claim.number}</a>;
    case 'socketId':
      // The session that declared the claim, opened in Activités.
      return claim.socketId === '' ? null : (
        <a
          href={`/bo_activities?session=${encodeURIComponent(claim.socketId)}`}
          aria-label={t('claims.list.columns.socketLink', { session: claim.socketId })}
          className="bo-code"
        >
          {claim.socketId}
        </a>
      );
    case 'nom':
      return claim.name;
    case 'created':
      return formatDateTime(claim.created_at);
    case 'etat':
      return stateLabel(claim.etat);
    case 'brand':
      return claim.brand;
    case 'missing':
      return missingText(claim);
    case 'age':
      return (
        <Age at={claim.created_at} title={t('claims.list.declaredOn', { date: formatDateTime(claim.created_at) })} />
      );
  }
}

/**
 * 'Liste des sinistres' (spec 3 §2), the claims page's 'Tous les sinistres' view: a text filter per
 * spec column, 5/10/50/100 a page, the total, Précédent/Suivant and an editable page number;
 * filtering and paging are the server's. Filters and page live in the address, so a reload or the
 * back button keeps them. Beside the specification's columns: state, brand, missing documents and age, and a column
 * chooser behind which 'ID socket création' waits (hidden by default; each key opens its session in Activités).
 * On a phone each claim is a block (its number the title, each other cell beside its column's
 * name), and each filter a line named by its column, as in « À traiter ».
 */
export default function ClaimsList() {
  const list = useClaimsList();
  const { filters, setFilters, answer, failed, loading, createdInvalid } = list;
  // Rows of another filter never show under a creation filter that is not a day.
  const rows = createdInvalid ? [] : (answer?.datas ?? []);
  const [chosen, setChosen] = useState(readShownColumns);
  // A column whose filter holds something stays shown: no list filtered by something unseen.
  const columns = CLAIM_COLUMNS.filter(
    (column) => chosen.has(column.key) || (column.filter !== undefined && filters[column.filter] !== ''),
  );
  const toggle = (column: ClaimColumn, visible: boolean) => {
    const next = new Set(chosen);
    if (visible) next.add(column.key);
    else {
      next.delete(column.key);
      if (column.filter && filters[column.filter] !== '') setFilters({ ...filters, [column.filter]: '' });
    }
    setChosen(next);
    saveShownColumns(next);
  };
  return (
    <section className="bo-card" aria-labelledby="claims-title">
      <h1 id="claims-title">{t('common.pages.claims')}</h1>
      <fieldset className="bo-columns">
        <legend>{t('claims.list.customColumns')}</legend>
        {CLAIM_COLUMNS.map((column) => (
          <label key={column.key} className="bo-columns__choice">
            <input
              type="checkbox"
              checked={columns.includes(column)}
              onChange={(event) => toggle(column, event.target.checked)}
            />{' '}
            {t(column.label)}
          </label>
        ))}
      </fieldset>
      {failed && (
        <p className="bo-alert bo-alert--error" role="alert">
          {t('claims.list.loadFailed')}
        </p>
      )}
      {answer === undefined && !failed && !createdInvalid ? (
        <p role="status">
          <span className="bo-spinner" aria-hidden="true" /> {t('claims.list.loading')}
        </p>
      ) : null}
      {/* The filters show even before a first answer: a filter kept in the address can be corrected. */}
      <div className="bo-table-wrap">
        <table className="bo-table bo-table--stack bo-claims-list" aria-busy={loading} aria-labelledby="claims-title">
          <thead>
            <tr>
              {columns.map(({ key, label, help }) => (
                <th key={key} scope="col">
                  {t(label)}
                  {help && <span className="bo-muted bo-column-help">{t(help)}</span>}
                </th>
              ))}
            </tr>
            <tr className="bo-table__filters bo-claims-list__filters">
              {columns.map(({ key, label, filter }) => (
                <td key={key} className="bo-filter" data-label={filter && t(label)}>
                  {filter && (
                    <input
                      className={filter === 'created' ? 'bo-input bo-filter__day' : 'bo-input'}
                      type="search"
                      aria-label={t('claims.list.filterLabel', { column: t(label) })}
                      placeholder={filter === 'created' ? t('claims.list.createdPlaceholder') : ''}
                      maxLength={CLAIMS_FILTER_MAX_LENGTHS[filter]}
                      value={filters[filter]}
                      aria-invalid={(filter === 'created' && createdInvalid) || undefined}
                      aria-describedby={filter === 'created' && createdInvalid ? 'claims-created-invalid' : undefined}
                      onChange={(event) => setFilters({ ...filters, [filter]: event.target.value })}
                    />
                  )}
                  {filter === 'created' && createdInvalid && (
                    <p className="bo-field-error" id="claims-created-invalid">
                      {t('claims.list.createdInvalid')}
                    </p>
                  )}
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((claim) => (
              <tr key={claim.id}>
                {columns.map(({ key, label }) =>
                  // On a phone the number is the block's title, its other cells lines named by their column.
                  key === 'numero' ? (
                    <td key={key} className="bo-table__lead">
                      {cellOf(claim, key)}
                    </td>
                  ) : (
                    <td key={key} data-label={t(label)}>
                      {cellOf(claim, key)}
                    </td>
                  ),
                )}
              </tr>
            ))}
            {(answer !== undefined || createdInvalid) && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="bo-muted">
                  {createdInvalid ? t('claims.list.fixCreated') : t('claims.list.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {answer && !createdInvalid && (
        <Pager
          total={t('claims.list.results', { count: answer.total })}
          page={answer.page}
          pages={list.pages}
          size={list.size}
          sizes={CLAIMS_PAGE_SIZES}
          onPage={list.goTo}
          onSize={list.changeSize}
        />
      )}
    </section>
  );
}
