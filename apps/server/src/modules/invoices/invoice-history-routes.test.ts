import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventLog,
  invoiceErrors,
  invoiceStatusHistory,
  invoiceTransactions,
} from '../../db/schema.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from './invoice-test-fixture.ts';

const at = (iso: string) => new Date(iso);

describe.each(TEST_DATABASE_KINDS)('invoice history endpoints on %s', (kind) => {
  let fixture: OperationsFixture;
  let ownInvoiceId: string;
  let otherInvoiceId: string;

  beforeAll(async () => {
    fixture = await createOperationsFixture(kind);
    const { db, terminals, personIds } = fixture;
    const own = await fixture.createInvoice(terminals.ownDeposit, { status: 'DECLINED' });
    const other = await fixture.createInvoice(terminals.otherDeposit, { status: 'NEW' });
    ownInvoiceId = own.id;
    otherInvoiceId = other.id;
    // Inserted out of order: the answers must be oldest first.
    await db.insert(invoiceStatusHistory).values([
      {
        invoiceId: own.id,
        status: 'DECLINED',
        statusDate: at('2026-01-01T10:02:00Z'),
        personId: personIds.support,
      },
      { invoiceId: own.id, status: 'NEW', statusDate: at('2026-01-01T10:00:00Z') },
      { invoiceId: own.id, status: 'IN_PROGRESS', statusDate: at('2026-01-01T10:01:00Z') },
      { invoiceId: other.id, status: 'NEW', statusDate: at('2026-01-01T10:00:00Z') },
    ]);
    await db.insert(invoiceErrors).values([
      {
        invoiceId: own.id,
        description: 'Provider declined the payment',
        eventTime: at('2026-01-01T10:02:00Z'),
      },
      { invoiceId: other.id, description: 'Not yours', eventTime: at('2026-01-01T10:02:00Z') },
    ]);
    await db.insert(invoiceTransactions).values([
      {
        invoiceId: own.id,
        status: 'FAILED',
        createDate: at('2026-01-01T10:01:00Z'),
        statusDate: at('2026-01-01T10:02:00Z'),
      },
    ]);
    await db.insert(eventLog).values([
      {
        eventCode: 'STATUS_CHANGED',
        description: 'Status changed from IN_PROGRESS to DECLINED',
        invoiceId: own.id,
        personId: personIds.support,
        eventTime: at('2026-01-01T10:02:00Z'),
      },
      {
        eventCode: 'STATUS_CHANGED',
        description: 'Status changed from NEW to IN_PROGRESS',
        invoiceId: own.id,
        eventTime: at('2026-01-01T10:01:00Z'),
      },
    ]);
  });
  afterAll(async () => fixture?.close());

  const query = (path: string, invoiceId: string) => `${path}?invoiceId=${invoiceId}`;

  it('lists status changes oldest first, with their names and who made them by hand', async () => {
    const response = await fixture.call(
      'GET',
      query('/api/v1/event/status', ownInvoiceId),
      'merchant',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        status: { code: 'NEW', value: 'New' },
        statusDate: '2026-01-01T10:00:00.000Z',
        userId: null,
      },
      {
        status: { code: 'IN_PROGRESS', value: 'In progress' },
        statusDate: '2026-01-01T10:01:00.000Z',
        userId: null,
      },
      {
        status: { code: 'DECLINED', value: 'Declined' },
        statusDate: '2026-01-01T10:02:00.000Z',
        userId: fixture.personIds.support,
      },
    ]);
  });

  it('lists errors, transactions and the event log of the invoice only', async () => {
    const errors = await fixture.call(
      'GET',
      query('/api/v1/event/error', ownInvoiceId),
      'merchant',
    );
    expect(errors.json().data).toEqual([
      {
        id: expect.any(Number),
        description: 'Provider declined the payment',
        eventTime: '2026-01-01T10:02:00.000Z',
      },
    ]);
    const transactions = await fixture.call(
      'GET',
      query('/api/v1/transaction/invoice', ownInvoiceId),
      'merchant',
    );
    expect(transactions.json().data).toEqual([
      {
        id: expect.any(Number),
        status: 'FAILED',
        createDate: '2026-01-01T10:01:00.000Z',
        statusDate: '2026-01-01T10:02:00.000Z',
      },
    ]);
    const events = await fixture.call(
      'GET',
      query('/api/v1/event/invoice', ownInvoiceId),
      'merchant',
    );
    expect(
      events
        .json()
        .data.map((row: { description: string; userName: string | null }) => [
          row.description,
          row.userName,
        ]),
    ).toEqual([
      ['Status changed from NEW to IN_PROGRESS', null],
      ['Status changed from IN_PROGRESS to DECLINED', 'support'],
    ]);
  });

  it('answers an empty list for an invoice without history', async () => {
    const fresh = await fixture.createInvoice(fixture.terminals.ownDeposit);
    for (const path of [
      '/api/v1/event/status',
      '/api/v1/event/error',
      '/api/v1/event/invoice',
      '/api/v1/transaction/invoice',
    ]) {
      const response = await fixture.call('GET', query(path, fresh.id), 'merchant');
      expect(response.statusCode, path).toBe(200);
      expect(response.json().data, path).toEqual([]);
    }
  });

  const paths = [
    '/api/v1/event/status',
    '/api/v1/event/error',
    '/api/v1/event/invoice',
    '/api/v1/transaction/invoice',
  ];

  it.each(paths)(
    '%s hides another merchant’s invoice (404) but shows it to support',
    async (path) => {
      const hidden = await fixture.call('GET', query(path, otherInvoiceId), 'merchant');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ detail: 'Invoice not found' });
      const unknown = await fixture.call('GET', query(path, crypto.randomUUID()), 'merchant');
      expect(unknown.statusCode).toBe(404);
      expect((await fixture.call('GET', query(path, otherInvoiceId), 'admin')).statusCode).toBe(
        200,
      );
    },
  );

  it.each(paths)(
    '%s refuses malformed or missing invoice ids (400) and callers without a session (401)',
    async (path) => {
      expect((await fixture.call('GET', query(path, 'not-a-uuid'), 'merchant')).statusCode).toBe(
        400,
      );
      expect((await fixture.call('GET', path, 'merchant')).statusCode).toBe(400);
      expect((await fixture.call('GET', query(path, "1' OR '1'='1"), 'merchant')).statusCode).toBe(
        400,
      );
      expect((await fixture.call('GET', query(path, ownInvoiceId))).statusCode).toBe(401);
    },
  );

  it.each([
    ['/api/v1/event/error', 'invoice.error.read'],
    ['/api/v1/event/invoice', 'invoice.event.read'],
    ['/api/v1/transaction/invoice', 'invoice.transaction.read'],
  ])('%s needs %s (403)', async (path) => {
    expect((await fixture.call('GET', query(path, ownInvoiceId), 'bare')).statusCode).toBe(403);
  });

  it('shows the status history to any signed-in person of the merchant', async () => {
    expect(
      (await fixture.call('GET', query('/api/v1/event/status', ownInvoiceId), 'bare')).statusCode,
    ).toBe(200);
  });
});
