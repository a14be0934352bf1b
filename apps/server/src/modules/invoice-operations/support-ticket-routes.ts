import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { invoices, referenceItems, supportTickets } from '../../db/schema.ts';
import { dateTimeSchema } from '../../http/date-time-schema.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { badRequest, conflict, notFound } from '../../http/http-errors.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope } from '../../http/response-envelope.ts';
import { recordEvent } from '../audit/event-log.ts';
import { requirePerson } from '../auth/authenticated-person.ts';
import { merchantScopeOf, scopeAllows } from '../merchants/merchant-scope.ts';
import { requireVisibleInvoice } from './invoice-access.ts';

export const TICKET_EVENT_CODES = {
  opened: 'TICKET_OPENED',
  approved: 'TICKET_APPROVED',
  rejected: 'TICKET_REJECTED',
} as const;

const statusItems = alias(referenceItems, 'ticket_status_items');
const issueTypeItems = alias(referenceItems, 'ticket_issue_type_items');

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

const selectTickets = (db: Database) =>
  db
    .select({
      id: supportTickets.id,
      invoiceId: supportTickets.invoiceId,
      description: supportTickets.description,
      createDate: supportTickets.createDate,
      statusCode: supportTickets.status,
      statusValue: statusItems.value,
      issueTypeId: issueTypeItems.id,
      issueTypeValue: issueTypeItems.value,
      decidedAt: supportTickets.decidedAt,
    })
    .from(supportTickets)
    .leftJoin(
      statusItems,
      and(
        eq(statusItems.headerId, REFERENCE_HEADER_IDS.ticketStatus),
        eq(statusItems.code, supportTickets.status),
      ),
    )
    .leftJoin(issueTypeItems, eq(issueTypeItems.id, supportTickets.issueTypeId));

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['where']>>[number];

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
  app.get<{ Params: { invoiceId: string } }>(
    '/api/v1/merchant/support/:invoiceId',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['support tickets'],
        summary: 'Support tickets of an invoice, oldest first',
        params: {
          type: 'object',
          required: ['invoiceId'],
          properties: { invoiceId: { type: 'string', format: 'uuid' } },
        },
        response: {
          200: dataEnvelope({ type: 'array', items: ticketSchema }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const invoice = await requireVisibleInvoice(
        db,
        requirePerson(request.person),
        request.params.invoiceId,
      );
      const rows = await selectTickets(db)
        .where(eq(supportTickets.invoiceId, invoice.id))
        .orderBy(asc(supportTickets.createDate), asc(supportTickets.id));
      return { data: rows.map(presentTicket) };
    },
  );

  app.post<{ Body: { invoiceId: string; description: string; issueTypeId?: number } }>(
    '/api/v1/merchant/support',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags: ['support tickets'],
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
          201: dataEnvelope(ticketSchema),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const person = requirePerson(request.person);
      const { invoiceId, issueTypeId } = request.body;
      const description = request.body.description.trim();
      if (description === '') throw badRequest('Describe the problem');
      const invoice = await requireVisibleInvoice(db, person, invoiceId);
      if (issueTypeId !== undefined) {
        const [issueType] = await db
          .select({ id: referenceItems.id })
          .from(referenceItems)
          .where(
            and(
              eq(referenceItems.id, issueTypeId),
              eq(referenceItems.headerId, REFERENCE_HEADER_IDS.ticketIssueType),
            ),
          );
        if (!issueType) throw badRequest('Unknown issue type');
      }
      const ticketId = await db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(supportTickets)
          .values({ invoiceId, description, issueTypeId: issueTypeId ?? null })
          .returning({ id: supportTickets.id });
        if (!ticket) throw new Error('ticket insert returned nothing');
        await recordEvent(tx, {
          eventCode: TICKET_EVENT_CODES.opened,
          description: `Ticket ${ticket.id} opened`,
          personId: person.id,
          merchantId: invoice.merchantId,
          invoiceId,
          entityType: 'support_ticket',
          entityId: ticket.id,
          sourceIp: request.ip,
        });
        return ticket.id;
      });
      const [row] = await selectTickets(db).where(eq(supportTickets.id, ticketId));
      if (!row) throw notFound('Ticket not found');
      return reply.code(201).send({ data: presentTicket(row) });
    },
  );

  const decide = (path: string, outcome: 'SOLVED' | 'REJECTED') =>
    app.post<{ Body: { ticketId: number } }>(
      path,
      {
        config: { access: { permissions: ['ticket.decision'] } },
        schema: {
          tags: ['support tickets'],
          summary: outcome === 'SOLVED' ? 'Approve a ticket (SOLVED)' : 'Reject a ticket',
          description:
            'Only a ticket that is not SOLVED or REJECTED can be decided (409 otherwise).',
          body: decisionBody,
          response: {
            200: dataEnvelope(ticketSchema),
            400: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const person = requirePerson(request.person);
        const { ticketId } = request.body;
        const [ticket] = await db
          .select({
            status: supportTickets.status,
            merchantId: invoices.merchantId,
            invoiceId: invoices.id,
          })
          .from(supportTickets)
          .innerJoin(invoices, eq(invoices.id, supportTickets.invoiceId))
          .where(eq(supportTickets.id, ticketId));
        if (!ticket || !scopeAllows(merchantScopeOf(person), ticket.merchantId)) {
          throw notFound('Ticket not found');
        }
        await db.transaction(async (tx) => {
          // The open-state condition in the update makes a second, concurrent decision a no-op.
          const decided = await tx
            .update(supportTickets)
            .set({ status: outcome, decidedBy: person.id, decidedAt: sql`now()` })
            .where(
              and(
                eq(supportTickets.id, ticketId),
                notInArray(supportTickets.status, ['SOLVED', 'REJECTED']),
              ),
            )
            .returning({ id: supportTickets.id });
          if (decided.length === 0) throw conflict('The ticket has already been decided');
          await recordEvent(tx, {
            eventCode:
              outcome === 'SOLVED' ? TICKET_EVENT_CODES.approved : TICKET_EVENT_CODES.rejected,
            description: `Ticket ${ticketId} ${outcome === 'SOLVED' ? 'approved' : 'rejected'} (was ${ticket.status})`,
            personId: person.id,
            merchantId: ticket.merchantId,
            invoiceId: ticket.invoiceId,
            entityType: 'support_ticket',
            entityId: ticketId,
            sourceIp: request.ip,
          });
        });
        const [row] = await selectTickets(db).where(eq(supportTickets.id, ticketId));
        if (!row) throw notFound('Ticket not found');
        return { data: presentTicket(row) };
      },
    );

  decide('/api/v1/merchant/support/approve', 'SOLVED');
  decide('/api/v1/merchant/support/reject', 'REJECTED');
};
