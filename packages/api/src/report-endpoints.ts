import { INVOICES_CSV_FILE_NAME } from '@paygate/domain';
import type { FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ApiError } from './api-errors.ts';
import type {
  AuditLogCsvQuery,
  BalanceReportQuery,
  BalanceStatementQuery,
  InvoiceReportQuery,
  PoolBalanceReportQuery,
  ProviderReportQuery,
} from './api-types.ts';
import { baseApi } from './base-api.ts';
import {
  blobResponseHandler,
  type DownloadedFile,
  fileNameFromContentDisposition,
  saveBlob,
} from './download.ts';
import { type InvoiceListArgs, invoiceListParams } from './invoice-endpoints.ts';
import { argsOf, type OptionalArg, type TerminalChoice } from './query-args.ts';

type WithTerminalChoice<Query> = Omit<Query, 'terminalId'> & { terminalId?: TerminalChoice };

/** Balance report: periods as yyyy-MM-dd, currency required, terminal optional. */
export type BalanceReportArgs = WithTerminalChoice<BalanceReportQuery>;
/** Balance statement: each balance change behind the Balance report; same arguments. */
export type BalanceStatementArgs = WithTerminalChoice<BalanceStatementQuery>;
/** Transactions report: invoices created in the period, terminal optional. */
export type InvoiceReportArgs = WithTerminalChoice<InvoiceReportQuery>;
export type ProviderReportArgs = ProviderReportQuery;
export type PoolBalanceReportArgs = PoolBalanceReportQuery;

/** SPEC §7 file names when the answer names none: prefix plus the period. */
export const reportFileName = (
  prefix: string,
  { periodStart, periodEnd }: { periodStart: string; periodEnd: string },
) => `${prefix}_${periodStart}_${periodEnd}.csv`;

type DownloadResult = { data: DownloadedFile } | { error: ApiError };
type QueryResult = { data?: unknown; error?: ApiError; meta?: FetchBaseQueryMeta };
type RunQuery = (args: FetchArgs) => QueryResult | PromiseLike<QueryResult>;

/**
 * How long a file may take to arrive in full: a CSV of a million invoices streams for minutes,
 * far past the 60 s a call is given (REQUEST_TIMEOUT_MS), which counts the whole body.
 */
export const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;

/** GETs a file, saves it under the server's name (else `fallbackName`), answers its name. */
const download = async (
  baseQuery: RunQuery,
  args: FetchArgs,
  fallbackName: string,
): Promise<DownloadResult> => {
  const result = await baseQuery({
    ...args,
    responseHandler: blobResponseHandler,
    timeout: DOWNLOAD_TIMEOUT_MS,
  });
  if (result.error) return { error: result.error };
  const blob = result.data as Blob;
  const fileName =
    fileNameFromContentDisposition(result.meta?.response?.headers.get('content-disposition')) ??
    fallbackName;
  saveBlob(blob, fileName);
  return { data: { fileName, size: blob.size } };
};

/**
 * CSV downloads (SPEC §7 Invoices, Reference and reports). Each is a mutation: trigger it, the
 * browser saves the file; the result is `{ fileName, size }`.
 */
export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/invoice/csv with the list's filters (no paging), saved as Invoices.csv. */
    downloadInvoicesCsv: build.mutation<DownloadedFile, OptionalArg<InvoiceListArgs>>({
      queryFn: (arg, _api, _extra, baseQuery) => {
        const { page: _page, size: _size, ...filters } = argsOf(arg);
        return download(
          baseQuery,
          { url: 'api/v1/invoice/csv', params: invoiceListParams(filters) },
          INVOICES_CSV_FILE_NAME,
        );
      },
    }),
    /** GET /api/v1/audit/csv with the audit log's filters (no paging), saved as Audit.csv. */
    downloadAuditLogCsv: build.mutation<DownloadedFile, OptionalArg<AuditLogCsvQuery>>({
      queryFn: (arg, _api, _extra, baseQuery) =>
        download(baseQuery, { url: 'api/v1/audit/csv', params: { ...argsOf(arg) } }, 'Audit.csv'),
    }),
    /** Balance_<period>.csv */
    downloadBalanceReport: build.mutation<DownloadedFile, BalanceReportArgs>({
      queryFn: (params, _api, _extra, baseQuery) =>
        download(
          baseQuery,
          { url: 'api/v1/report/balance', params },
          reportFileName('Balance', params),
        ),
    }),
    /** Statement_<period>.csv */
    downloadBalanceStatement: build.mutation<DownloadedFile, BalanceStatementArgs>({
      queryFn: (params, _api, _extra, baseQuery) =>
        download(
          baseQuery,
          { url: 'api/v1/report/statement', params },
          reportFileName('Statement', params),
        ),
    }),
    /** Transactions_<period>.csv */
    downloadInvoiceReport: build.mutation<DownloadedFile, InvoiceReportArgs>({
      queryFn: (params, _api, _extra, baseQuery) =>
        download(
          baseQuery,
          { url: 'api/v1/report/invoice', params },
          reportFileName('Transactions', params),
        ),
    }),
    /** Provider_<period>.csv */
    downloadProviderReport: build.mutation<DownloadedFile, ProviderReportArgs>({
      queryFn: (params, _api, _extra, baseQuery) =>
        download(
          baseQuery,
          { url: 'api/v1/report/provider', params },
          reportFileName('Provider', params),
        ),
    }),
    /** Terminal_Pool_Balance_<period>.csv */
    downloadPoolBalanceReport: build.mutation<DownloadedFile, PoolBalanceReportArgs>({
      queryFn: (params, _api, _extra, baseQuery) =>
        download(
          baseQuery,
          { url: 'api/v1/report/pool/balance', params },
          reportFileName('Terminal_Pool_Balance', params),
        ),
    }),
  }),
});

export const {
  useDownloadInvoicesCsvMutation,
  useDownloadAuditLogCsvMutation,
  useDownloadBalanceReportMutation,
  useDownloadBalanceStatementMutation,
  useDownloadInvoiceReportMutation,
  useDownloadProviderReportMutation,
  useDownloadPoolBalanceReportMutation,
} = reportApi;
