import {
  type BalanceMovement,
  type BalanceMovementArgs,
  type BalanceMovementPage,
  useGetBalanceMovementsInfiniteQuery,
} from '@paygate/api';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo, useState } from 'react';
import type { RetryableQuery } from '../layout/load-state.tsx';

/** When the newest movements shown were read (epoch ms), and whether by Refresh. */
export interface MovementsAsOf {
  at: number;
  refreshed: boolean;
}

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
  /** The newest page is being read again while the movements shown stay (Refresh). */
  refreshing: boolean;
  /** The last attempt to read the newest page again failed (the movements shown stay). */
  refreshFailed: boolean;
  /**
   * Reads the newest page again and shows it alone: the further pages loaded are dropped (Load
   * more reads them again, from the new newest page).
   */
  refresh: () => void;
  /** When the newest movements shown were read; undefined until they are there. */
  asOf: MovementsAsOf | undefined;
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
 *
 * Refresh reads the first page alone (`refetchCachedPages: false`): new movements arrive at the
 * top, and reading every page loaded again would cost a request per page. The list does not poll
 * for the same reason: a poll that kept the pages would read them all each time, one that read
 * only the first would drop the pages a person asked for.
 */
export const useBalanceMovements = (args: BalanceMovementArgs | undefined): BalanceMovementList => {
  const query = useGetBalanceMovementsInfiniteQuery(args ?? skipToken);
  const pages = query.currentData?.pages;
  const movements = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const { fetchNextPage, refetch } = query;
  const [asOf, setAsOf] = useState<MovementsAsOf>();
  // The first answer's time (also when it comes from the cache); Refresh sets its own.
  if (asOf === undefined && pages !== undefined && query.fulfilledTimeStamp !== undefined) {
    setAsOf({ at: query.fulfilledTimeStamp, refreshed: false });
  }
  const shown = pages !== undefined;
  const refresh = useCallback(() => {
    void refetch({ refetchCachedPages: false })
      .unwrap()
      .then(
        () => setAsOf({ at: Date.now(), refreshed: true }),
        // The failure is the query's error: refreshFailed says it.
        () => undefined,
      );
  }, [refetch]);
  const refreshing = shown && query.isFetching && !query.isFetchingNextPage;
  return {
    movements,
    currency: pages?.[0]?.currency,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore: () => void fetchNextPage(),
    refreshing,
    refreshFailed: shown && query.isError && !query.isFetchNextPageError && !refreshing,
    refresh,
    asOf,
    isError: query.isError,
    query: { error: query.error, isFetching: query.isFetching, refetch: query.refetch },
  };
};
