import {
  type AnyColumn,
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import {
  balanceMovements,
  currencies,
  invoices,
  merchants,
  paymentMethods,
  people,
  peopleAccounts,
  providers,
  settlements,
  terminalPools,
  terminals,
} from '../../db/schema.ts';
import type { MerchantScope } from '../auth/auth-entry.ts';
import { balanceMovementFields, ledgerPage } from '../balances/balances-entry.ts';
import { movedMoneyIn } from '../invoices/invoices-entry.ts';
import type { CsvText } from './csv-download.ts';
import { type InvoiceCsvOptions, invoiceCsvPages } from './invoice-csv-export.ts';

/**
 * The reports' SQL: reads only. Invoices.csv and the transactions report are written by the
 * database itself (invoice-csv-export.ts); report-service.ts assembles the other figures.
 */

/** Whole UTC days, end exclusive (report-period-service.ts). */
export interface PeriodBounds {
  start: Date;
  end: Date;
}

const scopeOn = (
  scope: MerchantScope,
  column:
    | typeof invoices.merchantId
    | typeof terminals.merchantId
    | typeof settlements.merchantId
    | typeof balanceMovements.merchantId,
): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(column, scope.ids.length > 0 ? scope.ids : [-1]);

/**
 * What one ledger row (balance_movements, decision 0028) did to the balance reports' figures, by
 * the dashboard's rule (movedMoneyIn): an invoice whose money starts to count adds one, its
 * amount and its fee; one that stops counting takes them off again; a corrected amount or fee of
 * a counted invoice moves the sums by the difference. Test payments never reach the ledger, as
 * they never reach the balances.
 */
const countedBefore = movedMoneyIn(balanceMovements.flowType, balanceMovements.fromStatus);
const countedAfter = movedMoneyIn(balanceMovements.flowType, balanceMovements.toStatus);
const countChange = sql<number>`(CASE WHEN ${countedAfter} THEN 1 ELSE 0 END) - (CASE WHEN ${countedBefore} THEN 1 ELSE 0 END)`;
const countedChangeOf = (before: AnyColumn, after: AnyColumn) =>
  sql`(CASE WHEN ${countedAfter} THEN ${after} ELSE 0 END) - (CASE WHEN ${countedBefore} THEN ${before} ELSE 0 END)`;
const amountChange = countedChangeOf(balanceMovements.amountBefore, balanceMovements.amountAfter);
const feeChange = countedChangeOf(balanceMovements.feeBefore, balanceMovements.feeAfter);
const isInvoiceMovement = eq(balanceMovements.kind, 'invoice');

export const findTerminal = async (db: Database, terminalId: number) => {
  const [terminal] = await db.select().from(terminals).where(eq(terminals.id, terminalId));
  return terminal;
};

export const findCurrency = async (db: Database, currencyId: number) => {
  const [currency] = await db.select().from(currencies).where(eq(currencies.id, currencyId));
  return currency;
};

export const findProvider = async (db: Database, providerId: number) => {
  const [provider] = await db.select().from(providers).where(eq(providers.id, providerId));
  return provider;
};

export const findTerminalPool = async (db: Database, terminalPoolId: number) => {
  const [pool] = await db.select().from(terminalPools).where(eq(terminalPools.id, terminalPoolId));
  return pool;
};

/** Invoices.csv records of the invoices meeting the list's conditions (invoice-list-filters.ts). */
export const invoiceCsvRecordsWhere = (
  db: Database,
  conditions: SQL[],
  options: InvoiceCsvOptions,
): AsyncGenerator<CsvText> => invoiceCsvPages(db, and(...conditions), options);

/** The transactions report's records: invoices created in the period, as in Invoices.csv. */
export const transactionCsvRecords = (
  db: Database,
  {
    scope,
    period,
    terminalId,
  }: { scope: MerchantScope; period: PeriodBounds; terminalId: number | undefined },
  options: InvoiceCsvOptions,
): AsyncGenerator<CsvText> =>
  invoiceCsvPages(
    db,
    and(
      scopeOn(scope, invoices.merchantId),
      gte(invoices.createdAt, period.start),
      lt(invoices.createdAt, period.end),
      terminalId === undefined ? undefined : eq(invoices.terminalId, terminalId),
    ),
    options,
  );

interface BalanceFilter {
  scope: MerchantScope;
  currencyId: number;
  period: PeriodBounds;
  terminalId: number | undefined;
}

/**
 * What invoices did to the balance per UTC day (of the ledger row) and flow type: the change of
 * the count of completed invoices, of their sum and of their fees (isInvoiceMovement above).
 */
export const completedInvoicesPerDay = (
  db: Database,
  { scope, currencyId, period, terminalId }: BalanceFilter,
) => {
  const day = sql<string>`to_char(${balanceMovements.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      flowType: balanceMovements.flowType,
      sum: sql<string>`sum(${amountChange})`,
      fees: sql<string>`sum(${feeChange})`,
      count: sql<number>`sum(${countChange})::int`,
    })
    .from(balanceMovements)
    .where(
      and(
        isInvoiceMovement,
        scopeOn(scope, balanceMovements.merchantId),
        eq(balanceMovements.currencyId, currencyId),
        gte(balanceMovements.createdAt, period.start),
        lt(balanceMovements.createdAt, period.end),
        terminalId === undefined ? undefined : eq(balanceMovements.terminalId, terminalId),
      ),
    )
    .groupBy(day, balanceMovements.flowType);
};

/** The conditions of the balance statement's rows (the scope's balances, one currency, the period). */
const balanceStatementConditions = ({ scope, currencyId, period, terminalId }: BalanceFilter) => [
  scopeOn(scope, balanceMovements.merchantId),
  eq(balanceMovements.currencyId, currencyId),
  gte(balanceMovements.createdAt, period.start),
  lt(balanceMovements.createdAt, period.end),
  terminalId === undefined ? undefined : eq(balanceMovements.terminalId, terminalId),
];

/**
 * The first and last ledger id of the balance statement's rows, found by time through the
 * balance or currency index, once: its pages then walk the ids between them (the chain index or
 * the primary key) instead of every row of the balance before the period, or after it. The
 * period's ids are gathered first (MATERIALIZED): asked for min(id) and max(id) directly,
 * PostgreSQL walks an id index from either end and filters by time, a second for 400,000 rows of
 * history against 4 ms this way (decision 0029).
 */
export const balanceStatementIdRange = async (db: Database, filter: BalanceFilter) => {
  const [range] = await queryRows<{ first: string | number | null; last: string | number | null }>(
    db,
    sql`WITH period AS MATERIALIZED (
          SELECT ${balanceMovements.id} AS id FROM ${balanceMovements}
          WHERE ${and(...balanceStatementConditions(filter))}
        )
        SELECT min(id) AS "first", max(id) AS "last" FROM period`,
  );
  return range?.first != null && range.last != null
    ? { first: Number(range.first), last: Number(range.last) }
    : null;
};

/**
 * One page of the balance statement: ledger rows (decision 0028) of the scope's balances in one
 * currency within the period, after `afterId` and up to `lastId`, in id order, which is each
 * balance's own order (rows are written under the balance row's lock), with what names them.
 */
export const balanceStatementPage = (
  db: Database,
  filter: BalanceFilter,
  { afterId, lastId }: { afterId: number; lastId: number },
  limit: number,
) => {
  const page = ledgerPage(
    db,
    and(
      ...balanceStatementConditions(filter),
      gt(balanceMovements.id, afterId),
      lte(balanceMovements.id, lastId),
    ),
    false,
    limit,
  );
  return db
    .select({
      ...balanceMovementFields(page),
      merchantName: merchants.name,
      terminalName: terminals.name,
      personName: people.username,
    })
    .from(page)
    .innerJoin(merchants, eq(merchants.id, page.merchantId))
    .leftJoin(terminals, eq(terminals.id, page.terminalId))
    .leftJoin(invoices, eq(invoices.id, page.invoiceId))
    .leftJoin(people, eq(people.id, page.personId))
    .orderBy(asc(page.id));
};

export type BalanceStatementRow = Awaited<ReturnType<typeof balanceStatementPage>>[number];

/** Settled base amounts per UTC day, of terminals in the currency. */
export const settlementsPerDay = (
  db: Database,
  { scope, currencyId, period, terminalId }: BalanceFilter,
) => {
  const settlementDay = sql<string>`to_char(${settlements.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day: settlementDay, sum: sql<string>`sum(${settlements.baseAmount})` })
    .from(settlements)
    .innerJoin(terminals, eq(terminals.id, settlements.terminalId))
    .where(
      and(
        scopeOn(scope, settlements.merchantId),
        eq(terminals.currencyId, currencyId),
        gte(settlements.createdAt, period.start),
        lt(settlements.createdAt, period.end),
        terminalId === undefined ? undefined : eq(settlements.terminalId, terminalId),
      ),
    )
    .groupBy(settlementDay);
};

/**
 * Invoices paid to one provider's people accounts, created in the period, per UTC day, payment
 * method, flow type and status, in that order.
 */
export const providerInvoiceTotals = (
  db: Database,
  {
    scope,
    providerId,
    currencyId,
    period,
  }: { scope: MerchantScope; providerId: number; currencyId: number; period: PeriodBounds },
) => {
  const day = sql<string>`to_char(${invoices.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      method: paymentMethods.name,
      flowType: invoices.flowType,
      status: invoices.status,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`sum(${invoices.amount})`,
    })
    .from(invoices)
    .innerJoin(peopleAccounts, eq(peopleAccounts.id, invoices.peopleAccountId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, peopleAccounts.paymentMethodId))
    .where(
      and(
        scopeOn(scope, invoices.merchantId),
        eq(peopleAccounts.providerId, providerId),
        eq(invoices.currencyId, currencyId),
        gte(invoices.createdAt, period.start),
        lt(invoices.createdAt, period.end),
      ),
    )
    .groupBy(day, paymentMethods.name, invoices.flowType, invoices.status)
    .orderBy(asc(day), asc(paymentMethods.name), asc(invoices.flowType), asc(invoices.status));
};

/** The pool's terminals within the scope, with their currency, by id. */
export const terminalsOfPool = (db: Database, terminalPoolId: number, scope: MerchantScope) =>
  db
    .select({
      id: terminals.id,
      name: terminals.name,
      code: currencies.code,
      dimension: currencies.dimension,
    })
    .from(terminals)
    .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
    .where(and(eq(terminals.terminalPoolId, terminalPoolId), scopeOn(scope, terminals.merchantId)))
    .orderBy(asc(terminals.id));

/** What invoices did to each terminal's completed deposits, withdrawals and fees over the period (the ledger). */
export const completedTotalsPerTerminal = async (
  db: Database,
  terminalIds: number[],
  period: PeriodBounds,
) =>
  terminalIds.length === 0
    ? []
    : db
        .select({
          terminalId: sql<number>`${balanceMovements.terminalId}`,
          deposits: sql<string>`coalesce(sum(CASE WHEN ${balanceMovements.flowType} = 'DEPOSIT' THEN ${amountChange} END), 0)`,
          withdrawals: sql<string>`coalesce(sum(CASE WHEN ${balanceMovements.flowType} = 'WITHDRAWAL' THEN ${amountChange} END), 0)`,
          fees: sql<string>`coalesce(sum(${feeChange}), 0)`,
        })
        .from(balanceMovements)
        .where(
          and(
            isInvoiceMovement,
            inArray(balanceMovements.terminalId, terminalIds),
            gte(balanceMovements.createdAt, period.start),
            lt(balanceMovements.createdAt, period.end),
          ),
        )
        .groupBy(balanceMovements.terminalId);

/** Settled base amounts per terminal over the period. */
export const settlementsPerTerminal = async (
  db: Database,
  terminalIds: number[],
  period: PeriodBounds,
) =>
  terminalIds.length === 0
    ? []
    : db
        .select({
          terminalId: settlements.terminalId,
          sum: sql<string>`sum(${settlements.baseAmount})`,
        })
        .from(settlements)
        .where(
          and(
            inArray(settlements.terminalId, terminalIds),
            gte(settlements.createdAt, period.start),
            lt(settlements.createdAt, period.end),
          ),
        )
        .groupBy(settlements.terminalId);
