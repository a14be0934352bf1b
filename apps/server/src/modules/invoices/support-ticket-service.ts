import type { Database } from '../../db/database.ts';
import { invalid, notFoundError, stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import { type AuthenticatedPerson, merchantScopeOf, scopeAllows } from '../auth/auth-entry.ts';
import { requireVisibleInvoice } from './invoice-read-service.ts';
import {
  decideOpenTicket,
  findTicket,
  findTicketOwner,
  insertTicket,
  isIssueType,
  type TicketRow,
  ticketsOfInvoice,
} from './support-ticket-repository.ts';

/** Support tickets of an invoice (SPEC §7) and the approve/reject decision (SPEC §4). */

export const TICKET_EVENT_CODES = {
  opened: 'TICKET_OPENED',
  approved: 'TICKET_APPROVED',
  rejected: 'TICKET_REJECTED',
} as const;

const TICKET_NOT_FOUND = 'Ticket not found';

const reread = async (db: Database, ticketId: number): Promise<TicketRow> => {
  const row = await findTicket(db, ticketId);
  if (!row) throw notFoundError(TICKET_NOT_FOUND);
  return row;
};

export const invoiceTickets = async (
  db: Database,
  person: AuthenticatedPerson,
  invoiceId: string,
): Promise<TicketRow[]> => {
  const invoice = await requireVisibleInvoice(db, person, invoiceId);
  return ticketsOfInvoice(db, invoice.id);
};

export const openTicket = async (
  db: Database,
  person: AuthenticatedPerson,
  request: { invoiceId: string; description: string; issueTypeId?: number; sourceIp: string },
): Promise<TicketRow> => {
  const description = request.description.trim();
  if (description === '') throw invalid('Describe the problem');
  const invoice = await requireVisibleInvoice(db, person, request.invoiceId);
  if (request.issueTypeId !== undefined && !(await isIssueType(db, request.issueTypeId))) {
    throw invalid('Unknown issue type');
  }
  const ticketId = await db.transaction(async (tx) => {
    const id = await insertTicket(tx, {
      invoiceId: invoice.id,
      description,
      issueTypeId: request.issueTypeId ?? null,
    });
    await recordEvent(tx, {
      eventCode: TICKET_EVENT_CODES.opened,
      description: `Ticket ${id} opened`,
      personId: person.id,
      merchantId: invoice.merchantId,
      invoiceId: invoice.id,
      entityType: 'support_ticket',
      entityId: id,
      sourceIp: request.sourceIp,
    });
    return id;
  });
  return reread(db, ticketId);
};

/** Approves (SOLVED) or rejects a ticket that is not decided yet (409 otherwise). */
export const decideTicket = async (
  db: Database,
  person: AuthenticatedPerson,
  {
    ticketId,
    outcome,
    sourceIp,
  }: { ticketId: number; outcome: 'SOLVED' | 'REJECTED'; sourceIp: string },
): Promise<TicketRow> => {
  const ticket = await findTicketOwner(db, ticketId);
  if (!ticket || !scopeAllows(merchantScopeOf(person), ticket.merchantId)) {
    throw notFoundError(TICKET_NOT_FOUND);
  }
  await db.transaction(async (tx) => {
    if (!(await decideOpenTicket(tx, ticketId, outcome, person.id))) {
      throw stateConflict('The ticket has already been decided');
    }
    await recordEvent(tx, {
      eventCode: outcome === 'SOLVED' ? TICKET_EVENT_CODES.approved : TICKET_EVENT_CODES.rejected,
      description: `Ticket ${ticketId} ${outcome === 'SOLVED' ? 'approved' : 'rejected'} (was ${ticket.status})`,
      personId: person.id,
      merchantId: ticket.merchantId,
      invoiceId: ticket.invoiceId,
      entityType: 'support_ticket',
      entityId: ticketId,
      sourceIp,
    });
  });
  return reread(db, ticketId);
};
