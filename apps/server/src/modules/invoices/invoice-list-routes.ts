import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { type InvoiceListQuery, invoiceListQuerySchema } from './invoice-list-filters.ts';
import { invoiceComponent } from './invoice-presenter.ts';
import { EXACT_TOTAL_LIMIT } from './invoice-read-repository.ts';
import { listInvoices, presentInvoiceById } from './invoice-read-service.ts';

const invoiceIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

/** GET /api/v1/invoice (list with every filter of SPEC §3) and GET /api/v1/invoice/{id}. */
export const invoiceListRoutes = (app: FastifyInstance, db: Database) => {
  addSharedSchemas(app, [invoiceComponent]);
  app.get<{ Querystring: InvoiceListQuery }>(
    '/api/v1/invoice',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoices'],
        operationId: 'listInvoices',
        summary: 'Invoices of the caller’s merchant(s), newest first, with filters and total count',
        querystring: invoiceListQuerySchema,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['items', 'page', 'size', 'total', 'totalExact'],
            properties: {
              items: { type: 'array', items: invoiceComponent.ref },
              page: { type: 'integer' },
              size: { type: 'integer' },
              total: {
                type: 'integer',
                description: `Exact up to ${EXACT_TOTAL_LIMIT}; above, an estimate (totalExact false)`,
              },
              totalExact: { type: 'boolean' },
            },
          }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await listInvoices(db, requirePerson(request.person), request.query),
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/invoice/:id',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoices'],
        operationId: 'getInvoice',
        summary: 'One invoice',
        params: invoiceIdParams,
        response: {
          200: dataEnvelope(invoiceComponent.ref),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await presentInvoiceById(db, requirePerson(request.person), request.params.id),
    }),
  );
};
