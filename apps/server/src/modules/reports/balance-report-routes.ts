import { formatMinorUnits } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { sendCsv } from './csv-download.ts';
import { csvResponses, currencyReportQuerySchema, REPORT_FILE_NAMES } from './report-schemas.ts';
import { balanceReport, type CurrencyReportQuery } from './report-service.ts';

/** GET /api/v1/report/balance: Balance_{period}.csv, one row per day (SPEC §7). */
export const balanceReportRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: CurrencyReportQuery }>(
    '/api/v1/report/balance',
    {
      config: { access: { permissions: ['report.read.balance'] } },
      schema: {
        tags: ['reports'],
        operationId: 'getBalanceReport',
        summary:
          'Balance report: what completed deposits, withdrawals, fees and settlements moved per day (the balance ledger)',
        querystring: currencyReportQuerySchema,
        response: csvResponses,
      },
    },
    async (request, reply) => {
      const { period, currency, days } = await balanceReport(
        db,
        requirePerson(request.person),
        request.query,
      );
      const money = (minor: bigint) => formatMinorUnits(minor, currency.dimension);
      return sendCsv(
        reply,
        REPORT_FILE_NAMES.balance(period.label),
        [
          { header: 'Date', kind: 'date', value: (row) => row.key },
          { header: 'Currency', kind: 'code', value: () => currency.code },
          { header: 'Deposits', kind: 'number', value: (row) => row.depositCount },
          { header: 'Deposit sum', kind: 'number', value: (row) => money(row.deposits) },
          { header: 'Withdrawals', kind: 'number', value: (row) => row.withdrawalCount },
          { header: 'Withdrawal sum', kind: 'number', value: (row) => money(row.withdrawals) },
          { header: 'Fees', kind: 'number', value: (row) => money(row.fees) },
          { header: 'Settlements', kind: 'number', value: (row) => money(row.settled) },
          { header: 'Net', kind: 'number', value: (row) => money(row.net) },
        ],
        days,
      );
    },
  );
};
