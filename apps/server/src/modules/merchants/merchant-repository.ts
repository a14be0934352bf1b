import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { currencies, invoices, merchants, settlements, terminals } from '../../db/schema.ts';
import type { MerchantScope } from '../auth/auth-entry.ts';
import { movedMoney } from '../invoices/invoices-entry.ts';

/**
 * Merchants, and the dashboard's figures over their invoices and settlements: SQL only. Rules
 * and transactions are the services'; every function takes the database or the caller's
 * transaction.
 */

export type MerchantRecord = typeof merchants.$inferSelect;

export const findMerchant = async (
  db: Database,
  merchantId: number,
): Promise<MerchantRecord | undefined> => {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  return merchant;
};

/** A merchant's terminals (id and name), by id. */
export const terminalsOfMerchant = (db: Database, merchantId: number) =>
  db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(eq(terminals.merchantId, merchantId))
    .orderBy(asc(terminals.id));

/** The ids of one page of merchants, by id. */
export const selectMerchantIdPage = async (
  db: Database,
  { limit, offset }: { limit: number; offset: number },
): Promise<number[]> => {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .orderBy(asc(merchants.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ id }) => id);
};

export const countMerchants = async (db: Database): Promise<number> => {
  const [total] = await db.select({ count: count() }).from(merchants);
  return total?.count ?? 0;
};

/** Renames a merchant; false when there is no such merchant. */
export const updateMerchantName = async (
  tx: Database,
  merchantId: number,
  name: string,
): Promise<boolean> => {
  const updated = await tx
    .update(merchants)
    .set({ name })
    .where(eq(merchants.id, merchantId))
    .returning();
  return updated.length > 0;
};

export const insertMerchant = async (
  tx: Database,
  values: typeof merchants.$inferInsert,
): Promise<MerchantRecord> => {
  const [merchant] = await tx.insert(merchants).values(values).returning();
  if (!merchant) throw new Error('merchant insert returned nothing');
  return merchant;
};

/** The merchant a terminal belongs to, or undefined when there is no such terminal. */
export const findTerminalMerchantId = async (
  db: Database,
  terminalId: number,
): Promise<number | undefined> => {
  const [terminal] = await db.select().from(terminals).where(eq(terminals.id, terminalId));
  return terminal?.merchantId;
};

/** What the dashboard figures count: one terminal's, or the merchants' in scope. */
export type FiguresFilter = { terminalId: number } | { scope: MerchantScope };

const inScope = (
  scope: MerchantScope,
  column: typeof invoices.merchantId | typeof settlements.merchantId,
): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(column, scope.ids.length > 0 ? scope.ids : [-1]);

const invoiceFilter = (filter: FiguresFilter): SQL | undefined =>
  'terminalId' in filter
    ? eq(invoices.terminalId, filter.terminalId)
    : inScope(filter.scope, invoices.merchantId);

const settlementFilter = (filter: FiguresFilter): SQL | undefined =>
  'terminalId' in filter
    ? eq(settlements.terminalId, filter.terminalId)
    : inScope(filter.scope, settlements.merchantId);

/** Sum and count of the invoices of a flow that moved money, per currency. */
export const selectFlowTotals = (
  db: Database,
  filter: FiguresFilter,
  flowType: 'DEPOSIT' | 'WITHDRAWAL',
  testMode: boolean,
) =>
  db
    .select({
      sum: sql<string>`coalesce(sum(${invoices.amount}), 0)`,
      count: count(),
      code: currencies.code,
      dimension: currencies.dimension,
    })
    .from(invoices)
    .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
    .where(
      and(
        invoiceFilter(filter),
        eq(invoices.flowType, flowType),
        movedMoney,
        eq(invoices.isTestProcessing, testMode),
      ),
    )
    .groupBy(currencies.code, currencies.dimension)
    .orderBy(asc(currencies.code));

/**
 * The money that moved, per currency: deposits add their amount less the fee; withdrawals take
 * their amount plus the fee.
 */
export const selectMovements = (db: Database, filter: FiguresFilter, testMode: boolean) =>
  db
    .select({
      sum: sql<string>`coalesce(sum(CASE WHEN ${invoices.flowType} = 'DEPOSIT'
            THEN ${invoices.amount} - ${invoices.fee} ELSE -(${invoices.amount} + ${invoices.fee}) END), 0)`,
      code: currencies.code,
      dimension: currencies.dimension,
    })
    .from(invoices)
    .innerJoin(currencies, eq(currencies.id, invoices.currencyId))
    .where(and(invoiceFilter(filter), movedMoney, eq(invoices.isTestProcessing, testMode)))
    .groupBy(currencies.code, currencies.dimension)
    .orderBy(asc(currencies.code));

/** The settled base amounts, per currency of their terminals. */
export const selectSettled = (db: Database, filter: FiguresFilter) =>
  db
    .select({
      sum: sql<string>`coalesce(sum(${settlements.baseAmount}), 0)`,
      code: currencies.code,
      dimension: currencies.dimension,
    })
    .from(settlements)
    .innerJoin(terminals, eq(terminals.id, settlements.terminalId))
    .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
    .where(settlementFilter(filter))
    .groupBy(currencies.code, currencies.dimension)
    .orderBy(asc(currencies.code));
