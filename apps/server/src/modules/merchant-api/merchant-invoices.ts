import { randomBytes } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, invoices, paymentMethods, terminals } from '../../db/schema.ts';
import { badRequest } from '../../http/http-errors.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { recordEvent } from '../audit/event-log.ts';
import { createInvoice } from '../invoices/invoice-status-service.ts';
import type { ApiMerchant } from './merchant-auth.ts';
import { type CreateInvoiceBody, URL_FIELDS } from './merchant-invoice-schemas.ts';

export const MERCHANT_API_EVENT_CODES = {
  invoiceCreated: 'INVOICE_CREATED',
} as const;

/**
 * The hosted form's public id. 24 random bytes (192 bits, 32 base64url characters): nobody can
 * guess another customer's form, and the invoice id never appears in a customer's browser.
 */
export const newFormId = () => randomBytes(24).toString('base64url');

/** The payment-form address a customer is sent to. */
export const paymentUrlOf = (paymentFormBaseUrl: string, formId: string) =>
  `${paymentFormBaseUrl.replace(/\/+$/, '')}/payment/${formId}`;

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

type MerchantInvoiceRow = Awaited<ReturnType<typeof selectMerchantInvoices>>[number];

/** One of the merchant's invoices; another merchant's is simply not found. */
export const findMerchantInvoice = async (
  db: Database,
  merchantId: number,
  where: SQL,
): Promise<MerchantInvoiceRow | undefined> => {
  const [row] = await selectMerchantInvoices(db, and(eq(invoices.merchantId, merchantId), where));
  return row;
};

/** The merchant API's JSON of an invoice (see merchantInvoiceSchema). */
export const presentMerchantInvoice = (row: MerchantInvoiceRow, paymentFormBaseUrl: string) => ({
  invoiceId: row.id,
  merchantInvoiceId: row.merchantInvoiceId,
  flowType: row.flowType,
  status: row.status,
  amount: minorUnitsJson(row.amount),
  fee: minorUnitsJson(row.fee),
  currency: row.currencyCode.trim(),
  terminalId: row.terminalId,
  paymentMethodName: row.paymentMethodName,
  canChangeAmount: row.canChangeAmount,
  maxAmount: row.maxAmount === null ? null : minorUnitsJson(row.maxAmount),
  isTest: row.isTestProcessing,
  formId: row.formId,
  paymentUrl: paymentUrlOf(paymentFormBaseUrl, row.formId),
  customer: {
    externalId: row.customerExternalId,
    firstName: row.customerFirstName,
    lastName: row.customerLastName,
  },
  successUrl: row.successUrl,
  cancelUrl: row.cancelUrl,
  errorUrl: row.errorUrl,
  callbackUrl: row.callbackUrl,
  createdAt: row.createdAt.toISOString(),
  statusDate: row.statusDate.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const amountRangeMessage = (min: bigint, max: bigint, what: string) =>
  `Amount must be between ${min} and ${max} minor units ${what}`;

/**
 * What the customer may be paid out at most (decision 0017): the amount, or the merchant's
 * explicit maximum when it lets the customer change the amount. Null for deposits.
 */
const payoutCap = (body: CreateInvoiceBody, amount: bigint, currencyMax: bigint): bigint | null => {
  if (body.maxAmount === undefined) return body.flowType === 'WITHDRAWAL' ? amount : null;
  if (body.flowType !== 'WITHDRAWAL') throw badRequest('maxAmount is for withdrawals only');
  if (!body.canChangeAmount) throw badRequest('maxAmount needs canChangeAmount: true');
  const maxAmount = BigInt(body.maxAmount);
  if (maxAmount < amount) throw badRequest('maxAmount must be at least amount');
  if (maxAmount > currencyMax) {
    throw badRequest(`maxAmount must be at most ${currencyMax} minor units`);
  }
  return maxAmount;
};

/** The schema checks the shape; this checks what a URL parser thinks of it (host, syntax). */
const checkUrls = (body: CreateInvoiceBody) => {
  for (const field of URL_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      throw badRequest(`${field} must be an absolute http or https URL`);
    }
  }
};

/**
 * Creates an invoice for the merchant inside the caller's transaction: checks the terminal,
 * currency, method and amount, inserts the invoice (NEW), its first status-history row and the
 * creation event. Returns the new invoice's id.
 */
export const createMerchantInvoice = async (
  tx: Database,
  merchant: ApiMerchant,
  body: CreateInvoiceBody,
  sourceIp: string,
): Promise<string> => {
  checkUrls(body);

  // Another merchant's terminal answers like a missing one, so terminal ids cannot be probed.
  const [terminal] = await tx
    .select()
    .from(terminals)
    .where(and(eq(terminals.id, body.terminalId), eq(terminals.merchantId, merchant.id)));
  if (!terminal) throw badRequest(`Terminal ${body.terminalId} not found`);
  if (!terminal.enabled) throw badRequest(`Terminal ${terminal.id} is disabled`);
  if (terminal.flowType !== body.flowType) {
    throw badRequest(
      `Terminal ${terminal.id} takes ${terminal.flowType} invoices, not ${body.flowType}`,
    );
  }

  const [currency] = await tx.select().from(currencies).where(eq(currencies.code, body.currency));
  if (!currency) throw badRequest(`Unknown currency ${body.currency}`);
  if (currency.id !== terminal.currencyId) {
    const [terminalCurrency] = await tx
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.id, terminal.currencyId));
    throw badRequest(
      `Terminal ${terminal.id} works in ${terminalCurrency?.code.trim() ?? 'another currency'}, not ${body.currency}`,
    );
  }

  const amount = BigInt(body.amount);
  if (amount < currency.minValue || amount > currency.maxValue) {
    throw badRequest(
      amountRangeMessage(currency.minValue, currency.maxValue, `of ${body.currency}`),
    );
  }
  const maxAmount = payoutCap(body, amount, currency.maxValue);

  let paymentMethodId: number | null = null;
  if (body.paymentMethodName !== undefined) {
    const [method] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.name, body.paymentMethodName),
          eq(paymentMethods.currencyId, currency.id),
        ),
      );
    if (!method?.enabled) {
      throw badRequest(
        `Payment method ${body.paymentMethodName} is not available for ${body.currency}`,
      );
    }
    if (amount < method.minAmount || amount > method.maxAmount) {
      throw badRequest(
        amountRangeMessage(method.minAmount, method.maxAmount, `for ${body.paymentMethodName}`),
      );
    }
    paymentMethodId = method.id;
  }

  const invoice = await createInvoice(tx, {
    merchantId: merchant.id,
    terminalId: terminal.id,
    merchantInvoiceId: body.merchantInvoiceId,
    flowType: body.flowType,
    amount,
    currencyId: currency.id,
    paymentMethodId,
    customerExternalId: body.customer.externalId,
    customerFirstName: body.customer.firstName?.trim() ?? '',
    customerLastName: body.customer.lastName?.trim() ?? '',
    isTestProcessing: terminal.isTest,
    formId: newFormId(),
    canChangeAmount: body.canChangeAmount,
    maxAmount,
    expiresInMinutes: body.expiresInMinutes,
    successUrl: body.successUrl ?? null,
    cancelUrl: body.cancelUrl ?? null,
    errorUrl: body.errorUrl ?? null,
    callbackUrl: body.callbackUrl ?? null,
  });
  await recordEvent(tx, {
    eventCode: MERCHANT_API_EVENT_CODES.invoiceCreated,
    description:
      `${body.flowType} invoice ${body.merchantInvoiceId} created through the merchant API ` +
      `(${amount} minor units ${body.currency})`,
    merchantId: merchant.id,
    invoiceId: invoice.id,
    entityType: 'invoice',
    entityId: invoice.id,
    sourceIp,
  });
  return invoice.id;
};
