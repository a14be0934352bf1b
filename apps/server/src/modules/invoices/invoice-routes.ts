import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { notFound } from '../../http/http-errors.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf, scopeAllows } from '../merchants/merchant-scope.ts';
import {
  type InvoiceListQuery,
  invoiceListConditions,
  invoiceListQuerySchema,
} from './invoice-list-filters.ts';
import { invoiceSchema, presentInvoice, selectInvoiceRows } from './invoice-presenter.ts';

const invoiceIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

/** GET /api/v1/invoice (list with every filter of SPEC §3) and GET /api/v1/invoice/{id}. */
export const invoiceRoutes = async (app: FastifyInstance, { db }: { db: Database }) => {
  app.get<{ Querystring: InvoiceListQuery }>(
    '/api/v1/invoice',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoices'],
        summary: 'Invoices of the caller’s merchant(s), newest first, with filters and total count',
        querystring: invoiceListQuerySchema,
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['items', 'page', 'size', 'total'],
            properties: {
              items: { type: 'array', items: invoiceSchema },
              page: { type: 'integer' },
              size: { type: 'integer' },
              total: { type: 'integer' },
            },
          }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const { page, size, ...filters } = request.query;
      const scope = merchantScopeOf(person, filters.merchantId);
      const where = and(...(await invoiceListConditions(db, scope, filters)));
      const rows = await selectInvoiceRows(db, where)
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(size)
        .offset(page * size);
      const [total] = await db.select({ count: count() }).from(invoices).where(where);
      return {
        data: {
          items: rows.map((row) => presentInvoice(row, person)),
          page,
          size,
          total: total?.count ?? 0,
        },
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/invoice/:id',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoices'],
        summary: 'One invoice',
        params: invoiceIdParams,
        response: {
          200: dataEnvelope(invoiceSchema),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const person = requirePerson(request.person);
      const [row] = await selectInvoiceRows(db, eq(invoices.id, request.params.id));
      if (!row || !scopeAllows(merchantScopeOf(person), row.merchantId)) {
        throw notFound('Invoice not found');
      }
      return { data: presentInvoice(row, person) };
    },
  );
};
