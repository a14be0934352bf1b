import type { Database } from '../../db/database.ts';
import { currencyCodeOf, type InvoiceRecord, insertCallback } from './invoice-repository.ts';

/**
 * The body a merchant's callback URL receives: the invoice as it stands when the callback is
 * queued. Amounts are minor units as strings so no JSON reader can round them.
 */
export interface CallbackPayload {
  invoiceId: string;
  merchantInvoiceId: string;
  flowType: string;
  status: string;
  statusDate: string;
  amount: string;
  fee: string;
  currency: string;
  isTest: boolean;
}

export const callbackPayloadOf = (
  invoice: InvoiceRecord,
  currencyCode: string,
): CallbackPayload => ({
  invoiceId: invoice.id,
  merchantInvoiceId: invoice.merchantInvoiceId,
  flowType: invoice.flowType,
  status: invoice.status,
  statusDate: invoice.statusDate.toISOString(),
  amount: invoice.amount.toString(),
  fee: invoice.fee.toString(),
  currency: currencyCode.trim(),
  isTest: invoice.isTestProcessing,
});

/**
 * Queues a callback in the outbox (delivered and retried by the callback worker, callbacks/).
 * Called inside the transaction that changed the invoice, so a change and its callback commit
 * together. Returns null when the invoice has no callback URL.
 */
export const enqueueCallback = async (
  db: Database,
  invoice: InvoiceRecord,
  options: { isManual: boolean },
) => {
  if (!invoice.callbackUrl) return null;
  const row = await insertCallback(db, {
    invoiceId: invoice.id,
    url: invoice.callbackUrl,
    invoiceStatus: invoice.status,
    payload: callbackPayloadOf(invoice, await currencyCodeOf(db, invoice.currencyId)),
    isManual: options.isManual,
  });
  return row ?? null;
};
