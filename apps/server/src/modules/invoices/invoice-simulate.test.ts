import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventLog,
  invoiceErrors,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  webhookEvents,
} from '../../db/schema.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from './invoice-test-fixture.ts';
import { SANDBOX_DECLINE_REASON } from './sandbox-provider-job.ts';

const SIMULATE = '/api/v1/invoice/simulate';

describe.each(TEST_DATABASE_KINDS)('POST /api/v1/invoice/simulate on %s', (kind) => {
  let fixture: OperationsFixture;
  beforeAll(async () => {
    fixture = await createOperationsFixture(kind);
  });
  afterAll(async () => fixture?.close());

  const stored = async (invoiceId: string) => {
    const [invoice] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return invoice;
  };
  const historyOf = (invoiceId: string) =>
    fixture.db
      .select()
      .from(invoiceStatusHistory)
      .where(eq(invoiceStatusHistory.invoiceId, invoiceId))
      .orderBy(invoiceStatusHistory.id);
  const eventTypesOf = async (invoiceId: string) =>
    (
      await fixture.db
        .select({ type: webhookEvents.type })
        .from(webhookEvents)
        .where(eq(webhookEvents.invoiceId, invoiceId))
        .orderBy(webhookEvents.id)
    ).map((row) => row.type);

  /** A test invoice of the merchant's, with the NEW row its creation writes. */
  const testInvoice = async (overrides: Partial<typeof invoices.$inferInsert> = {}) => {
    const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
      isTestProcessing: true,
      ...overrides,
    });
    await fixture.db.insert(invoiceStatusHistory).values({
      invoiceId: invoice.id,
      status: 'NEW',
      statusDate: invoice.createdAt,
      personId: null,
    });
    return invoice;
  };

  it('settles an IN_PROGRESS test invoice as DONE for a merchant user with merchant.keys', async () => {
    const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
      status: 'IN_PROGRESS',
      isTestProcessing: true,
      callbackUrl: 'https://merchant.example/callback',
    });
    const response = await fixture.call('POST', SIMULATE, 'merchant', {
      invoiceId: invoice.id,
      status: 'DONE',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      invoiceId: invoice.id,
      invoiceStatus: { code: 'DONE' },
    });
    const done = await stored(invoice.id);
    expect(done?.status).toBe('DONE');
    expect(done?.providerInvoiceId).toMatch(/^sandbox_[0-9a-f]{16}$/);
    expect(await historyOf(invoice.id)).toMatchObject([
      { status: 'DONE', personId: fixture.personIds.merchant },
    ]);
    const attempts = await fixture.db
      .select()
      .from(invoiceTransactions)
      .where(eq(invoiceTransactions.invoiceId, invoice.id));
    expect(attempts).toMatchObject([{ status: 'SUCCESS' }]);
    // The outcome is an event like a real one: invoice.done, recorded and sent to its URL.
    expect(await eventTypesOf(invoice.id)).toEqual(['invoice.status_changed', 'invoice.done']);
    const [doneEvent] = await fixture.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.invoiceId, invoice.id), eq(webhookEvents.type, 'invoice.done')));
    expect(doneEvent).toMatchObject({
      merchantId: fixture.own.id,
      payload: {
        type: 'invoice.done',
        data: {
          invoiceId: invoice.id,
          status: 'DONE',
          isTest: true,
          previousStatus: 'IN_PROGRESS',
        },
      },
    });
    const events = await fixture.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.invoiceId, invoice.id));
    expect(events).toMatchObject([
      {
        eventCode: 'STATUS_CHANGED',
        description: 'Status changed from IN_PROGRESS to DONE (simulated)',
        personId: fixture.personIds.merchant,
      },
    ]);
  });

  it('starts a NEW test invoice and declines it, naming the person in the history', async () => {
    const invoice = await testInvoice();
    const response = await fixture.call('POST', SIMULATE, 'merchant', {
      invoiceId: invoice.id,
      status: 'DECLINED',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ invoiceStatus: { code: 'DECLINED' } });
    expect((await stored(invoice.id))?.status).toBe('DECLINED');
    const merchant = fixture.personIds.merchant;
    expect(
      (await historyOf(invoice.id)).map(({ status, personId }) => ({ status, personId })),
    ).toEqual([
      { status: 'NEW', personId: null },
      { status: 'IN_PROGRESS', personId: merchant },
      { status: 'DECLINED', personId: merchant },
    ]);
    const shown = await fixture.call(
      'GET',
      `/api/v1/event/status?invoiceId=${invoice.id}`,
      'merchant',
    );
    expect(shown.statusCode).toBe(200);
    expect(
      shown
        .json()
        .data.map((row: { status: { code: string }; userId: number | null }) => [
          row.status.code,
          row.userId,
        ]),
    ).toEqual([
      ['NEW', null],
      ['IN_PROGRESS', merchant],
      ['DECLINED', merchant],
    ]);
    const errors = await fixture.db
      .select()
      .from(invoiceErrors)
      .where(eq(invoiceErrors.invoiceId, invoice.id));
    expect(errors.map((row) => row.description)).toEqual([SANDBOX_DECLINE_REASON]);
    expect(await eventTypesOf(invoice.id)).toEqual([
      'invoice.status_changed',
      'invoice.status_changed',
      'invoice.declined',
    ]);
  });

  it('refuses production invoices and final ones (409) and changes nothing', async () => {
    const production = await fixture.createInvoice(fixture.terminals.ownDeposit, {
      status: 'IN_PROGRESS',
    });
    const live = await fixture.call('POST', SIMULATE, 'merchant', {
      invoiceId: production.id,
      status: 'DONE',
    });
    expect(live.statusCode).toBe(409);
    expect(live.body).toContain('Only test invoices can be simulated');
    expect((await stored(production.id))?.status).toBe('IN_PROGRESS');

    for (const status of ['DONE', 'DECLINED', 'CANCELED', 'PAYED'] as const) {
      const settled = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status,
        isTestProcessing: true,
      });
      const again = await fixture.call('POST', SIMULATE, 'merchant', {
        invoiceId: settled.id,
        status: 'DECLINED',
      });
      expect(again.statusCode, status).toBe(409);
      expect(again.body).toContain(`A ${status} invoice cannot be simulated`);
      expect((await stored(settled.id))?.status).toBe(status);
      expect(await historyOf(settled.id)).toEqual([]);
      expect(await eventTypesOf(settled.id)).toEqual([]);
    }
  });

  it('hides another merchant’s invoice (404) and needs merchant.keys (403) and a session (401)', async () => {
    const theirs = await fixture.createInvoice(fixture.terminals.otherDeposit, {
      isTestProcessing: true,
    });
    const mine = await testInvoice();
    const hidden = await fixture.call('POST', SIMULATE, 'merchant', {
      invoiceId: theirs.id,
      status: 'DONE',
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('Invoice not found');
    for (const who of ['bare', 'support'] as const) {
      const refused = await fixture.call('POST', SIMULATE, who, {
        invoiceId: mine.id,
        status: 'DONE',
      });
      expect(refused.statusCode, who).toBe(403);
    }
    expect(
      (await fixture.call('POST', SIMULATE, undefined, { invoiceId: mine.id, status: 'DONE' }))
        .statusCode,
    ).toBe(401);
    expect((await stored(theirs.id))?.status).toBe('NEW');
    expect((await stored(mine.id))?.status).toBe('NEW');
  });

  it('refuses a status other than DONE or DECLINED and malformed bodies (400)', async () => {
    const invoice = await testInvoice();
    for (const payload of [
      { invoiceId: invoice.id, status: 'PAYED' },
      { invoiceId: invoice.id, status: 'CANCELED' },
      { invoiceId: invoice.id, status: 'done' },
      { invoiceId: invoice.id },
      { invoiceId: 'not-an-invoice', status: 'DONE' },
      { invoiceId: invoice.id, status: 'DONE', extra: true },
    ]) {
      const response = await fixture.call('POST', SIMULATE, 'merchant', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await fixture.call('POST', SIMULATE, 'merchant', {
      invoiceId: invoice.id,
      status: 'PAYED',
    });
    expect(bad.body).toContain('status');
    expect((await stored(invoice.id))?.status).toBe('NEW');
  });
});
