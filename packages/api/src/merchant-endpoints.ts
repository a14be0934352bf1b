import { MERCHANT_LIST_PAGE_SIZE } from '@paygate/domain';
import type {
  CreatedMerchant,
  CreateMerchantRequest,
  FlowFigure,
  Merchant,
  MerchantBalance,
  MerchantPage,
  RenameMerchantRequest,
} from './api-types.ts';
import { baseApi, KEEP_FOREVER, LIST_ID } from './base-api.ts';
import {
  argsOf,
  dataOf,
  type MerchantChoice,
  type OptionalArg,
  type TerminalChoice,
} from './query-args.ts';

/** Query of the balance, deposit and withdrawal tiles. */
export interface MerchantFiguresArgs extends MerchantChoice {
  terminalId?: TerminalChoice;
}

const MERCHANT_LIST = { type: 'Merchant', id: LIST_ID } as const;
const MY_MERCHANT = { type: 'Merchant', id: 'ME' } as const;

/** Merchants and their figures (SPEC §7 Merchants, terminals, settlement). */
export const merchantApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/merchant/me; cached for the whole session (SPEC §9). */
    getMyMerchant: build.query<Merchant, OptionalArg<MerchantChoice>>({
      query: (arg) => ({ url: 'api/v1/merchant/me', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<Merchant>,
      providesTags: (result) =>
        result ? [MY_MERCHANT, { type: 'Merchant', id: result.id }] : [MY_MERCHANT],
      keepUnusedDataFor: KEEP_FOREVER,
    }),
    /** Every merchant, first page of 50 (merchant.rw.all); cached for the session (SPEC §9). */
    getMerchants: build.query<MerchantPage, void>({
      query: () => ({
        url: 'api/v1/merchant',
        params: { page: 0, size: MERCHANT_LIST_PAGE_SIZE },
      }),
      transformResponse: dataOf<MerchantPage>,
      providesTags: (result) => [
        MERCHANT_LIST,
        ...(result?.items ?? []).map(({ id }) => ({ type: 'Merchant' as const, id })),
      ],
      keepUnusedDataFor: KEEP_FOREVER,
    }),
    getMerchantBalance: build.query<MerchantBalance, OptionalArg<MerchantFiguresArgs>>({
      query: (arg) => ({ url: 'api/v1/merchant/balance', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<MerchantBalance>,
      providesTags: ['MerchantFigures'],
    }),
    getMerchantDeposit: build.query<FlowFigure[], OptionalArg<MerchantFiguresArgs>>({
      query: (arg) => ({ url: 'api/v1/merchant/deposit', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<FlowFigure[]>,
      providesTags: ['MerchantFigures'],
    }),
    getMerchantWithdrawal: build.query<FlowFigure[], OptionalArg<MerchantFiguresArgs>>({
      query: (arg) => ({ url: 'api/v1/merchant/withdrawal', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<FlowFigure[]>,
      providesTags: ['MerchantFigures'],
    }),
    renameMerchant: build.mutation<Merchant, RenameMerchantRequest & { merchantId: number }>({
      query: ({ merchantId, ...body }) => ({
        url: `api/v1/merchant/${merchantId}`,
        method: 'PUT',
        body,
      }),
      transformResponse: dataOf<Merchant>,
      invalidatesTags: (result, _error, { merchantId }) =>
        result ? [{ type: 'Merchant', id: merchantId }, MERCHANT_LIST, MY_MERCHANT] : [],
    }),
    /** Creates a merchant; the answer carries its signing secret, shown once. */
    createMerchant: build.mutation<CreatedMerchant, CreateMerchantRequest>({
      query: (body) => ({ url: 'api/v1/merchant', method: 'POST', body }),
      transformResponse: dataOf<CreatedMerchant>,
      invalidatesTags: (result) => (result ? [MERCHANT_LIST] : []),
    }),
  }),
});

export const {
  useGetMyMerchantQuery,
  useGetMerchantsQuery,
  useGetMerchantBalanceQuery,
  useGetMerchantDepositQuery,
  useGetMerchantWithdrawalQuery,
  useRenameMerchantMutation,
  useCreateMerchantMutation,
} = merchantApi;
