import type { DataOf, QueryOf } from './api-types.ts';
import { baseApi } from './base-api.ts';
import { dataOf } from './query-args.ts';

/** GET /api/v1/balance/movements: a page of one balance's movements and whether older follow. */
export type BalanceMovementPage = DataOf<'/api/v1/balance/movements', 'get'>;
export type BalanceMovement = BalanceMovementPage['items'][number];

/**
 * Which balance, and optionally which invoice's movements: the server's query less its cursor,
 * which the pages carry themselves. A merchant.rw.all user sends the chosen merchant.
 */
export type BalanceMovementArgs = Omit<QueryOf<'/api/v1/balance/movements', 'get'>, 'beforeId'>;

/** The cursor of a page: the id of the last movement of the page before it; null for the newest. */
type BeforeId = number | null;

/**
 * The Balance movements screen (decision 0029): one balance's ledger, newest first, a page at a
 * time. An infinite query: each "Load more" adds the page before the last one's last movement to
 * the pages already shown, keyed by the balance (a new merchant or currency starts again).
 */
export const balanceMovementApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBalanceMovements: build.infiniteQuery<BalanceMovementPage, BalanceMovementArgs, BeforeId>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.hasMore ? (lastPage.items.at(-1)?.id ?? null) : null,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'api/v1/balance/movements',
        params: pageParam === null ? queryArg : { ...queryArg, beforeId: pageParam },
      }),
      transformResponse: dataOf<BalanceMovementPage>,
    }),
  }),
});

export const { useGetBalanceMovementsInfiniteQuery } = balanceMovementApi;
