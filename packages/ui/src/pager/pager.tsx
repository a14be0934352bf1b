import { joinClasses } from '../internal/class-names.ts';
import '../theme/theme.css';
import './pager.css';

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

/**
 * Pages (1-based) and ellipses to show: always the first and last page and `siblings` pages on
 * each side of the current one; a gap of a single page shows that page instead of an ellipsis,
 * so the number of items stays the same while paging.
 */
export const pageItems = (page: number, pageCount: number, siblings = 1): PageItem[] => {
  const count = Math.max(0, Math.floor(pageCount));
  const slots = siblings * 2 + 5;
  if (count <= slots) return range(1, count);
  const current = Math.min(Math.max(Math.floor(page), 1), count);
  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, count);
  const startGap = left > 3;
  const endGap = right < count - 2;
  const edge = slots - 2;
  if (!startGap) return [...range(1, edge), 'end-ellipsis', count];
  if (!endGap) return [1, 'start-ellipsis', ...range(count - edge + 1, count)];
  return [1, 'start-ellipsis', ...range(left, right), 'end-ellipsis', count];
};

/** Number of pages for `totalItems` split into pages of `pageSize` (at least 1). */
export const pageCountOf = (totalItems: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, totalItems) / Math.max(1, pageSize)));

export interface PagerProps {
  /** Current page, 1-based (the API's page parameter is this minus one). */
  page: number;
  pageCount: number;
  /** Called with the chosen 1-based page; never with the current one. */
  onPageChange: (page: number) => void;
  /** Pages shown on each side of the current one. */
  siblings?: number;
  /** Name of the navigation landmark; 'Pagination' unless translated. */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  /** Accessible name of a page button; `Page ${page}` unless translated. */
  pageLabel?: (page: number) => string;
  disabled?: boolean;
  className?: string;
}

/** Previous, page numbers with ellipses, Next; the current page has aria-current="page". */
export const Pager = ({
  page,
  pageCount,
  onPageChange,
  siblings = 1,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
  pageLabel = (number) => `Page ${number}`,
  disabled = false,
  className,
}: PagerProps) => {
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= pageCount) onPageChange(target);
  };
  return (
    <nav aria-label={label} className={joinClasses('pg-pager', className)}>
      <ul className="pg-pager__list">
        <li>
          <button
            type="button"
            className="pg-pager__button pg-focusable"
            disabled={disabled || page <= 1}
            onClick={() => go(page - 1)}
          >
            {previousLabel}
          </button>
        </li>
        {pageItems(page, pageCount, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pg-pager__button pg-focusable"
                aria-label={pageLabel(item)}
                aria-current={item === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="pg-pager__ellipsis">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pg-pager__button pg-focusable"
            disabled={disabled || page >= pageCount}
            onClick={() => go(page + 1)}
          >
            {nextLabel}
          </button>
        </li>
      </ul>
    </nav>
  );
};
