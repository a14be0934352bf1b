import type { Database } from '../../db/database.ts';
import {
  insertCallbacks,
  insertWebhookEvent,
  subscribedEndpoints,
} from './webhook-event-repository.ts';

/**
 * Events (issue 23 item 2, decision 0021): every change a merchant may hear of is recorded as an
 * event in the Standard Webhooks envelope `{ type, timestamp, data }`, then queued for delivery
 * (callbacks rows, delivered and retried by the callback worker) to its destinations: the
 * invoice's own callbackUrl when it has one (it overrides the merchant's endpoints), else every
 * enabled endpoint subscribed to the type. An event without a destination is still recorded, so
 * the event log shows what would have been sent.
 */

export interface NewEvent {
  merchantId: number;
  type: string;
  /** Null for a test event. */
  invoiceId: string | null;
  /** The invoice's status when the event happened (the callbacks list shows it). */
  invoiceStatus: string;
  data: Record<string, unknown>;
  /**
   * Where the event goes: the invoice's callbackUrl, `{ endpointId, url }` for one endpoint (a
   * test event), 'subscribed' for the merchant's endpoints, or null for nowhere.
   */
  destination: { invoiceUrl: string } | { endpointId: number; url: string } | 'subscribed' | null;
  /** A person asked for it (manual callback, test event): delivered even to a disabled endpoint. */
  isManual: boolean;
}

/** Records an event and queues its deliveries, in the caller's transaction. */
export const publishEvent = async (tx: Database, event: NewEvent) => {
  const payload = { type: event.type, timestamp: new Date().toISOString(), data: event.data };
  const recorded = await insertWebhookEvent(tx, {
    merchantId: event.merchantId,
    type: event.type,
    invoiceId: event.invoiceId,
    payload,
  });
  const { destination } = event;
  const targets: Array<{ endpointId: number | null; url: string }> =
    destination === null
      ? []
      : destination === 'subscribed'
        ? (await subscribedEndpoints(tx, event.merchantId, event.type)).map(({ id, url }) => ({
            endpointId: id,
            url,
          }))
        : 'invoiceUrl' in destination
          ? [{ endpointId: null, url: destination.invoiceUrl }]
          : [destination];
  const queued = await insertCallbacks(
    tx,
    targets.map(({ endpointId, url }) => ({
      merchantId: event.merchantId,
      invoiceId: event.invoiceId,
      eventId: recorded.id,
      endpointId,
      url,
      invoiceStatus: event.invoiceStatus,
      payload,
      isManual: event.isManual,
    })),
  );
  return { event: recorded, callbacks: queued };
};
