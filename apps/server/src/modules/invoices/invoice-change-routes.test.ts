import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbacks,
  eventLog,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  paymentMethods,
  peopleAccountLimits,
  peopleAccounts,
  providers,
} from '../../db/schema.ts';
import { referenceItemId } from '../../seed/reference-data.ts';
import { createTestMerchant, createTestPerson, signIn } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import {
  applyStatusChange,
  closeProviderAttempt,
  lockInvoice,
  NO_PAYOUT_PHONE_MESSAGE,
  PAID_OUT_MESSAGE,
  REQUISITES_GIVEN_MESSAGE,
  WITH_PROVIDER_AMOUNT_MESSAGE,
  WITH_PROVIDER_MESSAGE,
} from './invoice-status-service.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from './invoice-test-fixture.ts';

/** Payment status reference items (list 201) in seed order. */
const STATUS_ID = {
  NEW: referenceItemId(201, 1),
  IN_PROGRESS: referenceItemId(201, 2),
  DONE: referenceItemId(201, 3),
  PAYED: referenceItemId(201, 4),
  DECLINED: referenceItemId(201, 5),
  CANCELED: referenceItemId(201, 6),
};

/** A phone a customer gave on the payment form (UZS: +998 and 9 digits). */
const PAYOUT_PHONE = '998901234567';

describe.each(TEST_DATABASE_KINDS)('invoice change endpoints on %s', (kind) => {
  let fixture: OperationsFixture;
  let accountId: number;

  beforeAll(async () => {
    fixture = await createOperationsFixture(kind);
    const { db } = fixture;
    const [provider] = await db.select().from(providers).limit(1);
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.code, 'HUMOUZS'));
    const [account] = await db
      .insert(peopleAccounts)
      .values({
        providerId: provider?.id ?? 0,
        paymentMethodId: method?.id ?? 0,
        bankName: 'Test bank',
      })
      .returning();
    accountId = account?.id ?? 0;
    await db
      .insert(peopleAccountLimits)
      .values({ peopleAccountId: accountId, limit: 10_000_000n, balance: 0n });
  });
  afterAll(async () => fixture?.close());

  const accountBalance = async () => {
    const [limits] = await fixture.db
      .select({ balance: peopleAccountLimits.balance })
      .from(peopleAccountLimits)
      .where(eq(peopleAccountLimits.peopleAccountId, accountId));
    return limits?.balance;
  };

  const eventsOf = (invoiceId: string) =>
    fixture.db.select().from(eventLog).where(eq(eventLog.invoiceId, invoiceId));

  const callbacksOf = (invoiceId: string) =>
    fixture.db.select().from(callbacks).where(eq(callbacks.invoiceId, invoiceId));

  describe('PATCH /api/v1/invoice/status', () => {
    it('changes the status with history, event log and a merchant callback for an outcome', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'IN_PROGRESS',
        callbackUrl: 'https://merchant.example/callback',
      });
      const response = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: STATUS_ID.DONE,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        invoiceId: invoice.id,
        invoiceStatus: { id: STATUS_ID.DONE, code: 'DONE' },
      });
      const history = await fixture.db
        .select()
        .from(invoiceStatusHistory)
        .where(eq(invoiceStatusHistory.invoiceId, invoice.id));
      expect(history).toMatchObject([{ status: 'DONE', personId: fixture.personIds.support }]);
      const events = await eventsOf(invoice.id);
      expect(events).toMatchObject([
        {
          eventCode: 'STATUS_CHANGED',
          description: 'Status changed from IN_PROGRESS to DONE (manual change)',
          personId: fixture.personIds.support,
          merchantId: fixture.own.id,
        },
      ]);
      expect(events[0]?.sourceIp).toBeTruthy();
      const queued = await callbacksOf(invoice.id);
      expect(queued).toMatchObject([
        {
          url: 'https://merchant.example/callback',
          invoiceStatus: 'DONE',
          status: 'PENDING',
          isManual: false,
          payload: {
            type: 'invoice.done',
            data: { invoiceId: invoice.id, status: 'DONE', amount: 100_000, currency: 'UZS' },
          },
        },
      ]);
    });

    it('sends a withdrawal put in progress by hand to the provider, once (decision 0017)', async () => {
      const attemptsOf = async (invoiceId: string) =>
        (
          await fixture.db
            .select()
            .from(invoiceTransactions)
            .where(eq(invoiceTransactions.invoiceId, invoiceId))
            .orderBy(invoiceTransactions.id)
        ).map((attempt) => attempt.status);
      // Confirmed deposits that cover the payouts (decision 0017).
      await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'DONE',
        amount: 1_000_000n,
      });
      const setStatus = async (invoiceId: string, statusId: number) => {
        const response = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
          invoiceId,
          statusId,
        });
        expect(response.statusCode, response.body).toBe(200);
      };

      const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'NEW',
        credentialValue: '998901234567',
      });
      await setStatus(invoice.id, STATUS_ID.IN_PROGRESS);
      expect(await attemptsOf(invoice.id)).toEqual(['NEW']);
      // Declined by hand: its attempt ends (out of the queue); put back in progress by hand, it
      // is sent again as a retry would send it, with one attempt open.
      await setStatus(invoice.id, STATUS_ID.DECLINED);
      expect(await attemptsOf(invoice.id)).toEqual(['FAILED']);
      await setStatus(invoice.id, STATUS_ID.IN_PROGRESS);
      expect(await attemptsOf(invoice.id)).toEqual(['FAILED', 'NEW']);

      // Paid, then put back in progress by hand (a correction): never sent a second time.
      await setStatus(invoice.id, STATUS_ID.PAYED);
      expect(await attemptsOf(invoice.id)).toEqual(['FAILED', 'SUCCESS']);
      await setStatus(invoice.id, STATUS_ID.IN_PROGRESS);
      expect(await attemptsOf(invoice.id)).toEqual(['FAILED', 'SUCCESS']);

      // No phone to pay to yet (the customer has not given one): nothing goes to the provider.
      const noDestination = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'NEW',
      });
      await setStatus(noDestination.id, STATUS_ID.IN_PROGRESS);
      expect(await attemptsOf(noDestination.id)).toEqual([]);

      // A deposit put in progress by hand waits for its customer, not for a provider.
      const deposit = await fixture.createInvoice(fixture.terminals.ownDeposit, { status: 'NEW' });
      await setStatus(deposit.id, STATUS_ID.IN_PROGRESS);
      expect(await attemptsOf(deposit.id)).toEqual([]);
    });

    it('never puts a deposit given requisites back to NEW (409), its account and limit untouched', async () => {
      for (const status of ['IN_PROGRESS', 'DECLINED', 'CANCELED'] as const) {
        const deposit = await fixture.createInvoice(fixture.terminals.ownDeposit, {
          status,
          peopleAccountId: accountId,
        });
        const balanceBefore = await accountBalance();
        const response = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
          invoiceId: deposit.id,
          statusId: STATUS_ID.NEW,
        });
        expect(response.statusCode, status).toBe(409);
        expect(response.json().detail).toBe(REQUISITES_GIVEN_MESSAGE);
        const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, deposit.id));
        expect(row).toMatchObject({ status, peopleAccountId: accountId });
        expect(await accountBalance()).toBe(balanceBefore);
        expect(await eventsOf(deposit.id)).toEqual([]);
      }
      // Without requisites (the customer never chose), NEW is only a correction.
      const unchosen = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'CANCELED',
      });
      const reopened = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: unchosen.id,
        statusId: STATUS_ID.NEW,
      });
      expect(reopened.statusCode).toBe(200);
    });

    it('queues no callback for an open status or an invoice without a callback URL', async () => {
      const open = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        callbackUrl: 'https://merchant.example/callback',
      });
      await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: open.id,
        statusId: STATUS_ID.IN_PROGRESS,
      });
      expect(await callbacksOf(open.id)).toEqual([]);
      const silent = await fixture.createInvoice(fixture.terminals.ownDeposit);
      const response = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: silent.id,
        statusId: STATUS_ID.CANCELED,
      });
      expect(response.statusCode).toBe(200);
      expect(await callbacksOf(silent.id)).toEqual([]);
    });

    it('gives an account its limit back when an invoice fails, and takes it again when revived', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'IN_PROGRESS',
        amount: 250_000n,
        peopleAccountId: accountId,
      });
      await fixture.db
        .update(peopleAccountLimits)
        .set({ balance: 250_000n })
        .where(eq(peopleAccountLimits.peopleAccountId, accountId));
      const change = (statusId: number) =>
        fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
          invoiceId: invoice.id,
          statusId,
        });
      expect((await change(STATUS_ID.DECLINED)).statusCode).toBe(200);
      expect(await accountBalance()).toBe(0n);
      expect((await change(STATUS_ID.CANCELED)).statusCode).toBe(200);
      expect(await accountBalance()).toBe(0n);
      expect((await change(STATUS_ID.DONE)).statusCode).toBe(200);
      expect(await accountBalance()).toBe(250_000n);
      expect((await change(STATUS_ID.PAYED)).statusCode).toBe(200);
      expect(await accountBalance()).toBe(250_000n);
    });

    it('lets anyone of the merchant change a test-processing invoice, and nobody else without the permission', async () => {
      const test = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        isTestProcessing: true,
      });
      const live = await fixture.createInvoice(fixture.terminals.ownDeposit);
      const byMerchant = (invoiceId: string) =>
        fixture.call('PATCH', '/api/v1/invoice/status', 'merchant', {
          invoiceId,
          statusId: STATUS_ID.DONE,
        });
      expect((await byMerchant(test.id)).statusCode).toBe(200);
      const refused = await byMerchant(live.id);
      expect(refused.statusCode).toBe(403);
      const [unchanged] = await fixture.db.select().from(invoices).where(eq(invoices.id, live.id));
      expect(unchanged?.status).toBe('NEW');
      expect(await eventsOf(live.id)).toEqual([]);
    });

    it('answers 409 for the current status and lets only one of two racing changes through', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'IN_PROGRESS',
      });
      const same = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: STATUS_ID.IN_PROGRESS,
      });
      expect(same.statusCode).toBe(409);
      expect(same.json().detail).toBe('Invoice is already IN_PROGRESS');

      const racing = await Promise.all(
        [1, 2, 3].map(() =>
          fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
            invoiceId: invoice.id,
            statusId: STATUS_ID.DONE,
          }),
        ),
      );
      expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      const history = await fixture.db
        .select()
        .from(invoiceStatusHistory)
        .where(
          and(
            eq(invoiceStatusHistory.invoiceId, invoice.id),
            eq(invoiceStatusHistory.status, 'DONE'),
          ),
        );
      expect(history).toHaveLength(1);
    });

    it('refuses unknown statuses and malformed bodies (400)', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit);
      const patch = (payload: object) =>
        fixture.call('PATCH', '/api/v1/invoice/status', 'support', payload);
      const unknownStatus = await patch({
        invoiceId: invoice.id,
        statusId: referenceItemId(204, 1),
      });
      expect(unknownStatus.statusCode).toBe(400);
      expect(unknownStatus.json().detail).toBe('Unknown status');
      expect((await patch({ invoiceId: invoice.id, statusId: 999_999_999 })).statusCode).toBe(400);
      expect((await patch({ invoiceId: invoice.id, statusId: 'DONE' })).statusCode).toBe(400);
      expect((await patch({ invoiceId: invoice.id })).statusCode).toBe(400);
      expect((await patch({ invoiceId: 'x', statusId: STATUS_ID.DONE })).statusCode).toBe(400);
      const [unchanged] = await fixture.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice.id));
      expect(unchanged?.status).toBe('NEW');
    });

    it('hides another merchant’s invoice (404) and needs a session (401)', async () => {
      const theirs = await fixture.createInvoice(fixture.terminals.otherDeposit, {
        isTestProcessing: true,
      });
      const body = { invoiceId: theirs.id, statusId: STATUS_ID.DONE };
      expect(
        (await fixture.call('PATCH', '/api/v1/invoice/status', 'merchant', body)).statusCode,
      ).toBe(404);
      expect(
        (await fixture.call('PATCH', '/api/v1/invoice/status', undefined, body)).statusCode,
      ).toBe(401);
      expect(
        (
          await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
            ...body,
            invoiceId: crypto.randomUUID(),
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('payouts the merchant’s balance must cover (decision 0017)', () => {
    /** A merchant of its own with a UZS payout terminal and confirmed deposits of `funds`. */
    const fundedPayouts = async (funds: bigint) => {
      const merchant = await createTestMerchant(fixture.db, `Payouts ${Math.random()}`);
      const deposits = await createTestTerminal(fixture.db, merchant.id, { name: 'In' });
      await createTestInvoice(fixture.db, deposits, { amount: funds, status: 'DONE' });
      return createTestTerminal(fixture.db, merchant.id, { name: 'Out', flowType: 'WITHDRAWAL' });
    };

    it('refuses to queue a payout by hand or by retry when the balance does not cover it', async () => {
      const payouts = await fundedPayouts(100_000n);
      const invoice = await createTestInvoice(fixture.db, payouts, {
        amount: 250_000n,
        credentialValue: PAYOUT_PHONE,
      });
      const queued = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: STATUS_ID.IN_PROGRESS,
      });
      expect(queued.statusCode).toBe(409);
      expect(queued.json().detail).toBe(
        "The merchant's available balance of 1000.00 UZS does not cover this payout of 2500.00 UZS",
      );
      const retried = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
        invoiceId: invoice.id,
      });
      expect(retried.statusCode).toBe(409);
      expect(retried.json().detail).toBe(queued.json().detail);
      const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row?.status).toBe('NEW');
      expect(await eventsOf(invoice.id)).toEqual([]);
    });

    it('refuses to raise a queued payout beyond the balance, and allows it within', async () => {
      const payouts = await fundedPayouts(300_000n);
      const invoice = await createTestInvoice(fixture.db, payouts, {
        amount: 200_000n,
        status: 'IN_PROGRESS',
      });
      const raise = (amount: number) =>
        fixture.call('PATCH', '/api/v1/invoice/amount', 'admin', { invoiceId: invoice.id, amount });
      expect((await raise(300_001)).statusCode).toBe(409);
      expect((await raise(300_000)).statusCode).toBe(200);
    });
  });

  describe('PATCH /api/v1/invoice/amount', () => {
    it('corrects the amount, moves the account limit by the difference and logs it', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'IN_PROGRESS',
        amount: 300_000n,
        peopleAccountId: accountId,
      });
      const before = await accountBalance();
      const response = await fixture.call('PATCH', '/api/v1/invoice/amount', 'admin', {
        invoiceId: invoice.id,
        amount: 280_000,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.amount).toBe(280_000);
      expect(await accountBalance()).toBe((before ?? 0n) - 20_000n);
      expect(await eventsOf(invoice.id)).toMatchObject([
        {
          eventCode: 'AMOUNT_CHANGED',
          description: 'Amount changed from 300000 to 280000 (minor units)',
          personId: fixture.personIds.admin,
        },
      ]);
    });

    it('tells the merchant again when the invoice already has an outcome', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        status: 'DONE',
        callbackUrl: 'https://merchant.example/callback',
      });
      await fixture.call('PATCH', '/api/v1/invoice/amount', 'admin', {
        invoiceId: invoice.id,
        amount: 150_000,
      });
      expect(await callbacksOf(invoice.id)).toMatchObject([
        {
          invoiceStatus: 'DONE',
          payload: {
            type: 'invoice.amount_changed',
            data: { amount: 150_000, previousAmount: 100_000 },
          },
        },
      ]);
    });

    it('refuses to change a payout its provider has (409), and corrects it once reported', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'IN_PROGRESS',
        amount: 100_000n,
        credentialValue: PAYOUT_PHONE,
      });
      await fixture.db.insert(invoiceTransactions).values({ invoiceId: invoice.id, status: 'NEW' });
      const patch = () =>
        fixture.call('PATCH', '/api/v1/invoice/amount', 'admin', {
          invoiceId: invoice.id,
          amount: 90_000,
        });
      const refused = await patch();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(WITH_PROVIDER_AMOUNT_MESSAGE);
      const [kept] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(kept?.amount).toBe(100_000n);

      // The provider reports it paid: the amount can be corrected to what was paid.
      await fixture.db
        .update(invoiceTransactions)
        .set({ status: 'SUCCESS' })
        .where(eq(invoiceTransactions.invoiceId, invoice.id));
      expect((await patch()).statusCode).toBe(200);
    });

    it('refuses zero, negative, fractional, unsafe, over-limit and unchanged amounts', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
        amount: 100_000n,
      });
      const patch = (amount: unknown) =>
        fixture.call('PATCH', '/api/v1/invoice/amount', 'admin', { invoiceId: invoice.id, amount });
      for (const amount of [0, -5, 1.5, '12a', 2 ** 60, null]) {
        expect((await patch(amount)).statusCode, String(amount)).toBe(400);
      }
      const overLimit = await patch(5_000_000_001);
      expect(overLimit.statusCode).toBe(400);
      expect(overLimit.json().detail).toBe('The amount must not exceed 50000000.00 UZS');
      expect((await patch(100_000)).statusCode).toBe(409);
      const [unchanged] = await fixture.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice.id));
      expect(unchanged?.amount).toBe(100_000n);
    });

    it('needs invoice.amount.change (403), a session (401) and the caller’s merchant (404)', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit);
      const body = { invoiceId: invoice.id, amount: 120_000 };
      expect(
        (await fixture.call('PATCH', '/api/v1/invoice/amount', 'support', body)).statusCode,
      ).toBe(403);
      expect(
        (await fixture.call('PATCH', '/api/v1/invoice/amount', 'merchant', body)).statusCode,
      ).toBe(403);
      expect(
        (await fixture.call('PATCH', '/api/v1/invoice/amount', undefined, body)).statusCode,
      ).toBe(401);

      const corrector = await createTestPerson(fixture.db, {
        username: 'corrector',
        role: 'merchant',
        merchantId: fixture.own.id,
        extraPermissions: ['invoice.amount.change'],
      });
      const cookie = await signIn(fixture.testApp.app, 'corrector', corrector.password);
      const theirs = await fixture.createInvoice(fixture.terminals.otherDeposit);
      const patchAs = (invoiceId: string) =>
        fixture.testApp.app.inject({
          method: 'PATCH',
          url: '/api/v1/invoice/amount',
          headers: { cookie },
          payload: { invoiceId, amount: 110_000 },
        });
      expect((await patchAs(theirs.id)).statusCode).toBe(404);
      expect((await patchAs(invoice.id)).statusCode).toBe(200);
    });
  });

  describe('POST /api/v1/invoice/retry', () => {
    it('opens a new provider transaction and puts a declined withdrawal back in progress', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'DECLINED',
        credentialValue: PAYOUT_PHONE,
      });
      const response = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
        invoiceId: invoice.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.invoiceStatus.code).toBe('IN_PROGRESS');
      const attempts = await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoice.id));
      expect(attempts).toMatchObject([{ status: 'NEW' }]);
      const codes = (await eventsOf(invoice.id)).map((event) => event.eventCode).sort();
      expect(codes).toEqual(['INVOICE_RETRIED', 'STATUS_CHANGED']);
    });

    /** The attempts of an invoice, oldest first: NEW is open (the payout is in the queue). */
    const attemptStatuses = async (invoiceId: string) =>
      (
        await fixture.db
          .select({ status: invoiceTransactions.status, id: invoiceTransactions.id })
          .from(invoiceTransactions)
          .where(eq(invoiceTransactions.invoiceId, invoiceId))
      )
        .sort((a, b) => a.id - b.id)
        .map((attempt) => attempt.status);
    /** What the provider API's report does: close the open attempt, then the status. */
    const providerReports = (invoiceId: string, status: 'PAYED' | 'DONE' | 'DECLINED') =>
      fixture.db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, invoiceId);
        if (invoice.status !== 'PAYED' || status === 'DECLINED') {
          await closeProviderAttempt(tx, invoice, {
            succeeded: status !== 'DECLINED',
            providerInvoiceId: 'po-1',
          });
        }
        await applyStatusChange(tx, invoice, status, {
          kind: 'provider',
          personId: null,
          sourceIp: '127.0.0.1',
        });
      });
    const requestedPayout = async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'IN_PROGRESS',
        credentialValue: PAYOUT_PHONE,
      });
      await fixture.db.insert(invoiceTransactions).values({ invoiceId: invoice.id, status: 'NEW' });
      return invoice;
    };

    it('refuses to send a payout its provider still has (409): it may be being paid', async () => {
      const invoice = await requestedPayout();
      const retried = await fixture.call('POST', '/api/v1/invoice/retry', 'merchant', {
        invoiceId: invoice.id,
      });
      expect(retried.statusCode).toBe(409);
      expect(retried.json().detail).toBe(WITH_PROVIDER_MESSAGE);
      expect(await attemptStatuses(invoice.id)).toEqual(['NEW']);
      expect(await eventsOf(invoice.id)).toEqual([]);

      // Declined by the provider: now it is sent again, one attempt open.
      await providerReports(invoice.id, 'DECLINED');
      const again = await fixture.call('POST', '/api/v1/invoice/retry', 'merchant', {
        invoiceId: invoice.id,
      });
      expect(again.statusCode).toBe(200);
      expect(await attemptStatuses(invoice.id)).toEqual(['FAILED', 'NEW']);
      await providerReports(invoice.id, 'PAYED');
      await providerReports(invoice.id, 'DONE');
      expect(await attemptStatuses(invoice.id)).toEqual(['FAILED', 'SUCCESS']);

      // Support corrects the paid payout back to IN_PROGRESS: nothing is open, so it is not in
      // the provider's queue again (decision 0017).
      const corrected = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: STATUS_ID.IN_PROGRESS,
      });
      expect(corrected.statusCode).toBe(200);
      expect(await attemptStatuses(invoice.id)).toEqual(['FAILED', 'SUCCESS']);
    });

    it('refuses to send a PAYED payout again (409), opening nothing', async () => {
      const invoice = await requestedPayout();
      await providerReports(invoice.id, 'PAYED');
      const response = await fixture.call('POST', '/api/v1/invoice/retry', 'merchant', {
        invoiceId: invoice.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(PAID_OUT_MESSAGE);
      expect(await attemptStatuses(invoice.id)).toEqual(['SUCCESS']);
      const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row?.status).toBe('PAYED');
    });

    it('never sends a payout its provider reported paid again, whatever staff set since, until a reversal', async () => {
      const invoice = await requestedPayout();
      await providerReports(invoice.id, 'PAYED');
      const retry = () =>
        fixture.call('POST', '/api/v1/invoice/retry', 'merchant', { invoiceId: invoice.id });
      const setStatus = (statusId: number) =>
        fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
          invoiceId: invoice.id,
          statusId,
        });

      // Corrected back to IN_PROGRESS: not in the queue, and a retry does not put it there.
      expect((await setStatus(STATUS_ID.IN_PROGRESS)).statusCode).toBe(200);
      const fromInProgress = await retry();
      expect(fromInProgress.statusCode).toBe(409);
      expect(fromInProgress.json().detail).toBe(PAID_OUT_MESSAGE);
      // Declined by hand, then queued by hand or retried: still nothing sent.
      expect((await setStatus(STATUS_ID.DECLINED)).statusCode).toBe(200);
      const fromDeclined = await retry();
      expect(fromDeclined.statusCode).toBe(409);
      expect(fromDeclined.json().detail).toBe(PAID_OUT_MESSAGE);
      expect((await setStatus(STATUS_ID.IN_PROGRESS)).statusCode).toBe(200);
      expect(await attemptStatuses(invoice.id)).toEqual(['SUCCESS']);
      const codes = (await eventsOf(invoice.id)).map((event) => event.eventCode);
      expect(codes).not.toContain('INVOICE_RETRIED');
    });

    it('sends a payout again once its provider reversed the payment', async () => {
      const invoice = await requestedPayout();
      await providerReports(invoice.id, 'PAYED');
      // The provider's reversal: the attempt's outcome is now a failure.
      await providerReports(invoice.id, 'DECLINED');
      expect(await attemptStatuses(invoice.id)).toEqual(['FAILED']);
      const retried = await fixture.call('POST', '/api/v1/invoice/retry', 'merchant', {
        invoiceId: invoice.id,
      });
      expect(retried.statusCode).toBe(200);
      expect(await attemptStatuses(invoice.id)).toEqual(['FAILED', 'NEW']);
    });

    it('takes a payout out of the queue when staff move it on, and back only by a retry', async () => {
      const moved: Record<string, string> = {};
      for (const [status, outcome] of [
        ['CANCELED', 'FAILED'],
        ['DECLINED', 'FAILED'],
        ['DONE', 'SUCCESS'],
      ] as const) {
        const invoice = await requestedPayout();
        const response = await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
          invoiceId: invoice.id,
          statusId: STATUS_ID[status],
        });
        expect(response.statusCode, status).toBe(200);
        expect(await attemptStatuses(invoice.id), status).toEqual([outcome]);
        moved[status] = invoice.id;
      }
      // A declined one goes back to the provider by a retry.
      const declined = moved.DECLINED ?? '';
      const retried = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
        invoiceId: declined,
      });
      expect(retried.statusCode).toBe(200);
      expect(await attemptStatuses(declined)).toEqual(['FAILED', 'NEW']);

      // One staff marked paid by hand, then corrected back to IN_PROGRESS: not in the queue
      // (a correction), and staff may send it again: their own mark is no provider's report.
      const invoice = await requestedPayout();
      await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: STATUS_ID.PAYED,
      });
      await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: STATUS_ID.IN_PROGRESS,
      });
      expect(await attemptStatuses(invoice.id)).toEqual(['SUCCESS']);
      const resent = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
        invoiceId: invoice.id,
      });
      expect(resent.statusCode).toBe(200);
      expect(await attemptStatuses(invoice.id)).toEqual(['SUCCESS', 'NEW']);
    });

    it('sends a test payout again whatever was reported: it moves no money', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'IN_PROGRESS',
        credentialValue: PAYOUT_PHONE,
        isTestProcessing: true,
      });
      await fixture.db.insert(invoiceTransactions).values({ invoiceId: invoice.id, status: 'NEW' });
      await providerReports(invoice.id, 'PAYED');
      await fixture.call('PATCH', '/api/v1/invoice/status', 'support', {
        invoiceId: invoice.id,
        statusId: STATUS_ID.DECLINED,
      });
      const retried = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
        invoiceId: invoice.id,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await attemptStatuses(invoice.id)).toEqual(['SUCCESS', 'NEW']);
    });

    it('keeps an in-progress withdrawal in progress', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'IN_PROGRESS',
        credentialValue: PAYOUT_PHONE,
      });
      const response = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
        invoiceId: invoice.id,
      });
      expect(response.statusCode).toBe(200);
      expect((await eventsOf(invoice.id)).map((event) => event.eventCode)).toEqual([
        'INVOICE_RETRIED',
      ]);
    });

    it.each([
      ['a DONE withdrawal', 'ownWithdrawal', 'DONE', 'A DONE withdrawal cannot be retried'],
      [
        'a CANCELED withdrawal',
        'ownWithdrawal',
        'CANCELED',
        'A CANCELED withdrawal cannot be retried',
      ],
      ['a deposit', 'ownDeposit', 'DECLINED', 'Only withdrawals can be retried'],
    ] as const)('refuses %s (409)', async (_name, terminal, status, message) => {
      const invoice = await fixture.createInvoice(fixture.terminals[terminal], { status });
      const response = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
        invoiceId: invoice.id,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(message);
      const attempts = await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoice.id));
      expect(attempts).toEqual([]);
    });

    it('refuses a withdrawal whose customer has not given a phone yet (409), sending nothing', async () => {
      for (const status of ['NEW', 'DECLINED'] as const) {
        const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, { status });
        const response = await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
          invoiceId: invoice.id,
        });
        expect(response.statusCode, status).toBe(409);
        expect(response.json().detail).toBe(NO_PAYOUT_PHONE_MESSAGE);
        const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoice.id));
        expect(row?.status).toBe(status);
        const attempts = await fixture.db
          .select()
          .from(invoiceTransactions)
          .where(eq(invoiceTransactions.invoiceId, invoice.id));
        expect(attempts).toEqual([]);
        expect(await eventsOf(invoice.id)).toEqual([]);
      }
    });

    it('lets the invoice’s own merchant’s users retry their withdrawals (SPEC §4, decision 0006)', async () => {
      for (const who of ['merchant', 'bare'] as const) {
        // In progress with nothing sent (e.g. corrected back by staff): a retry sends it.
        const inProgress = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
          status: 'IN_PROGRESS',
          credentialValue: PAYOUT_PHONE,
        });
        const response = await fixture.call('POST', '/api/v1/invoice/retry', who, {
          invoiceId: inProgress.id,
        });
        expect(response.statusCode, who).toBe(200);
        expect(response.json().data.invoiceStatus.code).toBe('IN_PROGRESS');
        const attempts = await fixture.db
          .select()
          .from(invoiceTransactions)
          .where(eq(invoiceTransactions.invoiceId, inProgress.id));
        expect(attempts).toMatchObject([{ status: 'NEW' }]);
        const retriedBy = (await eventsOf(inProgress.id)).map((event) => event.personId);
        expect(retriedBy).toEqual([fixture.personIds[who]]);
      }
    });

    it('sends the merchant’s own NEW withdrawal when its balance covers it, 409 when not (decision 0017)', async () => {
      const merchant = await createTestMerchant(fixture.db, `Retrying ${Math.random()}`);
      const deposits = await createTestTerminal(fixture.db, merchant.id, { name: 'In' });
      await createTestInvoice(fixture.db, deposits, { amount: 300_000n, status: 'DONE' });
      const payouts = await createTestTerminal(fixture.db, merchant.id, {
        name: 'Out',
        flowType: 'WITHDRAWAL',
      });
      const user = await createTestPerson(fixture.db, {
        username: `retrier-${merchant.id}`,
        role: 'merchant',
        merchantId: merchant.id,
      });
      const cookie = await signIn(fixture.testApp.app, user.username, user.password);
      const retryAs = (invoiceId: string) =>
        fixture.testApp.app.inject({
          method: 'POST',
          url: '/api/v1/invoice/retry',
          headers: { cookie },
          payload: { invoiceId },
        });

      const covered = await createTestInvoice(fixture.db, payouts, {
        amount: 200_000n,
        credentialValue: PAYOUT_PHONE,
      });
      const sent = await retryAs(covered.id);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data.invoiceStatus.code).toBe('IN_PROGRESS');

      const uncovered = await createTestInvoice(fixture.db, payouts, {
        amount: 250_000n,
        credentialValue: PAYOUT_PHONE,
      });
      const refused = await retryAs(uncovered.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(
        "The merchant's available balance of 1000.00 UZS does not cover this payout of 2500.00 UZS",
      );
    });

    it('refuses staff without invoice.status.change (403), no session (401), a bad id (400) and another merchant (404)', async () => {
      const invoice = await fixture.createInvoice(fixture.terminals.ownWithdrawal, {
        status: 'IN_PROGRESS',
      });
      expect(
        (await fixture.call('POST', '/api/v1/invoice/retry', 'operator', { invoiceId: invoice.id }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await fixture.call('POST', '/api/v1/invoice/retry', 'otherMerchant', {
            invoiceId: invoice.id,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await fixture.call('POST', '/api/v1/invoice/retry', undefined, { invoiceId: invoice.id }))
          .statusCode,
      ).toBe(401);
      expect(
        (await fixture.call('POST', '/api/v1/invoice/retry', 'support', { invoiceId: 42 }))
          .statusCode,
      ).toBe(400);
      expect((await fixture.call('POST', '/api/v1/invoice/retry', 'support', {})).statusCode).toBe(
        400,
      );
      expect(
        (
          await fixture.call('POST', '/api/v1/invoice/retry', 'support', {
            invoiceId: crypto.randomUUID(),
          })
        ).statusCode,
      ).toBe(404);
      const attempts = await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoice.id));
      expect(attempts).toEqual([]);
    });
  });
});
