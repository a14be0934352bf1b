import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { invoices, referenceItems, supportTickets } from '../../db/schema.ts';

/** Support tickets of invoices: SQL only. */

const statusItems = alias(referenceItems, 'ticket_status_items');
const issueTypeItems = alias(referenceItems, 'ticket_issue_type_items');

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

export type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['where']>>[number];

/** An invoice's tickets with their status and issue type names, oldest first. */
export const ticketsOfInvoice = (db: Database, invoiceId: string) =>
  selectTickets(db)
    .where(eq(supportTickets.invoiceId, invoiceId))
    .orderBy(asc(supportTickets.createDate), asc(supportTickets.id));

export const findTicket = async (
  db: Database,
  ticketId: number,
): Promise<TicketRow | undefined> => {
  const [row] = await selectTickets(db).where(eq(supportTickets.id, ticketId));
  return row;
};

/** A ticket's status with its invoice's merchant, for the decision's scope check. */
export const findTicketOwner = async (db: Database, ticketId: number) => {
  const [ticket] = await db
    .select({
      status: supportTickets.status,
      merchantId: invoices.merchantId,
      invoiceId: invoices.id,
    })
    .from(supportTickets)
    .innerJoin(invoices, eq(invoices.id, supportTickets.invoiceId))
    .where(eq(supportTickets.id, ticketId));
  return ticket;
};

export const isIssueType = async (db: Database, issueTypeId: number): Promise<boolean> => {
  const [issueType] = await db
    .select({ id: referenceItems.id })
    .from(referenceItems)
    .where(
      and(
        eq(referenceItems.id, issueTypeId),
        eq(referenceItems.headerId, REFERENCE_HEADER_IDS.ticketIssueType),
      ),
    );
  return issueType !== undefined;
};

export const insertTicket = async (
  tx: Database,
  row: { invoiceId: string; description: string; issueTypeId: number | null },
): Promise<number> => {
  const [ticket] = await tx.insert(supportTickets).values(row).returning({ id: supportTickets.id });
  if (!ticket) throw new Error('ticket insert returned nothing');
  return ticket.id;
};

/**
 * Decides a ticket that is still open. The open-state condition in the update makes a second,
 * concurrent decision a no-op: false when the ticket had already been decided.
 */
export const decideOpenTicket = async (
  tx: Database,
  ticketId: number,
  outcome: 'SOLVED' | 'REJECTED',
  personId: number,
): Promise<boolean> => {
  const decided = await tx
    .update(supportTickets)
    .set({ status: outcome, decidedBy: personId, decidedAt: sql`now()` })
    .where(
      and(
        eq(supportTickets.id, ticketId),
        notInArray(supportTickets.status, ['SOLVED', 'REJECTED']),
      ),
    )
    .returning({ id: supportTickets.id });
  return decided.length > 0;
};
