import { minorUnitsJson } from '../../http/money-json.ts';
import type { MerchantInvoiceRow } from './merchant-invoice-repository.ts';

/** The payment-form address a customer is sent to. */
export const paymentUrlOf = (paymentFormBaseUrl: string, formId: string) =>
  `${paymentFormBaseUrl.replace(/\/+$/, '')}/payment/${formId}`;

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

/** The merchant API's JSON of a page of invoices (see merchantInvoiceListSchema). */
export const presentMerchantInvoicePage = (
  page: { rows: MerchantInvoiceRow[]; hasMore: boolean },
  paymentFormBaseUrl: string,
) => ({
  data: page.rows.map((row) => presentMerchantInvoice(row, paymentFormBaseUrl)),
  has_more: page.hasMore,
});
