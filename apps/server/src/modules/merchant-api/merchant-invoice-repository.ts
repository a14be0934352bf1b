import type { FlowType, InvoiceStatusCode } from '@paygate/domain';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, invoices, paymentMethods, terminals } from '../../db/schema.ts';

/**
 * The merchant API's reads: SQL only. Invoices are created through the invoices module
 * (invoice-status-service.ts).
 */

const merchantInvoiceSelection = {
  id: invoices.id,
  merchantInvoiceId: invoices.merchantInvoiceId,
  flowType: invoices.flowType,
  status: invoices.status,
  amount: invoices.amount,
  fee: invoices.fee,
  currencyCode: currencies.code,
  terminalId: invoices.terminalId,
  paymentMethodName: paymentMethods.name,
  canChangeAmount: invoices.canChangeAmount,
  maxAmount: invoices.maxAmount,
  isTestProcessing: invoices.isTestProcessing,
  formId: invoices.formId,
  customerExternalId: invoices.customerExternalId,
  customerFirstName: invoices.customerFirstName,
  customerLastName: invoices.customerLastName,
  successUrl: invoices.successUrl,
  cancelUrl: invoices.cancelUrl,
  errorUrl: invoices.errorUrl,
  callbackUrl: invoices.callbackUrl,
  createdAt: invoices.createdAt,
  statusDate: invoices.statusDate,
  expiresAt: invoices.expiresAt,
};

const selectMerchantInvoices = (db: Database, where: SQL | undefined) =>
  db
    .select(merchantInvoiceSelection)
    .from(invoices)
    .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, invoices.paymentMethodId))
    .where(where);

export type MerchantInvoiceRow = Awaited<ReturnType<typeof selectMerchantInvoices>>[number];

const findOfMerchant = async (
  db: Database,
  merchantId: number,
  where: SQL,
): Promise<MerchantInvoiceRow | undefined> => {
  const [row] = await selectMerchantInvoices(db, and(eq(invoices.merchantId, merchantId), where));
  return row;
};

/** One of the merchant's invoices by its id; another merchant's is not there. */
export const findMerchantInvoiceById = (db: Database, merchantId: number, invoiceId: string) =>
  findOfMerchant(db, merchantId, eq(invoices.id, invoiceId));

/** Where a page of the merchant's invoice list starts: the row before it, as PostgreSQL keeps it. */
export interface MerchantInvoiceCursor {
  /** created_at as text: microseconds, which a JavaScript Date would cut to milliseconds. */
  createdAt: string;
  id: string;
}

/** The list position of one of the merchant's invoices; another merchant's is not there. */
export const findMerchantInvoiceCursor = async (
  db: Database,
  merchantId: number,
  invoiceId: string,
): Promise<MerchantInvoiceCursor | undefined> => {
  const [row] = await db
    .select({ createdAt: sql<string>`${invoices.createdAt}::text`, id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.merchantId, merchantId), eq(invoices.id, invoiceId)));
  return row;
};

export interface MerchantInvoiceListFilter {
  statuses?: readonly InvoiceStatusCode[];
  flowType?: FlowType;
  /** Inclusive. */
  createdFrom?: Date;
  /** Exclusive. */
  createdTo?: Date;
  merchantInvoiceId?: string;
  /** Only the invoices after this one in the list's order (keyset pagination, no OFFSET). */
  after?: MerchantInvoiceCursor;
}

/**
 * Up to `limit` of the merchant's invoices matching the filter, newest first: (created_at, id)
 * descending, the order of the invoices_merchant_created_idx index, so a page is one index range
 * walked from the cursor and never a sort of every match.
 */
export const findMerchantInvoicePage = (
  db: Database,
  merchantId: number,
  filter: MerchantInvoiceListFilter,
  limit: number,
): Promise<MerchantInvoiceRow[]> => {
  const conditions: (SQL | undefined)[] = [eq(invoices.merchantId, merchantId)];
  if (filter.statuses && filter.statuses.length > 0) {
    conditions.push(inArray(invoices.status, [...filter.statuses]));
  }
  if (filter.flowType) conditions.push(eq(invoices.flowType, filter.flowType));
  if (filter.createdFrom) conditions.push(gte(invoices.createdAt, filter.createdFrom));
  if (filter.createdTo) conditions.push(lt(invoices.createdAt, filter.createdTo));
  if (filter.merchantInvoiceId !== undefined) {
    conditions.push(eq(invoices.merchantInvoiceId, filter.merchantInvoiceId));
  }
  if (filter.after) {
    conditions.push(
      sql`(${invoices.createdAt}, ${invoices.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id}::uuid)`,
    );
  }
  return selectMerchantInvoices(db, and(...conditions))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
};

/** The merchant's terminal; another merchant's is not there. */
export const findMerchantTerminal = async (
  db: Database,
  merchantId: number,
  terminalId: number,
) => {
  const [terminal] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.id, terminalId), eq(terminals.merchantId, merchantId)));
  return terminal;
};

export const findCurrencyByCode = async (db: Database, code: string) => {
  const [currency] = await db.select().from(currencies).where(eq(currencies.code, code));
  return currency;
};

/** A currency's code as stored (padded). */
export const findCurrencyCode = async (
  db: Database,
  currencyId: number,
): Promise<string | undefined> => {
  const [currency] = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency?.code;
};

/** The payment method of the currency with this name. */
export const findPaymentMethodByName = async (db: Database, name: string, currencyId: number) => {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.name, name), eq(paymentMethods.currencyId, currencyId)));
  return method;
};
