import { finalStatusEventType, isFinalStatus } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { type NewEvent, publishEvent } from '../callbacks/callbacks-entry.ts';
import { currencyCodeOf, type InvoiceRecord } from './invoice-repository.ts';

/**
 * The invoice events a merchant hears of (issue 23 item 2, decision 0021), recorded inside the
 * transaction that changed the invoice, so a change and its events commit together.
 *
 * Where they go: an invoice with its own callbackUrl sends that URL its outcomes (invoice.done,
 * invoice.declined, invoice.canceled, and invoice.amount_changed once final), as before endpoints
 * existed, and nothing to the merchant's endpoints (the URL overrides them). Otherwise every
 * event goes to the endpoints subscribed to its type.
 */

/** `data` of an invoice event: the invoice as it stands, amounts in integer minor units. */
export const invoiceEventData = (invoice: InvoiceRecord, currencyCode: string) => ({
  invoiceId: invoice.id,
  merchantInvoiceId: invoice.merchantInvoiceId,
  flowType: invoice.flowType,
  status: invoice.status,
  amount: minorUnitsJson(invoice.amount),
  fee: minorUnitsJson(invoice.fee),
  currency: currencyCode.trim(),
  terminalId: invoice.terminalId,
  isTest: invoice.isTestProcessing,
  createdAt: invoice.createdAt.toISOString(),
  statusDate: invoice.statusDate.toISOString(),
});

type Destination = NewEvent['destination'];

/** Outcomes go to the invoice's own URL; everything else only to endpoints, when it has none. */
const destinationOf = (invoice: InvoiceRecord, isOutcome: boolean): Destination => {
  if (invoice.callbackUrl) return isOutcome ? { invoiceUrl: invoice.callbackUrl } : null;
  return 'subscribed';
};

const publishInvoiceEvent = async (
  tx: Database,
  invoice: InvoiceRecord,
  type: string,
  {
    isOutcome,
    isManual = false,
    extra = {},
  }: {
    isOutcome: boolean;
    isManual?: boolean;
    extra?: Record<string, unknown>;
  },
) =>
  publishEvent(tx, {
    merchantId: invoice.merchantId,
    type,
    invoiceId: invoice.id,
    invoiceStatus: invoice.status,
    data: { ...invoiceEventData(invoice, await currencyCodeOf(tx, invoice.currencyId)), ...extra },
    destination: destinationOf(invoice, isOutcome),
    isManual,
  });

/** invoice.created, once the new invoice is stored. */
export const publishInvoiceCreated = (tx: Database, invoice: InvoiceRecord) =>
  publishInvoiceEvent(tx, invoice, 'invoice.created', { isOutcome: false });

/** invoice.status_changed for every change, and the final status's own type for an outcome. */
export const publishStatusChanged = async (
  tx: Database,
  invoice: InvoiceRecord,
  previousStatus: string,
) => {
  const extra = { previousStatus };
  await publishInvoiceEvent(tx, invoice, 'invoice.status_changed', { isOutcome: false, extra });
  const outcome = finalStatusEventType(invoice.status);
  if (outcome) await publishInvoiceEvent(tx, invoice, outcome, { isOutcome: true, extra });
};

/** invoice.amount_changed; to an invoice's own URL only once the invoice is final. */
export const publishAmountChanged = (
  tx: Database,
  invoice: InvoiceRecord,
  previousAmount: bigint,
) =>
  publishInvoiceEvent(tx, invoice, 'invoice.amount_changed', {
    isOutcome: isFinalStatus(invoice.status),
    extra: { previousAmount: minorUnitsJson(previousAmount) },
  });

/**
 * The manual callback (SPEC §5, POST /api/v1/merchant/callback): the invoice as it stands now,
 * as a new event of its status's type, to its own URL or the subscribed endpoints. Answers the
 * first queued delivery, or null when the event has nowhere to go.
 */
export const enqueueCallback = async (
  tx: Database,
  invoice: InvoiceRecord,
  { isManual }: { isManual: boolean },
) => {
  const type = finalStatusEventType(invoice.status) ?? 'invoice.status_changed';
  const { callbacks } = await publishInvoiceEvent(tx, invoice, type, {
    isOutcome: true,
    isManual,
  });
  return callbacks[0] ?? null;
};
