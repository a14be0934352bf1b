/**
 * What the callbacks module offers other modules (decision 0018, "Boundaries"): recording an
 * event and queueing its deliveries (`publishEvent`, issue 23), the event log of a merchant with
 * each delivery's attempts, a resend of one delivery, and the recovery of what an endpoint did
 * not receive. Delivery itself runs as a background
 * job that main.ts starts.
 */

export {
  callbackMerchantId,
  EVENT_LOG_MESSAGES,
  eventDetails,
  eventLogAfter,
  eventLogPage,
  MAX_RECOVERED_DELIVERIES,
  recoverDeliveries,
  resendDelivery,
  sendTestEvent,
} from './webhook-event-log-service.ts';
export { failPendingDeliveries } from './webhook-event-repository.ts';
export { webhookDeliverySchema, webhookEventSchema } from './webhook-event-schemas.ts';
export type { NewEvent } from './webhook-event-service.ts';
export { publishEvent } from './webhook-event-service.ts';
