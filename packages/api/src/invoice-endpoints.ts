import { dropEmptyFilterValues, type InvoiceFilters } from '@paygate/domain';
import type {
  BodyOf,
  ChangeInvoiceAmountRequest,
  ChangeInvoiceStatusRequest,
  Invoice,
  InvoicePage,
  RetryInvoiceRequest,
} from './api-types.ts';
import { baseApi, LIST_ID } from './base-api.ts';
import { argsOf, dataOf, type MerchantChoice, type OptionalArg } from './query-args.ts';

/** Filters of the invoice list (SPEC §3, from @paygate/domain) plus the chosen merchant. */
export type InvoiceListArgs = InvoiceFilters & MerchantChoice;

/** POST /api/v1/invoice/simulate: `status` is DONE or DECLINED (SIMULATED_STATUSES). */
export type SimulateInvoiceRequest = BodyOf<'/api/v1/invoice/simulate', 'post'>;

export interface InvoiceArgs extends MerchantChoice {
  invoiceId: string;
}

/**
 * The query of GET /api/v1/invoice and /api/v1/invoice/csv: empty values dropped, statusIds
 * sent repeated (`statusIds=1&statusIds=2`) by the base query's serializer.
 */
export const invoiceListParams = (args: InvoiceListArgs): Record<string, unknown> =>
  dropEmptyFilterValues(args);

const INVOICE_LIST = { type: 'Invoice', id: LIST_ID } as const;

/**
 * What a change of one invoice invalidates: it, the list, its history (status, errors, event
 * log, transactions), its callbacks and the merchant figures its amount counts in.
 *
 * The lists provide only INVOICE_LIST, not a tag per row: one invoice's own tag (a live change of
 * the open invoice) then refetches its details alone, not every list page that shows it.
 */
export const invoiceChangedTags = (invoiceId: string) =>
  [
    { type: 'Invoice', id: invoiceId },
    INVOICE_LIST,
    { type: 'InvoiceEvents', id: invoiceId },
    { type: 'InvoiceCallbacks', id: invoiceId },
    'MerchantFigures',
  ] as const;

/** Invoices and their changes (SPEC §7 Invoices). */
export const invoiceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/invoice with the filters; `page` is zero-based. */
    getInvoices: build.query<InvoicePage, OptionalArg<InvoiceListArgs>>({
      query: (arg) => ({ url: 'api/v1/invoice', params: invoiceListParams(argsOf(arg)) }),
      transformResponse: dataOf<InvoicePage>,
      providesTags: [INVOICE_LIST],
    }),
    /**
     * GET /api/v1/invoice/{id}. The server finds the invoice within the caller's merchants, so
     * `merchantId` is accepted for symmetry with the list but not sent.
     */
    getInvoice: build.query<Invoice, InvoiceArgs>({
      query: ({ invoiceId }) => `api/v1/invoice/${encodeURIComponent(invoiceId)}`,
      transformResponse: dataOf<Invoice>,
      providesTags: (_result, _error, { invoiceId }) => [{ type: 'Invoice', id: invoiceId }],
    }),
    changeInvoiceStatus: build.mutation<Invoice, ChangeInvoiceStatusRequest>({
      query: (body) => ({ url: 'api/v1/invoice/status', method: 'PATCH', body }),
      transformResponse: dataOf<Invoice>,
      invalidatesTags: (result, _error, { invoiceId }) =>
        result ? [...invoiceChangedTags(invoiceId)] : [],
    }),
    /** `amount` in minor units. */
    changeInvoiceAmount: build.mutation<Invoice, ChangeInvoiceAmountRequest>({
      query: (body) => ({ url: 'api/v1/invoice/amount', method: 'PATCH', body }),
      transformResponse: dataOf<Invoice>,
      invalidatesTags: (result, _error, { invoiceId }) =>
        result ? [...invoiceChangedTags(invoiceId)] : [],
    }),
    /** Sends a withdrawal to the provider again. */
    retryInvoice: build.mutation<Invoice, RetryInvoiceRequest>({
      query: (body) => ({ url: 'api/v1/invoice/retry', method: 'POST', body }),
      transformResponse: dataOf<Invoice>,
      invalidatesTags: (result, _error, { invoiceId }) =>
        result ? [...invoiceChangedTags(invoiceId)] : [],
    }),
    /**
     * Settles a NEW or IN_PROGRESS test invoice at once as the sandbox provider would (paid or
     * declined), with merchant.keys (issue 23 item 5).
     */
    simulateInvoice: build.mutation<Invoice, SimulateInvoiceRequest>({
      query: (body) => ({ url: 'api/v1/invoice/simulate', method: 'POST', body }),
      transformResponse: dataOf<Invoice>,
      invalidatesTags: (result, _error, { invoiceId }) =>
        result ? [...invoiceChangedTags(invoiceId)] : [],
    }),
  }),
});

export const {
  useGetInvoicesQuery,
  useGetInvoiceQuery,
  useChangeInvoiceStatusMutation,
  useChangeInvoiceAmountMutation,
  useRetryInvoiceMutation,
  useSimulateInvoiceMutation,
} = invoiceApi;
