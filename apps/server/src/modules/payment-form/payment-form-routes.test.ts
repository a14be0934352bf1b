import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currencies,
  eventLog,
  invoiceErrors,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  paymentMethods,
  peopleAccounts,
  referenceItems,
  terminals,
} from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { currencyId, referenceItemId } from '../../seed/reference-data.ts';
import { TEST_AUTH } from '../../testing/test-app.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { chooseMethod } from './payment-form-service.ts';
import { createPaymentFormFixture, type PaymentFormFixture } from './payment-form-test-fixture.ts';

describe.each(TEST_DATABASE_KINDS)('payment form endpoints on %s', (kind) => {
  let fixture: PaymentFormFixture;

  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
  });
  afterAll(async () => fixture?.close());
  beforeEach(async () => {
    await fixture.disableAllAccounts();
  });

  const deposit = (overrides: Parameters<PaymentFormFixture['createInvoice']>[1] = {}) =>
    fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 1_000_000n,
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cancel',
      errorUrl: 'https://shop.example/error',
      ...overrides,
    });

  const withdrawal = (overrides: Parameters<PaymentFormFixture['createInvoice']>[1] = {}) =>
    fixture.createInvoice(fixture.terminals.rubWithdrawal, {
      amount: 500_000n,
      successUrl: 'https://shop.example/ok',
      ...overrides,
    });

  /** How many rows the engine has written about an invoice, by table. */
  const writesAbout = async (invoiceId: string) => ({
    events: (await fixture.db.select().from(eventLog).where(eq(eventLog.invoiceId, invoiceId)))
      .length,
    history: (
      await fixture.db
        .select()
        .from(invoiceStatusHistory)
        .where(eq(invoiceStatusHistory.invoiceId, invoiceId))
    ).length,
    attempts: (
      await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoiceId))
    ).length,
  });

  const stored = async (invoiceId: string) => {
    const [invoice] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new Error('invoice vanished');
    return invoice;
  };

  describe('init', () => {
    it('answers the form data of SPEC §3 with a verification key', async () => {
      const invoice = await deposit({ canChangeAmount: true });
      const response = await fixture.post(invoice.formId, 'init');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({
        invoiceId: invoice.id,
        type: 'deposit',
        status: 'NEW',
        amount: 1_000_000,
        currencyInfo: {
          id: currencyId('UZS'),
          code: 'UZS',
          dimension: 2,
          minValue: 100_000,
          maxValue: 5_000_000_000,
        },
        canChangeAmount: true,
        expiredIn: invoice.expiresAt.toISOString(),
        successUrl: 'https://shop.example/ok',
        cancelUrl: 'https://shop.example/cancel',
        errorUrl: 'https://shop.example/error',
        paymentMethodId: null,
        paymentMethodName: null,
        credentials: null,
      });
      expect(data.methods.map((method: { name: string }) => method.name)).toEqual(['Humo', 'Uzs']);
      expect(data.methods[0]).toMatchObject({ minAmount: 100_000, maxAmount: 2_000_000_000 });
      expect(data.verficationKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('offers a fixed amount only the methods whose limits take it', async () => {
      // Uzs narrowed below the payment's amount for this test; Humo still takes it.
      const narrowed = () =>
        fixture.db
          .update(paymentMethods)
          .set({ maxAmount: 500_000n })
          .where(eq(paymentMethods.code, 'CARDUZS'));
      const restored = () =>
        fixture.db
          .update(paymentMethods)
          .set({ maxAmount: 2_000_000_000n })
          .where(eq(paymentMethods.code, 'CARDUZS'));
      await narrowed();
      try {
        const fixed = await deposit({ canChangeAmount: false });
        const fixedForm = (await fixture.post(fixed.formId, 'init')).json().data;
        expect(fixedForm.methods.map((method: { name: string }) => method.name)).toEqual(['Humo']);
        // Chosen anyway (an old page, a hand-made call): refused with the limits.
        const refused = await fixture.requestCredential(fixed, 'CARDUZS');
        expect(refused.statusCode).toBe(400);
        expect(refused.json().detail).toBe(
          'Amount must be between 100000 and 500000 (minor units)',
        );

        // An amount the customer sets may still go to Uzs, within its limits.
        const flexible = await deposit({ canChangeAmount: true });
        const flexibleForm = (await fixture.post(flexible.formId, 'init')).json().data;
        expect(flexibleForm.methods.map((method: { name: string }) => method.name)).toEqual([
          'Humo',
          'Uzs',
        ]);
      } finally {
        await restored();
      }
    });

    it('answers 404 for an unknown form, 400 for a malformed id, never 500', async () => {
      const unknown = await fixture.post('A'.repeat(24), 'init');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ detail: 'Payment not found' });
      for (const formId of ['short', `${'x'.repeat(30)}%27`, 'a'.repeat(65)]) {
        expect((await fixture.post(formId, 'init')).statusCode, formId).toBe(400);
      }
    });

    it('answers 410 for an expired or cancelled form and 409 for a finished one', async () => {
      const expired = await deposit({ expiresAt: new Date(Date.now() - 1_000) });
      const expiredAnswer = await fixture.post(expired.formId, 'init');
      expect(expiredAnswer.statusCode).toBe(410);
      expect(expiredAnswer.json()).toMatchObject({
        detail: 'The payment has expired',
        code: 'payment_expired',
      });
      const canceled = await deposit({ status: 'CANCELED' });
      const canceledAnswer = await fixture.post(canceled.formId, 'init');
      expect(canceledAnswer.statusCode).toBe(410);
      expect(canceledAnswer.json().code).toBe('payment_canceled');
      // Cancelled by the expiry job (at or after its deadline): still expired to the customer.
      const expiredThenCanceled = await deposit({
        status: 'CANCELED',
        expiresAt: new Date(Date.now() - 60_000),
        statusDate: new Date(Date.now() - 55_000),
      });
      expect((await fixture.post(expiredThenCanceled.formId, 'init')).json()).toMatchObject({
        detail: 'The payment has expired',
        code: 'payment_expired',
      });
      for (const status of ['DONE', 'DECLINED'] as const) {
        const finished = await deposit({ status });
        const answer = await fixture.post(finished.formId, 'init');
        expect(answer.statusCode, status).toBe(409);
        expect(answer.json()).toMatchObject({
          detail: 'The payment is already finished',
          code: 'payment_finished',
        });
      }
    });
  });

  describe('a terminal switched off, and a deposit reported past its deadline', () => {
    const switchTerminal = (terminalId: number, enabled: boolean) =>
      fixture.db.update(terminals).set({ enabled }).where(eq(terminals.id, terminalId));

    it('cancels for the customer a payment not started on a terminal switched off; a started deposit goes on', async () => {
      const fresh = await deposit();
      const started = await deposit();
      await fixture.createAccount();
      expect((await fixture.requestCredential(started, 'HUMOUZS')).statusCode).toBe(200);
      const payout = await withdrawal();
      await switchTerminal(fixture.terminals.uzsDeposit.id, false);
      await switchTerminal(fixture.terminals.rubWithdrawal.id, false);
      try {
        for (const answer of [
          await fixture.post(fresh.formId, 'init'),
          await fixture.requestCredential(fresh, 'HUMOUZS'),
          await fixture.post(payout.formId, 'complete', { credential: '79123456789' }),
        ]) {
          expect(answer.statusCode, answer.body).toBe(410);
          expect(answer.json()).toMatchObject({
            detail: 'The payment was cancelled',
            code: 'payment_canceled',
          });
        }
        expect((await stored(fresh.id)).status).toBe('NEW');
        expect((await stored(payout.id)).credentialValue).toBeNull();
        // Given requisites before the switch: the customer may have paid, and says so.
        expect((await fixture.post(started.formId, 'init')).statusCode).toBe(200);
        const paid = await fixture.post(started.formId, 'complete', {});
        expect(paid.statusCode, paid.body).toBe(200);
      } finally {
        await switchTerminal(fixture.terminals.uzsDeposit.id, true);
        await switchTerminal(fixture.terminals.rubWithdrawal.id, true);
      }
      expect((await fixture.post(fresh.formId, 'init')).statusCode).toBe(200);
    });

    it('opens a deposit the provider reported (PAYED) after its deadline: the money is in', async () => {
      const reported = await deposit({ status: 'PAYED', expiresAt: new Date(Date.now() - 1_000) });
      const answer = await fixture.post(reported.formId, 'init');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.status).toBe('PAYED');
      const waiting = await deposit({
        status: 'IN_PROGRESS',
        expiresAt: new Date(Date.now() - 1_000),
      });
      expect((await fixture.post(waiting.formId, 'init')).statusCode).toBe(410);
    });
  });

  describe('the deadline, by the database clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    // The expiry job cancels by the database's clock; a server whose own clock runs behind must
    // not take "I have paid" (or a payout's phone) for a payment the job already counts as expired.
    it('refuses to complete a payment past its deadline even when the app clock runs behind', async () => {
      const waiting = await deposit({ status: 'IN_PROGRESS', expiresAt: new Date() });
      const payout = await withdrawal({ status: 'NEW', expiresAt: new Date() });
      await fixture.db
        .update(invoices)
        .set({ expiresAt: sql`clock_timestamp() - interval '1 minute'` })
        .where(inArray(invoices.id, [waiting.id, payout.id]));
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 3_600_000 });

      const paid = await fixture.post(waiting.formId, 'complete', {});
      expect(paid.statusCode, paid.body).toBe(410);
      expect(paid.json()).toMatchObject({ code: 'payment_expired' });
      const phone = await fixture.post(payout.formId, 'complete', { credential: '79001234567' });
      expect(phone.statusCode, phone.body).toBe(410);
      const rows = await fixture.db
        .select()
        .from(invoices)
        .where(inArray(invoices.id, [waiting.id, payout.id]));
      expect(rows.map((row) => row.customerMarkedPaidAt ?? row.credentialValue)).toEqual([
        null,
        null,
      ]);
    });
  });

  describe('credential (deposit)', () => {
    it('assigns the requisites of an account with room, and takes the amount from its limit', async () => {
      const account = await fixture.createAccount({ limit: 5_000_000n, balance: 1_000_000n });
      const invoice = await deposit();
      const response = await fixture.requestCredential(invoice, 'HUMOUZS');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        status: 'IN_PROGRESS',
        paymentMethodId: await fixture.methodId('HUMOUZS'),
        paymentMethodName: 'Humo',
        credentials: {
          value: '8600123412341234',
          owner: 'Ivan Petrov',
          country_code: 'UZ',
          bank_name: 'Test bank',
          type: 'card',
        },
      });
      expect((await fixture.accountLimits(account.id))?.balance).toBe(2_000_000n);
      expect(await stored(invoice.id)).toMatchObject({
        status: 'IN_PROGRESS',
        peopleAccountId: account.id,
        credentialValue: '8600123412341234',
      });
      const [used] = await fixture.db
        .select()
        .from(peopleAccounts)
        .where(eq(peopleAccounts.id, account.id));
      expect(used?.lastAssignedAt).toBeInstanceOf(Date);
      const history = await fixture.db
        .select()
        .from(invoiceStatusHistory)
        .where(eq(invoiceStatusHistory.invoiceId, invoice.id));
      expect(history.map((row) => row.status)).toEqual(['IN_PROGRESS']);
      const attempts = await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoice.id));
      expect(attempts).toMatchObject([{ status: 'NEW' }]);

      // The form asks again (its retry): same requisites, nothing taken twice.
      const again = await fixture.requestCredential(invoice, 'HUMOUZS');
      expect(again.json().data.credentials.value).toBe('8600123412341234');
      expect((await fixture.accountLimits(account.id))?.balance).toBe(2_000_000n);
      // Init after a reload shows them too.
      expect((await fixture.post(invoice.formId, 'init')).json().data.credentials.value).toBe(
        '8600123412341234',
      );

      // Back on the form and another method: the reservation stays, with a code the form reads
      // the payment again on (decision 0011).
      const other = await fixture.requestCredential(invoice, 'CARDUZS');
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({
        detail: 'A payment method has already been chosen',
        code: 'payment_method_chosen',
      });
      expect(await stored(invoice.id)).toMatchObject({ peopleAccountId: account.id });
      expect((await fixture.accountLimits(account.id))?.balance).toBe(2_000_000n);
    });

    it('prefers higher priority, then the least recently used account', async () => {
      const low = await fixture.createAccount({
        priority: 1,
        requisite: { type: 'CARD', value: '1111' },
      });
      const highA = await fixture.createAccount({
        priority: 5,
        requisite: { type: 'CARD', value: '2222' },
      });
      const highB = await fixture.createAccount({
        priority: 5,
        requisite: { type: 'CARD', value: '3333' },
      });
      const chosen: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const invoice = await deposit();
        await fixture.requestCredential(invoice, 'HUMOUZS');
        chosen.push((await stored(invoice.id)).peopleAccountId ?? 0);
      }
      expect(chosen).toEqual([highA.id, highB.id, highA.id]);
      expect(chosen).not.toContain(low.id);
    });

    it('skips accounts without room, disabled ones and other methods', async () => {
      await fixture.createAccount({ limit: 1_500_000n, balance: 1_000_000n, priority: 9 });
      await fixture.createAccount({ enabled: false, priority: 8 });
      await fixture.createAccount({ methodCode: 'CARDUZS', priority: 7 });
      const fitting = await fixture.createAccount({ priority: 1 });
      const invoice = await deposit();
      await fixture.requestCredential(invoice, 'HUMOUZS');
      expect((await stored(invoice.id)).peopleAccountId).toBe(fitting.id);
    });

    it('never gives one amount twice on an account that checks unique amounts', async () => {
      const unique = await fixture.createAccount({ checkUniqueAmount: true, priority: 9 });
      const first = await deposit();
      const second = await deposit();
      await fixture.requestCredential(first, 'HUMOUZS');
      const refused = await fixture.requestCredential(second, 'HUMOUZS');
      expect((await stored(first.id)).peopleAccountId).toBe(unique.id);
      expect(refused.statusCode).toBe(409);

      const fallback = await fixture.createAccount({ priority: 1 });
      const third = await deposit();
      await fixture.requestCredential(third, 'HUMOUZS');
      expect((await stored(third.id)).peopleAccountId).toBe(fallback.id);
      const differentAmount = await deposit({ amount: 1_100_000n });
      await fixture.requestCredential(differentAmount, 'HUMOUZS');
      expect((await stored(differentAmount.id)).peopleAccountId).toBe(unique.id);
    });

    it('declines the invoice with an error row when no account can take it', async () => {
      const invoice = await deposit({ callbackUrl: 'https://shop.example/callback' });
      const response = await fixture.requestCredential(invoice, 'HUMOUZS');
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('No account available for this amount');
      expect((await stored(invoice.id)).status).toBe('DECLINED');
      const errors = await fixture.db
        .select()
        .from(invoiceErrors)
        .where(eq(invoiceErrors.invoiceId, invoice.id));
      expect(errors.map((row) => row.description)).toEqual([
        'No account available for this amount',
      ]);
      const status = await fixture.post(invoice.formId, 'status');
      expect(status.json().data.status).toBe('DECLINED');
      expect((await fixture.requestCredential(invoice, 'HUMOUZS')).statusCode).toBe(409);
    });

    it('takes a changed amount only when the invoice allows it, within the method and currency limits', async () => {
      await fixture.createAccount();
      const fixed = await deposit();
      const changedFixed = await fixture.requestCredential(fixed, 'HUMOUZS', 1_200_000n);
      expect(changedFixed.statusCode).toBe(400);
      expect(changedFixed.json().detail).toBe('The amount of this payment cannot be changed');

      const flexible = await deposit({ canChangeAmount: true });
      const tooSmall = await fixture.requestCredential(flexible, 'HUMOUZS', 99_999n);
      expect(tooSmall.statusCode).toBe(400);
      expect(tooSmall.json().detail).toBe(
        'Amount must be between 100000 and 2000000000 (minor units)',
      );
      expect(
        (await fixture.requestCredential(flexible, 'HUMOUZS', 2_000_000_001n)).statusCode,
      ).toBe(400);
      const changed = await fixture.requestCredential(flexible, 'HUMOUZS', 1_200_000n);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.amount).toBe(1_200_000);
      expect((await stored(flexible.id)).amount).toBe(1_200_000n);
    });

    it('says which amount the reserved requisites are for, and keeps it whatever is asked next', async () => {
      const account = await fixture.createAccount({ limit: 5_000_000n });
      const invoice = await deposit({ canChangeAmount: true });
      expect((await fixture.post(invoice.formId, 'init')).json().data.reservedAmount).toBeNull();
      const first = await fixture.requestCredential(invoice, 'HUMOUZS', 1_200_000n);
      expect(first.json().data).toMatchObject({ amount: 1_200_000, reservedAmount: 1_200_000 });

      // Back on the form, the same method and another amount: the requisites the customer may
      // already have paid to stay, and the answer says for which amount (decision 0011).
      const changed = await fixture.requestCredential(invoice, 'HUMOUZS', 1_500_000n);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({
        amount: 1_200_000,
        reservedAmount: 1_200_000,
        credentials: { value: '8600123412341234' },
      });
      expect((await fixture.post(invoice.formId, 'init')).json().data.reservedAmount).toBe(
        1_200_000,
      );
      expect(await stored(invoice.id)).toMatchObject({
        amount: 1_200_000n,
        peopleAccountId: account.id,
      });
      expect((await fixture.accountLimits(account.id))?.balance).toBe(1_200_000n);
    });

    it('keeps showing reserved requisites whose method was disabled since', async () => {
      await fixture.createAccount({ limit: 5_000_000n });
      const invoice = await deposit({ canChangeAmount: true });
      expect((await fixture.requestCredential(invoice, 'HUMOUZS')).statusCode).toBe(200);
      const disable = (enabled: boolean) =>
        fixture.db
          .update(paymentMethods)
          .set({ enabled })
          .where(eq(paymentMethods.code, 'HUMOUZS'));
      await disable(false);
      try {
        // The form reads the payment again: the method is still there to preset, with its
        // requisites, and choosing it again answers them; another method goes back to them.
        const reopened = (await fixture.post(invoice.formId, 'init')).json().data;
        expect(reopened).toMatchObject({
          paymentMethodId: await fixture.methodId('HUMOUZS'),
          paymentMethodName: 'Humo',
          reservedAmount: Number(invoice.amount),
          credentials: { value: '8600123412341234' },
        });
        expect(reopened.methods.map((method: { name: string }) => method.name)).toContain('Humo');
        const again = await fixture.requestCredential(invoice, 'HUMOUZS');
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().data.credentials).toMatchObject({ value: '8600123412341234' });
        const other = await fixture.requestCredential(invoice, 'CARDUZS');
        expect(other.statusCode).toBe(409);
        expect(other.json().code).toBe('payment_method_chosen');
        // A payment with nothing reserved is not offered the disabled method.
        const fresh = (await fixture.post((await deposit()).formId, 'init')).json().data;
        expect(fresh.methods.map((method: { name: string }) => method.name)).not.toContain('Humo');
      } finally {
        await disable(true);
      }
    });

    it('refuses a wrong support code (403), another currency’s method and malformed bodies (400)', async () => {
      await fixture.createAccount();
      const invoice = await deposit();
      const paymentMethodId = await fixture.methodId('HUMOUZS');
      const wrongCode = await fixture.post(invoice.formId, 'credential', {
        amount: 1_000_000,
        formId: invoice.formId,
        paymentMethodId,
        supportCode: '0'.repeat(32),
      });
      expect(wrongCode.statusCode).toBe(403);
      expect(wrongCode.json().detail).toBe('Invalid support code');
      const otherForm = await deposit();
      const borrowed = await fixture.post(invoice.formId, 'credential', {
        amount: 1_000_000,
        paymentMethodId,
        supportCode: await fixture.supportCodeOf(otherForm.formId),
      });
      expect(borrowed.statusCode).toBe(403);
      const rubMethod = await fixture.requestCredential(invoice, 'SBERRUB');
      expect(rubMethod.statusCode).toBe(400);
      const supportCode = await fixture.supportCodeOf(invoice.formId);
      for (const body of [
        { amount: '12a', paymentMethodId, supportCode },
        { amount: 1_000_000, paymentMethodId: 'Humo', supportCode },
        { amount: 1_000_000, supportCode },
        { amount: 1_000_000, paymentMethodId },
        { amount: -1, paymentMethodId, supportCode },
        { amount: 1_000_000, paymentMethodId, supportCode, formId: otherForm.formId },
      ]) {
        expect(
          (await fixture.post(invoice.formId, 'credential', body)).statusCode,
          JSON.stringify(body),
        ).toBe(400);
      }
      // A misspelt field is named, not ignored.
      const misspelt = await fixture.post(invoice.formId, 'credential', {
        amount: 1_000_000,
        paymentMethodId,
        supportCode,
        ammount: 5,
      });
      expect(misspelt.statusCode).toBe(400);
      expect(misspelt.json().detail).toBe('body/ammount is not a known property');
      expect((await stored(invoice.id)).status).toBe('NEW');
    });
  });

  describe('complete', () => {
    it('records that a deposit customer says they paid and answers the success URL', async () => {
      await fixture.createAccount();
      const invoice = await deposit();
      expect((await fixture.post(invoice.formId, 'complete', {})).statusCode).toBe(409);
      await fixture.requestCredential(invoice, 'HUMOUZS');
      const response = await fixture.post(invoice.formId, 'complete', { formId: invoice.formId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { successUrl: 'https://shop.example/ok' } });
      const events = await fixture.db
        .select()
        .from(eventLog)
        .where(
          and(eq(eventLog.invoiceId, invoice.id), eq(eventLog.eventCode, 'CUSTOMER_MARKED_PAID')),
        );
      expect(events).toHaveLength(1);
      expect((await stored(invoice.id)).status).toBe('IN_PROGRESS');
    });

    it('sends a fast-payment withdrawal to the payout queue with the phone and bank', async () => {
      const invoice = await withdrawal();
      const chosen = await fixture.requestCredential(invoice, 'SBPRUB');
      expect(chosen.statusCode).toBe(200);
      // Nothing is reserved for a payout: its amount may change until it is requested.
      expect(chosen.json().data).toMatchObject({
        type: 'withdrawal',
        status: 'NEW',
        credentials: null,
        reservedAmount: null,
      });

      const noBank = await fixture.post(invoice.formId, 'complete', { credential: '79123456789' });
      expect(noBank.statusCode).toBe(400);
      expect(noBank.json().detail).toBe('Choose the bank');
      const unknownBank = await fixture.post(invoice.formId, 'complete', {
        credential: '79123456789',
        bankCodeInteger: 1,
      });
      expect(unknownBank.json().detail).toBe('Unknown bank');
      for (const credential of ['', '7912', '78123456789', '+7 (912) 345-67-8x']) {
        const response = await fixture.post(invoice.formId, 'complete', {
          credential,
          bankCodeInteger: 100000000111,
        });
        expect(response.statusCode, credential).toBe(400);
      }
      expect((await stored(invoice.id)).status).toBe('NEW');

      const done = await fixture.post(invoice.formId, 'complete', {
        credential: '+79123456789',
        formId: invoice.formId,
        bankCodeInteger: 100000000111,
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.successUrl).toBe('https://shop.example/ok');
      expect(await stored(invoice.id)).toMatchObject({
        status: 'IN_PROGRESS',
        credentialValue: '79123456789',
        bankCodeInteger: 100000000111,
      });
      // Requested, the payout has left NEW, yet nothing is reserved: reservedAmount is a deposit's.
      const requested = await fixture.post(invoice.formId, 'init');
      expect(requested.json().data).toMatchObject({ status: 'IN_PROGRESS', reservedAmount: null });
      const attempts = await fixture.db
        .select()
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoice.id));
      expect(attempts).toHaveLength(1);
      // The same request again (a retry, a reload) is answered as the first, and writes nothing.
      const writesBefore = await writesAbout(invoice.id);
      const twice = await fixture.post(invoice.formId, 'complete', {
        credential: '79123456789',
        bankCodeInteger: 100000000111,
      });
      expect(twice.statusCode).toBe(200);
      expect(await writesAbout(invoice.id)).toEqual(writesBefore);
      const otherPhone = await fixture.post(invoice.formId, 'complete', {
        credential: '79120000000',
        bankCodeInteger: 100000000111,
      });
      expect(otherPhone.statusCode).toBe(409);
      expect(otherPhone.json().detail).toBe('The withdrawal has already been requested');
    });

    it('refuses a payout phone outside its currency’s rule (SPEC §5), in the rule’s words', async () => {
      const uzsPayouts = await createTestTerminal(fixture.db, fixture.merchant.id, {
        name: 'UZS out',
        flowType: 'WITHDRAWAL',
        currencyId: currencyId('UZS'),
      });
      // The shop's confirmed UZS deposits fund the payout (merchant balances, decision 0017).
      await deposit({ amount: 10_000_000n, status: 'DONE' });
      const invoice = await fixture.createInvoice(uzsPayouts, { amount: 500_000n });
      expect((await fixture.requestCredential(invoice, 'HUMOUZS')).statusCode).toBe(200);

      for (const credential of [
        '901234567', // the national number without +998: the browser walk of issue 20
        '+99890123456', // one digit short
        '+9989012345678', // one digit long
        '+996555123456', // a KGS number
        '+79123456789', // a RUB number
      ]) {
        const response = await fixture.post(invoice.formId, 'complete', { credential });
        expect(response.statusCode, credential).toBe(400);
        expect(response.json().detail, credential).toBe(
          'The phone number must be +998 followed by 9 digits',
        );
      }
      expect(await stored(invoice.id)).toMatchObject({ status: 'NEW', credentialValue: null });

      const done = await fixture.post(invoice.formId, 'complete', {
        credential: '+998 90 123 45 67',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(await stored(invoice.id)).toMatchObject({
        status: 'IN_PROGRESS',
        credentialValue: '998901234567',
      });
    });

    it('holds RUB payouts to +7 and 10 digits starting with 9, in the same words', async () => {
      const invoice = await withdrawal();
      await fixture.requestCredential(invoice, 'SBERRUB_X');
      for (const credential of ['78123456789', '9123456789', '89123456789']) {
        const response = await fixture.post(invoice.formId, 'complete', { credential });
        expect(response.statusCode, credential).toBe(400);
        expect(response.json().detail, credential).toBe(
          'The phone number must be +7 followed by 10 digits starting with 9',
        );
      }
      expect((await stored(invoice.id)).status).toBe('NEW');
    });

    it('names a field it does not know instead of ignoring it (400)', async () => {
      const invoice = await withdrawal();
      const response = await fixture.post(invoice.formId, 'complete', {
        credential: '79123456789',
        bankCode: 100000000111,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('body/bankCode is not a known property');
      expect((await stored(invoice.id)).status).toBe('NEW');
    });

    it('needs a method chosen before a withdrawal completes', async () => {
      const invoice = await withdrawal();
      const response = await fixture.post(invoice.formId, 'complete', {
        credential: '79123456789',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('Choose a payment method first');
    });

    it('takes a by-mobile withdrawal without a bank', async () => {
      const invoice = await withdrawal();
      await fixture.requestCredential(invoice, 'SBERRUB_X');
      const response = await fixture.post(invoice.formId, 'complete', {
        credential: '79001234567',
      });
      expect(response.statusCode).toBe(200);
      expect((await stored(invoice.id)).bankCodeInteger).toBeNull();
    });

    it('tells the form which methods need a bank: those whose payout is refused without one', async () => {
      const needsBankOf = async (formId: string) =>
        Object.fromEntries(
          (await fixture.post(formId, 'init'))
            .json()
            .data.methods.map((method: { code: string; needsSbpBank: boolean }) => [
              method.code,
              method.needsSbpBank,
            ]),
        );
      expect(await needsBankOf((await withdrawal()).formId)).toEqual({
        SBERRUB: false,
        TCSBRUB: false,
        SBPRUB: true,
        SBERRUB_X: false,
        TSCBRUB_X: false,
      });
      // A deposit's form never asks for a bank, even with the fast-payment method on offer.
      const rubDeposit = await fixture.createInvoice(fixture.terminals.rubDeposit, {
        amount: 500_000n,
      });
      const depositMethods = await needsBankOf(rubDeposit.formId);
      expect(depositMethods).toHaveProperty('SBPRUB', false);
      expect(Object.values(depositMethods)).not.toContain(true);

      // The requisite kind decides, not the method's code or name.
      const kindOf = (requisiteKind: 'by_mobile' | 'sbp') =>
        fixture.db
          .update(paymentMethods)
          .set({ requisiteKind })
          .where(eq(paymentMethods.code, 'TSCBRUB_X'));
      await kindOf('sbp');
      try {
        const invoice = await withdrawal();
        expect((await needsBankOf(invoice.formId)).TSCBRUB_X).toBe(true);
        await fixture.requestCredential(invoice, 'TSCBRUB_X');
        const noBank = await fixture.post(invoice.formId, 'complete', {
          credential: '79001234567',
        });
        expect(noBank.statusCode).toBe(400);
        expect(noBank.json().detail).toBe('Choose the bank');
      } finally {
        await kindOf('by_mobile');
      }
    });
  });

  describe('a currency without rules of its own, its minimums zero (as the database allows)', () => {
    let payouts: Awaited<ReturnType<typeof createTestTerminal>>;

    beforeAll(async () => {
      const [usd] = await fixture.db
        .insert(currencies)
        .values({
          id: 990_001,
          code: 'USD',
          name: 'US dollar',
          dimension: 2,
          minValue: 0n,
          maxValue: 10_000_000n,
        })
        .returning();
      if (!usd) throw new Error('currency insert returned nothing');
      await fixture.db.insert(paymentMethods).values({
        code: 'PHONEUSD',
        name: 'Usd phone',
        currencyId: usd.id,
        requisiteKind: 'by_mobile',
        minAmount: 0n,
        maxAmount: 10_000_000n,
      });
      payouts = await createTestTerminal(fixture.db, fixture.merchant.id, {
        name: 'USD out',
        flowType: 'WITHDRAWAL',
        currencyId: usd.id,
      });
    });

    /** A test payout: it needs no merchant balance. */
    const usdPayout = () =>
      fixture.createInvoice(payouts, { amount: 500_000n, isTestProcessing: true });

    it('takes a payout phone of 9 to 15 digits, the form’s rule', async () => {
      const invoice = await usdPayout();
      expect((await fixture.requestCredential(invoice, 'PHONEUSD')).statusCode).toBe(200);
      for (const credential of ['+12345678', '1234567890123456', '+1 234 567 89x']) {
        const response = await fixture.post(invoice.formId, 'complete', { credential });
        expect(response.statusCode, credential).toBe(400);
        expect(response.json().detail, credential).toBe('Fill in the phone number');
      }
      const done = await fixture.post(invoice.formId, 'complete', { credential: '+1 234 567 89' });
      expect(done.statusCode, done.body).toBe(200);
      expect((await stored(invoice.id)).credentialValue).toBe('123456789');
    });

    it('refuses a payment of nothing, by the form’s own amount rule, and takes one minor unit', async () => {
      const invoice = await fixture.createInvoice(payouts, {
        amount: 500_000n,
        canChangeAmount: true,
        isTestProcessing: true,
      });
      // The route's schema refuses 0 before the service; the service's rule refuses it too.
      expect((await fixture.requestCredential(invoice, 'PHONEUSD', 0n)).statusCode).toBe(400);
      const choice = {
        amount: 0n,
        paymentMethodId: await fixture.methodId('PHONEUSD'),
        supportCode: await fixture.supportCodeOf(invoice.formId),
      };
      await expect(
        chooseMethod(fixture.db, TEST_AUTH.jwtSecret, invoice.formId, choice),
      ).rejects.toThrow('Amount must be between 1 and 500000 (minor units)');
      expect((await stored(invoice.id)).amount).toBe(500_000n);

      const least = await fixture.requestCredential(invoice, 'PHONEUSD', 1n);
      expect(least.statusCode, least.body).toBe(200);
      expect((await stored(invoice.id)).amount).toBe(1n);
    });
  });

  describe('status and banks', () => {
    it('answers the status of any existing form and 404 otherwise', async () => {
      const invoice = await deposit({ status: 'DONE' });
      const response = await fixture.post(invoice.formId, 'status');
      expect(response.json()).toEqual({ data: { status: 'DONE', invoiceId: invoice.id } });
      expect((await fixture.post('B'.repeat(24), 'status')).statusCode).toBe(404);
    });

    it('lists the fast-payment banks with their integer codes', async () => {
      const invoice = await withdrawal();
      const response = await fixture.app.inject({
        method: 'GET',
        url: `/api/payments/form/${invoice.formId}/banks/sbp`,
      });
      expect(response.statusCode).toBe(200);
      const banks = response.json().data;
      expect(banks).toHaveLength(12);
      expect(banks[0]).toEqual({
        id: expect.any(Number),
        value: 'Sberbank',
        codeInteger: 100000000111,
      });
      const unknown = await fixture.app.inject({
        method: 'GET',
        url: `/api/payments/form/${'C'.repeat(24)}/banks/sbp`,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('offers no bank without an integer code a payout may name, since it could not be chosen', async () => {
      const unusable = [
        { id: referenceItemId(205, 901), code: 'NOCODE', value: 'No code bank', codeInteger: null },
        { id: referenceItemId(205, 902), code: 'ZERO', value: 'Zero code bank', codeInteger: 0 },
      ];
      const invoice = await withdrawal();
      const listBanks = async (): Promise<{ value: string; codeInteger: number }[]> =>
        (
          await fixture.app.inject({
            method: 'GET',
            url: `/api/payments/form/${invoice.formId}/banks/sbp`,
          })
        ).json().data;
      const before = await listBanks();
      await fixture.db
        .insert(referenceItems)
        .values(unusable.map((bank) => ({ ...bank, headerId: 205, sortOrder: 0 })));
      try {
        // Listed first by their sort order if offered at all: the list stays as it was.
        expect(await listBanks()).toEqual(before);
        expect(before.every((bank) => bank.codeInteger >= 1)).toBe(true);
      } finally {
        await fixture.db.delete(referenceItems).where(
          inArray(
            referenceItems.id,
            unusable.map((bank) => bank.id),
          ),
        );
      }
    });
  });
});
