import { formatDateTimeShort, formatMinorUnits } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { type CsvColumn, sendCsv } from './csv-download.ts';
import type { BalanceStatementRow } from './report-repository.ts';
import { csvResponses, currencyReportQuerySchema, REPORT_FILE_NAMES } from './report-schemas.ts';
import { balanceStatement, type CurrencyReportQuery } from './report-service.ts';

/** The statement's columns, in file order; amounts in the currency's own decimals. */
const statementColumns = (dimension: number): CsvColumn<BalanceStatementRow>[] => {
  const money = (minor: bigint | null) =>
    minor === null ? null : formatMinorUnits(minor, dimension);
  return [
    { header: 'Movement ID', kind: 'code', value: (row) => row.id },
    { header: 'Time (UTC)', kind: 'date', value: (row) => formatDateTimeShort(row.createdAt) },
    { header: 'Merchant', kind: 'text', value: (row) => row.merchantName },
    { header: 'Cause', kind: 'code', value: (row) => row.kind },
    { header: 'Terminal', kind: 'text', value: (row) => row.terminalName },
    { header: 'Invoice ID', kind: 'code', value: (row) => row.invoiceId },
    { header: 'Merchant Invoice ID', kind: 'text', value: (row) => row.merchantInvoiceId },
    { header: 'Settlement ID', kind: 'code', value: (row) => row.settlementId },
    { header: 'Flow type', kind: 'code', value: (row) => row.flowType },
    { header: 'Status before', kind: 'code', value: (row) => row.fromStatus },
    { header: 'Status after', kind: 'code', value: (row) => row.toStatus },
    { header: 'Amount before', kind: 'number', value: (row) => money(row.amountBefore) },
    { header: 'Amount after', kind: 'number', value: (row) => money(row.amountAfter) },
    { header: 'Fee before', kind: 'number', value: (row) => money(row.feeBefore) },
    { header: 'Fee after', kind: 'number', value: (row) => money(row.feeAfter) },
    { header: 'Available change', kind: 'number', value: (row) => money(row.availableChange) },
    { header: 'Reserved change', kind: 'number', value: (row) => money(row.reservedChange) },
    { header: 'Available after', kind: 'number', value: (row) => money(row.availableAfter) },
    { header: 'Reserved after', kind: 'number', value: (row) => money(row.reservedAfter) },
    { header: 'Changed by', kind: 'text', value: (row) => row.personName },
  ];
};

/** The statement's header record, in file order (the back office and tests read it). */
export const BALANCE_STATEMENT_HEADERS = statementColumns(2).map((column) => column.header);

/**
 * GET /api/v1/report/statement: Statement_{period}.csv, every change of the balances in one
 * currency within the period, one row per balance ledger row in its order (decision 0029). The
 * Balance report's permission: it is the detail behind that report's daily figures.
 */
export const balanceStatementRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: CurrencyReportQuery }>(
    '/api/v1/report/statement',
    {
      config: { access: { permissions: ['report.read.balance'] } },
      schema: {
        tags: ['reports'],
        operationId: 'getBalanceStatement',
        summary:
          'Balance statement: every change of the balances in one currency within the period, with its cause and the balance after it (the balance ledger), streamed',
        querystring: currencyReportQuerySchema,
        response: csvResponses,
      },
    },
    async (request, reply) => {
      const { period, currency, rows } = await balanceStatement(
        db,
        requirePerson(request.person),
        request.query,
      );
      return sendCsv(
        reply,
        REPORT_FILE_NAMES.statement(period.label),
        statementColumns(currency.dimension),
        rows,
      );
    },
  );
};
