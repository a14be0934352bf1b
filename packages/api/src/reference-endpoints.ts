import type {
  Currency,
  PaymentMethodReference,
  Provider,
  ReferenceItem,
  RefHeaderId,
} from './api-types.ts';
import { baseApi, KEEP_FOREVER } from './base-api.ts';
import { dataOf } from './query-args.ts';

/**
 * Reference lists, currencies, providers and payment methods: cached for the whole session
 * (SPEC §9).
 */
export const referenceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/reference?refHeaderId= (header ids of SPEC §3, e.g. 201 payment status). */
    getReferenceList: build.query<ReferenceItem[], { refHeaderId: RefHeaderId }>({
      query: (params) => ({ url: 'api/v1/reference', params }),
      transformResponse: dataOf<ReferenceItem[]>,
      providesTags: (_result, _error, { refHeaderId }) => [{ type: 'Reference', id: refHeaderId }],
      keepUnusedDataFor: KEEP_FOREVER,
    }),
    getCurrencies: build.query<Currency[], void>({
      query: () => 'api/v1/reference/currency',
      transformResponse: dataOf<Currency[]>,
      providesTags: [{ type: 'Reference', id: 'CURRENCY' }],
      keepUnusedDataFor: KEEP_FOREVER,
    }),
    getProviders: build.query<Provider[], void>({
      query: () => 'api/v1/provider',
      transformResponse: dataOf<Provider[]>,
      providesTags: [{ type: 'Reference', id: 'PROVIDER' }],
      keepUnusedDataFor: KEEP_FOREVER,
    }),
    /** GET /api/v1/payment-method: every payment method, disabled ones too (people.account). */
    getPaymentMethods: build.query<PaymentMethodReference[], void>({
      query: () => 'api/v1/payment-method',
      transformResponse: dataOf<PaymentMethodReference[]>,
      providesTags: [{ type: 'Reference', id: 'PAYMENT_METHOD' }],
      keepUnusedDataFor: KEEP_FOREVER,
    }),
  }),
});

export const {
  useGetReferenceListQuery,
  useGetCurrenciesQuery,
  useGetProvidersQuery,
  useGetPaymentMethodsQuery,
} = referenceApi;
