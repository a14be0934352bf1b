import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  notExists,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { callbackAttempts, callbacks, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

/** Events and their deliveries as they are queued: SQL only. */

export const insertWebhookEvent = async (
  tx: Database,
  values: typeof webhookEvents.$inferInsert,
) => {
  const [event] = await tx.insert(webhookEvents).values(values).returning();
  if (!event) throw new Error('webhook event insert returned nothing');
  return event;
};

/** The enabled endpoints of a merchant subscribed to an event type, by id. */
export const subscribedEndpoints = (db: Database, merchantId: number, type: string) =>
  db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.merchantId, merchantId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    )
    .orderBy(asc(webhookEndpoints.id));

export const insertCallbacks = (tx: Database, rows: Array<typeof callbacks.$inferInsert>) =>
  rows.length === 0 ? Promise.resolve([]) : tx.insert(callbacks).values(rows).returning();

// --- The event log (reads) -----------------------------------------------------------------------

export type WebhookEventRecord = typeof webhookEvents.$inferSelect;

export interface EventFilter {
  type?: string;
  invoiceId?: string;
}

const eventConditions = (merchantId: number, { type, invoiceId }: EventFilter) =>
  and(
    eq(webhookEvents.merchantId, merchantId),
    type === undefined ? undefined : eq(webhookEvents.type, type),
    invoiceId === undefined ? undefined : eq(webhookEvents.invoiceId, invoiceId),
  );

/** A page of a merchant's events, newest first. */
export const selectEventPage = (
  db: Database,
  merchantId: number,
  filter: EventFilter,
  { limit, offset }: { limit: number; offset: number },
) =>
  db
    .select()
    .from(webhookEvents)
    .where(eventConditions(merchantId, filter))
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .limit(limit)
    .offset(offset);

export const countEvents = async (db: Database, merchantId: number, filter: EventFilter) => {
  const [row] = await db
    .select({ count: count() })
    .from(webhookEvents)
    .where(eventConditions(merchantId, filter));
  return row?.count ?? 0;
};

/**
 * Up to `limit` events of a merchant, newest first, after the cursor event (keyset on creation
 * time and id, so events sharing a time are neither skipped nor repeated). The cursor's time is
 * read in SQL: a JavaScript Date keeps milliseconds, the column microseconds, and comparing with
 * the rounded time skipped the older events of the cursor's millisecond (such as the
 * invoice.status_changed recorded in the same transaction as an invoice.done).
 */
export const selectEventsAfter = (
  db: Database,
  merchantId: number,
  filter: EventFilter,
  { limit, after }: { limit: number; after: WebhookEventRecord | null },
) =>
  db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eventConditions(merchantId, filter),
        after === null
          ? undefined
          : sql`(${webhookEvents.createdAt}, ${webhookEvents.id}) < (SELECT cursor_event.created_at, cursor_event.id FROM webhook_events cursor_event WHERE cursor_event.id = ${after.id})`,
      ),
    )
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .limit(limit);

export const findWebhookEvent = async (
  db: Database,
  eventId: number,
): Promise<WebhookEventRecord | undefined> => {
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
  return event;
};

/** The deliveries of events, oldest first. */
export const deliveriesOfEvents = (db: Database, eventIds: readonly number[]) =>
  eventIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          callbackId: callbacks.id,
          eventId: callbacks.eventId,
          endpointId: callbacks.endpointId,
          url: callbacks.url,
          status: callbacks.status,
          attempts: callbacks.attempts,
          lastResponseCode: callbacks.lastResponseCode,
          isManual: callbacks.isManual,
          createdAt: callbacks.createDate,
        })
        .from(callbacks)
        .where(inArray(callbacks.eventId, [...eventIds]))
        .orderBy(asc(callbacks.id));

/** Every attempt of deliveries, oldest first. */
export const attemptsOfCallbacks = (db: Database, callbackIds: readonly number[]) =>
  callbackIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          callbackId: callbackAttempts.callbackId,
          attemptedAt: callbackAttempts.attemptedAt,
          responseCode: callbackAttempts.responseCode,
          durationMs: callbackAttempts.durationMs,
          responseExcerpt: callbackAttempts.responseExcerpt,
          error: callbackAttempts.error,
        })
        .from(callbackAttempts)
        .where(inArray(callbackAttempts.callbackId, [...callbackIds]))
        .orderBy(asc(callbackAttempts.attemptedAt), asc(callbackAttempts.id));

export const findCallback = async (db: Database, callbackId: number) => {
  const [callback] = await db.select().from(callbacks).where(eq(callbacks.id, callbackId));
  return callback;
};

/** Locks a delivery's row until the transaction ends: resends of one delivery take turns. */
export const lockCallbackRow = (tx: Database, callbackId: number) =>
  tx.select({ id: callbacks.id }).from(callbacks).where(eq(callbacks.id, callbackId)).for('update');

/** The newest resend of a first delivery that is still PENDING, or undefined. */
export const findPendingResend = async (tx: Database, firstDeliveryId: number) => {
  const [pending] = await tx
    .select()
    .from(callbacks)
    .where(and(eq(callbacks.resendOf, firstDeliveryId), eq(callbacks.status, 'PENDING')))
    .orderBy(desc(callbacks.id))
    .limit(1);
  return pending;
};

/** The deliveries' next attempts are due now (database clock). */
export const makeCallbacksDueNow = (tx: Database, callbackIds: number[]) =>
  tx.update(callbacks).set({ nextAttemptAt: sql`now()` }).where(inArray(callbacks.id, callbackIds));

/** The PENDING deliveries of an event type to an endpoint, oldest first. */
export const pendingDeliveriesTo = (tx: Database, endpointId: number, type: string) =>
  tx
    .select({ id: callbacks.id, eventId: callbacks.eventId })
    .from(callbacks)
    .innerJoin(webhookEvents, eq(webhookEvents.id, callbacks.eventId))
    .where(
      and(
        eq(callbacks.endpointId, endpointId),
        eq(callbacks.status, 'PENDING'),
        eq(webhookEvents.type, type),
      ),
    )
    .orderBy(asc(callbacks.id));

/**
 * Holds an endpoint's row as queueing a delivery to it does (its foreign key's lock), before any
 * delivery row is locked: the order an endpoint's delete takes them in (the endpoint, then its
 * deliveries), so the two wait for each other instead of deadlocking.
 */
export const holdEndpointRow = (tx: Database, endpointId: number) =>
  tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .for('key share');

/** Ends the pending deliveries to an endpoint that is going away. */
export const failPendingDeliveries = (tx: Database, endpointId: number, reason: string) =>
  tx
    .update(callbacks)
    .set({ status: 'FAILED', lastError: reason, claimedUntil: null })
    .where(and(eq(callbacks.endpointId, endpointId), eq(callbacks.status, 'PENDING')));

// --- Recovering an endpoint's failed deliveries -------------------------------------------------

/**
 * Original deliveries to an endpoint made at or after `since` that failed and were not received
 * since: no resend of them was SENT or waits (PENDING). Oldest first, locked, at most `limit`.
 */
export const lockUnreceivedDeliveries = (
  tx: Database,
  { endpointId, since, limit }: { endpointId: number; since: Date; limit: number },
) => {
  const resends = alias(callbacks, 'resends');
  return tx
    .select()
    .from(callbacks)
    .where(
      and(
        eq(callbacks.endpointId, endpointId),
        isNull(callbacks.resendOf),
        eq(callbacks.status, 'FAILED'),
        gte(callbacks.createDate, since),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(resends)
            // The outer row written out by hand: Drizzle leaves a one-table select's columns
            // unqualified, which would bind them to the alias.
            .where(
              and(
                sql`${resends.resendOf} = "callbacks"."id"`,
                inArray(resends.status, ['SENT', 'PENDING']),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(callbacks.createDate), asc(callbacks.id))
    .limit(limit)
    .for('update', { of: callbacks });
};

/** Makes due now every delivery to the endpoint waiting for a later retry; answers how many. */
export const makeWaitingDeliveriesDueNow = async (tx: Database, endpointId: number) => {
  const made = await tx
    .update(callbacks)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(callbacks.endpointId, endpointId),
        eq(callbacks.status, 'PENDING'),
        gt(callbacks.nextAttemptAt, sql`now()`),
      ),
    )
    .returning({ id: callbacks.id });
  return made.length;
};
