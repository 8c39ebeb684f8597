import { useEffect, useState } from 'react';
import { t } from './texts.ts';

/**
 * The back office's pager (spec 3 §2, the claims list's; the FAQ list has "the same page-size and
 * pagination controls"): the total found, the page size, Précédent/Suivant (disabled on the first
 * and the last page) and the page number to type, with "/ total pages". A typed number is read on
 * Enter or when the field is left, kept between 1 and the last page.
 */
export interface PagerProps {
  /** What was found, already worded by the page. Example: "12 résultats". */
  total: string;
  /** The page shown, from 1. */
  page: number;
  /** The number of pages (at least 1). */
  pages: number;
  size: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

export function Pager({ total, page, pages, size, sizes, onPage, onSize }: PagerProps) {
  const [pageText, setPageText] = useState(String(page));
  useEffect(() => setPageText(String(page)), [page]);

  const goTo = (target: number) => {
    const kept = Math.min(Math.max(1, target), Math.max(1, pages));
    setPageText(String(kept));
    if (kept !== page) onPage(kept);
  };

  return (
    <div className="bo-pager">
      <span aria-live="polite">{total}</span>
      <label>
        {t('common.pager.perPage')}{' '}
        <select className="bo-select" value={size} onChange={(event) => onSize(Number(event.target.value))}>
          {sizes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="bo-button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
        {t('common.pager.previous')}
      </button>
      <span className="bo-pager__page">
        <input
          className="bo-input"
          inputMode="numeric"
          aria-label={t('common.pager.pageNumber')}
          value={pageText}
          onChange={(event) => setPageText(event.target.value.replace(/\D/g, ''))}
          onBlur={() => goTo(Number(pageText) || 1)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') goTo(Number(pageText) || 1);
          }}
        />{' '}
        / {pages}
      </span>
      <button type="button" className="bo-button" disabled={page >= pages} onClick={() => goTo(page + 1)}>
        {t('common.pager.next')}
      </button>
    </div>
  );
}
