import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { balanceMovements, currencies, merchantBalances } from '../../db/schema.ts';

/** A merchant's balances, one per currency it has moved money in, by currency code. */
export const findMerchantBalances = (db: Database, merchantId: number) =>
  db
    .select({
      currencyCode: currencies.code,
      available: merchantBalances.available,
      reserved: merchantBalances.reserved,
      updatedAt: merchantBalances.updatedAt,
    })
    .from(merchantBalances)
    .innerJoin(currencies, eq(currencies.id, merchantBalances.currencyId))
    .where(eq(merchantBalances.merchantId, merchantId))
    .orderBy(asc(currencies.code));

export type MerchantBalanceRow = Awaited<ReturnType<typeof findMerchantBalances>>[number];

/** Whether a ledger row is the merchant's: a cursor must name one of its own. */
export const isMerchantBalanceTransaction = async (
  db: Database,
  merchantId: number,
  id: number,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: balanceMovements.id })
    .from(balanceMovements)
    .where(and(eq(balanceMovements.id, id), eq(balanceMovements.merchantId, merchantId)));
  return row !== undefined;
};
