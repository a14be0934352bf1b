import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { formStatusReader } from './form-status-reader.ts';
import { createPaymentFormFixture, type PaymentFormFixture } from './payment-form-test-fixture.ts';

describe.each(TEST_DATABASE_KINDS)('formStatusReader on %s', (kind) => {
  let fixture: PaymentFormFixture;

  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
  });
  afterAll(async () => fixture?.close());

  it('answers concurrent lookups, repeated and unknown ids included, each with its own form', async () => {
    const created = await Promise.all(
      [1, 2, 3].map(() =>
        fixture.createInvoice(fixture.terminals.uzsDeposit, { amount: 1_000_000n }),
      ),
    );
    const [first, second, third] = created;
    if (!first || !second || !third) throw new Error('no invoices');
    await fixture.db
      .update(invoices)
      .set({ status: 'IN_PROGRESS' })
      .where(eq(invoices.id, second.id));
    const read = formStatusReader(fixture.db);

    const answers = await Promise.all([
      read(first.formId),
      read(second.formId),
      read(first.formId),
      read('no-such-form-id-aaaaaaaaaaaa'),
      read(third.formId),
    ]);

    expect(answers).toEqual([
      { status: 'NEW', invoiceId: first.id },
      { status: 'IN_PROGRESS', invoiceId: second.id },
      { status: 'NEW', invoiceId: first.id },
      null,
      { status: 'NEW', invoiceId: third.id },
    ]);
  });

  it('passes ids as one array parameter: characters of array syntax and large batches are safe', async () => {
    const invoice = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 1_000_000n,
    });
    const read = formStatusReader(fixture.db);
    const odd = ['a,"b"', '{c}', 'd\\e', "f'g", 'NULL', ''];
    const unknown = Array.from({ length: 700 }, (_, index) => `missing-${index}`);
    const answers = await Promise.all([...odd, ...unknown, invoice.formId].map(read));
    expect(answers.slice(0, -1).every((answer) => answer === null)).toBe(true);
    expect(answers.at(-1)).toEqual({ status: 'NEW', invoiceId: invoice.id });
  });

  it('reads afresh after a change: nothing is cached between batches', async () => {
    const invoice = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 1_000_000n,
    });
    const read = formStatusReader(fixture.db);
    expect(await read(invoice.formId)).toEqual({ status: 'NEW', invoiceId: invoice.id });
    await fixture.db.update(invoices).set({ status: 'DONE' }).where(eq(invoices.id, invoice.id));
    expect(await read(invoice.formId)).toEqual({ status: 'DONE', invoiceId: invoice.id });
  });
});
