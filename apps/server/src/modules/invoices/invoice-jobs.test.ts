import { MARKED_PAID_GRACE_HOURS } from '@paygate/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callbacks,
  invoiceErrors,
  invoiceExpiryFailures,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  terminalAttributes,
} from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { referenceItemId } from '../../seed/reference-data.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { BatchPartlyFailed } from '../jobs/jobs-entry.ts';
import {
  createPaymentFormFixture,
  type PaymentFormFixture,
} from '../payment-form/payment-form-test-fixture.ts';
import { expireDueInvoices, inAccountOrder } from './invoice-expiry-job.ts';
import { SANDBOX_DECLINE_REASON, settleSandboxPayments } from './sandbox-provider-job.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe.each(TEST_DATABASE_KINDS)('processing jobs on %s', (kind) => {
  let fixture: PaymentFormFixture;
  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
  });
  afterAll(async () => fixture?.close());
  beforeEach(async () => {
    // Each test starts from a clean slate of open invoices.
    await fixture.db.update(invoices).set({ status: 'DONE' }).where(eq(invoices.status, 'NEW'));
    await fixture.db
      .update(invoices)
      .set({ status: 'DONE' })
      .where(eq(invoices.status, 'IN_PROGRESS'));
  });

  const stored = async (invoiceId: string) => {
    const [invoice] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return invoice;
  };
  const expiryFailureOf = async (invoiceId: string) => {
    const [failure] = await fixture.db
      .select()
      .from(invoiceExpiryFailures)
      .where(eq(invoiceExpiryFailures.invoiceId, invoiceId));
    return failure;
  };
  /** As if the wait of a failed expiry were over. */
  const retryNow = (invoiceId: string) =>
    fixture.db
      .update(invoiceExpiryFailures)
      .set({ retryAt: minutesAgo(1) })
      .where(eq(invoiceExpiryFailures.invoiceId, invoiceId));
  const historyOf = (invoiceId: string) =>
    fixture.db
      .select()
      .from(invoiceStatusHistory)
      .where(eq(invoiceStatusHistory.invoiceId, invoiceId));

  describe('expiry', () => {
    it('cancels expired NEW invoices and waiting deposits, with history and callback', async () => {
      const account = await fixture.createAccount({ balance: 700_000n });
      const expiredNew = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        expiresAt: minutesAgo(1),
        callbackUrl: 'https://shop.example/callback',
      });
      const waitingDeposit = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        status: 'IN_PROGRESS',
        amount: 700_000n,
        peopleAccountId: account.id,
        expiresAt: minutesAgo(1),
      });
      const payoutInFlight = await fixture.createInvoice(fixture.terminals.rubWithdrawal, {
        status: 'IN_PROGRESS',
        expiresAt: minutesAgo(1),
      });
      const stillOpen = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        expiresAt: new Date(Date.now() + 60_000),
      });

      expect(await expireDueInvoices(fixture.db)).toBe(2);
      expect((await stored(expiredNew.id))?.status).toBe('CANCELED');
      expect((await stored(waitingDeposit.id))?.status).toBe('CANCELED');
      expect((await stored(payoutInFlight.id))?.status).toBe('IN_PROGRESS');
      expect((await stored(stillOpen.id))?.status).toBe('NEW');
      expect((await fixture.accountLimits(account.id))?.balance).toBe(0n);
      expect(await historyOf(expiredNew.id)).toMatchObject([
        { status: 'CANCELED', personId: null },
      ]);
      const queued = await fixture.db
        .select()
        .from(callbacks)
        .where(eq(callbacks.invoiceId, expiredNew.id));
      expect(queued).toMatchObject([{ invoiceStatus: 'CANCELED', status: 'PENDING' }]);
      expect(await expireDueInvoices(fixture.db)).toBe(0);
    });

    it('gives a deposit the customer said they paid a day more before it expires', async () => {
      const marked = (expiredMinutesAgo: number) =>
        fixture.createInvoice(fixture.terminals.uzsDeposit, {
          status: 'IN_PROGRESS',
          expiresAt: minutesAgo(expiredMinutesAgo),
          customerMarkedPaidAt: minutesAgo(expiredMinutesAgo + 1),
        });
      const justPast = await marked(2);
      const graceOver = await marked(MARKED_PAID_GRACE_HOURS * 60 + 1);
      expect(await expireDueInvoices(fixture.db)).toBe(1);
      expect((await stored(justPast.id))?.status).toBe('IN_PROGRESS');
      expect((await stored(graceOver.id))?.status).toBe('CANCELED');
      // The form shows it waiting for the provider, not expired.
      expect((await fixture.post(justPast.formId, 'init')).statusCode).toBe(200);
      expect((await fixture.post(graceOver.formId, 'init')).statusCode).toBe(410);
    });

    it('expires each invoice once when two instances run at the same time', async () => {
      const expired = await Promise.all(
        Array.from({ length: 30 }, () =>
          fixture.createInvoice(fixture.terminals.uzsDeposit, { expiresAt: minutesAgo(2) }),
        ),
      );
      const counts = await Promise.all([
        expireDueInvoices(fixture.db, 10),
        expireDueInvoices(fixture.db, 10),
        expireDueInvoices(fixture.db, 10),
      ]);
      let total = counts.reduce((sum, count) => sum + count, 0);
      while (total < 30) {
        const more = await expireDueInvoices(fixture.db, 10);
        if (more === 0) break;
        total += more;
      }
      expect(total).toBe(30);
      for (const invoice of expired) {
        const canceled = (await historyOf(invoice.id)).filter((row) => row.status === 'CANCELED');
        expect(canceled).toHaveLength(1);
      }
    });

    it('cancels the rest of a batch when one invoice cannot be, then says so', async () => {
      const [first, refused, last] = [
        await fixture.createInvoice(fixture.terminals.uzsDeposit, { expiresAt: minutesAgo(3) }),
        await fixture.createInvoice(fixture.terminals.uzsDeposit, { expiresAt: minutesAgo(2) }),
        await fixture.createInvoice(fixture.terminals.uzsDeposit, { expiresAt: minutesAgo(1) }),
      ];
      if (!first || !refused || !last) throw new Error('invoices not created');
      // One invoice's row cannot be written (a stand-in for any error of one cancel).
      await fixture.db.execute(sql`
        CREATE FUNCTION refuse_invoice_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'invoice row refused'; END $$`);
      await fixture.db.execute(sql`
        CREATE TRIGGER refuse_invoice_write BEFORE UPDATE ON invoices FOR EACH ROW
        WHEN (OLD.id = ${sql.raw(`'${refused.id}'`)}) EXECUTE FUNCTION refuse_invoice_write()`);
      try {
        const failure = await expireDueInvoices(fixture.db).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(BatchPartlyFailed);
        expect((failure as BatchPartlyFailed).errors).toMatchObject([
          { cause: expect.objectContaining({ message: 'invoice row refused' }) },
        ]);
        // Not a full batch: the job waits before it runs again.
        expect((failure as BatchPartlyFailed).fullBatch).toBe(false);
      } finally {
        await fixture.db.execute(sql`DROP TRIGGER refuse_invoice_write ON invoices`);
        await fixture.db.execute(sql`DROP FUNCTION refuse_invoice_write()`);
      }
      expect((await stored(first.id))?.status).toBe('CANCELED');
      expect((await stored(last.id))?.status).toBe('CANCELED');
      expect((await stored(refused.id))?.status).toBe('NEW');
      expect(await historyOf(refused.id)).toEqual([]);
      // The failure is recorded, and the invoice waits a minute before it is tried again.
      expect(await expiryFailureOf(refused.id)).toMatchObject({
        attempts: 1,
        lastError: expect.stringContaining('invoice row refused'),
      });
      expect(await expireDueInvoices(fixture.db)).toBe(0);
      // Once its time has come and it can be cancelled, the next run cancels it.
      await retryNow(refused.id);
      expect(await expireDueInvoices(fixture.db)).toBe(1);
      expect((await stored(refused.id))?.status).toBe('CANCELED');
    });

    it('never lets invoices that fail every time hold up the others, trying them again ever later', async () => {
      // Two batches' worth of invoices that cannot be cancelled, the oldest of all, then two that can.
      const poisoned = [];
      for (let minutes = 10; minutes > 6; minutes -= 1) {
        const invoice = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
          expiresAt: minutesAgo(minutes),
          merchantInvoiceId: `poison-${minutes}-${Date.now()}`,
        });
        if (!invoice) throw new Error('invoice not created');
        poisoned.push(invoice);
      }
      const healthy = [];
      for (const minutes of [2, 1]) {
        const invoice = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
          expiresAt: minutesAgo(minutes),
        });
        if (!invoice) throw new Error('invoice not created');
        healthy.push(invoice);
      }
      await fixture.db.execute(sql`
        CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'poisoned invoice'; END $$`);
      await fixture.db.execute(sql`
        CREATE TRIGGER refuse_poison BEFORE UPDATE ON invoices FOR EACH ROW
        WHEN (OLD.merchant_invoice_id LIKE 'poison-%') EXECUTE FUNCTION refuse_poison()`);
      try {
        // Batches of two: the first two runs take the four poisoned invoices (oldest first) and
        // cancel nothing; the third still reaches the healthy ones.
        for (let run = 0; run < 3; run += 1) {
          await expireDueInvoices(fixture.db, 2).catch((error: unknown) => {
            expect(error).toBeInstanceOf(BatchPartlyFailed);
          });
        }
        for (const invoice of healthy) expect((await stored(invoice.id))?.status).toBe('CANCELED');
        for (const invoice of poisoned) {
          expect((await stored(invoice.id))?.status).toBe('NEW');
          expect(await expiryFailureOf(invoice.id)).toMatchObject({ attempts: 1 });
        }
        // Tried again when its time comes, each failure in a row waits twice as long.
        const [again] = poisoned;
        if (!again) throw new Error('no poisoned invoice');
        await retryNow(again.id);
        await expect(expireDueInvoices(fixture.db, 2)).rejects.toBeInstanceOf(BatchPartlyFailed);
        const failure = await expiryFailureOf(again.id);
        expect(failure?.attempts).toBe(2);
        const waitMinutes =
          ((failure?.retryAt.getTime() ?? 0) - (failure?.failedAt.getTime() ?? 0)) / 60_000;
        expect(waitMinutes).toBeCloseTo(2, 5);
        // After a month of failures the wait stays an hour (2^40 minutes would not even fit).
        await fixture.db
          .update(invoiceExpiryFailures)
          .set({ attempts: 40, retryAt: minutesAgo(1) })
          .where(eq(invoiceExpiryFailures.invoiceId, again.id));
        await expect(expireDueInvoices(fixture.db, 2)).rejects.toBeInstanceOf(BatchPartlyFailed);
        const capped = await expiryFailureOf(again.id);
        expect(capped?.attempts).toBe(41);
        expect(
          ((capped?.retryAt.getTime() ?? 0) - (capped?.failedAt.getTime() ?? 0)) / 60_000,
        ).toBeCloseTo(60, 5);
      } finally {
        await fixture.db.execute(sql`DROP TRIGGER refuse_poison ON invoices`);
        await fixture.db.execute(sql`DROP FUNCTION refuse_poison()`);
      }
      // Once they can be cancelled, they are when their time comes.
      for (const invoice of poisoned) await retryNow(invoice.id);
      expect(await expireDueInvoices(fixture.db, 10)).toBe(4);
    });
  });

  describe('sandbox provider', () => {
    it('confirms test payments in progress after the delay, with a provider id and callback', async () => {
      const confirmed = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        status: 'IN_PROGRESS',
        isTestProcessing: true,
        statusDate: minutesAgo(1),
        callbackUrl: 'https://shop.example/callback',
      });
      await fixture.db
        .insert(invoiceTransactions)
        .values({ invoiceId: confirmed.id, status: 'NEW' });
      const tooFresh = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        status: 'IN_PROGRESS',
        isTestProcessing: true,
      });
      const live = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        status: 'IN_PROGRESS',
        statusDate: minutesAgo(1),
      });

      expect(await settleSandboxPayments(fixture.db, { delaySeconds: 5 })).toBe(1);
      const done = await stored(confirmed.id);
      expect(done?.status).toBe('DONE');
      expect(done?.providerInvoiceId).toMatch(/^sandbox_[0-9a-f]{16}$/);
      expect((await stored(tooFresh.id))?.status).toBe('IN_PROGRESS');
      expect((await stored(live.id))?.status).toBe('IN_PROGRESS');
      const attempts = await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, confirmed.id));
      expect(attempts).toMatchObject([{ status: 'SUCCESS' }]);
      const queued = await fixture.db
        .select()
        .from(callbacks)
        .where(and(eq(callbacks.invoiceId, confirmed.id), eq(callbacks.invoiceStatus, 'DONE')));
      expect(queued).toHaveLength(1);
    });

    it('charges the terminal’s fee percent when a payment completes', async () => {
      const terminal = await createTestTerminal(fixture.db, fixture.merchant.id, {
        name: 'With fee',
      });
      await fixture.db.insert(terminalAttributes).values({
        terminalId: terminal.id,
        attributeTypeId: referenceItemId(105, 5),
        value: '2.5',
      });
      const invoice = await fixture.createInvoice(terminal, {
        status: 'IN_PROGRESS',
        isTestProcessing: true,
        statusDate: minutesAgo(1),
        amount: 1_234_500n,
      });
      await settleSandboxPayments(fixture.db, { delaySeconds: 5 });
      expect(await stored(invoice.id)).toMatchObject({ status: 'DONE', fee: 30_863n });
    });

    it('declines customers whose id starts with "decline", the account’s limit untouched (test money)', async () => {
      // Another payment's share of the limit: a test payment's end gives nothing back from it.
      const account = await fixture.createAccount({ balance: 250_000n });
      const invoice = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        status: 'IN_PROGRESS',
        isTestProcessing: true,
        statusDate: minutesAgo(1),
        amount: 400_000n,
        peopleAccountId: account.id,
        customerExternalId: 'Decline-me',
      });
      await settleSandboxPayments(fixture.db, { delaySeconds: 5 });
      expect((await stored(invoice.id))?.status).toBe('DECLINED');
      expect((await fixture.accountLimits(account.id))?.balance).toBe(250_000n);
      const errors = await fixture.db
        .select()
        .from(invoiceErrors)
        .where(eq(invoiceErrors.invoiceId, invoice.id));
      expect(errors.map((row) => row.description)).toEqual([SANDBOX_DECLINE_REASON]);
      const attempts = await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoice.id));
      expect(attempts).toMatchObject([{ status: 'FAILED' }]);
    });
  });
});

describe('the order an expiry batch is cancelled in', () => {
  it('takes people accounts in one order on every instance, invoices without one first', () => {
    const batch = [
      { id: 'c', peopleAccountId: 7 },
      { id: 'a', peopleAccountId: 3 },
      { id: 'd', peopleAccountId: null },
      { id: 'b', peopleAccountId: 7 },
      { id: 'e', peopleAccountId: 3 },
    ];
    expect(inAccountOrder(batch).map(({ id }) => id)).toEqual(['d', 'a', 'e', 'b', 'c']);
    // Whatever order the claim returned them in.
    expect(inAccountOrder([...batch].reverse())).toEqual(inAccountOrder(batch));
  });
});
