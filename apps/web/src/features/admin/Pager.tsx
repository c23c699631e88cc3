import { PEOPLE_PAGE_SIZES } from '@atrium/protocol';
import { useId } from 'react';
import { pageCount } from './format.ts';
import { AdminUiText as T } from './texts.ts';
import type { PageSize } from './useAdmin.ts';

export interface PagerProps {
  page: number;
  pageSize: PageSize;
  /** Rows on every page together; unknown while the first page loads. */
  total: number | undefined;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
}

/**
 * Rows per page, "Page x of y" and Previous / Next. The buttons stay focusable at either end
 * (`aria-disabled`), so focus is not dropped on the page when the last page is reached.
 */
export function Pager({ page, pageSize, total, onPage, onPageSize }: PagerProps) {
  const sizeId = useId();
  const pages = pageCount(total ?? 0, pageSize);
  const atStart = page <= 1;
  const atEnd = page >= pages;
  return (
    <nav className="admin-pager" aria-label={T.pagination}>
      <div className="admin-pager__size">
        <label htmlFor={sizeId}>{T.pageSize}</label>
        <select
          id={sizeId}
          className="admin-select"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value) as PageSize)}
        >
          {PEOPLE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p className="admin-pager__where" aria-live="polite">
        {T.pageOf(page, pages)}
        {total !== undefined && <span className="admin-pager__total"> · {T.totalRows(total)}</span>}
      </p>
      <div className="admin-pager__buttons">
        <button
          type="button"
          className="button button--secondary admin-button--small"
          aria-disabled={atStart || undefined}
          onClick={() => !atStart && onPage(page - 1)}
        >
          {T.previous}
        </button>
        <button
          type="button"
          className="button button--secondary admin-button--small"
          aria-disabled={atEnd || undefined}
          onClick={() => !atEnd && onPage(page + 1)}
        >
          {T.next}
        </button>
      </div>
    </nav>
  );
}
