import type { Settlement, SettlementRequest } from './api-types.ts';
import { baseApi } from './base-api.ts';
import { dataOf, type MerchantChoice } from './query-args.ts';

/** Settlements (SPEC §7): toast 'Successfully created' on success is the app's. */
export const settlementApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/v1/settlement; the balance, deposit and withdrawal figures are refetched. With
     * `idempotencyKey`, a retry of the same settlement (after a lost answer) settles nothing more.
     */
    createSettlement: build.mutation<
      Settlement,
      SettlementRequest & MerchantChoice & { idempotencyKey?: string }
    >({
      query: ({ merchantId, idempotencyKey, ...body }) => ({
        url: 'api/v1/settlement',
        method: 'POST',
        params: { merchantId },
        body,
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
      transformResponse: dataOf<Settlement>,
      invalidatesTags: (result) => (result ? ['MerchantFigures', 'Settlement'] : []),
    }),
  }),
});

export const { useCreateSettlementMutation } = settlementApi;
