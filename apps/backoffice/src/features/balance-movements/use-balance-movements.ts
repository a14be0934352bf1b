import {
  type BalanceMovement,
  type BalanceMovementArgs,
  type BalanceMovementPage,
  useGetBalanceMovementsInfiniteQuery,
} from '@paygate/api';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { RetryableQuery } from '../layout/load-state.tsx';

export interface BalanceMovementList {
  /** Every movement of the pages loaded so far, newest first; undefined until the first arrives. */
  movements: readonly BalanceMovement[] | undefined;
  /** The balance's currency, as the server answers it (code and decimals). */
  currency: BalanceMovementPage['currency'] | undefined;
  /** Whether older movements follow the last one shown. */
  hasMore: boolean;
  /** The next page is being loaded. */
  loadingMore: boolean;
  /** The last attempt to load the next page failed (the pages shown stay). */
  loadMoreFailed: boolean;
  /** Loads the page after the last movement shown. */
  loadMore: () => void;
  /** The last answer was an error (of the first page, or of the next one: loadMoreFailed). */
  isError: boolean;
  /** Its error, whether any page is being fetched, and refetch of every page shown (Try again). */
  query: RetryableQuery;
}

/**
 * One balance's movements, page after page (GET /api/v1/balance/movements, keyset paging by
 * the last id shown): nothing is asked until the balance is known (`args` undefined). Only the
 * answer for the balance now chosen counts (currentData): another merchant's or currency's rows
 * never show while the new ones load.
 */
export const useBalanceMovements = (args: BalanceMovementArgs | undefined): BalanceMovementList => {
  const query = useGetBalanceMovementsInfiniteQuery(args ?? skipToken);
  const pages = query.currentData?.pages;
  const movements = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const { fetchNextPage } = query;
  return {
    movements,
    currency: pages?.[0]?.currency,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore: () => void fetchNextPage(),
    isError: query.isError,
    query: { error: query.error, isFetching: query.isFetching, refetch: query.refetch },
  };
};
