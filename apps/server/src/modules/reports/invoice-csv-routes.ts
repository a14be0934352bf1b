import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { type InvoiceListQuery, invoiceFilterProperties } from '../invoices/invoices-entry.ts';
import { sendCsvText } from './csv-download.ts';
import { csvResponses, REPORT_FILE_NAMES } from './report-schemas.ts';
import { invoicesCsv } from './report-service.ts';

/** GET /api/v1/invoice/csv: Invoices.csv with the invoice list's filters (SPEC §7). */
export const invoiceCsvRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: Omit<InvoiceListQuery, 'page' | 'size'> }>(
    '/api/v1/invoice/csv',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['reports'],
        operationId: 'exportInvoicesCsv',
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
      const csv = await invoicesCsv(db, requirePerson(request.person), request.query);
      return sendCsvText(reply, REPORT_FILE_NAMES.invoices, csv.headers, csv.records);
    },
  );
};
