import type { Settlement, SettlementRequest } from './api-types.ts';
import { baseApi } from './base-api.ts';
import { dataOf, type MerchantChoice } from './query-args.ts';

/** Settlements (SPEC §7): toast 'Successfully created' on success is the app's. */
export const settlementApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/settlement; the balance, deposit and withdrawal figures are refetched. */
    createSettlement: build.mutation<Settlement, SettlementRequest & MerchantChoice>({
      query: ({ merchantId, ...body }) => ({
        url: 'api/v1/settlement',
        method: 'POST',
        params: { merchantId },
        body,
      }),
      transformResponse: dataOf<Settlement>,
      invalidatesTags: (result) => (result ? ['MerchantFigures', 'Settlement'] : []),
    }),
  }),
});

export const { useCreateSettlementMutation } = settlementApi;
