import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { callbacks } from '../../db/schema.ts';
import { dateTimeSchema } from '../../http/date-time-schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { queueManualCallback } from './invoice-change-service.ts';
import { type InvoiceIdQuery, invoiceIdQuerySchema } from './invoice-id-query.ts';
import { invoiceCallbacks } from './invoice-read-service.ts';

const callbackSchema = {
  type: 'object',
  required: [
    'id',
    'status',
    'invoiceStatus',
    'createDate',
    'executionDate',
    'attempts',
    'lastResponseCode',
    'isManual',
  ],
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['PENDING', 'SENT', 'FAILED'] },
    invoiceStatus: { type: 'string' },
    createDate: dateTimeSchema,
    executionDate: { type: ['string', 'null'], format: 'date-time' },
    attempts: { type: 'integer' },
    lastResponseCode: { type: ['integer', 'null'] },
    isManual: { type: 'boolean' },
  },
} as const;

/** A callback of an invoice with its delivery state, named #/components/schemas/InvoiceCallback. */
const invoiceCallbackComponent = sharedSchema('InvoiceCallback', callbackSchema);

const presentCallback = (row: typeof callbacks.$inferSelect) => ({
  id: row.id,
  status: row.status,
  invoiceStatus: row.invoiceStatus,
  createDate: row.createDate.toISOString(),
  executionDate: row.executionDate?.toISOString() ?? null,
  attempts: row.attempts,
  lastResponseCode: row.lastResponseCode,
  isManual: row.isManual,
});

/** Merchant callbacks of an invoice (SPEC §7): the delivery list and a manual resend. */
export const invoiceCallbackRoutes = (app: FastifyInstance, db: Database) => {
  addSharedSchemas(app, [invoiceCallbackComponent]);
  app.get<{ Querystring: InvoiceIdQuery }>(
    '/api/v1/merchant/callback',
    {
      config: { access: { permissions: ['merchant.callback.read'] } },
      schema: {
        tags: ['callbacks'],
        operationId: 'listInvoiceCallbacks',
        summary: 'Callbacks of an invoice with their delivery state, oldest first',
        querystring: invoiceIdQuerySchema,
        response: {
          200: dataEnvelope({ type: 'array', items: invoiceCallbackComponent.ref }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const rows = await invoiceCallbacks(
        db,
        requirePerson(request.person),
        request.query.invoiceId,
      );
      return { data: rows.map(presentCallback) };
    },
  );

  app.post<{ Body: { invoiceId: string } }>(
    '/api/v1/merchant/callback',
    {
      config: { access: { permissions: ['merchant.callback.edit'] } },
      schema: {
        tags: ['callbacks'],
        operationId: 'queueInvoiceCallback',
        summary: 'Queue a callback with the invoice as it stands now',
        body: {
          type: 'object',
          required: ['invoiceId'],
          additionalProperties: false,
          properties: { invoiceId: { type: 'string', format: 'uuid' } },
        },
        response: {
          201: dataEnvelope(invoiceCallbackComponent.ref),
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const callback = await queueManualCallback(db, {
        person: requirePerson(request.person),
        invoiceId: request.body.invoiceId,
        sourceIp: request.ip,
      });
      return reply.code(201).send({ data: presentCallback(callback) });
    },
  );
};
