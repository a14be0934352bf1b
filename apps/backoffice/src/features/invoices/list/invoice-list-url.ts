/**
 * The invoice list keeps its whole view in the URL query, so a filtered view can be shared and
 * survives a reload (SPEC §2). This module is the pure mapping between the three shapes:
 *
 *   URL search params  ⇄  filter form values (InvoiceFilterFormValues of @paygate/domain)
 *   URL search params   →  API filters (InvoiceFilters of @paygate/domain)
 *
 * The URL uses the API's own spelling wherever it can: dates are dd/MM/yyyy, statusIds is
 * repeated, sums are numbers in currency units. Only `page` differs: it is 1-based in the URL and
 * the pager, zero-based for the API. Anything in the URL that the API would reject (a bad date, a
 * negative sum, an unknown flow type, an inverted range…) is dropped when the URL is read, so a
 * hand-edited or stale link still shows a list instead of an error.
 */
import {
  DEFAULT_ITEMS_PER_PAGE,
  DEFAULT_PAGE,
  dropEmptyFilterValues,
  FLOW_TYPES,
  type FlowType,
  formatFilterDate,
  formatReportPeriodDate,
  INVOICE_SEARCH_MAX_LENGTH,
  type InvoiceFilterFormValues,
  type InvoiceFilters,
  ITEMS_PER_PAGE_OPTIONS,
  invoiceFiltersFromForm,
  isDateRangeOrdered,
  parseFilterDate,
} from '@paygate/domain';

/** Query parameter names of the invoice list URL. */
export const INVOICE_LIST_PARAMS = {
  statusIds: 'statusIds',
  dateFrom: 'dateFrom',
  dateTo: 'dateTo',
  lastStatusDate: 'lastStatusDate',
  flowType: 'flowType',
  sumFrom: 'sumFrom',
  sumTo: 'sumTo',
  search: 'search',
  page: 'page',
  size: 'size',
} as const;

/**
 * The filters the filter modal owns (search and paging have their own controls; the terminal is
 * the header's, a workspace setting outside the URL shared with the reports, decision 0010).
 */
export type InvoiceModalFilters = Pick<
  InvoiceFilters,
  'statusIds' | 'dateFrom' | 'dateTo' | 'lastStatusDate' | 'flowType' | 'sumFrom' | 'sumTo'
>;

const MODAL_FILTER_PARAMS = [
  INVOICE_LIST_PARAMS.statusIds,
  INVOICE_LIST_PARAMS.dateFrom,
  INVOICE_LIST_PARAMS.dateTo,
  INVOICE_LIST_PARAMS.lastStatusDate,
  INVOICE_LIST_PARAMS.flowType,
  INVOICE_LIST_PARAMS.sumFrom,
  INVOICE_LIST_PARAMS.sumTo,
] as const;

/** Everything the invoice list shows, as read (and cleaned) from the URL. */
export interface InvoiceListView {
  filters: InvoiceModalFilters;
  /** Trimmed free text; '' when none. */
  search: string;
  /** 1-based. */
  page: number;
  /** One of ITEMS_PER_PAGE_OPTIONS. */
  size: number;
}

const DIGITS = /^\d+$/;
/** A non-negative decimal in currency units, as the form writes it (e.g. 150.5). */
const DECIMAL = /^\d+(?:\.\d+)?$/;

const positiveInteger = (text: string | null): number | undefined => {
  const trimmed = text?.trim() ?? '';
  if (!DIGITS.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
};

const filterDate = (text: string | null): string | undefined => {
  const date = text ? parseFilterDate(text) : null;
  return date ? formatFilterDate(date) : undefined;
};

const sumValue = (text: string | null): number | undefined => {
  const trimmed = text?.trim() ?? '';
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
};

const flowTypeValue = (text: string | null): FlowType | undefined =>
  FLOW_TYPES.find((flowType) => flowType === text);

const statusIdsValue = (texts: string[]): number[] => [
  ...new Set(texts.flatMap((text) => positiveInteger(text) ?? [])),
];

/** Both ends of a range, or neither when From is after To (the server answers 400 to those). */
const orderedRange = <T>(from: T | undefined, to: T | undefined, ordered: boolean) =>
  ordered ? { from, to } : { from: undefined, to: undefined };

/** Reads the modal's filters from the URL; invalid values and inverted ranges are dropped. */
export const modalFiltersFromUrl = (params: URLSearchParams): InvoiceModalFilters => {
  const p = INVOICE_LIST_PARAMS;
  const dates = (() => {
    const from = filterDate(params.get(p.dateFrom));
    const to = filterDate(params.get(p.dateTo));
    return orderedRange(from, to, isDateRangeOrdered(from, to));
  })();
  const sums = (() => {
    const from = sumValue(params.get(p.sumFrom));
    const to = sumValue(params.get(p.sumTo));
    return orderedRange(from, to, from === undefined || to === undefined || from <= to);
  })();
  return dropEmptyFilterValues({
    statusIds: statusIdsValue(params.getAll(p.statusIds)),
    dateFrom: dates.from,
    dateTo: dates.to,
    lastStatusDate: filterDate(params.get(p.lastStatusDate)),
    flowType: flowTypeValue(params.get(p.flowType)),
    sumFrom: sums.from,
    sumTo: sums.to,
  });
};

/** Reads the whole list view from the URL: filters, search, page (1-based) and size. */
export const readInvoiceListUrl = (params: URLSearchParams): InvoiceListView => {
  const p = INVOICE_LIST_PARAMS;
  const size = Number(params.get(p.size));
  return {
    filters: modalFiltersFromUrl(params),
    search: (params.get(p.search) ?? '').trim().slice(0, INVOICE_SEARCH_MAX_LENGTH),
    page: positiveInteger(params.get(p.page)) ?? DEFAULT_PAGE,
    size: (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(size)
      ? size
      : DEFAULT_ITEMS_PER_PAGE,
  };
};

/**
 * The query of GET /api/v1/invoice for a view and the header's terminal (undefined for ALL
 * TERMINALS): the page goes zero-based, empty values are left out (the CSV download takes the
 * same object; its endpoint drops page and size).
 */
export const invoiceQueryFromView = (view: InvoiceListView, terminalId?: number): InvoiceFilters =>
  dropEmptyFilterValues({
    ...view.filters,
    search: view.search,
    terminalId,
    page: view.page - 1,
    size: view.size,
  });

/** The filter form as it opens: dates as yyyy-MM-dd for the date inputs, sums as text. */
export const filterFormFromFilters = (filters: InvoiceModalFilters): InvoiceFilterFormValues => ({
  statusIds: [...(filters.statusIds ?? [])],
  dateFrom: formatReportPeriodDate(filters.dateFrom),
  dateTo: formatReportPeriodDate(filters.dateTo),
  lastStatusDate: formatReportPeriodDate(filters.lastStatusDate),
  flowType: filters.flowType ?? '',
  sumFrom: filters.sumFrom === undefined ? '' : String(filters.sumFrom),
  sumTo: filters.sumTo === undefined ? '' : String(filters.sumTo),
});

/** How many of the modal's filters are set (the chosen statuses count as one filter). */
export const activeFilterCount = (filters: InvoiceModalFilters): number =>
  Object.keys(dropEmptyFilterValues(filters)).length;

/** A copy of the params back on the first page (the page parameter is left out for page 1). */
const onFirstPage = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  next.delete(INVOICE_LIST_PARAMS.page);
  return next;
};

/**
 * Apply Filter: the form's filters replace the modal's filters in the URL and the list starts
 * again from page 1. Empty or invalid dates and numbers are dropped (SPEC §2) by
 * invoiceFiltersFromForm; search, size and any other parameter are kept.
 */
export const withFilterForm = (
  params: URLSearchParams,
  form: InvoiceFilterFormValues,
): URLSearchParams => {
  const next = onFirstPage(params);
  for (const name of MODAL_FILTER_PARAMS) next.delete(name);
  const filters: InvoiceModalFilters = invoiceFiltersFromForm(form);
  for (const name of MODAL_FILTER_PARAMS) {
    const value = filters[name];
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(name, String(item));
  }
  return next;
};

/** Free-text search: trimmed (empty removes it), back to page 1. */
export const withSearch = (params: URLSearchParams, search: string): URLSearchParams => {
  const next = onFirstPage(params);
  const text = search.trim().slice(0, INVOICE_SEARCH_MAX_LENGTH);
  if (text === '') next.delete(INVOICE_LIST_PARAMS.search);
  else next.set(INVOICE_LIST_PARAMS.search, text);
  return next;
};

/** Another page (1-based); page 1 is written as no page parameter. */
export const withPage = (params: URLSearchParams, page: number): URLSearchParams => {
  const next = onFirstPage(params);
  if (Number.isSafeInteger(page) && page > DEFAULT_PAGE) {
    next.set(INVOICE_LIST_PARAMS.page, String(page));
  }
  return next;
};

/** Another page size: back to page 1; the default size is written as no size parameter. */
export const withSize = (params: URLSearchParams, size: number): URLSearchParams => {
  const next = onFirstPage(params);
  if (size === DEFAULT_ITEMS_PER_PAGE) next.delete(INVOICE_LIST_PARAMS.size);
  else next.set(INVOICE_LIST_PARAMS.size, String(size));
  return next;
};
