import { and, asc, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { balanceMovements, currencies, invoices, merchantBalances } from '../../db/schema.ts';
import { balanceMovementFields } from '../balances/balances-entry.ts';

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

export interface BalanceTransactionFilter {
  currencyId?: number;
  invoiceId?: string;
  /** Only rows before this one in the list's order (keyset pagination, no OFFSET). */
  beforeId?: number;
}

/**
 * The merchant's balance ledger rows (decision 0028), newest first by id: each balance's own
 * order. Walked from the cursor down `balance_movements_merchant_idx` (or the chain index for one
 * currency, the invoice index for one invoice), never a sort of every row.
 */
export const findBalanceTransactionPage = (
  db: Database,
  merchantId: number,
  { currencyId, invoiceId, beforeId }: BalanceTransactionFilter,
  limit: number,
) => {
  const conditions: Array<SQL | undefined> = [
    eq(balanceMovements.merchantId, merchantId),
    currencyId === undefined ? undefined : eq(balanceMovements.currencyId, currencyId),
    invoiceId === undefined ? undefined : eq(balanceMovements.invoiceId, invoiceId),
    beforeId === undefined ? undefined : lt(balanceMovements.id, beforeId),
  ];
  return db
    .select({ ...balanceMovementFields, currencyCode: currencies.code })
    .from(balanceMovements)
    .innerJoin(currencies, eq(currencies.id, balanceMovements.currencyId))
    .leftJoin(invoices, eq(invoices.id, balanceMovements.invoiceId))
    .where(and(...conditions))
    .orderBy(desc(balanceMovements.id))
    .limit(limit);
};

export type BalanceTransactionRow = Awaited<ReturnType<typeof findBalanceTransactionPage>>[number];
