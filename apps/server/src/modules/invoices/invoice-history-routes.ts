import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { dateTimeSchema } from '../../http/date-time-schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import { type InvoiceIdQuery, invoiceIdQuerySchema } from './invoice-id-query.ts';
import {
  invoiceErrorsList,
  invoiceEventLog,
  providerAttempts,
  statusHistory,
} from './invoice-read-service.ts';

const listOf = (item: object) => dataEnvelope({ type: 'array', items: item });
const readResponses = (item: object) => ({
  200: listOf(item),
  400: errorResponseSchema,
  404: errorResponseSchema,
});

const statusEventSchema = {
  type: 'object',
  required: ['status', 'statusDate', 'userId'],
  properties: {
    status: {
      type: 'object',
      required: ['code', 'value'],
      properties: { code: { type: 'string' }, value: { type: 'string' } },
    },
    statusDate: dateTimeSchema,
    userId: { type: ['integer', 'null'], description: 'The person who set it by hand, if any' },
  },
} as const;

const errorEventSchema = {
  type: 'object',
  required: ['id', 'description', 'eventTime'],
  properties: {
    id: { type: 'integer' },
    description: { type: 'string' },
    eventTime: dateTimeSchema,
  },
} as const;

const eventLogRowSchema = {
  type: 'object',
  required: ['id', 'eventCode', 'description', 'eventTime', 'userId', 'userName'],
  properties: {
    id: { type: 'integer' },
    eventCode: { type: 'string' },
    description: { type: 'string' },
    eventTime: dateTimeSchema,
    userId: { type: ['integer', 'null'] },
    userName: { type: ['string', 'null'] },
  },
} as const;

const transactionSchema = {
  type: 'object',
  required: ['id', 'status', 'createDate', 'statusDate'],
  properties: {
    id: { type: 'integer' },
    status: { type: 'string' },
    createDate: dateTimeSchema,
    statusDate: dateTimeSchema,
  },
} as const;

/** The invoice details' history sections (SPEC §2, §7): status events, errors, event log, transactions. */
export const invoiceHistoryRoutes = (app: FastifyInstance, db: Database) => {
  app.get<{ Querystring: InvoiceIdQuery }>(
    '/api/v1/event/status',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['invoice history'],
        operationId: 'listInvoiceStatusChanges',
        summary: 'Status changes of an invoice, oldest first',
        querystring: invoiceIdQuerySchema,
        response: readResponses(statusEventSchema),
      },
    },
    async (request) => {
      const rows = await statusHistory(db, requirePerson(request.person), request.query.invoiceId);
      return {
        data: rows.map((row) => ({
          status: { code: row.code, value: row.value ?? row.code },
          statusDate: row.statusDate.toISOString(),
          userId: row.userId,
        })),
      };
    },
  );

  app.get<{ Querystring: InvoiceIdQuery }>(
    '/api/v1/event/error',
    {
      config: { access: { permissions: ['invoice.error.read'] } },
      schema: {
        tags: ['invoice history'],
        operationId: 'listInvoiceErrors',
        summary: 'Processing errors of an invoice, oldest first',
        querystring: invoiceIdQuerySchema,
        response: readResponses(errorEventSchema),
      },
    },
    async (request) => {
      const rows = await invoiceErrorsList(
        db,
        requirePerson(request.person),
        request.query.invoiceId,
      );
      return {
        data: rows.map((row) => ({
          id: row.id,
          description: row.description,
          eventTime: row.eventTime.toISOString(),
        })),
      };
    },
  );

  app.get<{ Querystring: InvoiceIdQuery }>(
    '/api/v1/event/invoice',
    {
      config: { access: { permissions: ['invoice.event.read'] } },
      schema: {
        tags: ['invoice history'],
        operationId: 'listInvoiceEvents',
        summary: 'Event log of an invoice: every change with who made it, oldest first',
        querystring: invoiceIdQuerySchema,
        response: readResponses(eventLogRowSchema),
      },
    },
    async (request) => {
      const rows = await invoiceEventLog(
        db,
        requirePerson(request.person),
        request.query.invoiceId,
      );
      return { data: rows.map((row) => ({ ...row, eventTime: row.eventTime.toISOString() })) };
    },
  );

  app.get<{ Querystring: InvoiceIdQuery }>(
    '/api/v1/transaction/invoice',
    {
      config: { access: { permissions: ['invoice.transaction.read'] } },
      schema: {
        tags: ['invoice history'],
        operationId: 'listInvoiceTransactions',
        summary: 'Provider transactions (processing attempts) of an invoice, oldest first',
        querystring: invoiceIdQuerySchema,
        response: readResponses(transactionSchema),
      },
    },
    async (request) => {
      const rows = await providerAttempts(
        db,
        requirePerson(request.person),
        request.query.invoiceId,
      );
      return {
        data: rows.map((row) => ({
          id: row.id,
          status: row.status,
          createDate: row.createDate.toISOString(),
          statusDate: row.statusDate.toISOString(),
        })),
      };
    },
  );
};
