import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoices } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { formStatusReader } from './form-status-reader.ts';
import { createPaymentFormFixture, type PaymentFormFixture } from './payment-form-test-fixture.ts';

/** The ids of each batch query, in order; a batch waits for `hold` (when set) before it runs. */
const batches: string[][] = [];
let hold: Promise<void> | null = null;
vi.mock(import('./payment-form-repository.ts'), async (importOriginal) => {
  const repository = await importOriginal();
  return {
    ...repository,
    prepareFormStatusBatch: (db) => {
      const statement = repository.prepareFormStatusBatch(db);
      return {
        ...statement,
        execute: async (parameters: { formIds: string[] }) => {
          batches.push(parameters.formIds);
          if (hold) await hold;
          return statement.execute(parameters);
        },
      } as typeof statement;
    },
  };
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Runs `work` with every batch query held until it calls `release` (released after it anyway). */
const withBatchesHeld = async (work: (release: () => void) => Promise<void>) => {
  batches.length = 0;
  let release = () => {};
  hold = new Promise((resolve) => {
    release = resolve;
  });
  try {
    await work(release);
  } finally {
    hold = null;
    release();
  }
};

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

  it('keeps one batch at the database: lookups arriving meanwhile go together when it returns', async () => {
    const created = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        fixture.createInvoice(fixture.terminals.uzsDeposit, { amount: 1_000_000n }),
      ),
    );
    const formIds = created.map((invoice) => invoice.formId);
    const read = formStatusReader(fixture.db);
    await withBatchesHeld(async (release) => {
      const first = [read(formIds[0] ?? ''), read(formIds[1] ?? '')];
      await nextTurn();
      // The first batch is out (held); these wait for it, over two more turns.
      const later = [read(formIds[2] ?? '')];
      await nextTurn();
      later.push(read(formIds[3] ?? ''), read(formIds[4] ?? ''));
      await nextTurn();
      expect(batches).toEqual([formIds.slice(0, 2)]);
      release();
      const answers = await Promise.all([...first, ...later]);
      expect(answers).toEqual(created.map((invoice) => ({ status: 'NEW', invoiceId: invoice.id })));
      expect(batches).toEqual([formIds.slice(0, 2), formIds.slice(2)]);
    });
  });

  it('sends a full batch at once, even while another is out', async () => {
    const read = formStatusReader(fixture.db);
    await withBatchesHeld(async (release) => {
      const first = read('first-batch-form-id');
      await nextTurn();
      const full = Array.from({ length: 500 }, (_, index) => read(`full-batch-${index}`));
      expect(batches.map((batch) => batch.length)).toEqual([1, 500]);
      release();
      expect(await Promise.all([first, ...full])).toEqual(Array(501).fill(null));
    });
  });
});
