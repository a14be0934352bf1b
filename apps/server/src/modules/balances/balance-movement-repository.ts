import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { balanceMovements, currencies, invoices, people } from '../../db/schema.ts';
import { balanceMovementFields, ledgerPage } from './balance-movement-fields.ts';

/** Which ledger rows of one merchant a page holds; every filter narrows it. */
export interface BalanceMovementPageFilter {
  merchantId: number;
  /** Only this balance (the merchant's money in this currency). */
  currencyId?: number;
  /** Only the rows this invoice caused. */
  invoiceId?: string;
  /** Only rows before this one in the list's order (keyset pagination, no OFFSET). */
  beforeId?: number;
}

/**
 * One merchant's balance ledger rows (decision 0028), newest first by id, which is each
 * balance's own order: the merchant API's balance transactions and the back office's balance
 * movements (decision 0029) read their pages here. Walked from the cursor down the chain index
 * (one currency), `balance_movements_merchant_idx` (every currency) or the invoice index, never
 * a sort of every row. One row more than the page is read to tell whether another follows,
 * without counting. `changedBy` is the back-office person's username, for the back office only:
 * the merchant API does not present it.
 */
export const findBalanceMovementPage = async (
  db: Database,
  { merchantId, currencyId, invoiceId, beforeId }: BalanceMovementPageFilter,
  limit: number,
) => {
  const conditions: Array<SQL | undefined> = [
    eq(balanceMovements.merchantId, merchantId),
    currencyId === undefined ? undefined : eq(balanceMovements.currencyId, currencyId),
    invoiceId === undefined ? undefined : eq(balanceMovements.invoiceId, invoiceId),
    beforeId === undefined ? undefined : lt(balanceMovements.id, beforeId),
  ];
  const page = ledgerPage(db, and(...conditions), true, limit + 1);
  const rows = await db
    .select({
      ...balanceMovementFields(page),
      currencyCode: currencies.code,
      changedBy: people.username,
    })
    .from(page)
    .innerJoin(currencies, eq(currencies.id, page.currencyId))
    .leftJoin(invoices, eq(invoices.id, page.invoiceId))
    .leftJoin(people, eq(people.id, page.personId))
    .orderBy(desc(page.id));
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
};

export type BalanceMovementPageRow = Awaited<
  ReturnType<typeof findBalanceMovementPage>
>['rows'][number];
