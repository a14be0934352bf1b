import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import {
  markNotificationsRead,
  NOTIFICATION_PAGE_SIZE,
  notificationsOf,
} from './notification-service.ts';

const notificationSchema = {
  type: 'object',
  required: [
    'id',
    'merchantId',
    'category',
    'severity',
    'title',
    'body',
    'link',
    'createdAt',
    'read',
  ],
  properties: {
    id: { type: 'integer' },
    merchantId: { type: ['integer', 'null'] },
    category: { type: 'string' },
    severity: { type: 'string', enum: ['success', 'warning', 'error', 'primary', 'neutral'] },
    title: { type: 'string' },
    body: { type: 'string' },
    link: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    read: { type: 'boolean' },
  },
} as const;

const unreadSchema = {
  type: 'object',
  required: ['unread'],
  properties: { unread: { type: 'integer' } },
} as const;

/** GET /api/v1/notifications and POST /api/v1/notifications/read (issue 25 item 3). */
export const notificationRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: { beforeId?: number; limit?: number } }>(
    '/api/v1/notifications',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['notifications'],
        operationId: 'listNotifications',
        summary: 'The caller’s notifications, newest first, with read state and the unread count',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            beforeId: { ...recordIdSchema, description: 'Entries older than this one (paging)' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: NOTIFICATION_PAGE_SIZE },
          },
        },
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['items', 'hasMore', 'unread'],
            properties: {
              items: { type: 'array', items: notificationSchema },
              hasMore: { type: 'boolean' },
              unread: { type: 'integer' },
            },
          }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await notificationsOf(db, requirePerson(request.person), request.query),
    }),
  );

  app.post<{ Body: { ids?: number[] } }>(
    '/api/v1/notifications/read',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['notifications'],
        operationId: 'markNotificationsRead',
        summary: 'Marks the given notifications read for the caller, or all of them without ids',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ids: {
              type: 'array',
              minItems: 1,
              maxItems: 100,
              uniqueItems: true,
              items: recordIdSchema,
            },
          },
        },
        response: {
          200: dataEnvelope(unreadSchema),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await markNotificationsRead(db, requirePerson(request.person), request.body.ids),
    }),
  );
};
