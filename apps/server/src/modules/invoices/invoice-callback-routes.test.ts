import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbacks, eventLog } from '../../db/schema.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from './invoice-test-fixture.ts';

describe.each(TEST_DATABASE_KINDS)('merchant callback endpoints on %s', (kind) => {
  let fixture: OperationsFixture;
  let invoiceId: string;

  beforeAll(async () => {
    fixture = await createOperationsFixture(kind);
    const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
      status: 'DONE',
      callbackUrl: 'https://merchant.example/callback',
    });
    invoiceId = invoice.id;
    await fixture.db.insert(callbacks).values({
      invoiceId,
      merchantId: fixture.own.id,
      url: 'https://merchant.example/callback',
      invoiceStatus: 'DONE',
      payload: { invoiceId, status: 'DONE' },
      status: 'SENT',
      attempts: 2,
      lastResponseCode: 200,
      createDate: new Date('2026-01-01T10:00:00Z'),
      executionDate: new Date('2026-01-01T10:00:05Z'),
    });
  });
  afterAll(async () => fixture?.close());

  it('lists an invoice’s callbacks with their delivery state', async () => {
    const response = await fixture.call(
      'GET',
      `/api/v1/merchant/callback?invoiceId=${invoiceId}`,
      'merchant',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: expect.any(Number),
        status: 'SENT',
        invoiceStatus: 'DONE',
        createDate: '2026-01-01T10:00:00.000Z',
        executionDate: '2026-01-01T10:00:05.000Z',
        attempts: 2,
        lastResponseCode: 200,
        isManual: false,
      },
    ]);
  });

  it('queues a manual callback with the current status, logged with its sender', async () => {
    const response = await fixture.call('POST', '/api/v1/merchant/callback', 'support', {
      invoiceId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      status: 'PENDING',
      invoiceStatus: 'DONE',
      executionDate: null,
      attempts: 0,
      isManual: true,
    });
    const rows = await fixture.db
      .select()
      .from(callbacks)
      .where(eq(callbacks.invoiceId, invoiceId));
    expect(rows).toHaveLength(2);
    // The manual callback is a new event of the status's type; amounts are integers.
    expect(rows.find((row) => row.isManual)?.payload).toMatchObject({
      type: 'invoice.done',
      data: { invoiceId, status: 'DONE', amount: 100000 },
    });
    const events = await fixture.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.invoiceId, invoiceId));
    expect(events).toMatchObject([
      {
        eventCode: 'CALLBACK_REQUESTED',
        personId: fixture.personIds.support,
        entityType: 'callback',
      },
    ]);
  });

  it('answers 409 when the invoice has no callback URL', async () => {
    const silent = await fixture.createInvoice(fixture.terminals.ownDeposit);
    const response = await fixture.call('POST', '/api/v1/merchant/callback', 'support', {
      invoiceId: silent.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: 'The invoice has no callback URL' });
  });

  it('needs merchant.callback.read to list and merchant.callback.edit to send (403)', async () => {
    expect(
      (await fixture.call('GET', `/api/v1/merchant/callback?invoiceId=${invoiceId}`, 'bare'))
        .statusCode,
    ).toBe(403);
    expect(
      (await fixture.call('GET', `/api/v1/merchant/callback?invoiceId=${invoiceId}`, 'operator'))
        .statusCode,
    ).toBe(403);
    const sent = await fixture.call('POST', '/api/v1/merchant/callback', 'merchant', { invoiceId });
    expect(sent.statusCode).toBe(403);
  });

  it('hides other merchants’ invoices (404), and refuses bad ids (400) and anonymous callers (401)', async () => {
    const theirs = await fixture.createInvoice(fixture.terminals.otherDeposit, {
      callbackUrl: 'https://other.example/callback',
    });
    expect(
      (await fixture.call('GET', `/api/v1/merchant/callback?invoiceId=${theirs.id}`, 'merchant'))
        .statusCode,
    ).toBe(404);
    expect(
      (await fixture.call('GET', '/api/v1/merchant/callback?invoiceId=12', 'merchant')).statusCode,
    ).toBe(400);
    expect(
      (await fixture.call('POST', '/api/v1/merchant/callback', 'support', { invoiceId: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await fixture.call('POST', '/api/v1/merchant/callback', 'support', {
          invoiceId: crypto.randomUUID(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await fixture.call('GET', `/api/v1/merchant/callback?invoiceId=${invoiceId}`)).statusCode,
    ).toBe(401);
    expect(
      (await fixture.call('POST', '/api/v1/merchant/callback', undefined, { invoiceId }))
        .statusCode,
    ).toBe(401);
  });
});
