import { minorUnitsJson } from '../../http/money-json.ts';
import type { ProviderInvoiceRow } from './provider-invoice-repository.ts';

/** The provider API's JSON of an invoice: what moving the money needs, nothing about the merchant. */
export const presentProviderInvoice = (row: ProviderInvoiceRow) => ({
  invoiceId: row.id,
  flowType: row.flowType,
  status: row.status,
  amount: minorUnitsJson(row.amount),
  currency: row.currencyCode.trim(),
  paymentMethodCode: row.paymentMethodCode,
  peopleAccountId: row.peopleAccountId,
  credential: row.credentialValue,
  bankCodeInteger: row.bankCodeInteger,
  providerInvoiceId: row.providerInvoiceId,
  attempt: row.attempt === 0 ? null : row.attempt,
  createdAt: row.createdAt.toISOString(),
  statusDate: row.statusDate.toISOString(),
});
