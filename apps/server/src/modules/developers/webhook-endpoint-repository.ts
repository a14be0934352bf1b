import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { webhookEndpoints } from '../../db/schema.ts';

/** Merchants' webhook endpoints: SQL only. */

export type WebhookEndpointRecord = typeof webhookEndpoints.$inferSelect;

export const listWebhookEndpoints = (db: Database, merchantId: number) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.merchantId, merchantId))
    .orderBy(asc(webhookEndpoints.id));

export const findWebhookEndpoint = async (
  db: Database,
  endpointId: number,
): Promise<WebhookEndpointRecord | undefined> => {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  return endpoint;
};

export const countWebhookEndpoints = async (db: Database, merchantId: number) => {
  const [row] = await db
    .select({ count: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.merchantId, merchantId));
  return row?.count ?? 0;
};

export const insertWebhookEndpoint = async (
  tx: Database,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRecord> => {
  const [endpoint] = await tx.insert(webhookEndpoints).values(values).returning();
  if (!endpoint) throw new Error('webhook endpoint insert returned nothing');
  return endpoint;
};

export const updateWebhookEndpoint = async (
  tx: Database,
  endpointId: number,
  values: Partial<
    Pick<
      WebhookEndpointRecord,
      'url' | 'description' | 'eventTypes' | 'enabled' | 'disabledReason' | 'failingSince'
    >
  >,
): Promise<WebhookEndpointRecord | undefined> => {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return endpoint;
};

/**
 * Locks an endpoint's row until the transaction ends. It waits for the transactions that are
 * queueing deliveries to it (their foreign key holds a share lock on the row) to commit, so a
 * statement after it sees their deliveries.
 */
export const lockWebhookEndpointRow = (tx: Database, endpointId: number) =>
  tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
    .for('update');

export const deleteWebhookEndpointRow = (tx: Database, endpointId: number) =>
  tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
