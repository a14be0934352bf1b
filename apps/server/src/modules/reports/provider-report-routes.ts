import { formatMinorUnits } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { merchantIdQueryProperty, requirePerson } from '../auth/auth-entry.ts';
import { sendCsv } from './csv-download.ts';
import { csvResponses, periodQueryProperties, REPORT_FILE_NAMES } from './report-schemas.ts';
import { providerReport, type ReportQuery } from './report-service.ts';

/** GET /api/v1/report/provider: Provider_{period}.csv (SPEC §7). */
export const providerReportRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: ReportQuery & { currencyId: number; providerId: number } }>(
    '/api/v1/report/provider',
    {
      config: { access: { permissions: ['report.read.provider'] } },
      schema: {
        tags: ['reports'],
        operationId: 'getProviderReport',
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
      const { period, providerName, currency, rows } = await providerReport(
        db,
        requirePerson(request.person),
        request.query,
      );
      return sendCsv(
        reply,
        REPORT_FILE_NAMES.provider(period.label),
        [
          { header: 'Date', kind: 'date', value: (row) => row.day },
          { header: 'Provider', kind: 'text', value: () => providerName },
          { header: 'Payment method', kind: 'text', value: (row) => row.method },
          { header: 'Flow type', kind: 'code', value: (row) => row.flowType },
          { header: 'Status', kind: 'code', value: (row) => row.status },
          { header: 'Count', kind: 'number', value: (row) => row.count },
          {
            header: 'Sum',
            kind: 'number',
            value: (row) => formatMinorUnits(BigInt(row.sum), currency.dimension),
          },
          { header: 'Currency', kind: 'code', value: () => currency.code },
        ],
        rows,
      );
    },
  );
};
