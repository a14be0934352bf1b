import { type BalancePosition, formatMinorUnits } from '@paygate/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, merchantBalances } from '../../db/schema.ts';
import { ServiceError } from '../../service-errors.ts';

/** Whose balance: a merchant's money in one currency. */
export interface BalanceKey {
  merchantId: number;
  currencyId: number;
}

/**
 * A payout or settlement the merchant's available balance does not cover: a service error of
 * kind `conflict` (409). The form turns it into a declined payout; back-office calls answer it as
 * it is.
 */
export class InsufficientBalanceError extends ServiceError {
  override name = 'InsufficientBalanceError';
  constructor(
    readonly available: bigint,
    readonly needed: bigint,
    message: string,
  ) {
    super('conflict', message);
  }
}

const describeAmount = async (db: Database, currencyId: number, minor: bigint) => {
  const [currency] = await db
    .select({ code: currencies.code, dimension: currencies.dimension })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency
    ? `${formatMinorUnits(minor, currency.dimension)} ${currency.code.trim()}`
    : `${minor} minor units`;
};

/**
 * Adds `change` to a merchant's balance inside the caller's transaction. With `requireCover` the
 * change is made only if `available` stays at or above zero, in one conditional UPDATE: the row
 * lock it takes makes concurrent payouts and settlements of one merchant and currency take turns,
 * and each sees what the one before it left. Throws InsufficientBalanceError (`what` names the
 * payout or settlement in its message) when it is not covered.
 */
export const changeMerchantBalance = async (
  tx: Database,
  key: BalanceKey,
  change: BalancePosition,
  { requireCover, what }: { requireCover: boolean; what: string },
): Promise<void> => {
  if (change.available === 0n && change.reserved === 0n) return;
  await tx.insert(merchantBalances).values(key).onConflictDoNothing();
  const [updated] = await tx
    .update(merchantBalances)
    .set({
      available: sql`${merchantBalances.available} + ${change.available}`,
      reserved: sql`${merchantBalances.reserved} + ${change.reserved}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(merchantBalances.merchantId, key.merchantId),
        eq(merchantBalances.currencyId, key.currencyId),
        requireCover ? sql`${merchantBalances.available} + ${change.available} >= 0` : undefined,
      ),
    )
    .returning({ available: merchantBalances.available });
  if (updated) return;
  const available = await readMerchantBalance(tx, key).then((balance) => balance.available);
  const needed = -change.available;
  throw new InsufficientBalanceError(
    available,
    needed,
    `The merchant's available balance of ${await describeAmount(tx, key.currencyId, available)} does not cover ${what} of ${await describeAmount(tx, key.currencyId, needed)}`,
  );
};

/** A merchant's balance in one currency; zero when nothing ever moved. */
export const readMerchantBalance = async (
  db: Database,
  key: BalanceKey,
): Promise<BalancePosition> => {
  const [row] = await db
    .select({ available: merchantBalances.available, reserved: merchantBalances.reserved })
    .from(merchantBalances)
    .where(
      and(
        eq(merchantBalances.merchantId, key.merchantId),
        eq(merchantBalances.currencyId, key.currencyId),
      ),
    );
  return row ?? { available: 0n, reserved: 0n };
};

/**
 * Every balance recomputed from the production invoices and the settlements, by the rule of
 * balancePosition (packages/domain/src/money/merchant-balance.ts) written in SQL; migration 0003
 * ran the same statement. For data written around the invoice changes (the demo seed, the
 * benchmark generator) and for checking that the kept balances never drift.
 */
export const merchantBalancesFromInvoicesSql = sql`
  SELECT merchant_id, currency_id,
         sum(available)::bigint AS available, sum(reserved)::bigint AS reserved
  FROM (
    SELECT merchant_id, currency_id,
      CASE
        WHEN flow_type = 'DEPOSIT' AND status = 'DONE' THEN amount - fee
        WHEN flow_type = 'WITHDRAWAL' AND status IN ('IN_PROGRESS', 'PAYED', 'DONE')
          THEN -(amount + fee)
        ELSE 0
      END AS available,
      CASE WHEN flow_type = 'WITHDRAWAL' AND status = 'IN_PROGRESS' THEN amount + fee ELSE 0 END
        AS reserved
    FROM invoices
    WHERE NOT is_test_processing
    UNION ALL
    SELECT s.merchant_id, t.currency_id, -s.base_amount, 0
    FROM settlements s JOIN terminals t ON t.id = s.terminal_id
  ) AS moves
  GROUP BY merchant_id, currency_id`;

export const rebuildMerchantBalances = async (db: Database): Promise<void> => {
  await db.execute(sql`
    INSERT INTO merchant_balances (merchant_id, currency_id, available, reserved)
    SELECT merchant_id, currency_id, available, reserved FROM (${merchantBalancesFromInvoicesSql}) AS computed
    ON CONFLICT (merchant_id, currency_id)
    DO UPDATE SET available = excluded.available, reserved = excluded.reserved, updated_at = now()`);
};
