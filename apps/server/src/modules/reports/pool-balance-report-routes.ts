import { formatMinorUnits } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { merchantIdQueryProperty, requirePerson } from '../auth/auth-entry.ts';
import { sendCsv } from './csv-download.ts';
import { csvResponses, periodQueryProperties, REPORT_FILE_NAMES } from './report-schemas.ts';
import { poolBalanceReport, type ReportQuery } from './report-service.ts';

/** GET /api/v1/report/pool/balance: Terminal_Pool_Balance_{period}.csv (SPEC §7). */
export const poolBalanceReportRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: ReportQuery & { terminalPoolId: number } }>(
    '/api/v1/report/pool/balance',
    {
      config: { access: { permissions: ['report.read.pool.balance'] } },
      schema: {
        tags: ['reports'],
        operationId: 'getPoolBalanceReport',
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
      const { period, poolName, rows } = await poolBalanceReport(
        db,
        requirePerson(request.person),
        request.query,
      );
      return sendCsv(
        reply,
        REPORT_FILE_NAMES.poolBalance(period.label),
        [
          { header: 'Pool', kind: 'text', value: () => poolName },
          { header: 'Terminal ID', kind: 'number', value: (row) => row.terminal.id },
          { header: 'Terminal', kind: 'text', value: (row) => row.terminal.name },
          { header: 'Currency', kind: 'code', value: (row) => row.terminal.code.trim() },
          {
            header: 'Deposits',
            kind: 'number',
            value: (row) => formatMinorUnits(row.deposits, row.terminal.dimension),
          },
          {
            header: 'Withdrawals',
            kind: 'number',
            value: (row) => formatMinorUnits(row.withdrawals, row.terminal.dimension),
          },
          {
            header: 'Fees',
            kind: 'number',
            value: (row) => formatMinorUnits(row.fees, row.terminal.dimension),
          },
          {
            header: 'Settlements',
            kind: 'number',
            value: (row) => formatMinorUnits(row.settled, row.terminal.dimension),
          },
          {
            header: 'Balance',
            kind: 'number',
            value: (row) => formatMinorUnits(row.net, row.terminal.dimension),
          },
        ],
        rows,
      );
    },
  );
};
