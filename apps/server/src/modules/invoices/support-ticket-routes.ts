import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { dateTimeSchema } from '../../http/date-time-schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import { requirePerson } from '../auth/auth-entry.ts';
import type { TicketRow } from './support-ticket-repository.ts';
import { decideTicket, invoiceTickets, openTicket } from './support-ticket-service.ts';

const ticketSchema = {
  type: 'object',
  required: ['id', 'invoiceId', 'description', 'createDate', 'status', 'issueType', 'decidedAt'],
  properties: {
    id: { type: 'integer' },
    invoiceId: { type: 'string' },
    description: { type: 'string' },
    createDate: dateTimeSchema,
    status: {
      type: 'object',
      required: ['code', 'value'],
      properties: { code: { type: 'string' }, value: { type: 'string' } },
    },
    issueType: {
      type: ['object', 'null'],
      required: ['id', 'value'],
      properties: { id: { type: 'integer' }, value: { type: 'string' } },
    },
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** A support ticket of an invoice, named #/components/schemas/SupportTicket. */
const supportTicketComponent = sharedSchema('SupportTicket', ticketSchema);

const presentTicket = (row: TicketRow) => ({
  id: row.id,
  invoiceId: row.invoiceId,
  description: row.description,
  createDate: row.createDate.toISOString(),
  status: { code: row.statusCode, value: row.statusValue ?? row.statusCode },
  issueType:
    row.issueTypeId === null ? null : { id: row.issueTypeId, value: row.issueTypeValue ?? '' },
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const decisionBody = {
  type: 'object',
  required: ['ticketId'],
  additionalProperties: false,
  properties: { ticketId: recordIdSchema },
} as const;

/** Support tickets of an invoice (SPEC §7) and the approve/reject decision (SPEC §4). */
export const supportTicketRoutes = (app: FastifyInstance, db: Database) => {
  addSharedSchemas(app, [supportTicketComponent]);
  app.get<{ Params: { invoiceId: string } }>(
    '/api/v1/merchant/support/:invoiceId',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['support tickets'],
        operationId: 'listSupportTickets',
        summary: 'Support tickets of an invoice, oldest first',
        params: {
          type: 'object',
          required: ['invoiceId'],
          properties: { invoiceId: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: dataEnvelope({ type: 'array', items: supportTicketComponent.ref }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const rows = await invoiceTickets(
        db,
        requirePerson(request.person),
        request.params.invoiceId,
      );
      return { data: rows.map(presentTicket) };
    },
  );

  app.post<{ Body: { invoiceId: string; description: string; issueTypeId?: number } }>(
    '/api/v1/merchant/support',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['support tickets'],
        operationId: 'openSupportTicket',
        summary: 'Open a support ticket for an invoice',
        description: 'issueTypeId is an item of the ticket issue type list (reference 107).',
        body: {
          type: 'object',
          required: ['invoiceId', 'description'],
          additionalProperties: false,
          properties: {
            invoiceId: { type: 'string', format: 'uuid' },
            description: { type: 'string', minLength: 1, maxLength: 2000 },
            issueTypeId: recordIdSchema,
          },
        },
        response: {
          201: dataEnvelope(supportTicketComponent.ref),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const ticket = await openTicket(db, requirePerson(request.person), {
        ...request.body,
        sourceIp: request.ip,
      });
      return reply.code(201).send({ data: presentTicket(ticket) });
    },
  );

  const decide = (path: string, outcome: 'SOLVED' | 'REJECTED') =>
    app.post<{ Body: { ticketId: number } }>(
      path,
      {
        config: { access: { permissions: ['ticket.decision'] } },
        schema: {
          tags: ['support tickets'],
          operationId: outcome === 'SOLVED' ? 'approveSupportTicket' : 'rejectSupportTicket',
          summary: outcome === 'SOLVED' ? 'Approve a ticket (SOLVED)' : 'Reject a ticket',
          description:
            'Only a ticket that is not SOLVED or REJECTED can be decided (409 otherwise).',
          body: decisionBody,
          response: {
            200: dataEnvelope(supportTicketComponent.ref),
            400: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const ticket = await decideTicket(db, requirePerson(request.person), {
          ticketId: request.body.ticketId,
          outcome,
          sourceIp: request.ip,
        });
        return { data: presentTicket(ticket) };
      },
    );

  decide('/api/v1/merchant/support/approve', 'SOLVED');
  decide('/api/v1/merchant/support/reject', 'REJECTED');
};
