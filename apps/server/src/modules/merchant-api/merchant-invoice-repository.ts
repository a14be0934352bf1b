import { and, eq, type SQL } from 'drizzle-orm';
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

/** One of the merchant's invoices by the merchant's own id for it (unique per merchant). */
export const findMerchantInvoiceByMerchantInvoiceId = (
  db: Database,
  merchantId: number,
  merchantInvoiceId: string,
) => findOfMerchant(db, merchantId, eq(invoices.merchantInvoiceId, merchantInvoiceId));

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
