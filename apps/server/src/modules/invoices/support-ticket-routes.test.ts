import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, supportTickets } from '../../db/schema.ts';
import { referenceItemId } from '../../seed/reference-data.ts';
import { createTestPerson, signIn } from '../../testing/test-app.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from './invoice-test-fixture.ts';

describe.each(TEST_DATABASE_KINDS)('support ticket endpoints on %s', (kind) => {
  let fixture: OperationsFixture;
  let invoiceId: string;
  let theirInvoiceId: string;

  beforeAll(async () => {
    fixture = await createOperationsFixture(kind);
    invoiceId = (
      await fixture.createInvoice(fixture.terminals.ownDeposit, { status: 'IN_PROGRESS' })
    ).id;
    theirInvoiceId = (await fixture.createInvoice(fixture.terminals.otherDeposit)).id;
  });
  afterAll(async () => fixture?.close());

  const createTicket = async (
    status: 'NEW' | 'IN_WORK' | 'PENDING' | 'SOLVED' | 'REJECTED',
    forInvoice = invoiceId,
  ) => {
    const [ticket] = await fixture.db
      .insert(supportTickets)
      .values({
        invoiceId: forInvoice,
        description: 'Customer says the money was sent',
        status,
        issueTypeId: referenceItemId(107, 1),
        createDate: new Date('2026-01-02T09:00:00Z'),
      })
      .returning();
    if (!ticket) throw new Error('ticket insert returned nothing');
    return ticket;
  };

  it('lists an invoice’s tickets with status and issue type names', async () => {
    const ticket = await createTicket('IN_WORK');
    const response = await fixture.call('GET', `/api/v1/merchant/support/${invoiceId}`, 'merchant');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual({
      id: ticket.id,
      invoiceId,
      description: 'Customer says the money was sent',
      createDate: '2026-01-02T09:00:00.000Z',
      status: { code: 'IN_WORK', value: 'In work' },
      issueType: { id: referenceItemId(107, 1), value: 'Payment not received' },
      decidedAt: null,
    });
  });

  it('opens a ticket for a visible invoice, logged with its author', async () => {
    const response = await fixture.call('POST', '/api/v1/merchant/support', 'merchant', {
      invoiceId,
      description: '  Paid twice  ',
      issueTypeId: referenceItemId(107, 3),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      invoiceId,
      description: 'Paid twice',
      status: { code: 'NEW', value: 'New' },
      issueType: { id: referenceItemId(107, 3), value: 'Duplicate payment' },
    });
    const events = await fixture.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityId, String(response.json().data.id)));
    expect(events).toMatchObject([
      { eventCode: 'TICKET_OPENED', personId: fixture.personIds.merchant },
    ]);
  });

  it('refuses tickets without a description, with an unknown issue type or for hidden invoices', async () => {
    const open = (who: 'merchant' | undefined, payload: object) =>
      fixture.call('POST', '/api/v1/merchant/support', who, payload);
    expect((await open('merchant', { invoiceId, description: '   ' })).json().detail).toBe(
      'Describe the problem',
    );
    expect(
      (
        await open('merchant', {
          invoiceId,
          description: 'x',
          issueTypeId: referenceItemId(204, 1),
        })
      ).statusCode,
    ).toBe(400);
    expect((await open('merchant', { invoiceId })).statusCode).toBe(400);
    expect(
      (await open('merchant', { invoiceId: theirInvoiceId, description: 'x' })).statusCode,
    ).toBe(404);
    expect((await open(undefined, { invoiceId, description: 'x' })).statusCode).toBe(401);
  });

  it.each([
    ['approve', 'SOLVED', 'TICKET_APPROVED'],
    ['reject', 'REJECTED', 'TICKET_REJECTED'],
  ] as const)('%s decides an open ticket and logs who did', async (action, outcome, eventCode) => {
    const ticket = await createTicket('PENDING');
    const response = await fixture.call('POST', `/api/v1/merchant/support/${action}`, 'support', {
      ticketId: ticket.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status.code).toBe(outcome);
    expect(response.json().data.decidedAt).toEqual(expect.any(String));
    const [stored] = await fixture.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket.id));
    expect(stored).toMatchObject({ status: outcome, decidedBy: fixture.personIds.support });
    const events = await fixture.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityId, String(ticket.id)));
    expect(events).toMatchObject([
      { eventCode, invoiceId, personId: fixture.personIds.support, entityType: 'support_ticket' },
    ]);
  });

  it.each(['SOLVED', 'REJECTED'] as const)(
    'refuses to decide a %s ticket again (409)',
    async (status) => {
      const ticket = await createTicket(status);
      for (const action of ['approve', 'reject']) {
        const response = await fixture.call(
          'POST',
          `/api/v1/merchant/support/${action}`,
          'support',
          { ticketId: ticket.id },
        );
        expect(response.statusCode).toBe(409);
        expect(response.json().detail).toBe('The ticket has already been decided');
      }
    },
  );

  it('lets exactly one of two racing decisions through', async () => {
    const ticket = await createTicket('NEW');
    const responses = await Promise.all([
      fixture.call('POST', '/api/v1/merchant/support/approve', 'support', { ticketId: ticket.id }),
      fixture.call('POST', '/api/v1/merchant/support/reject', 'admin', { ticketId: ticket.id }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const events = await fixture.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityId, String(ticket.id)));
    expect(events).toHaveLength(1);
  });

  it('needs ticket.decision (403) and keeps the ticket open', async () => {
    const ticket = await createTicket('NEW');
    for (const who of ['merchant', 'operator'] as const) {
      const response = await fixture.call('POST', '/api/v1/merchant/support/approve', who, {
        ticketId: ticket.id,
      });
      expect(response.statusCode, who).toBe(403);
    }
    const [stored] = await fixture.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket.id));
    expect(stored?.status).toBe('NEW');
  });

  it('hides other merchants’ tickets (404) and refuses bad input (400) and anonymous callers (401)', async () => {
    expect(
      (await fixture.call('GET', `/api/v1/merchant/support/${theirInvoiceId}`, 'merchant'))
        .statusCode,
    ).toBe(404);
    expect((await fixture.call('GET', '/api/v1/merchant/support/123', 'merchant')).statusCode).toBe(
      400,
    );
    expect((await fixture.call('GET', `/api/v1/merchant/support/${invoiceId}`)).statusCode).toBe(
      401,
    );
    const decider = fixture.call.bind(null, 'POST', '/api/v1/merchant/support/approve');
    expect((await decider('support', { ticketId: 'first' })).statusCode).toBe(400);
    expect((await decider('support', { ticketId: 0 })).statusCode).toBe(400);
    expect((await decider('support', {})).statusCode).toBe(400);
    expect((await decider('support', { ticketId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await decider(undefined, { ticketId: 1 })).statusCode).toBe(401);
  });

  it('hides another merchant’s ticket from a merchant user who may decide (404)', async () => {
    const theirs = await createTicket('NEW', theirInvoiceId);
    const decider = await createTestPerson(fixture.db, {
      username: 'decider',
      role: 'merchant',
      merchantId: fixture.own.id,
      extraPermissions: ['ticket.decision'],
    });
    const cookie = await signIn(fixture.testApp.app, 'decider', decider.password);
    const response = await fixture.testApp.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/support/approve',
      headers: { cookie },
      payload: { ticketId: theirs.id },
    });
    expect(response.statusCode).toBe(404);
  });
});
