import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from '@paygate/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { refuseUnknownQueryParameters } from '../../http/unknown-query-parameters.ts';
import { eventLogAfter, webhookEventSchema } from '../callbacks/callbacks-entry.ts';
import { MERCHANT_API_SECURITY, requireApiMerchant } from './merchant-auth.ts';

/** Events per page of GET /events unless `limit` says otherwise. */
const DEFAULT_EVENT_LIST_LIMIT = 10;

const eventListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] },
    invoiceId: { type: 'string', format: 'uuid' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: DEFAULT_EVENT_LIST_LIMIT },
    starting_after: { type: 'string', maxLength: 40 },
  },
} as const;

/**
 * GET /api/merchant/v1/events (issue 23 item 2): the merchant's own event log, newest first,
 * with each delivery, paged by cursor like the invoice list. Registered inside the merchant
 * API's scope, so it is signed like the rest; needs invoices:read.
 */
export const merchantEventRoutes = (scope: FastifyInstance, { db }: { db: Database }) => {
  scope.get<{
    Querystring: { type?: string; invoiceId?: string; limit: number; starting_after?: string };
  }>(
    '/events',
    {
      config: { merchantScope: 'invoices:read' },
      preValidation: refuseUnknownQueryParameters(eventListQuerySchema),
      schema: {
        tags: ['merchant API'],
        operationId: 'listMerchantEvents',
        summary: 'List your events, newest first, with their deliveries',
        description:
          'Signed like every merchant API call. Page with limit and starting_after (the last ' +
          'id of the previous page) while has_more is true.',
        security: MERCHANT_API_SECURITY,
        querystring: eventListQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['data', 'has_more'],
            additionalProperties: false,
            properties: {
              data: { type: 'array', items: webhookEventSchema },
              has_more: { type: 'boolean' },
            },
          },
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { type, invoiceId, limit, starting_after: startingAfter } = request.query;
      return eventLogAfter(
        db,
        requireApiMerchant(request).id,
        {
          ...(type === undefined ? {} : { type }),
          ...(invoiceId === undefined ? {} : { invoiceId }),
        },
        { limit, ...(startingAfter === undefined ? {} : { startingAfter }) },
      );
    },
  );
};
