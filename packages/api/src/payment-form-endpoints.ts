/**
 * The hosted payment form's calls (SPEC §7 Payment form), on their own subpath:
 * `import { … } from '@paygate/api/payment-form'` registers only these endpoints on the shared
 * api, so the form's bundle carries none of the back office's.
 *
 * Every call is public (the form proves itself with its form id and support code): a 401 here
 * is an answer for the form and never dispatches sessionExpired.
 */
import type {
  Bank,
  CompletePaymentRequest,
  PaymentCompletion,
  PaymentCredentialRequest,
  PaymentFormData,
  PaymentStatus,
} from './api-types.ts';
import { baseApi } from './base-api.ts';
import { paymentFormPath } from './payment-form-paths.ts';
import { dataOf } from './query-args.ts';

export interface PaymentFormArgs {
  formId: string;
}

const PUBLIC = { public: true } as const;

export const paymentFormApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST …/init: everything the form shows, and the verficationKey for the credential call. */
    getPaymentForm: build.query<PaymentFormData, PaymentFormArgs>({
      query: ({ formId }) => ({ url: paymentFormPath(formId, 'init'), method: 'POST' }),
      extraOptions: PUBLIC,
      transformResponse: dataOf<PaymentFormData>,
      providesTags: (_result, _error, { formId }) => [{ type: 'PaymentForm', id: formId }],
    }),
    /**
     * POST …/credential: method and amount chosen; a deposit gets the requisites to pay to.
     * The trigger's promise has `.abort()` to cancel a running request.
     */
    requestPaymentCredential: build.mutation<
      PaymentFormData,
      PaymentFormArgs & PaymentCredentialRequest
    >({
      query: ({ formId, ...body }) => ({
        url: paymentFormPath(formId, 'credential'),
        method: 'POST',
        body: { formId, ...body },
      }),
      extraOptions: PUBLIC,
      transformResponse: dataOf<PaymentFormData>,
    }),
    /**
     * POST …/complete: a deposit's "I paid", or a withdrawal's phone (and bank for a
     * fast-payment withdrawal). Answers the successUrl; the status is refetched.
     */
    completePayment: build.mutation<PaymentCompletion, PaymentFormArgs & CompletePaymentRequest>({
      query: ({ formId, ...body }) => ({
        url: paymentFormPath(formId, 'complete'),
        method: 'POST',
        body: { formId, ...body },
      }),
      extraOptions: PUBLIC,
      transformResponse: dataOf<PaymentCompletion>,
      invalidatesTags: (_result, _error, { formId }) => [
        { type: 'PaymentForm', id: `status:${formId}` },
      ],
    }),
    /** POST …/status: poll with `{ pollingInterval: PAYMENT_STATUS_POLL_MS }` (5000 ms). */
    getPaymentStatus: build.query<PaymentStatus, PaymentFormArgs>({
      query: ({ formId }) => ({ url: paymentFormPath(formId, 'status'), method: 'POST' }),
      extraOptions: PUBLIC,
      transformResponse: dataOf<PaymentStatus>,
      providesTags: (_result, _error, { formId }) => [
        { type: 'PaymentForm', id: `status:${formId}` },
      ],
    }),
    /** GET …/banks/sbp: banks of the fast payment system (id, value, codeInteger). */
    getSbpBanks: build.query<Bank[], PaymentFormArgs>({
      query: ({ formId }) => paymentFormPath(formId, 'banks/sbp'),
      extraOptions: PUBLIC,
      transformResponse: dataOf<Bank[]>,
    }),
  }),
});

export const {
  useGetPaymentFormQuery,
  useRequestPaymentCredentialMutation,
  useCompletePaymentMutation,
  useGetPaymentStatusQuery,
  useGetSbpBanksQuery,
} = paymentFormApi;

export type { ApiError, ProblemCode, ProblemDetails } from './api-errors.ts';
export {
  errorMessageOf,
  httpStatusOf,
  problemOf,
  serverMessageOf,
  statusTextOf,
} from './api-errors.ts';
export type {
  Bank,
  CompletePaymentRequest,
  PaymentCompletion,
  PaymentCredentialRequest,
  PaymentCurrencyInfo,
  PaymentFormCredentials,
  PaymentFormData,
  PaymentMethod,
  PaymentStatus,
} from './api-types.ts';
export { baseApi, sessionAwareBaseQuery } from './base-api.ts';
