import { EmptyState, Pager, PageSizeSelect, pageCountOf } from '@paygate/ui';
import type { ReactNode } from 'react';
import type { Paging } from './list-view.ts';
import { LoadFailed, Loading, type RetryableQuery } from './load-state.tsx';
import './paged-list.css';

export interface PagedListFooterProps {
  /** The number of rows the list has. */
  total: number;
  /** The server only estimated the total (a large match): it shows as "about N". */
  approximate?: boolean;
  /** The page (1-based) and page size in force. */
  view: Paging;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

/** Under a list: "Total: N", the pager (when there is a row) and the items-per-page select. */
export const PagedListFooter = ({
  total,
  approximate = false,
  view,
  onPageChange,
  onSizeChange,
}: PagedListFooterProps) => (
  <div className="bo-list-paging">
    <p className="bo-list-total">Total: {approximate ? `about ${total}` : total}</p>
    {total > 0 ? (
      <Pager
        page={view.page}
        pageCount={pageCountOf(total, view.size)}
        onPageChange={onPageChange}
      />
    ) : null}
    <PageSizeSelect value={view.size} onChange={onSizeChange} />
  </div>
);

/** What a paged list needs of its query (RTK Query): the page's rows and the total. */
export interface PagedListQuery<Item> extends RetryableQuery {
  isError: boolean;
  currentData?: { items: readonly Item[]; total: number } | undefined;
}

export interface PagedListProps<Item> {
  query: PagedListQuery<Item>;
  /** The page (1-based) and page size in force. */
  view: Paging;
  /** The failure the server's reason follows, e.g. "Could not load the users". */
  loadFailed: string;
  /** The spinner's name until the first page is there, e.g. "Loading users". */
  loading: string;
  /** Said instead of the rows when there are none. */
  nothingFound: string;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  /** The rows of the page, e.g. as a table. */
  children: (items: readonly Item[]) => ReactNode;
}

/**
 * The results of a list screen: the load failure with Try again, a spinner until the page is
 * there, then its rows (or `nothingFound`) over the footer with the total and the paging.
 */
export const PagedList = <Item,>({
  query,
  view,
  loadFailed,
  loading,
  nothingFound,
  onPageChange,
  onSizeChange,
  children,
}: PagedListProps<Item>) => {
  const page = query.currentData;
  if (query.isError) return <LoadFailed message={loadFailed} query={query} />;
  if (!page) return <Loading label={loading} />;
  return (
    <>
      {page.items.length === 0 ? <EmptyState text={nothingFound} /> : children(page.items)}
      <PagedListFooter
        total={page.total}
        view={view}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
      />
    </>
  );
};
