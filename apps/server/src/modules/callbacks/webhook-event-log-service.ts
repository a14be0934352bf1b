import { WEBHOOK_TEST_EVENT_TYPE, webhookEventIdOf, webhookEventPublicId } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notFoundError, stateConflict } from '../../service-errors.ts';
import {
  attemptsOfCallbacks,
  countEvents,
  deliveriesOfEvents,
  type EventFilter,
  findCallback,
  findPendingResend,
  findWebhookEvent,
  holdEndpointRow,
  insertCallbacks,
  lockCallbackRow,
  lockUnreceivedDeliveries,
  makeCallbacksDueNow,
  makeWaitingDeliveriesDueNow,
  pendingDeliveriesTo,
  selectEventPage,
  selectEventsAfter,
  type WebhookEventRecord,
} from './webhook-event-repository.ts';
import { publishEvent } from './webhook-event-service.ts';

/**
 * A merchant's event log (issue 23 item 2): every event with each delivery and its attempts,
 * for the Developers screen and GET /api/merchant/v1/events; a resend of one delivery and a
 * test event. The caller has already decided which merchant the call acts on.
 */

export const EVENT_LOG_MESSAGES = {
  eventNotFound: 'Event not found',
  callbackNotFound: 'Callback not found',
  badCursor: 'starting_after must be the id of one of your events (evt_…)',
  endpointDeleted: 'The endpoint of this delivery was deleted',
} as const;

/**
 * Test events waiting for delivery to one endpoint at most: each is a new event, and a person (or
 * a script with a session) sending them without end would fill the queue and the event log.
 * Past it, a send makes the waiting ones due now instead (sendTestEvent).
 */
export const MAX_PENDING_TEST_EVENTS = 5;

type Delivery = Awaited<ReturnType<typeof deliveriesOfEvents>>[number];

/** A delivery as listed: everything but the event it belongs to. */
const presentDelivery = ({ eventId: _eventId, ...delivery }: Delivery) => delivery;

const withDeliveries = async (db: Database, events: WebhookEventRecord[]) => {
  const deliveries = await deliveriesOfEvents(
    db,
    events.map(({ id }) => id),
  );
  return events.map((event) => ({
    id: webhookEventPublicId(event.id),
    type: event.type,
    invoiceId: event.invoiceId,
    createdAt: event.createdAt,
    payload: event.payload,
    deliveries: deliveries.filter((delivery) => delivery.eventId === event.id).map(presentDelivery),
  }));
};

/** A page of the log, newest first (the back office's paged list). */
export const eventLogPage = async (
  db: Database,
  merchantId: number,
  filter: EventFilter,
  { page, size }: { page: number; size: number },
) => {
  const [events, total] = await Promise.all([
    selectEventPage(db, merchantId, filter, { limit: size, offset: page * size }),
    countEvents(db, merchantId, filter),
  ]);
  return { items: await withDeliveries(db, events), page, size, total };
};

/** Events after a cursor, newest first (the merchant API's list: limit, starting_after). */
export const eventLogAfter = async (
  db: Database,
  merchantId: number,
  filter: EventFilter,
  { limit, startingAfter }: { limit: number; startingAfter?: string },
) => {
  let after: WebhookEventRecord | null = null;
  if (startingAfter !== undefined) {
    const id = webhookEventIdOf(startingAfter);
    const cursor = id === null ? undefined : await findWebhookEvent(db, id);
    // Another merchant's event is as unknown as a missing one.
    if (!cursor || cursor.merchantId !== merchantId) throw invalid(EVENT_LOG_MESSAGES.badCursor);
    after = cursor;
  }
  const events = await selectEventsAfter(db, merchantId, filter, { limit: limit + 1, after });
  return {
    data: await withDeliveries(db, events.slice(0, limit)),
    has_more: events.length > limit,
  };
};

/** One event with every delivery's attempts. */
export const eventDetails = async (
  db: Database,
  merchantIdAllowed: (id: number) => boolean,
  publicId: string,
) => {
  const id = webhookEventIdOf(publicId);
  const event = id === null ? undefined : await findWebhookEvent(db, id);
  if (!event || !merchantIdAllowed(event.merchantId)) {
    throw notFoundError(EVENT_LOG_MESSAGES.eventNotFound);
  }
  const [listed] = await withDeliveries(db, [event]);
  if (!listed) throw notFoundError(EVENT_LOG_MESSAGES.eventNotFound);
  const attempts = await attemptsOfCallbacks(
    db,
    listed.deliveries.map(({ callbackId }) => callbackId),
  );
  return {
    ...listed,
    merchantId: event.merchantId,
    deliveries: listed.deliveries.map((delivery) => ({
      ...delivery,
      attemptsLog: attempts
        .filter((attempt) => attempt.callbackId === delivery.callbackId)
        .map(({ callbackId: _callbackId, ...attempt }) => attempt),
    })),
  };
};

/** The merchant a delivery belongs to, for the caller's access check. */
export const callbackMerchantId = async (db: Database, callbackId: number) =>
  (await findCallback(db, callbackId))?.merchantId;

/**
 * A new delivery of the same event, body and destination as `delivery`, naming the first
 * delivery it repeats (`firstDeliveryId`): a resend.
 */
const resendOf = (
  delivery: NonNullable<Awaited<ReturnType<typeof findCallback>>>,
  firstDeliveryId: number,
) => ({
  merchantId: delivery.merchantId,
  invoiceId: delivery.invoiceId,
  eventId: delivery.eventId,
  endpointId: delivery.endpointId,
  url: delivery.url,
  invoiceStatus: delivery.invoiceStatus,
  payload: delivery.payload,
  isManual: true,
  resendOf: firstDeliveryId,
});

/**
 * Sends one delivery again: a new delivery of the same event (the same body and webhook-id, so
 * the merchant deduplicates it) to the same destination, due at once. It names the first
 * delivery it repeats (resendOf), whose webhook-id a delivery without an event keeps.
 *
 * A delivery has at most one resend PENDING: resending it again while one is (not yet sent, or
 * waiting for a retry) makes that one due now instead of queueing another, so clicking Resend
 * (or a script calling it) cannot pile up deliveries of one event, each retried for a day.
 */
export const resendDelivery = async (tx: Database, callbackId: number) => {
  const original = await findCallback(tx, callbackId);
  if (!original) throw notFoundError(EVENT_LOG_MESSAGES.callbackNotFound);
  const firstDeliveryId = original.resendOf ?? original.id;
  if (original.endpointId !== null) await holdEndpointRow(tx, original.endpointId);
  await lockCallbackRow(tx, firstDeliveryId);
  // Deleted while we waited for its row: its deliveries are given up, not sent to its old URL.
  if (original.endpointId !== null && (await findCallback(tx, callbackId))?.endpointId === null) {
    throw stateConflict(EVENT_LOG_MESSAGES.endpointDeleted);
  }
  const pending = await findPendingResend(tx, firstDeliveryId);
  if (pending) {
    await makeCallbacksDueNow(tx, [pending.id]);
    return pending;
  }
  const [queued] = await insertCallbacks(tx, [resendOf(original, firstDeliveryId)]);
  if (!queued) throw new Error('resend queued nothing');
  return queued;
};

/**
 * A webhook.test event to one endpoint, delivered even while the endpoint is disabled. While
 * MAX_PENDING_TEST_EVENTS wait (say the endpoint was broken and they wait for retries hours
 * away), a send queues no new event but makes the waiting ones due now, and answers the newest:
 * the merchant who fixed its endpoint gets test events at once. The caller holds the endpoint's
 * row lock, so parallel sends count each other.
 */
export const sendTestEvent = async (
  tx: Database,
  endpoint: { id: number; merchantId: number; url: string },
): Promise<{ eventId: string; madeDue: number }> => {
  const waiting = await pendingDeliveriesTo(tx, endpoint.id, WEBHOOK_TEST_EVENT_TYPE);
  const newest = waiting.at(-1);
  if (waiting.length >= MAX_PENDING_TEST_EVENTS && newest?.eventId) {
    await makeCallbacksDueNow(
      tx,
      waiting.map(({ id }) => id),
    );
    return { eventId: webhookEventPublicId(newest.eventId), madeDue: waiting.length };
  }
  const { event } = await publishEvent(tx, {
    merchantId: endpoint.merchantId,
    type: WEBHOOK_TEST_EVENT_TYPE,
    invoiceId: null,
    invoiceStatus: '',
    data: {
      message: 'A test event from the Developers screen. It is about no invoice.',
      endpointId: endpoint.id,
    },
    destination: { endpointId: endpoint.id, url: endpoint.url },
    isManual: true,
  });
  return { eventId: webhookEventPublicId(event.id), madeDue: 0 };
};

/** Deliveries one recovery sends again at most; calling again sends the next ones. */
export const MAX_RECOVERED_DELIVERIES = 500;

/**
 * Sends again what an endpoint has not received since `since`: each original delivery to it
 * that was given up (its retries ran out, or it failed when the endpoint was disabled) and has no
 * resend sent or waiting gets a resend, due now, oldest first, at most MAX_RECOVERED_DELIVERIES
 * a call (`more`: others are left, and a call again sends them, those resent now being waiting
 * resends). Every delivery to it waiting for a later retry is made due now, as the merchant says
 * the endpoint works again. The caller holds the endpoint's row lock, so recoveries, resends and
 * a delete of the endpoint take turns.
 */
export const recoverDeliveries = async (
  tx: Database,
  endpointId: number,
  since: Date,
): Promise<{ resent: number; madeDue: number; more: boolean }> => {
  const given = await lockUnreceivedDeliveries(tx, {
    endpointId,
    since,
    limit: MAX_RECOVERED_DELIVERIES + 1,
  });
  const resending = given.slice(0, MAX_RECOVERED_DELIVERIES);
  const madeDue = await makeWaitingDeliveriesDueNow(tx, endpointId);
  await insertCallbacks(
    tx,
    resending.map((original) => resendOf(original, original.id)),
  );
  return { resent: resending.length, madeDue, more: given.length > MAX_RECOVERED_DELIVERIES };
};
