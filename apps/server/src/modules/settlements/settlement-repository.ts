import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, invoices, settlements } from '../../db/schema.ts';
import { movedMoney } from '../invoices/invoices-entry.ts';

/**
 * Settlements and the terminal balance they are checked against: SQL only. The rules and the
 * transaction are settlement-service.ts's; every function takes the database or the caller's
 * transaction.
 */

/** A terminal's money in its currency's minor units. */
export interface TerminalBalance {
  /**
   * Confirmed (DONE) deposits less their fees, less withdrawals paid out (DONE, or PAYED: the
   * provider reported the payout) with their fees. Credit when confirmed, debit when paid.
   */
  completed: bigint;
  /** Withdrawals still under way (NEW, IN_PROGRESS) with their fees: promised, not yet paid. */
  pendingWithdrawals: bigint;
  /** Every settlement so far (base amounts). */
  settled: bigint;
  /** What may still be settled: completed − pending withdrawals − settled. */
  available: bigint;
}

/**
 * The balance a settlement is checked against. It follows the dashboard balance
 * (GET /api/v1/merchant/balance: deposits less fees, withdrawals plus fees, less settlements)
 * and is stricter in two ways, because a settlement pays real money out:
 * - test-processing invoices do not count: their status can be set by hand (SPEC §4), so they
 *   are no money at all;
 * - withdrawals under way are held back: they will be paid from this balance, and settling it
 *   first would leave them uncovered.
 * Only invoices in the terminal's own currency count. Call inside the transaction that locks
 * the terminal (lockVisibleTerminal) so two settlements cannot both spend the same balance.
 */
export const terminalBalance = async (
  db: Database,
  terminal: { id: number; currencyId: number },
): Promise<TerminalBalance> => {
  const [movements] = await db
    .select({
      // Money that moved (money-movement.ts): deposits credit less their fee, payouts debit
      // with theirs.
      completed: sql<string>`coalesce(sum(CASE WHEN ${invoices.flowType} = 'DEPOSIT'
          THEN ${invoices.amount} - ${invoices.fee}
          ELSE -(${invoices.amount} + ${invoices.fee}) END)
        FILTER (WHERE ${movedMoney}), 0)`,
      pendingWithdrawals: sql<string>`coalesce(sum(${invoices.amount} + ${invoices.fee})
        FILTER (WHERE ${invoices.flowType} = 'WITHDRAWAL'
          AND ${invoices.status} IN ('NEW', 'IN_PROGRESS')), 0)`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.terminalId, terminal.id),
        eq(invoices.currencyId, terminal.currencyId),
        eq(invoices.isTestProcessing, false),
      ),
    );
  const [settledRow] = await db
    .select({ sum: sql<string>`coalesce(sum(${settlements.baseAmount}), 0)` })
    .from(settlements)
    .where(eq(settlements.terminalId, terminal.id));
  const completed = BigInt(movements?.completed ?? '0');
  const pendingWithdrawals = BigInt(movements?.pendingWithdrawals ?? '0');
  const settled = BigInt(settledRow?.sum ?? '0');
  return {
    completed,
    pendingWithdrawals,
    settled,
    available: completed - pendingWithdrawals - settled,
  };
};

export type SettlementRecord = typeof settlements.$inferSelect;

/** The settlement of the id on the terminal, or undefined. */
export const findSettlement = async (db: Database, id: number, terminalId: number) => {
  const [found] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, id), eq(settlements.terminalId, terminalId)));
  return found;
};

/** The code and decimals of a currency, or undefined. */
export const findCurrency = async (db: Database, currencyId: number) => {
  const [currency] = await db
    .select({ code: currencies.code, dimension: currencies.dimension })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency;
};

export const insertSettlement = async (
  tx: Database,
  values: typeof settlements.$inferInsert,
): Promise<SettlementRecord> => {
  const [created] = await tx.insert(settlements).values(values).returning();
  if (!created) throw new Error('settlement insert returned nothing');
  return created;
};
