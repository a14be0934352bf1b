import { EmptyState } from '@paygate/ui';
import type { ReactNode } from 'react';
import { LoadFailed, Loading, type RetryableQuery } from '../layout/load-state.tsx';

/** What WholeList needs of its query (RTK Query): every item at once. */
export interface WholeListQuery<Item> extends RetryableQuery {
  isError: boolean;
  currentData?: readonly Item[] | undefined;
}

/**
 * A list the server answers whole, not paged (API keys, secrets, endpoints): the load failure with
 * Try again, a spinner until it is there, then its items (or `nothingFound`).
 */
export const WholeList = <Item,>({
  query,
  loadFailed,
  loading,
  nothingFound,
  children,
}: {
  query: WholeListQuery<Item>;
  /** The failure the server's reason follows, e.g. "Could not load the API keys". */
  loadFailed: string;
  /** The spinner's name, e.g. "Loading API keys". */
  loading: string;
  /** Said instead of the items when there are none. */
  nothingFound: string;
  /** The items, e.g. as a table. */
  children: (items: readonly Item[]) => ReactNode;
}) => {
  const items = query.currentData;
  if (query.isError) return <LoadFailed message={loadFailed} query={query} />;
  if (!items) return <Loading label={loading} />;
  if (items.length === 0) return <EmptyState text={nothingFound} />;
  return children(items);
};
