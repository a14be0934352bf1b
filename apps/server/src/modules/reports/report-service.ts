import { formatReportPeriodDate, hasPermission } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { notFoundError } from '../../service-errors.ts';
import {
  type AuthenticatedPerson,
  type MerchantScope,
  merchantScopeOf,
  scopeAllows,
} from '../auth/auth-entry.ts';
import { type InvoiceListQuery, invoiceListConditions } from '../invoices/invoices-entry.ts';
import type { CsvText } from './csv-download.ts';
import { type InvoiceCsvOptions, invoiceCsvHeaders } from './invoice-csv-export.ts';
import { readingAhead } from './read-ahead-pages.ts';
import { parseReportPeriod, type ReportPeriod } from './report-period-service.ts';
import {
  type BalanceStatementRow,
  balanceStatementIdRange,
  balanceStatementPage,
  completedInvoicesPerDay,
  completedTotalsPerTerminal,
  findCurrency,
  findProvider,
  findTerminal,
  findTerminalPool,
  invoiceCsvRecordsWhere,
  providerInvoiceTotals,
  settlementsPerDay,
  settlementsPerTerminal,
  terminalsOfPool,
  transactionCsvRecords,
} from './report-repository.ts';

/**
 * The reports of SPEC §7 and §9: who may see which merchants' figures, the period (see
 * report-period-service.ts), what must exist, and the figures themselves. The routes write them.
 */

/** Invoices.csv or the transactions report: its header and its records, written by the database. */
export interface CsvExport {
  headers: string[];
  records: AsyncIterable<CsvText>;
}

/** Holders of invoice.provider.read only see the Provider Invoice ID column. */
const invoiceCsvOptionsFor = (person: AuthenticatedPerson): InvoiceCsvOptions => ({
  withProviderInvoiceId: hasPermission(person, 'invoice.provider.read'),
});

const dayKey = (date: Date | string) => formatReportPeriodDate(new Date(date));

/** Another merchant's terminal answers like a missing one. */
const requireTerminalInScope = async (db: Database, scope: MerchantScope, terminalId: number) => {
  const terminal = await findTerminal(db, terminalId);
  if (!terminal || !scopeAllows(scope, terminal.merchantId)) {
    throw notFoundError('Terminal not found');
  }
  return terminal;
};

/** The currency a report or the balance movements are of; 404 when unknown. */
export const requireCurrency = async (db: Database, currencyId: number) => {
  const currency = await findCurrency(db, currencyId);
  if (!currency) throw notFoundError('Currency not found');
  return currency;
};

/** Invoices.csv: the invoice list's filters within the caller's merchants. */
export const invoicesCsv = async (
  db: Database,
  person: AuthenticatedPerson,
  query: Omit<InvoiceListQuery, 'page' | 'size'>,
): Promise<CsvExport> => {
  const scope = merchantScopeOf(person, query.merchantId);
  const conditions = await invoiceListConditions(db, scope, query);
  const options = invoiceCsvOptionsFor(person);
  return {
    headers: invoiceCsvHeaders(options),
    records: invoiceCsvRecordsWhere(db, conditions, options),
  };
};

export interface ReportQuery {
  periodStart: string;
  periodEnd: string;
  merchantId?: number;
}

/** The transactions report: invoices created in the period, of one terminal when asked. */
export const transactionsReport = async (
  db: Database,
  person: AuthenticatedPerson,
  { periodStart, periodEnd, terminalId, merchantId }: ReportQuery & { terminalId?: number },
): Promise<CsvExport & { period: ReportPeriod }> => {
  const period = parseReportPeriod(periodStart, periodEnd);
  const scope = merchantScopeOf(person, merchantId);
  if (terminalId !== undefined) await requireTerminalInScope(db, scope, terminalId);
  const options = invoiceCsvOptionsFor(person);
  return {
    period,
    headers: invoiceCsvHeaders(options),
    records: transactionCsvRecords(db, { scope, period, terminalId }, options),
  };
};

export interface BalanceDay {
  key: string;
  depositCount: number;
  deposits: bigint;
  withdrawalCount: number;
  withdrawals: bigint;
  fees: bigint;
  settled: bigint;
  net: bigint;
}

/** The query of the reports over one currency: Balance and the balance statement behind it. */
export type CurrencyReportQuery = ReportQuery & { currencyId: number; terminalId?: number };

/**
 * What the reports over one currency check and read by: the period, the currency (404 when
 * unknown) and the caller's merchants, of one of their terminals when asked (another merchant's
 * answers like a missing one).
 */
const currencyReportOf = async (
  db: Database,
  person: AuthenticatedPerson,
  { periodStart, periodEnd, currencyId, terminalId, merchantId }: CurrencyReportQuery,
) => {
  const period = parseReportPeriod(periodStart, periodEnd);
  const scope = merchantScopeOf(person, merchantId);
  const currency = await requireCurrency(db, currencyId);
  if (terminalId !== undefined) await requireTerminalInScope(db, scope, terminalId);
  return {
    period,
    currency: { code: currency.code.trim(), dimension: currency.dimension },
    filter: { scope, currencyId, period, terminalId },
  };
};

/**
 * The balance report: per day of the period, what completed deposits and withdrawals did that day
 * (from the balance ledger, decision 0028: a reversal shows on its own day), their fees and the
 * settlements; net is deposits less withdrawals, fees and settlements.
 */
export const balanceReport = async (
  db: Database,
  person: AuthenticatedPerson,
  query: CurrencyReportQuery,
): Promise<{
  period: ReportPeriod;
  currency: { code: string; dimension: number };
  days: BalanceDay[];
}> => {
  const { period, currency, filter } = await currencyReportOf(db, person, query);
  const movements = await completedInvoicesPerDay(db, filter);
  const settled = await settlementsPerDay(db, filter);

  const days = period.days.map((date) => {
    const key = dayKey(date);
    const of = (flow: 'DEPOSIT' | 'WITHDRAWAL') =>
      movements.find((row) => row.day === key && row.flowType === flow);
    const deposits = of('DEPOSIT');
    const withdrawals = of('WITHDRAWAL');
    const fees = BigInt(deposits?.fees ?? '0') + BigInt(withdrawals?.fees ?? '0');
    const settledSum = BigInt(settled.find((row) => row.day === key)?.sum ?? '0');
    const net = BigInt(deposits?.sum ?? '0') - BigInt(withdrawals?.sum ?? '0') - fees - settledSum;
    return {
      key,
      depositCount: deposits?.count ?? 0,
      deposits: BigInt(deposits?.sum ?? '0'),
      withdrawalCount: withdrawals?.count ?? 0,
      withdrawals: BigInt(withdrawals?.sum ?? '0'),
      fees,
      settled: settledSum,
      net,
    };
  });
  return { period, currency, days };
};

/** Ledger rows per query of the balance statement: about half a megabyte of rows at a time. */
export const BALANCE_STATEMENT_PAGE_SIZE = 2_000;

/**
 * Every ledger row of a filter, page by page in id order: keyset on the id within the ids the
 * period spans (balanceStatementIdRange), so each page costs the same however long the balance's
 * history; the next page is read while the current one is being sent, and nothing further is
 * read until the consumer has taken it.
 */
async function* balanceStatementRows(
  db: Database,
  filter: Parameters<typeof balanceStatementPage>[1],
  pageSize: number,
): AsyncGenerator<BalanceStatementRow> {
  const range = await balanceStatementIdRange(db, filter);
  if (!range) return;
  // Async, so each page is one promise (readingAhead).
  const pageAfter = async (afterId: number) =>
    balanceStatementPage(db, filter, { afterId, lastId: range.last }, pageSize);
  yield* readingAhead(
    pageAfter(range.first - 1),
    (page) => {
      const last = page.at(-1);
      return page.length === pageSize && last ? pageAfter(last.id) : null;
    },
    (page) => page,
  );
}

/**
 * The balance statement (decision 0029): every change of the balances in one currency within the
 * period, as the ledger recorded it (decision 0028), of one terminal when asked. Rows are read as
 * they are sent.
 */
export const balanceStatement = async (
  db: Database,
  person: AuthenticatedPerson,
  query: CurrencyReportQuery,
  pageSize = BALANCE_STATEMENT_PAGE_SIZE,
): Promise<{
  period: ReportPeriod;
  currency: { code: string; dimension: number };
  rows: AsyncGenerator<BalanceStatementRow>;
}> => {
  const { period, currency, filter } = await currencyReportOf(db, person, query);
  return { period, currency, rows: balanceStatementRows(db, filter, pageSize) };
};

/** The provider report: invoices served by one provider's accounts, per day, method, flow and status. */
export const providerReport = async (
  db: Database,
  person: AuthenticatedPerson,
  {
    periodStart,
    periodEnd,
    currencyId,
    providerId,
    merchantId,
  }: ReportQuery & { currencyId: number; providerId: number },
) => {
  const period = parseReportPeriod(periodStart, periodEnd);
  const scope = merchantScopeOf(person, merchantId);
  const currency = await requireCurrency(db, currencyId);
  const provider = await findProvider(db, providerId);
  if (!provider) throw notFoundError('Provider not found');
  const rows = await providerInvoiceTotals(db, { scope, providerId, currencyId, period });
  return {
    period,
    providerName: provider.name,
    currency: { code: currency.code.trim(), dimension: currency.dimension },
    rows,
  };
};

/** The terminal pool balance: per terminal of the pool within the caller's merchants. */
export const poolBalanceReport = async (
  db: Database,
  person: AuthenticatedPerson,
  { periodStart, periodEnd, terminalPoolId, merchantId }: ReportQuery & { terminalPoolId: number },
) => {
  const period = parseReportPeriod(periodStart, periodEnd);
  const scope = merchantScopeOf(person, merchantId);
  const pool = await findTerminalPool(db, terminalPoolId);
  if (!pool) throw notFoundError('Terminal pool not found');
  const poolTerminals = await terminalsOfPool(db, terminalPoolId, scope);
  const ids = poolTerminals.map(({ id }) => id);
  const totals = await completedTotalsPerTerminal(db, ids, period);
  const settledRows = await settlementsPerTerminal(db, ids, period);
  const rows = poolTerminals.map((terminal) => {
    const total = totals.find((row) => row.terminalId === terminal.id);
    const settled = BigInt(settledRows.find((row) => row.terminalId === terminal.id)?.sum ?? '0');
    const deposits = BigInt(total?.deposits ?? '0');
    const withdrawals = BigInt(total?.withdrawals ?? '0');
    const fees = BigInt(total?.fees ?? '0');
    return {
      terminal,
      deposits,
      withdrawals,
      fees,
      settled,
      net: deposits - withdrawals - fees - settled,
    };
  });
  return { period, poolName: pool.name, rows };
};
