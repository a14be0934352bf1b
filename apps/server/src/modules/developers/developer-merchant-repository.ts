import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { merchants } from '../../db/schema.ts';

/** Whether a merchant exists: SQL only. */
export const merchantExists = async (db: Database, merchantId: number): Promise<boolean> => {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return merchant !== undefined;
};

/**
 * Locks a merchant's row for the rest of the transaction: creates that count a merchant's keys
 * or endpoints first take it, so two at once cannot both pass the limit.
 */
export const lockMerchant = async (tx: Database, merchantId: number): Promise<void> => {
  await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .for('update');
};
