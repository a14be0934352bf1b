import { finalStatusEventType, isFinalStatus } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { type NewEvent, publishEvent } from '../callbacks/callbacks-entry.ts';
import { recordLiveEvent } from '../live/live-entry.ts';
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

/**
 * Records events of one invoice change, its data (and so its currency) read once for them all.
 * Answers each event's queued deliveries, in order.
 */
const publishInvoiceEvents = async (
  tx: Database,
  invoice: InvoiceRecord,
  events: ReadonlyArray<{ type: string; isOutcome: boolean }>,
  { isManual = false, extra = {} }: { isManual?: boolean; extra?: Record<string, unknown> } = {},
) => {
  const data = {
    ...invoiceEventData(invoice, await currencyCodeOf(tx, invoice.currencyId)),
    ...extra,
  };
  // One live event per change for the back office's screens (issue 25), whatever the webhooks.
  await recordLiveEvent(tx, {
    type: events.some((event) => event.type === 'invoice.created')
      ? 'invoice.created'
      : 'invoice.changed',
    merchantId: invoice.merchantId,
    invoiceId: invoice.id,
    terminalId: invoice.terminalId,
    data: { ...data, change: events.map((event) => event.type) },
  });
  const published = [];
  for (const { type, isOutcome } of events) {
    published.push(
      await publishEvent(tx, {
        merchantId: invoice.merchantId,
        type,
        invoiceId: invoice.id,
        invoiceStatus: invoice.status,
        data,
        destination: destinationOf(invoice, isOutcome),
        isManual,
      }),
    );
  }
  return published;
};

/** invoice.created, once the new invoice is stored. */
export const publishInvoiceCreated = (tx: Database, invoice: InvoiceRecord) =>
  publishInvoiceEvents(tx, invoice, [{ type: 'invoice.created', isOutcome: false }]);

/** invoice.status_changed for every change, and the final status's own type for an outcome. */
export const publishStatusChanged = async (
  tx: Database,
  invoice: InvoiceRecord,
  previousStatus: string,
) => {
  const outcome = finalStatusEventType(invoice.status);
  await publishInvoiceEvents(
    tx,
    invoice,
    [
      { type: 'invoice.status_changed', isOutcome: false },
      ...(outcome ? [{ type: outcome, isOutcome: true }] : []),
    ],
    { extra: { previousStatus } },
  );
};

/** invoice.amount_changed; to an invoice's own URL only once the invoice is final. */
export const publishAmountChanged = (
  tx: Database,
  invoice: InvoiceRecord,
  previousAmount: bigint,
) =>
  publishInvoiceEvents(
    tx,
    invoice,
    [{ type: 'invoice.amount_changed', isOutcome: isFinalStatus(invoice.status) }],
    { extra: { previousAmount: minorUnitsJson(previousAmount) } },
  );

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
  const [published] = await publishInvoiceEvents(tx, invoice, [{ type, isOutcome: true }], {
    isManual,
  });
  return published?.callbacks[0] ?? null;
};
