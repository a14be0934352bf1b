import type {
  CallbackRow,
  CreateSupportTicketRequest,
  EventLogRow,
  InvoiceError,
  InvoiceStatusEvent,
  InvoiceTransaction,
  SupportTicket,
} from './api-types.ts';
import { baseApi } from './base-api.ts';
import { dataOf } from './query-args.ts';

/** Every history call of an invoice takes its id. */
export interface InvoiceIdArgs {
  invoiceId: string;
}

/**
 * A ticket decision. The invoice's tickets are refetched after it (the answer names the
 * invoice); pass `invoiceId` to have them refetched after a failed decision too (e.g. 409 when
 * someone else decided first).
 */
export interface TicketDecisionArgs {
  ticketId: number;
  invoiceId?: string;
}

const events = (_result: unknown, _error: unknown, { invoiceId }: InvoiceIdArgs) => [
  { type: 'InvoiceEvents' as const, id: invoiceId },
];

/** The tickets and the event log of the ticket's invoice. */
const ticketChanged = (
  result: SupportTicket | undefined,
  _error: unknown,
  { invoiceId }: { invoiceId?: string },
) => {
  const id = result?.invoiceId ?? invoiceId;
  if (!id) return [];
  return [
    { type: 'SupportTicket' as const, id },
    { type: 'InvoiceEvents' as const, id },
  ];
};

/**
 * The history sections of an invoice (status changes, errors, event log, transactions,
 * callbacks, support tickets) and the actions on them (SPEC §7 Invoices).
 */
export const invoiceEventApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInvoiceStatusHistory: build.query<InvoiceStatusEvent[], InvoiceIdArgs>({
      query: (params) => ({ url: 'api/v1/event/status', params }),
      transformResponse: dataOf<InvoiceStatusEvent[]>,
      providesTags: events,
    }),
    getInvoiceErrors: build.query<InvoiceError[], InvoiceIdArgs>({
      query: (params) => ({ url: 'api/v1/event/error', params }),
      transformResponse: dataOf<InvoiceError[]>,
      providesTags: events,
    }),
    getInvoiceEventLog: build.query<EventLogRow[], InvoiceIdArgs>({
      query: (params) => ({ url: 'api/v1/event/invoice', params }),
      transformResponse: dataOf<EventLogRow[]>,
      providesTags: events,
    }),
    getInvoiceTransactions: build.query<InvoiceTransaction[], InvoiceIdArgs>({
      query: (params) => ({ url: 'api/v1/transaction/invoice', params }),
      transformResponse: dataOf<InvoiceTransaction[]>,
      providesTags: events,
    }),
    getInvoiceCallbacks: build.query<CallbackRow[], InvoiceIdArgs>({
      query: (params) => ({ url: 'api/v1/merchant/callback', params }),
      transformResponse: dataOf<CallbackRow[]>,
      providesTags: (_result, _error, { invoiceId }) => [
        { type: 'InvoiceCallbacks', id: invoiceId },
      ],
    }),
    /** Queues a callback with the invoice as it stands now. */
    sendManualCallback: build.mutation<CallbackRow, InvoiceIdArgs>({
      query: (body) => ({ url: 'api/v1/merchant/callback', method: 'POST', body }),
      transformResponse: dataOf<CallbackRow>,
      invalidatesTags: (result, _error, { invoiceId }) =>
        result
          ? [
              { type: 'InvoiceCallbacks', id: invoiceId },
              { type: 'InvoiceEvents', id: invoiceId },
            ]
          : [],
    }),
    getSupportTickets: build.query<SupportTicket[], InvoiceIdArgs>({
      query: ({ invoiceId }) => `api/v1/merchant/support/${encodeURIComponent(invoiceId)}`,
      transformResponse: dataOf<SupportTicket[]>,
      providesTags: (_result, _error, { invoiceId }) => [{ type: 'SupportTicket', id: invoiceId }],
    }),
    createSupportTicket: build.mutation<SupportTicket, CreateSupportTicketRequest>({
      query: (body) => ({ url: 'api/v1/merchant/support', method: 'POST', body }),
      transformResponse: dataOf<SupportTicket>,
      invalidatesTags: ticketChanged,
    }),
    /** Approves a ticket (SOLVED); toast 'Successfully approved' is the app's. */
    approveTicket: build.mutation<SupportTicket, TicketDecisionArgs>({
      query: ({ ticketId }) => ({
        url: 'api/v1/merchant/support/approve',
        method: 'POST',
        body: { ticketId },
      }),
      transformResponse: dataOf<SupportTicket>,
      invalidatesTags: ticketChanged,
    }),
    /** Rejects a ticket (REJECTED); toast 'Successfully rejected' is the app's. */
    rejectTicket: build.mutation<SupportTicket, TicketDecisionArgs>({
      query: ({ ticketId }) => ({
        url: 'api/v1/merchant/support/reject',
        method: 'POST',
        body: { ticketId },
      }),
      transformResponse: dataOf<SupportTicket>,
      invalidatesTags: ticketChanged,
    }),
  }),
});

export const {
  useGetInvoiceStatusHistoryQuery,
  useGetInvoiceErrorsQuery,
  useGetInvoiceEventLogQuery,
  useGetInvoiceTransactionsQuery,
  useGetInvoiceCallbacksQuery,
  useSendManualCallbackMutation,
  useGetSupportTicketsQuery,
  useCreateSupportTicketMutation,
  useApproveTicketMutation,
  useRejectTicketMutation,
} = invoiceEventApi;
