import type { FlowType } from '../constants/business-constants.ts';
import { formatFilterDate, parseReportPeriodDate } from '../time/date-formats.ts';

/**
 * Query of GET /api/v1/invoice and /api/v1/invoice/csv (SPEC §3 Invoice filters): the one type
 * of the invoice filters. Each field has the type of the server's query schema (packages/api
 * fails to compile when they part); the chosen merchant is added by packages/api.
 */
export interface InvoiceFilters {
  /** dd/MM/yyyy */
  dateFrom?: string;
  /** dd/MM/yyyy */
  dateTo?: string;
  /** dd/MM/yyyy */
  lastStatusDate?: string;
  sumFrom?: number;
  sumTo?: number;
  /** A terminal id (1 to RECORD_ID_MAX); left out for every terminal. */
  terminalId?: number;
  statusIds?: number[];
  flowType?: FlowType;
  search?: string;
  /** Zero-based. */
  page?: number;
  size?: number;
}

/** What the filter form holds: dates as yyyy-MM-dd (date inputs), numbers as typed text. */
export interface InvoiceFilterFormValues {
  dateFrom: string;
  dateTo: string;
  lastStatusDate: string;
  sumFrom: string;
  sumTo: string;
  statusIds: number[];
  flowType: '' | FlowType;
}

export const EMPTY_INVOICE_FILTER_FORM: InvoiceFilterFormValues = {
  dateFrom: '',
  dateTo: '',
  lastStatusDate: '',
  sumFrom: '',
  sumTo: '',
  statusIds: [],
  flowType: '',
};

const toFilterDate = (value: string): string | undefined => {
  const date = parseReportPeriodDate(value);
  return date ? formatFilterDate(date) : undefined;
};

const toFilterNumber = (value: string): number | undefined => {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
};

/**
 * SPEC §2 Apply Filter: empty or invalid dates and numbers are dropped; dates are sent as
 * dd/MM/yyyy (SPEC §5). Only the filters that carry a value are returned.
 */
export const invoiceFiltersFromForm = (form: InvoiceFilterFormValues): InvoiceFilters =>
  dropEmptyFilterValues({
    dateFrom: toFilterDate(form.dateFrom),
    dateTo: toFilterDate(form.dateTo),
    lastStatusDate: toFilterDate(form.lastStatusDate),
    sumFrom: toFilterNumber(form.sumFrom),
    sumTo: toFilterNumber(form.sumTo),
    statusIds: form.statusIds,
    flowType: form.flowType === '' ? undefined : form.flowType,
  });

type Compact<T> = { [K in keyof T]?: Exclude<T[K], undefined | null> };

/** SPEC §5: empty-string, null, undefined and empty-array filters are not sent. */
export const dropEmptyFilterValues = <T extends object>(filters: T): Compact<T> =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => {
      if (value === undefined || value === null) return false;
      if (typeof value === 'string') return value.trim() !== '';
      if (Array.isArray(value)) return value.length > 0;
      return true;
    }),
  ) as Compact<T>;
