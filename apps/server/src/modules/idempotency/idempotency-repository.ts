import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/** Idempotency keys (per merchant): SQL only (idempotency-service.ts). */

/**
 * Takes the transaction-scoped advisory lock of the name, without waiting: false when another
 * transaction holds it.
 */
export const tryTransactionLock = async (tx: Database, lockName: string): Promise<boolean> => {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${lockName}, 0)) AS locked`,
  );
  return Boolean(lock?.locked);
};

/** Inserts the merchant's key; undefined when the merchant has used the key already. */
export const insertIdempotencyKey = async (
  tx: Database,
  row: { merchantId: number; key: string; requestHash: string },
): Promise<number | undefined> => {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing({ target: [idempotencyKeys.merchantId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return claimed?.id;
};

export const findIdempotencyKey = async (tx: Database, merchantId: number, key: string) => {
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
  return existing;
};

/** Stores the answer given to the key's request. */
export const storeIdempotentResponse = async (
  tx: Database,
  id: number,
  response: { statusCode: number; body: unknown },
): Promise<void> => {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: response.statusCode, responseBody: response.body })
    .where(eq(idempotencyKeys.id, id));
};

/**
 * Deletes up to `batchSize` keys older than `retentionHours` (database clock), skipping rows
 * another transaction holds. Returns how many went.
 */
export const deleteExpiredIdempotencyKeys = async (
  db: Database,
  { batchSize, retentionHours }: { batchSize: number; retentionHours: number },
): Promise<number> => {
  const expired = db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(
      lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${retentionHours}::int)`),
    )
    .orderBy(asc(idempotencyKeys.createdAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(idempotencyKeys)
    .where(inArray(idempotencyKeys.id, expired))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
};
