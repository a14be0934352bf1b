import type {
  CreateTerminalRequest,
  SaveTerminalRequest,
  SwitchTerminalRequest,
  Terminal,
  TerminalDetails,
  TerminalPool,
  TerminalStatisticSettings,
  TerminalStatistics,
} from './api-types.ts';
import { baseApi, LIST_ID } from './base-api.ts';
import { argsOf, dataOf, type MerchantChoice, type OptionalArg } from './query-args.ts';

export interface TerminalArgs extends MerchantChoice {
  terminalId: number;
}

const TERMINAL_LIST = { type: 'Terminal', id: LIST_ID } as const;

/** Tags a change of one terminal invalidates: it, the lists, merchants' terminal names. */
const terminalChanged = (terminalId: number) =>
  [
    { type: 'Terminal', id: terminalId },
    TERMINAL_LIST,
    { type: 'Merchant', id: LIST_ID },
    { type: 'Merchant', id: 'ME' },
    'TerminalStatistics',
  ] as const;

/** Terminals, pools and monitoring (SPEC §7 Merchants, terminals, settlement). */
export const terminalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTerminals: build.query<Terminal[], OptionalArg<MerchantChoice>>({
      query: (arg) => ({ url: 'api/v1/terminal', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<Terminal[]>,
      providesTags: (result) => [
        TERMINAL_LIST,
        ...(result ?? []).map(({ id }) => ({ type: 'Terminal' as const, id })),
      ],
    }),
    /** One terminal; its attributes only for holders of terminal.attr.read. */
    getTerminal: build.query<TerminalDetails, TerminalArgs>({
      query: ({ terminalId, ...params }) => ({ url: `api/v1/terminal/${terminalId}`, params }),
      transformResponse: dataOf<TerminalDetails>,
      providesTags: (_result, _error, { terminalId }) => [{ type: 'Terminal', id: terminalId }],
    }),
    getTerminalPools: build.query<TerminalPool[], void>({
      query: () => 'api/v1/terminal/pool',
      transformResponse: dataOf<TerminalPool[]>,
      providesTags: [{ type: 'TerminalPool', id: LIST_ID }],
    }),
    /** POST /api/v1/terminal/merchantId={merchantId}: starts enabled, in test mode. */
    createTerminal: build.mutation<TerminalDetails, CreateTerminalRequest & { merchantId: number }>(
      {
        query: ({ merchantId, ...body }) => ({
          url: `api/v1/terminal/merchantId=${merchantId}`,
          method: 'POST',
          body,
        }),
        transformResponse: dataOf<TerminalDetails>,
        invalidatesTags: (result) => (result ? [...terminalChanged(result.id)] : []),
      },
    ),
    /** Saves the name and the attribute values (`{ value, attrType: { id } }`) to add or change. */
    saveTerminal: build.mutation<TerminalDetails, SaveTerminalRequest & TerminalArgs>({
      query: ({ terminalId, merchantId, ...body }) => ({
        url: `api/v1/terminal/${terminalId}`,
        method: 'PUT',
        params: { merchantId },
        body,
      }),
      transformResponse: dataOf<TerminalDetails>,
      invalidatesTags: (result, _error, { terminalId }) =>
        result ? [...terminalChanged(terminalId)] : [],
    }),
    /** Switches a terminal on or off (`enable`), or between test and production (`isTest`). */
    switchTerminal: build.mutation<TerminalDetails, SwitchTerminalRequest & TerminalArgs>({
      query: ({ terminalId, merchantId, ...body }) => ({
        url: `api/v1/terminal/${terminalId}`,
        method: 'PATCH',
        params: { merchantId },
        body,
      }),
      transformResponse: dataOf<TerminalDetails>,
      invalidatesTags: (result, _error, { terminalId }) =>
        result ? [...terminalChanged(terminalId)] : [],
    }),
    /** DELETE /api/v1/terminal/{id}?attributeId=: removes one attribute. */
    deleteTerminalAttribute: build.mutation<
      TerminalDetails,
      TerminalArgs & { attributeId: number }
    >({
      query: ({ terminalId, ...params }) => ({
        url: `api/v1/terminal/${terminalId}`,
        method: 'DELETE',
        params,
      }),
      transformResponse: dataOf<TerminalDetails>,
      invalidatesTags: (result, _error, { terminalId }) =>
        result ? [{ type: 'Terminal', id: terminalId }] : [],
    }),
    /** Monitoring settings: refresh interval, periods, success colour thresholds. */
    getTerminalStatisticSettings: build.query<TerminalStatisticSettings, void>({
      query: () => 'api/v1/terminal/statistic',
      transformResponse: dataOf<TerminalStatisticSettings>,
    }),
    /** GET /api/data/v1/terminal: per terminal, invoices of the last `minutes` by outcome. */
    getTerminalStatistics: build.query<TerminalStatistics[], MerchantChoice & { minutes: number }>({
      query: (params) => ({ url: 'api/data/v1/terminal', params }),
      transformResponse: dataOf<TerminalStatistics[]>,
      providesTags: ['TerminalStatistics'],
    }),
  }),
});

export const {
  useGetTerminalsQuery,
  useGetTerminalQuery,
  useGetTerminalPoolsQuery,
  useCreateTerminalMutation,
  useSaveTerminalMutation,
  useSwitchTerminalMutation,
  useDeleteTerminalAttributeMutation,
  useGetTerminalStatisticSettingsQuery,
  useGetTerminalStatisticsQuery,
} = terminalApi;
