import type { InvoiceListArgs, OptionalArg } from '@paygate/api';
import { dropEmptyFilterValues, parseFilterDate } from '@paygate/domain';
import type { InvoiceLiveEvent } from './live-events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One key per invoice list query (its filters, page, size and merchant), the same whichever
 * object spells it: what the new-invoice counts are kept under.
 */
export const invoiceListKey = (args: OptionalArg<InvoiceListArgs>): string => {
  const compact: Record<string, unknown> = dropEmptyFilterValues(args ?? {});
  return JSON.stringify(
    Object.keys(compact)
      .sort()
      .map((name) => [name, compact[name]]),
  );
};

/** Whether `iso` is on or after the UTC day of a dd/MM/yyyy filter date (true without one). */
const onOrAfterDay = (iso: string, day: string | undefined): boolean => {
  const start = day ? parseFilterDate(day) : null;
  return !start || Date.parse(iso) >= start.getTime();
};

/** Whether `iso` is on or before the UTC day of a dd/MM/yyyy filter date (true without one). */
const onOrBeforeDay = (iso: string, day: string | undefined): boolean => {
  const start = day ? parseFilterDate(day) : null;
  return !start || Date.parse(iso) < start.getTime() + DAY_MS;
};

/**
 * Whether a just created invoice could be on a list query's page: only the first page (new
 * invoices come first), the same merchant when one is chosen, and no filter the event can be
 * checked against that says otherwise (flow type, status, terminal, created and status dates).
 * What the event cannot tell (the search's customer and provider ids, amount bounds in currency
 * units) does not rule it out. `statusIdOf` maps a status code to its reference id; when it does
 * not know the code, a status filter does not rule it out either.
 */
export const couldListNewInvoice = (
  args: OptionalArg<InvoiceListArgs>,
  invoice: InvoiceLiveEvent,
  statusIdOf: (code: string) => number | undefined,
): boolean => {
  const query = args ?? {};
  if ((query.page ?? 0) !== 0) return false;
  if (query.merchantId !== undefined && query.merchantId !== invoice.merchantId) return false;
  if (query.flowType && query.flowType !== invoice.flowType) return false;
  if (query.terminalId !== undefined && query.terminalId !== invoice.terminalId) return false;
  if (query.statusIds && query.statusIds.length > 0) {
    const statusId = statusIdOf(invoice.status);
    if (statusId !== undefined && !query.statusIds.includes(statusId)) return false;
  }
  if (!onOrAfterDay(invoice.createdAt, query.dateFrom)) return false;
  if (!onOrBeforeDay(invoice.createdAt, query.dateTo)) return false;
  if (
    query.lastStatusDate &&
    !(
      onOrAfterDay(invoice.statusDate, query.lastStatusDate) &&
      onOrBeforeDay(invoice.statusDate, query.lastStatusDate)
    )
  ) {
    return false;
  }
  return true;
};
