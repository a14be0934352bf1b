import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { merchantIdQueryProperty, requirePerson } from '../auth/auth-entry.ts';
import { sendCsvText } from './csv-download.ts';
import { csvResponses, periodQueryProperties, REPORT_FILE_NAMES } from './report-schemas.ts';
import { type ReportQuery, transactionsReport } from './report-service.ts';

/** GET /api/v1/report/invoice: Transactions_{period}.csv, the columns of Invoices.csv (SPEC §7). */
export const transactionsReportRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: ReportQuery & { terminalId?: number } }>(
    '/api/v1/report/invoice',
    {
      config: { access: { permissions: ['report.read.invoice'] } },
      schema: {
        tags: ['reports'],
        operationId: 'getTransactionsReport',
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
      const report = await transactionsReport(db, requirePerson(request.person), request.query);
      return sendCsvText(
        reply,
        REPORT_FILE_NAMES.transactions(report.period.label),
        report.headers,
        report.records,
      );
    },
  );
};
