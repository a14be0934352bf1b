import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, terminalAttributes } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { referenceItemId } from '../../seed/reference-data.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { readMerchantBalance } from '../balances/merchant-balance-repository.ts';
import {
  createPaymentFormFixture,
  type PaymentFormFixture,
} from '../payment-form/payment-form-test-fixture.ts';
import {
  applyAmountChange,
  applyStatusChange,
  type InvoiceActor,
  lockInvoice,
} from './invoice-status-service.ts';

const STAFF: InvoiceActor = { kind: 'staff', personId: null };

/**
 * The fee of an invoice (decision 0006): fixed at its terminal's FEE_PERCENT when its money first
 * counts, and that percent kept, so a corrected amount is charged the same percent of the new
 * amount and the merchant's balance follows.
 */
describe.each(TEST_DATABASE_KINDS)('invoice fees on %s', (kind) => {
  let fixture: PaymentFormFixture;
  let terminal: Awaited<ReturnType<typeof createTestTerminal>>;
  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
    terminal = await createTestTerminal(fixture.db, fixture.merchant.id, { name: 'Fee 2.5 %' });
    await fixture.db.insert(terminalAttributes).values({
      terminalId: terminal.id,
      // Reference list 105, item 5: FEE_PERCENT.
      attributeTypeId: referenceItemId(105, 5),
      value: '2.5',
    });
  });
  afterAll(async () => fixture?.close());

  const setFeePercent = (value: string) =>
    fixture.db
      .update(terminalAttributes)
      .set({ value })
      .where(eq(terminalAttributes.terminalId, terminal.id));
  const stored = async (invoiceId: string) => {
    const [invoice] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return invoice;
  };
  const balance = async () =>
    (
      await readMerchantBalance(fixture.db, {
        merchantId: fixture.merchant.id,
        currencyId: terminal.currencyId,
      })
    ).available;
  const setStatus = (invoiceId: string, to: 'DONE' | 'CANCELED') =>
    fixture.db.transaction(async (tx) =>
      applyStatusChange(tx, await lockInvoice(tx, invoiceId), to, STAFF),
    );
  const setAmount = (invoiceId: string, amount: bigint) =>
    fixture.db.transaction(async (tx) =>
      applyAmountChange(tx, await lockInvoice(tx, invoiceId), amount, STAFF),
    );

  it('charges the kept percent of a corrected amount, and the balance follows', async () => {
    const before = await balance();
    const invoice = await fixture.createInvoice(terminal, {
      status: 'IN_PROGRESS',
      amount: 1_000_000n,
    });
    await setStatus(invoice.id, 'DONE');
    expect(await stored(invoice.id)).toMatchObject({ fee: 25_000n, feePercent: '2.5' });
    expect((await balance()) - before).toBe(975_000n);

    // A correction down: 2.5 % of 10,000, not the 25,000 of the old amount (a negative balance).
    await setAmount(invoice.id, 10_000n);
    expect(await stored(invoice.id)).toMatchObject({ amount: 10_000n, fee: 250n });
    expect((await balance()) - before).toBe(9_750n);

    // The terminal's terms change afterwards: this invoice keeps the percent it was charged.
    await setFeePercent('5');
    try {
      await setAmount(invoice.id, 2_000_000n);
      expect(await stored(invoice.id)).toMatchObject({ fee: 50_000n, feePercent: '2.5' });
      expect((await balance()) - before).toBe(1_950_000n);

      // Cancelled and confirmed again: the same terms, no second fee.
      await setStatus(invoice.id, 'CANCELED');
      expect((await balance()) - before).toBe(0n);
      await setStatus(invoice.id, 'DONE');
      expect(await stored(invoice.id)).toMatchObject({ fee: 50_000n, feePercent: '2.5' });
      expect((await balance()) - before).toBe(1_950_000n);
    } finally {
      await setFeePercent('2.5');
    }
  });

  it('works out the fee with the amount an invoice has when its money first counts', async () => {
    const invoice = await fixture.createInvoice(terminal, {
      status: 'IN_PROGRESS',
      amount: 1_000_000n,
    });
    // Corrected before it counts: no fee yet, none kept.
    await setAmount(invoice.id, 400_000n);
    expect(await stored(invoice.id)).toMatchObject({ fee: 0n, feePercent: null });
    await setStatus(invoice.id, 'DONE');
    expect(await stored(invoice.id)).toMatchObject({ fee: 10_000n, feePercent: '2.5' });
  });

  it('keeps a fee fixed before the percent was kept, and scales it with a corrected amount', async () => {
    const invoice = await fixture.createInvoice(terminal, {
      status: 'CANCELED',
      amount: 1_000_000n,
      fee: 30_000n,
    });
    await setStatus(invoice.id, 'DONE');
    expect(await stored(invoice.id)).toMatchObject({ fee: 30_000n, feePercent: null });
    await setAmount(invoice.id, 333_333n);
    // 3 % of 333,333 is 9,999.99: rounded half up.
    expect(await stored(invoice.id)).toMatchObject({ fee: 10_000n, feePercent: null });
  });

  it('charges nothing for a percent the fee rule cannot charge (saved before values were checked), for good', async () => {
    await setFeePercent('150.25');
    let invoiceId = '';
    try {
      const invoice = await fixture.createInvoice(terminal, {
        status: 'IN_PROGRESS',
        amount: 1_000_000n,
      });
      invoiceId = invoice.id;
      await setStatus(invoice.id, 'DONE');
      expect(await stored(invoice.id)).toMatchObject({ fee: 0n, feePercent: '0' });
    } finally {
      await setFeePercent('2.5');
    }
    // The terminal's percent is chargeable now; this invoice keeps the terms it counted with.
    await setStatus(invoiceId, 'CANCELED');
    await setStatus(invoiceId, 'DONE');
    expect(await stored(invoiceId)).toMatchObject({ fee: 0n, feePercent: '0' });
  });

  it('keeps charging nothing on a terminal that had no percent when the money first counted', async () => {
    const plain = await createTestTerminal(fixture.db, fixture.merchant.id, { name: 'No fee' });
    const invoice = await fixture.createInvoice(plain, { status: 'IN_PROGRESS', amount: 500_000n });
    await setStatus(invoice.id, 'DONE');
    expect(await stored(invoice.id)).toMatchObject({ fee: 0n, feePercent: '0' });
    // The terminal gets a percent afterwards (decision 0017: later terms do not reach it).
    await fixture.db.insert(terminalAttributes).values({
      terminalId: plain.id,
      attributeTypeId: referenceItemId(105, 5),
      value: '2.5',
    });
    await setStatus(invoice.id, 'CANCELED');
    await setStatus(invoice.id, 'DONE');
    expect(await stored(invoice.id)).toMatchObject({ fee: 0n, feePercent: '0' });
  });
});
