import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import {
  callbacks,
  eventLog,
  invoiceErrors,
  invoices,
  invoiceTransactions,
} from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { currencyId } from '../../seed/reference-data.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import {
  merchantBalancesFromInvoicesSql,
  readMerchantBalance,
} from '../balances/merchant-balance-repository.ts';
import { applyStatusChange, lockInvoice } from '../invoices/invoice-status-service.ts';
import { createPaymentFormFixture, type PaymentFormFixture } from './payment-form-test-fixture.ts';
import { INSUFFICIENT_BALANCE_DECLINE } from './payout-request-service.ts';

/**
 * Issue 19: a hostile customer on the public form cannot raise a payout above what the merchant
 * authorised, and no payout is queued that the merchant's balance does not cover, however many
 * arrive at once (decision 0017).
 */
describe.each(TEST_DATABASE_KINDS)('payout safety on %s', (kind) => {
  let fixture: PaymentFormFixture;
  const RUB = currencyId('RUB');

  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
  });
  afterAll(async () => fixture?.close());

  /** A merchant of its own with RUB payouts, funded by confirmed deposits of `funds`. */
  const merchantWithFunds = async (funds: bigint) => {
    const merchant = await createTestMerchant(fixture.db, `Shop ${Math.random()}`);
    const deposits = await createTestTerminal(fixture.db, merchant.id, {
      name: 'RUB in',
      currencyId: RUB,
    });
    if (funds > 0n)
      await createTestInvoice(fixture.db, deposits, { amount: funds, status: 'DONE' });
    const payouts = await createTestTerminal(fixture.db, merchant.id, {
      name: 'RUB out',
      flowType: 'WITHDRAWAL',
      currencyId: RUB,
    });
    const payout = (amount: bigint) =>
      createTestInvoice(fixture.db, payouts, {
        amount,
        callbackUrl: 'https://shop.example/callback',
      });
    const balance = () =>
      readMerchantBalance(fixture.db, { merchantId: merchant.id, currencyId: RUB });
    return { merchant, payouts, payout, balance };
  };

  const complete = (formId: string, credential = '79001234567') =>
    fixture.post(formId, 'complete', { credential });

  const stored = async (invoiceId: string) => {
    const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!row) throw new Error('invoice vanished');
    return row;
  };

  /** The kept balances equal what the invoices and settlements say they must be. */
  const expectBalancesConsistent = async () => {
    const computed = await queryRows<{
      merchant_id: number;
      currency_id: number;
      available: string;
      reserved: string;
    }>(fixture.db, merchantBalancesFromInvoicesSql);
    for (const row of computed) {
      const kept = await readMerchantBalance(fixture.db, {
        merchantId: row.merchant_id,
        currencyId: row.currency_id,
      });
      expect(kept, `merchant ${row.merchant_id}`).toEqual({
        available: BigInt(row.available),
        reserved: BigInt(row.reserved),
      });
    }
  };

  it('never pays out more than the merchant authorised, whatever the customer asks for', async () => {
    const invoice = await fixture.createInvoice(fixture.terminals.rubWithdrawal, {
      amount: 150_000n,
      canChangeAmount: true,
      maxAmount: 150_000n,
    });
    const init = await fixture.post(invoice.formId, 'init');
    const methods: Array<{ code: string; maxAmount: number }> = init.json().data.methods;
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) expect(method.maxAmount).toBeLessThanOrEqual(150_000);

    for (const asked of [2_000_000_000n, 150_001n]) {
      const response = await fixture.requestCredential(invoice, 'SBERRUB_X', asked);
      expect(response.statusCode, String(asked)).toBe(400);
      expect(response.json().detail).toMatch(/^Amount must be between \d+ and 150000/);
    }
    expect((await stored(invoice.id)).amount).toBe(150_000n);
    const lower = await fixture.requestCredential(invoice, 'SBERRUB_X', 120_000n);
    expect(lower.statusCode).toBe(200);
    expect((await stored(invoice.id)).amount).toBe(120_000n);
  });

  it('lets the customer go up to an explicit maximum the merchant set', async () => {
    const invoice = await fixture.createInvoice(fixture.terminals.rubWithdrawal, {
      amount: 150_000n,
      canChangeAmount: true,
      maxAmount: 300_000n,
    });
    expect((await fixture.requestCredential(invoice, 'SBERRUB_X', 300_000n)).statusCode).toBe(200);
    expect((await fixture.requestCredential(invoice, 'SBERRUB_X', 300_001n)).statusCode).toBe(400);
  });

  it('declines a payout the balance does not cover: error row, DECLINED, callback, no queue', async () => {
    const shop = await merchantWithFunds(100_000n);
    const invoice = await shop.payout(150_000n);
    await fixture.requestCredential(invoice, 'SBERRUB_X');
    const response = await complete(invoice.formId);
    expect(response.statusCode).toBe(200);

    expect((await stored(invoice.id)).status).toBe('DECLINED');
    const errors = await fixture.db
      .select()
      .from(invoiceErrors)
      .where(eq(invoiceErrors.invoiceId, invoice.id));
    expect(errors.map((error) => error.description)).toEqual([
      "The merchant's available balance of 1000.00 RUB does not cover this payout of 1500.00 RUB",
    ]);
    const outbox = await fixture.db
      .select()
      .from(callbacks)
      .where(eq(callbacks.invoiceId, invoice.id));
    expect(outbox.map((callback) => callback.invoiceStatus)).toEqual(['DECLINED']);
    const attempts = await fixture.db
      .select()
      .from(invoiceTransactions)
      .where(eq(invoiceTransactions.invoiceId, invoice.id));
    expect(attempts).toEqual([]);
    const events = await fixture.db
      .select({ description: eventLog.description })
      .from(eventLog)
      .where(eq(eventLog.invoiceId, invoice.id));
    expect(events.map((event) => event.description)).toContain(
      `Status changed from NEW to DECLINED (${INSUFFICIENT_BALANCE_DECLINE})`,
    );
    expect(await shop.balance()).toEqual({ available: 100_000n, reserved: 0n });
    await expectBalancesConsistent();
  });

  it('reserves a queued payout and debits it once the provider pays', async () => {
    const shop = await merchantWithFunds(1_000_000n);
    const invoice = await shop.payout(400_000n);
    await fixture.requestCredential(invoice, 'SBERRUB_X');
    expect((await complete(invoice.formId)).statusCode).toBe(200);
    expect((await stored(invoice.id)).status).toBe('IN_PROGRESS');
    expect(await shop.balance()).toEqual({ available: 600_000n, reserved: 400_000n });

    await fixture.db.transaction(async (tx) =>
      applyStatusChange(tx, await lockInvoice(tx, invoice.id), 'DONE', {
        kind: 'provider',
        personId: null,
      }),
    );
    expect(await shop.balance()).toEqual({ available: 600_000n, reserved: 0n });
    await expectBalancesConsistent();
  });

  it('gives a reservation back when the payout fails', async () => {
    const shop = await merchantWithFunds(1_000_000n);
    const invoice = await shop.payout(400_000n);
    await fixture.requestCredential(invoice, 'SBERRUB_X');
    await complete(invoice.formId);
    await fixture.db.transaction(async (tx) =>
      applyStatusChange(tx, await lockInvoice(tx, invoice.id), 'DECLINED', {
        kind: 'provider',
        personId: null,
      }),
    );
    expect(await shop.balance()).toEqual({ available: 1_000_000n, reserved: 0n });
  });

  it('queues only what the balance covers when payouts arrive at once', async () => {
    const shop = await merchantWithFunds(1_000_000n);
    const payouts = await Promise.all(Array.from({ length: 6 }, () => shop.payout(300_000n)));
    for (const invoice of payouts) await fixture.requestCredential(invoice, 'SBERRUB_X');
    const answers = await Promise.all(payouts.map((invoice) => complete(invoice.formId)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(payouts.map(() => 200));
    const statuses = await Promise.all(
      payouts.map(async (invoice) => (await stored(invoice.id)).status),
    );
    expect(statuses.filter((status) => status === 'IN_PROGRESS')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'DECLINED')).toHaveLength(3);
    expect(await shop.balance()).toEqual({ available: 100_000n, reserved: 900_000n });
    await expectBalancesConsistent();
  });

  it('moves no real money for test processing: a test payout needs no balance', async () => {
    const shop = await merchantWithFunds(0n);
    const invoice = await createTestInvoice(fixture.db, shop.payouts, {
      amount: 500_000n,
      isTestProcessing: true,
    });
    await fixture.requestCredential(invoice, 'SBERRUB_X');
    await complete(invoice.formId);
    expect((await stored(invoice.id)).status).toBe('IN_PROGRESS');
    expect(await shop.balance()).toEqual({ available: 0n, reserved: 0n });
  });

  it('records "I have paid" once, however often the customer presses it', async () => {
    const invoice = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      status: 'IN_PROGRESS',
    });
    for (let press = 0; press < 12; press += 1) {
      expect((await fixture.post(invoice.formId, 'complete', {})).statusCode).toBe(200);
    }
    const marked = await fixture.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.invoiceId, invoice.id));
    expect(marked.filter((event) => event.eventCode === 'CUSTOMER_MARKED_PAID')).toHaveLength(1);
    const init = await fixture.post(invoice.formId, 'init');
    expect(init.json().data.customerMarkedPaid).toBe(true);
  });
});
