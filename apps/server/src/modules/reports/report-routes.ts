import { formatMinorUnits, formatReportPeriodDate, hasPermission } from '@paygate/domain';
import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import {
  currencies,
  invoices,
  paymentMethods,
  peopleAccounts,
  providers,
  settlements,
  terminalPools,
  terminals,
} from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { notFound } from '../../http/http-errors.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import type { AuthenticatedPerson } from '../auth/authenticated-person.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import {
  type MerchantScope,
  merchantIdQueryProperty,
  merchantScopeOf,
  scopeAllows,
} from '../auth/merchant-scope.ts';
import {
  type InvoiceListQuery,
  invoiceFilterProperties,
  invoiceListConditions,
} from '../invoices/invoice-list-filters.ts';
import { movedMoney } from '../invoices/money-movement.ts';
import { sendCsv, sendCsvText } from './csv-download.ts';
import { invoiceCsvHeaders, invoiceCsvPages } from './invoice-csv-export.ts';
import { parseReportPeriod, periodQueryProperties } from './report-period.ts';

/** The download names of SPEC §7 and §9. */
export const REPORT_FILE_NAMES = {
  invoices: 'Invoices.csv',
  balance: (period: string) => `Balance_${period}.csv`,
  transactions: (period: string) => `Transactions_${period}.csv`,
  provider: (period: string) => `Provider_${period}.csv`,
  poolBalance: (period: string) => `Terminal_Pool_Balance_${period}.csv`,
} as const;

const csvResponses = {
  200: { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
  400: errorResponseSchema,
  404: errorResponseSchema,
} as const;

const money = (minor: bigint, dimension: number) => formatMinorUnits(minor, dimension);

const invoiceCsvOptionsFor = (person: AuthenticatedPerson) => ({
  withProviderInvoiceId: hasPermission(person, 'invoice.provider.read'),
});

const scopeOn = (
  scope: MerchantScope,
  column: typeof invoices.merchantId | typeof terminals.merchantId | typeof settlements.merchantId,
): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(column, scope.ids.length > 0 ? scope.ids : [-1]);

/** The dashboard's rule: deposits once DONE, payouts once paid. */
const completed = movedMoney;

async function* fromArray<Row>(rows: Row[]): AsyncGenerator<Row> {
  yield* rows;
}

const dayKey = (date: Date | string) => formatReportPeriodDate(new Date(date));

/** GET /api/v1/invoice/csv and the four CSV reports of SPEC §7. */
export const reportRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  const terminalInScope = async (scope: MerchantScope, terminalId: number) => {
    const [terminal] = await db.select().from(terminals).where(eq(terminals.id, terminalId));
    if (!terminal || !scopeAllows(scope, terminal.merchantId)) throw notFound('Terminal not found');
    return terminal;
  };

  const currencyById = async (currencyId: number) => {
    const [currency] = await db.select().from(currencies).where(eq(currencies.id, currencyId));
    if (!currency) throw notFound('Currency not found');
    return currency;
  };

  app.get<{ Querystring: Omit<InvoiceListQuery, 'page' | 'size'> }>(
    '/api/v1/invoice/csv',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['reports'],
        summary: 'Invoices.csv with the same filters as the list, streamed',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: invoiceFilterProperties,
        },
        response: csvResponses,
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const scope = merchantScopeOf(person, request.query.merchantId);
      const where = and(...(await invoiceListConditions(db, scope, request.query)));
      const options = invoiceCsvOptionsFor(person);
      return sendCsvText(
        reply,
        REPORT_FILE_NAMES.invoices,
        invoiceCsvHeaders(options),
        invoiceCsvPages(db, where, options),
      );
    },
  );

  app.get<{
    Querystring: {
      periodStart: string;
      periodEnd: string;
      terminalId?: number;
      merchantId?: number;
    };
  }>(
    '/api/v1/report/invoice',
    {
      config: { access: { permissions: ['report.read.invoice'] } },
      schema: {
        tags: ['reports'],
        summary: 'Transactions report: invoices created in the period',
        querystring: {
          type: 'object',
          required: ['periodStart', 'periodEnd'],
          additionalProperties: false,
          properties: {
            ...periodQueryProperties,
            ...merchantIdQueryProperty,
            terminalId: recordIdSchema,
          },
        },
        response: csvResponses,
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const { periodStart, periodEnd, terminalId, merchantId } = request.query;
      const period = parseReportPeriod(periodStart, periodEnd);
      const scope = merchantScopeOf(person, merchantId);
      if (terminalId !== undefined) await terminalInScope(scope, terminalId);
      const where = and(
        scopeOn(scope, invoices.merchantId),
        gte(invoices.createdAt, period.start),
        lt(invoices.createdAt, period.end),
        terminalId === undefined ? undefined : eq(invoices.terminalId, terminalId),
      );
      const options = invoiceCsvOptionsFor(person);
      return sendCsvText(
        reply,
        REPORT_FILE_NAMES.transactions(period.label),
        invoiceCsvHeaders(options),
        invoiceCsvPages(db, where, options),
      );
    },
  );

  app.get<{
    Querystring: {
      periodStart: string;
      periodEnd: string;
      currencyId: number;
      terminalId?: number;
      merchantId?: number;
    };
  }>(
    '/api/v1/report/balance',
    {
      config: { access: { permissions: ['report.read.balance'] } },
      schema: {
        tags: ['reports'],
        summary: 'Balance report: completed deposits, withdrawals, fees and settlements per day',
        querystring: {
          type: 'object',
          required: ['periodStart', 'periodEnd', 'currencyId'],
          additionalProperties: false,
          properties: {
            ...periodQueryProperties,
            ...merchantIdQueryProperty,
            currencyId: recordIdSchema,
            terminalId: recordIdSchema,
          },
        },
        response: csvResponses,
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const { periodStart, periodEnd, currencyId, terminalId, merchantId } = request.query;
      const period = parseReportPeriod(periodStart, periodEnd);
      const scope = merchantScopeOf(person, merchantId);
      const currency = await currencyById(currencyId);
      if (terminalId !== undefined) await terminalInScope(scope, terminalId);
      const day = sql<string>`to_char(${invoices.statusDate} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      const movements = await db
        .select({
          day,
          flowType: invoices.flowType,
          sum: sql<string>`sum(${invoices.amount})`,
          fees: sql<string>`sum(${invoices.fee})`,
          count: sql<number>`count(*)::int`,
        })
        .from(invoices)
        .where(
          and(
            scopeOn(scope, invoices.merchantId),
            completed,
            eq(invoices.currencyId, currencyId),
            gte(invoices.statusDate, period.start),
            lt(invoices.statusDate, period.end),
            terminalId === undefined ? undefined : eq(invoices.terminalId, terminalId),
          ),
        )
        .groupBy(day, invoices.flowType);
      const settlementDay = sql<string>`to_char(${settlements.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      const settled = await db
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

      const rows = period.days.map((date) => {
        const key = dayKey(date);
        const of = (flow: 'DEPOSIT' | 'WITHDRAWAL') =>
          movements.find((row) => row.day === key && row.flowType === flow);
        const deposits = of('DEPOSIT');
        const withdrawals = of('WITHDRAWAL');
        const fees = BigInt(deposits?.fees ?? '0') + BigInt(withdrawals?.fees ?? '0');
        const settledSum = BigInt(settled.find((row) => row.day === key)?.sum ?? '0');
        const net =
          BigInt(deposits?.sum ?? '0') - BigInt(withdrawals?.sum ?? '0') - fees - settledSum;
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
      const dimension = currency.dimension;
      const code = currency.code.trim();
      return sendCsv(
        reply,
        REPORT_FILE_NAMES.balance(period.label),
        [
          { header: 'Date', kind: 'date', value: (row) => row.key },
          { header: 'Currency', kind: 'code', value: () => code },
          { header: 'Deposits', kind: 'number', value: (row) => row.depositCount },
          { header: 'Deposit sum', kind: 'number', value: (row) => money(row.deposits, dimension) },
          { header: 'Withdrawals', kind: 'number', value: (row) => row.withdrawalCount },
          {
            header: 'Withdrawal sum',
            kind: 'number',
            value: (row) => money(row.withdrawals, dimension),
          },
          { header: 'Fees', kind: 'number', value: (row) => money(row.fees, dimension) },
          { header: 'Settlements', kind: 'number', value: (row) => money(row.settled, dimension) },
          { header: 'Net', kind: 'number', value: (row) => money(row.net, dimension) },
        ],
        fromArray(rows),
      );
    },
  );

  app.get<{
    Querystring: {
      periodStart: string;
      periodEnd: string;
      currencyId: number;
      providerId: number;
      merchantId?: number;
    };
  }>(
    '/api/v1/report/provider',
    {
      config: { access: { permissions: ['report.read.provider'] } },
      schema: {
        tags: ['reports'],
        summary:
          'Provider report: invoices served by one provider’s accounts, per day, method, flow and status',
        querystring: {
          type: 'object',
          required: ['periodStart', 'periodEnd', 'currencyId', 'providerId'],
          additionalProperties: false,
          properties: {
            ...periodQueryProperties,
            ...merchantIdQueryProperty,
            currencyId: recordIdSchema,
            providerId: recordIdSchema,
          },
        },
        response: csvResponses,
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const { periodStart, periodEnd, currencyId, providerId, merchantId } = request.query;
      const period = parseReportPeriod(periodStart, periodEnd);
      const scope = merchantScopeOf(person, merchantId);
      const currency = await currencyById(currencyId);
      const [provider] = await db.select().from(providers).where(eq(providers.id, providerId));
      if (!provider) throw notFound('Provider not found');
      const day = sql<string>`to_char(${invoices.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
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
      const code = currency.code.trim();
      return sendCsv(
        reply,
        REPORT_FILE_NAMES.provider(period.label),
        [
          { header: 'Date', kind: 'date', value: (row) => row.day },
          { header: 'Provider', kind: 'text', value: () => provider.name },
          { header: 'Payment method', kind: 'text', value: (row) => row.method },
          { header: 'Flow type', kind: 'code', value: (row) => row.flowType },
          { header: 'Status', kind: 'code', value: (row) => row.status },
          { header: 'Count', kind: 'number', value: (row) => row.count },
          {
            header: 'Sum',
            kind: 'number',
            value: (row) => money(BigInt(row.sum), currency.dimension),
          },
          { header: 'Currency', kind: 'code', value: () => code },
        ],
        fromArray(rows),
      );
    },
  );

  app.get<{
    Querystring: {
      periodStart: string;
      periodEnd: string;
      terminalPoolId: number;
      merchantId?: number;
    };
  }>(
    '/api/v1/report/pool/balance',
    {
      config: { access: { permissions: ['report.read.pool.balance'] } },
      schema: {
        tags: ['reports'],
        summary: 'Terminal pool balance: per terminal of the pool over the period',
        querystring: {
          type: 'object',
          required: ['periodStart', 'periodEnd', 'terminalPoolId'],
          additionalProperties: false,
          properties: {
            ...periodQueryProperties,
            ...merchantIdQueryProperty,
            terminalPoolId: recordIdSchema,
          },
        },
        response: csvResponses,
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const { periodStart, periodEnd, terminalPoolId, merchantId } = request.query;
      const period = parseReportPeriod(periodStart, periodEnd);
      const scope = merchantScopeOf(person, merchantId);
      const [pool] = await db
        .select()
        .from(terminalPools)
        .where(eq(terminalPools.id, terminalPoolId));
      if (!pool) throw notFound('Terminal pool not found');
      const poolTerminals = await db
        .select({
          id: terminals.id,
          name: terminals.name,
          code: currencies.code,
          dimension: currencies.dimension,
        })
        .from(terminals)
        .innerJoin(currencies, eq(currencies.id, terminals.currencyId))
        .where(
          and(eq(terminals.terminalPoolId, terminalPoolId), scopeOn(scope, terminals.merchantId)),
        )
        .orderBy(asc(terminals.id));
      const ids = poolTerminals.map(({ id }) => id);
      const totals =
        ids.length === 0
          ? []
          : await db
              .select({
                terminalId: invoices.terminalId,
                deposits: sql<string>`coalesce(sum(CASE WHEN ${invoices.flowType} = 'DEPOSIT' THEN ${invoices.amount} END), 0)`,
                withdrawals: sql<string>`coalesce(sum(CASE WHEN ${invoices.flowType} = 'WITHDRAWAL' THEN ${invoices.amount} END), 0)`,
                fees: sql<string>`coalesce(sum(${invoices.fee}), 0)`,
              })
              .from(invoices)
              .where(
                and(
                  inArray(invoices.terminalId, ids),
                  completed,
                  gte(invoices.statusDate, period.start),
                  lt(invoices.statusDate, period.end),
                ),
              )
              .groupBy(invoices.terminalId);
      const settledRows =
        ids.length === 0
          ? []
          : await db
              .select({
                terminalId: settlements.terminalId,
                sum: sql<string>`sum(${settlements.baseAmount})`,
              })
              .from(settlements)
              .where(
                and(
                  inArray(settlements.terminalId, ids),
                  gte(settlements.createdAt, period.start),
                  lt(settlements.createdAt, period.end),
                ),
              )
              .groupBy(settlements.terminalId);
      const rows = poolTerminals.map((terminal) => {
        const total = totals.find((row) => row.terminalId === terminal.id);
        const settled = BigInt(
          settledRows.find((row) => row.terminalId === terminal.id)?.sum ?? '0',
        );
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
      return sendCsv(
        reply,
        REPORT_FILE_NAMES.poolBalance(period.label),
        [
          { header: 'Pool', kind: 'text', value: () => pool.name },
          { header: 'Terminal ID', kind: 'number', value: (row) => row.terminal.id },
          { header: 'Terminal', kind: 'text', value: (row) => row.terminal.name },
          { header: 'Currency', kind: 'code', value: (row) => row.terminal.code.trim() },
          {
            header: 'Deposits',
            kind: 'number',
            value: (row) => money(row.deposits, row.terminal.dimension),
          },
          {
            header: 'Withdrawals',
            kind: 'number',
            value: (row) => money(row.withdrawals, row.terminal.dimension),
          },
          {
            header: 'Fees',
            kind: 'number',
            value: (row) => money(row.fees, row.terminal.dimension),
          },
          {
            header: 'Settlements',
            kind: 'number',
            value: (row) => money(row.settled, row.terminal.dimension),
          },
          {
            header: 'Balance',
            kind: 'number',
            value: (row) => money(row.net, row.terminal.dimension),
          },
        ],
        fromArray(rows),
      );
    },
  );
};
