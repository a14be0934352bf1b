import { PAYOUT_PROVIDER_ATTRIBUTE_CODE, REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callbacks,
  invoiceErrors,
  invoiceStatusHistory,
  invoices,
  invoiceTransactions,
  peopleAccountLimits,
  peopleAccounts,
  providers,
  referenceItems,
  terminalAttributes,
} from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { newSigningSecret } from '../../http/request-signing.ts';
import { currencyId, referenceItemId } from '../../seed/reference-data.ts';
import { type SignedCall, signedRequest } from '../../testing/signed-call.ts';
import { createTestPerson, signIn } from '../../testing/test-app.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { openProviderAttempt } from '../invoices/invoice-repository.ts';
import {
  createPaymentFormFixture,
  type PaymentFormFixture,
} from '../payment-form/payment-form-test-fixture.ts';
import { PROVIDER_API_PREFIX } from './provider-api-routes.ts';
import { paymentIdTakenMessage } from './provider-invoice-service.ts';
import { issueProviderSigningSecret } from './provider-keys.ts';

const GENERIC = 'Invalid API key or signature';

describe.each(TEST_DATABASE_KINDS)('provider API on %s', (kind) => {
  let fixture: PaymentFormFixture;
  let secret: string;
  let otherSecret: string;
  let liveDeposits: Awaited<ReturnType<typeof createTestTerminal>>;
  let livePayouts: Awaited<ReturnType<typeof createTestTerminal>>;
  let accountId: number;
  let otherAccountId: number;

  const call = (request: SignedCall, as = { code: 'SANDBOX', secret: () => secret }) =>
    signedRequest(
      fixture.app,
      { prefix: PROVIDER_API_PREFIX, apiKey: as.code, signingSecret: as.secret() },
      request,
    );
  const report = (invoiceId: string, body: object) =>
    call({ method: 'POST', path: `/invoices/${invoiceId}/status`, body });

  /** A production deposit whose customer got the requisites of `account` (IN_PROGRESS). */
  const liveDeposit = async (account = accountId, overrides = {}) => {
    const invoice = await fixture.createInvoice(liveDeposits, {
      status: 'IN_PROGRESS',
      peopleAccountId: account,
      amount: 250_000n,
      callbackUrl: 'https://shop.example/callbacks',
      ...overrides,
    });
    await fixture.db.insert(invoiceTransactions).values({ invoiceId: invoice.id, status: 'NEW' });
    // As the assignment does: the open invoice holds its amount of the account's limit.
    if (invoice.status === 'IN_PROGRESS') {
      await fixture.db
        .update(peopleAccountLimits)
        .set({ balance: sql`${peopleAccountLimits.balance} + ${invoice.amount}` })
        .where(eq(peopleAccountLimits.peopleAccountId, account));
    }
    return invoice;
  };
  const liveWithdrawal = async (terminal = livePayouts, overrides = {}) => {
    const invoice = await fixture.createInvoice(terminal, {
      status: 'IN_PROGRESS',
      amount: 50_000n,
      credentialValue: '79123456789',
      bankCodeInteger: 100000000111,
      callbackUrl: 'https://shop.example/callbacks',
      ...overrides,
    });
    // As the product opens it: the attempt records the provider its terminal names now.
    await openProviderAttempt(fixture.db, invoice.id);
    return invoice;
  };
  const stored = async (invoiceId: string) => {
    const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return row;
  };

  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
    const { db, merchant } = fixture;
    secret = await issueProviderSigningSecret(db, 'SANDBOX');
    await db.insert(providers).values([
      { code: 'OTHERPAY', name: 'Other provider' },
      { code: 'NOKEY', name: 'Provider without a key' },
    ]);
    otherSecret = await issueProviderSigningSecret(db, 'OTHERPAY');
    liveDeposits = await createTestTerminal(db, merchant.id, { name: 'Live in', isTest: false });
    livePayouts = await createTestTerminal(db, merchant.id, {
      name: 'Live out',
      flowType: 'WITHDRAWAL',
      currencyId: currencyId('RUB'),
      isTest: false,
    });
    const [payoutProvider] = await db
      .select({ id: referenceItems.id })
      .from(referenceItems)
      .where(
        and(
          eq(referenceItems.headerId, REFERENCE_HEADER_IDS.terminalAttributeType),
          eq(referenceItems.code, PAYOUT_PROVIDER_ATTRIBUTE_CODE),
        ),
      );
    await db.insert(terminalAttributes).values({
      terminalId: livePayouts.id,
      attributeTypeId: payoutProvider?.id ?? 0,
      value: 'SANDBOX',
    });
    accountId = (await fixture.createAccount()).id;
    const [other] = await db.select().from(providers).where(eq(providers.code, 'OTHERPAY'));
    otherAccountId = (await fixture.createAccount()).id;
    await db
      .update(peopleAccounts)
      .set({ providerId: other?.id ?? 0 })
      .where(eq(peopleAccounts.id, otherAccountId));
  });
  afterAll(async () => fixture?.close());

  describe('authentication', () => {
    it('needs a provider code with an issued secret and a valid signature', async () => {
      const invoice = await liveDeposit();
      const path = `/invoices/${invoice.id}`;
      expect((await call({ method: 'GET', path })).statusCode).toBe(200);

      for (const as of [
        { code: 'NOPE', secret: () => secret },
        { code: 'NOKEY', secret: () => secret },
        { code: 'SANDBOX', secret: () => otherSecret },
        { code: 'SANDBOX', secret: newSigningSecret },
      ]) {
        const refused = await call({ method: 'GET', path }, as);
        expect(refused.statusCode, as.code).toBe(401);
        expect(refused.json().detail).toBe(GENERIC);
      }
      const stale = await call({
        method: 'GET',
        path,
        timestamp: Math.floor(Date.now() / 1000) - 301,
      });
      expect(stale.statusCode).toBe(401);
      const tampered = await call({
        method: 'POST',
        path: `${path}/status`,
        body: { status: 'DONE', providerInvoiceId: 'p-1' },
        signed: { body: '{"status":"DECLINED","providerInvoiceId":"p-1"}' },
      });
      expect(tampered.statusCode).toBe(401);
      expect((await stored(invoice.id))?.status).toBe('IN_PROGRESS');
    });

    it('stops accepting the old secret as soon as a new one is issued', async () => {
      const invoice = await liveDeposit();
      const old = secret;
      secret = await issueProviderSigningSecret(fixture.db, 'SANDBOX');
      const withOld = await call(
        { method: 'GET', path: `/invoices/${invoice.id}` },
        { code: 'SANDBOX', secret: () => old },
      );
      expect(withOld.statusCode).toBe(401);
      expect((await call({ method: 'GET', path: `/invoices/${invoice.id}` })).statusCode).toBe(200);
    });
  });

  describe('what a provider sees', () => {
    it('shows a deposit paid to its account with what moving the money needs', async () => {
      const invoice = await liveDeposit();
      const response = await call({ method: 'GET', path: `/invoices/${invoice.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        invoiceId: invoice.id,
        flowType: 'DEPOSIT',
        status: 'IN_PROGRESS',
        amount: 250_000,
        currency: 'UZS',
        paymentMethodCode: null,
        peopleAccountId: accountId,
        credential: null,
        bankCodeInteger: null,
        providerInvoiceId: null,
        attempt: 1,
        createdAt: invoice.createdAt.toISOString(),
        statusDate: invoice.statusDate.toISOString(),
      });
    });

    it('answers 404 for invoices routed elsewhere, test-processing ones and unknown ids', async () => {
      const elsewhere = await liveDeposit(otherAccountId);
      const sandboxed = await liveDeposit(accountId, { isTestProcessing: true });
      const unassigned = await fixture.createInvoice(liveDeposits, { status: 'NEW' });
      for (const id of [elsewhere.id, sandboxed.id, unassigned.id, crypto.randomUUID()]) {
        const read = await call({ method: 'GET', path: `/invoices/${id}` });
        expect(read.statusCode, id).toBe(404);
        expect(read.json().detail).toBe('Invoice not found');
        const change = await report(id, { status: 'DONE', providerInvoiceId: 'p-404' });
        expect(change.statusCode, id).toBe(404);
      }
      expect((await stored(elsewhere.id))?.status).toBe('IN_PROGRESS');
      // The owner of the account does see it.
      const owner = await call(
        { method: 'GET', path: `/invoices/${elsewhere.id}` },
        { code: 'OTHERPAY', secret: () => otherSecret },
      );
      expect(owner.statusCode).toBe(200);
      expect((await call({ method: 'GET', path: '/invoices/not-a-uuid' })).statusCode).toBe(400);
    });

    it('lists requested withdrawals of its payout terminals, oldest first, until reported', async () => {
      const first = await liveWithdrawal();
      const second = await liveWithdrawal();
      await liveDeposit();
      const listed = async (as = { code: 'SANDBOX', secret: () => secret }) =>
        (await call({ method: 'GET', path: '/payouts?limit=100' }, as))
          .json()
          .data.map((row: { invoiceId: string }) => row.invoiceId);
      const queue = await listed();
      expect(queue.indexOf(first.id)).toBeGreaterThanOrEqual(0);
      expect(queue.indexOf(first.id)).toBeLessThan(queue.indexOf(second.id));
      const payout = (await call({ method: 'GET', path: '/payouts?limit=100' })).json().data;
      expect(payout.every((row: { flowType: string }) => row.flowType === 'WITHDRAWAL')).toBe(true);
      expect(payout.find((row: { invoiceId: string }) => row.invoiceId === first.id)).toMatchObject(
        {
          credential: '79123456789',
          bankCodeInteger: 100000000111,
          currency: 'RUB',
          amount: 50_000,
        },
      );
      expect(await listed({ code: 'OTHERPAY', secret: () => otherSecret })).toEqual([]);

      expect(
        (await report(first.id, { status: 'DONE', providerInvoiceId: 'po-1' })).statusCode,
      ).toBe(200);
      const after = await listed();
      expect(after).not.toContain(first.id);
      expect(after).toContain(second.id);

      const limited = await call({ method: 'GET', path: '/payouts?limit=1' });
      expect(limited.json().data).toHaveLength(1);
      for (const limit of ['0', '101', 'x']) {
        expect((await call({ method: 'GET', path: `/payouts?limit=${limit}` })).statusCode).toBe(
          400,
        );
      }
      // A misspelt parameter is refused, not ignored.
      const misspelt = await call({ method: 'GET', path: '/payouts?limt=1' });
      expect(misspelt.statusCode).toBe(400);
      expect(misspelt.json().detail).toBe('querystring/limt is not a known property');
    });
  });

  describe('reporting outcomes', () => {
    const historyOf = async (invoiceId: string) =>
      (
        await fixture.db
          .select({ status: invoiceStatusHistory.status, personId: invoiceStatusHistory.personId })
          .from(invoiceStatusHistory)
          .where(eq(invoiceStatusHistory.invoiceId, invoiceId))
          .orderBy(asc(invoiceStatusHistory.id))
      ).map((row) => row.status);
    const callbacksOf = (invoiceId: string) =>
      fixture.db.select().from(callbacks).where(eq(callbacks.invoiceId, invoiceId));
    const attemptsOf = (invoiceId: string) =>
      fixture.db
        .select({ status: invoiceTransactions.status })
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, invoiceId));

    it('moves a deposit to PAYED and then DONE, with history, attempt and one callback', async () => {
      const invoice = await liveDeposit();
      const balanceBefore = (await fixture.accountLimits(accountId))?.balance;

      const paid = await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'p-100' });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data).toMatchObject({
        changed: true,
        invoice: { status: 'PAYED', providerInvoiceId: 'p-100' },
      });
      expect(await attemptsOf(invoice.id)).toEqual([{ status: 'SUCCESS' }]);
      expect(await callbacksOf(invoice.id)).toHaveLength(0);

      const done = await report(invoice.id, { status: 'DONE', providerInvoiceId: 'p-100' });
      expect(done.json().data).toMatchObject({ changed: true, invoice: { status: 'DONE' } });
      expect(await historyOf(invoice.id)).toEqual(['PAYED', 'DONE']);
      expect(await attemptsOf(invoice.id)).toEqual([{ status: 'SUCCESS' }]);
      const queued = await callbacksOf(invoice.id);
      expect(queued).toMatchObject([{ invoiceStatus: 'DONE', status: 'PENDING' }]);
      // The account keeps the amount taken: the money arrived on it.
      expect((await fixture.accountLimits(accountId))?.balance).toBe(balanceBefore);

      const again = await report(invoice.id, { status: 'DONE', providerInvoiceId: 'p-100' });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ changed: false, invoice: { status: 'DONE' } });
      expect(await callbacksOf(invoice.id)).toHaveLength(1);

      const reversed = await report(invoice.id, { status: 'DECLINED', providerInvoiceId: 'p-100' });
      expect(reversed.statusCode).toBe(409);
      expect(reversed.json().detail).toBe('The invoice is DONE and cannot become DECLINED');
      expect((await stored(invoice.id))?.status).toBe('DONE');
    });

    it('declines with the provider’s reason and gives the account limit back', async () => {
      const invoice = await liveDeposit();
      const before = (await fixture.accountLimits(accountId))?.balance ?? 0n;
      const declined = await report(invoice.id, {
        status: 'DECLINED',
        providerInvoiceId: 'p-200',
        reason: 'Card blocked by the issuer',
      });
      expect(declined.json().data.invoice.status).toBe('DECLINED');
      expect(await attemptsOf(invoice.id)).toEqual([{ status: 'FAILED' }]);
      const errors = await fixture.db
        .select({ description: invoiceErrors.description })
        .from(invoiceErrors)
        .where(eq(invoiceErrors.invoiceId, invoice.id));
      expect(errors).toEqual([{ description: 'Card blocked by the issuer' }]);
      expect((await fixture.accountLimits(accountId))?.balance).toBe(before - 250_000n);
      expect(await callbacksOf(invoice.id)).toMatchObject([{ invoiceStatus: 'DECLINED' }]);
    });

    it('records a reversal of a reported payment as its attempt failing', async () => {
      const invoice = await liveDeposit();
      await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'p-300' });
      const reversed = await report(invoice.id, { status: 'DECLINED', providerInvoiceId: 'p-300' });
      expect(reversed.json().data.invoice).toMatchObject({ status: 'DECLINED', attempt: 1 });
      // The same payment's outcome, not an attempt of its own: a lost answer sent again is the
      // same report (200, unchanged), not one about an attempt that has ended.
      expect((await attemptsOf(invoice.id)).map((row) => row.status)).toEqual(['FAILED']);
      const again = await report(invoice.id, {
        status: 'DECLINED',
        providerInvoiceId: 'p-300',
        attempt: 1,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.changed).toBe(false);
      const [error] = await fixture.db
        .select({ description: invoiceErrors.description })
        .from(invoiceErrors)
        .where(eq(invoiceErrors.invoiceId, invoice.id));
      expect(error?.description).toBe('Reversed by the provider SANDBOX');
    });

    it('refuses another providerInvoiceId than the first, and reports on finished forms', async () => {
      const invoice = await liveDeposit();
      await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'p-400' });
      const mixedUp = await report(invoice.id, { status: 'DONE', providerInvoiceId: 'p-999' });
      expect(mixedUp.statusCode).toBe(409);
      expect(mixedUp.json().detail).toBe(
        'The invoice is already known by the providerInvoiceId p-400',
      );
      const canceled = await liveDeposit(accountId, { status: 'CANCELED' });
      const late = await report(canceled.id, { status: 'DONE', providerInvoiceId: 'p-401' });
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toBe('The invoice is CANCELED and cannot become DONE');
    });

    describe('a retried payout is a new attempt', () => {
      let staffCookie: string;
      const retry = async (invoiceId: string) =>
        fixture.app.inject({
          method: 'POST',
          url: '/api/v1/invoice/retry',
          headers: { cookie: staffCookie },
          payload: { invoiceId },
        });
      /** Staff set the status from the back office (reference list 201). */
      const setStatusByHand = (invoiceId: string, statusId: number) =>
        fixture.app.inject({
          method: 'PATCH',
          url: '/api/v1/invoice/status',
          headers: { cookie: staffCookie },
          payload: { invoiceId, statusId },
        });
      const queued = async () =>
        (await call({ method: 'GET', path: '/payouts?limit=100' }))
          .json()
          .data.map((row: { invoiceId: string; attempt: number }) => row);

      beforeAll(async () => {
        await createTestPerson(fixture.db, { username: 'payout-support', role: 'admin' });
        staffCookie = await signIn(fixture.app, 'payout-support', 'payout-support-password');
      });

      it('refuses the ended attempt’s report sent again, which would decline the new one', async () => {
        const invoice = await liveWithdrawal();
        expect(await queued()).toContainEqual(
          expect.objectContaining({ invoiceId: invoice.id, attempt: 1 }),
        );
        const declined = await report(invoice.id, { status: 'DECLINED', providerInvoiceId: 'r-1' });
        expect(declined.statusCode).toBe(200);
        expect((await retry(invoice.id)).statusCode).toBe(200);
        expect(await queued()).toContainEqual(
          expect.objectContaining({ invoiceId: invoice.id, attempt: 2 }),
        );

        // The first DECLINED again (its answer was lost): it is about attempt 1, which has ended.
        const stale = await report(invoice.id, { status: 'DECLINED', providerInvoiceId: 'r-1' });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().detail).toBe(
          'The providerInvoiceId r-1 is of attempt 1 of this invoice, which has ended: report attempt 2 under its own providerInvoiceId, or name it with "attempt": 2',
        );
        const named = await report(invoice.id, {
          status: 'DECLINED',
          providerInvoiceId: 'r-1',
          attempt: 1,
        });
        expect(named.statusCode).toBe(409);
        expect(named.json().detail).toBe(
          'Attempt 1 of this invoice has ended or does not exist: the current attempt is 2',
        );
        expect((await stored(invoice.id))?.status).toBe('IN_PROGRESS');

        // The retried payment under its own id: it moves the invoice, and is its id now.
        const paid = await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'r-2' });
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json().data.invoice).toMatchObject({
          status: 'PAYED',
          providerInvoiceId: 'r-2',
          attempt: 2,
        });
        const done = await report(invoice.id, { status: 'DONE', providerInvoiceId: 'r-2' });
        expect(done.json().data.invoice.status).toBe('DONE');
        const old = await report(invoice.id, { status: 'DONE', providerInvoiceId: 'r-1' });
        expect(old.statusCode).toBe(409);
        const attempts = await fixture.db
          .select({
            status: invoiceTransactions.status,
            providerInvoiceId: invoiceTransactions.providerInvoiceId,
          })
          .from(invoiceTransactions)
          .where(eq(invoiceTransactions.invoiceId, invoice.id))
          .orderBy(asc(invoiceTransactions.id));
        expect(attempts).toEqual([
          { status: 'FAILED', providerInvoiceId: 'r-1' },
          { status: 'SUCCESS', providerInvoiceId: 'r-2' },
        ]);
      });

      it('knows the id of an attempt from before ids were kept per attempt', async () => {
        const invoice = await liveWithdrawal();
        // As migration 0016 leaves a payout retried before it: the invoice holds the first
        // report's id, its ended attempt none, the retry's attempt open.
        await fixture.db
          .update(invoiceTransactions)
          .set({ status: 'FAILED' })
          .where(eq(invoiceTransactions.invoiceId, invoice.id));
        await fixture.db
          .insert(invoiceTransactions)
          .values({ invoiceId: invoice.id, status: 'NEW' });
        await fixture.db
          .update(invoices)
          .set({ providerInvoiceId: 'legacy-1' })
          .where(eq(invoices.id, invoice.id));
        const stale = await report(invoice.id, {
          status: 'DECLINED',
          providerInvoiceId: 'legacy-1',
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().detail).toMatch(/^The providerInvoiceId legacy-1 is of attempt 1 /);
        const fresh = await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'legacy-2' });
        expect(fresh.statusCode, fresh.body).toBe(200);
      });

      it('keeps for support a report that the money moved on a payout staff cancelled', async () => {
        const invoice = await liveWithdrawal();
        const cancelled = await setStatusByHand(invoice.id, referenceItemId(201, 6));
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(await queued()).not.toContainEqual(
          expect.objectContaining({ invoiceId: invoice.id }),
        );
        const errorsOf = async () =>
          (
            await fixture.db
              .select({ description: invoiceErrors.description })
              .from(invoiceErrors)
              .where(eq(invoiceErrors.invoiceId, invoice.id))
          ).map((row) => row.description);

        // The provider had pulled it and pays it: refused (CANCELED is final), and kept.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const late = await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'late-1' });
          expect(late.statusCode).toBe(409);
          expect(late.json().detail).toBe('The invoice is CANCELED and cannot become PAYED');
        }
        expect(await errorsOf()).toEqual([
          'The provider SANDBOX reported PAYED (late-1) after the payment was CANCELED: its money may have moved. Check with the provider.',
        ]);
        expect((await stored(invoice.id))?.status).toBe('CANCELED');
        // A late decline says nothing new: nothing moved.
        await report(invoice.id, { status: 'DECLINED', providerInvoiceId: 'late-1' });
        expect(await errorsOf()).toHaveLength(1);
      });

      it('takes the provider’s reversal of a payout staff declined by hand, then sends it again', async () => {
        const invoice = await liveWithdrawal();
        const paid = await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'rev-1' });
        expect(paid.statusCode, paid.body).toBe(200);
        const declined = await setStatusByHand(invoice.id, referenceItemId(201, 5));
        expect(declined.statusCode, declined.body).toBe(200);
        // The provider said it paid: not sent again.
        const refused = await retry(invoice.id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().detail).toBe(
          'The provider reported this withdrawal paid: it is not sent again',
        );

        // The provider reverses its payment: the status stays DECLINED, the attempt failed.
        const reversal = await report(invoice.id, {
          status: 'DECLINED',
          providerInvoiceId: 'rev-1',
          reason: 'Returned by the bank',
        });
        expect(reversal.statusCode, reversal.body).toBe(200);
        expect(reversal.json().data).toMatchObject({
          changed: false,
          invoice: { status: 'DECLINED' },
        });
        expect((await attemptsOf(invoice.id)).map((row) => row.status)).toEqual(['FAILED']);
        const [error] = await fixture.db
          .select({ description: invoiceErrors.description })
          .from(invoiceErrors)
          .where(eq(invoiceErrors.invoiceId, invoice.id));
        expect(error?.description).toBe('Returned by the bank');
        expect((await retry(invoice.id)).statusCode).toBe(200);
        expect(await queued()).toContainEqual(
          expect.objectContaining({ invoiceId: invoice.id, attempt: 2 }),
        );
      });

      it('takes the invoice’s id for its only attempt, as the demo data has it', async () => {
        const invoice = await liveWithdrawal();
        await fixture.db
          .update(invoices)
          .set({ providerInvoiceId: 'PRV-1' })
          .where(eq(invoices.id, invoice.id));
        const paid = await report(invoice.id, { status: 'PAYED', providerInvoiceId: 'PRV-1' });
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json().data.invoice).toMatchObject({ status: 'PAYED', attempt: 1 });
      });

      it('takes the same id again for the new attempt when the report names it', async () => {
        const invoice = await liveWithdrawal();
        await report(invoice.id, { status: 'DECLINED', providerInvoiceId: 'same-1' });
        expect((await retry(invoice.id)).statusCode).toBe(200);
        const paid = await report(invoice.id, {
          status: 'PAYED',
          providerInvoiceId: 'same-1',
          attempt: 2,
        });
        expect(paid.statusCode, paid.body).toBe(200);
        expect(paid.json().data.invoice).toMatchObject({ status: 'PAYED', attempt: 2 });
        // Named or not, the current attempt's own id goes on being accepted.
        const done = await report(invoice.id, { status: 'DONE', providerInvoiceId: 'same-1' });
        expect(done.statusCode, done.body).toBe(200);
      });
    });

    it('refuses a payment id that already names another of its invoices', async () => {
      const first = await liveDeposit();
      const second = await liveDeposit();
      const payout = await liveWithdrawal();
      expect(
        (await report(first.id, { status: 'DONE', providerInvoiceId: 'one-payment' })).statusCode,
      ).toBe(200);
      for (const invoice of [second, payout]) {
        const refused = await report(invoice.id, {
          status: 'DONE',
          providerInvoiceId: 'one-payment',
        });
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().detail).toBe(paymentIdTakenMessage('one-payment', first.id));
        expect((await stored(invoice.id))?.status).toBe('IN_PROGRESS');
      }
      // The id of a declined payment too: a decline then a "paid" on another invoice is a mix-up.
      const declined = await liveDeposit();
      await report(declined.id, { status: 'DECLINED', providerInvoiceId: 'failed-payment' });
      expect(
        (await report(second.id, { status: 'PAYED', providerInvoiceId: 'failed-payment' }))
          .statusCode,
      ).toBe(409);
      // Another provider's ids are its own: the same text names its own payment.
      const elsewhere = await liveDeposit(otherAccountId);
      const theirs = await call(
        {
          method: 'POST',
          path: `/invoices/${elsewhere.id}/status`,
          body: { status: 'DONE', providerInvoiceId: 'one-payment' },
        },
        { code: 'OTHERPAY', secret: () => otherSecret },
      );
      expect(theirs.statusCode, theirs.body).toBe(200);
      // The first invoice goes on accepting its own id.
      expect(
        (await report(first.id, { status: 'DONE', providerInvoiceId: 'one-payment' })).statusCode,
      ).toBe(200);
    });

    it('lets one of two simultaneous reports of one payment id settle one invoice', async () => {
      const first = await liveDeposit();
      const second = await liveDeposit();
      const results = await Promise.all(
        [first, second].map((invoice) =>
          report(invoice.id, { status: 'DONE', providerInvoiceId: 'raced-payment' }),
        ),
      );
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
      const statuses = [(await stored(first.id))?.status, (await stored(second.id))?.status];
      expect(statuses.sort()).toEqual(['DONE', 'IN_PROGRESS']);
    });

    it('keeps a payout with the provider it was sent to when the terminal names another', async () => {
      const terminal = await createTestTerminal(fixture.db, fixture.merchant.id, {
        name: 'Rerouted out',
        flowType: 'WITHDRAWAL',
        currencyId: currencyId('RUB'),
        isTest: false,
      });
      const [type] = await fixture.db
        .select({ id: referenceItems.id })
        .from(referenceItems)
        .where(
          and(
            eq(referenceItems.headerId, REFERENCE_HEADER_IDS.terminalAttributeType),
            eq(referenceItems.code, PAYOUT_PROVIDER_ATTRIBUTE_CODE),
          ),
        );
      const attributeTypeId = type?.id ?? 0;
      await fixture.db
        .insert(terminalAttributes)
        .values({ terminalId: terminal.id, attributeTypeId, value: 'SANDBOX' });
      const sent = await liveWithdrawal(terminal);
      const other = { code: 'OTHERPAY', secret: () => otherSecret };
      const queueOf = async (as = { code: 'SANDBOX', secret: () => secret }) =>
        (await call({ method: 'GET', path: '/payouts?limit=100' }, as))
          .json()
          .data.map((row: { invoiceId: string }) => row.invoiceId);
      expect(await queueOf()).toContain(sent.id);

      // Staff point the terminal at another provider while SANDBOX may be paying it.
      await fixture.db
        .update(terminalAttributes)
        .set({ value: 'OTHERPAY' })
        .where(
          and(
            eq(terminalAttributes.terminalId, terminal.id),
            eq(terminalAttributes.attributeTypeId, attributeTypeId),
          ),
        );
      expect(await queueOf()).toContain(sent.id);
      expect(await queueOf(other)).not.toContain(sent.id);
      const stolen = await call(
        {
          method: 'POST',
          path: `/invoices/${sent.id}/status`,
          body: { status: 'DONE', providerInvoiceId: 'other-po' },
        },
        other,
      );
      expect(stolen.statusCode).toBe(404);
      expect(
        (await report(sent.id, { status: 'DONE', providerInvoiceId: 'sandbox-po' })).statusCode,
      ).toBe(200);

      // A payout sent while the terminal named no provider is the first one's to see it.
      await fixture.db
        .delete(terminalAttributes)
        .where(
          and(
            eq(terminalAttributes.terminalId, terminal.id),
            eq(terminalAttributes.attributeTypeId, attributeTypeId),
          ),
        );
      const unrouted = await liveWithdrawal(terminal);
      expect(await queueOf()).not.toContain(unrouted.id);
      expect(await queueOf(other)).not.toContain(unrouted.id);
      await fixture.db
        .insert(terminalAttributes)
        .values({ terminalId: terminal.id, attributeTypeId, value: 'SANDBOX' });
      expect(await queueOf()).toContain(unrouted.id);
      await fixture.db
        .update(terminalAttributes)
        .set({ value: 'OTHERPAY' })
        .where(
          and(
            eq(terminalAttributes.terminalId, terminal.id),
            eq(terminalAttributes.attributeTypeId, attributeTypeId),
          ),
        );
      expect(await queueOf(other)).not.toContain(unrouted.id);
      expect(
        (await report(unrouted.id, { status: 'DONE', providerInvoiceId: 'sandbox-po-2' }))
          .statusCode,
      ).toBe(200);

      // Payouts sent from now on go to the provider the terminal names now.
      const next = await liveWithdrawal(terminal);
      expect(await queueOf(other)).toContain(next.id);
      expect(await queueOf()).not.toContain(next.id);
      const [attempt] = await fixture.db
        .select({ code: invoiceTransactions.payoutProviderCode })
        .from(invoiceTransactions)
        .where(eq(invoiceTransactions.invoiceId, next.id));
      expect(attempt?.code).toBe('OTHERPAY');
    });

    it('validates the report strictly', async () => {
      const invoice = await liveDeposit();
      for (const body of [
        { status: 'CANCELED', providerInvoiceId: 'p-1' },
        { status: 'IN_PROGRESS', providerInvoiceId: 'p-1' },
        { status: 'DONE' },
        { status: 'DONE', providerInvoiceId: '' },
        { status: 'DONE', providerInvoiceId: 'x'.repeat(101) },
        { status: 'DONE', providerInvoiceId: 7 },
        { status: 'DONE', providerInvoiceId: 'p-1', amount: 1 },
        { status: 'DECLINED', providerInvoiceId: 'p-1', reason: '' },
      ]) {
        const response = await report(invoice.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const notJson = await call({
        method: 'POST',
        path: `/invoices/${invoice.id}/status`,
        rawBody: '{"status":',
      });
      expect(notJson.statusCode).toBe(400);
      // Parsed after the signature check, past the root NUL guard: checked there too.
      for (const body of [
        { status: 'DONE', providerInvoiceId: 'p\u0000x' },
        { status: 'DECLINED', providerInvoiceId: 'p-nul', reason: 'bad\u0000' },
      ]) {
        const response = await report(invoice.id, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ code: 'nul_character' });
      }
      expect((await stored(invoice.id))?.status).toBe('IN_PROGRESS');
    });

    it('lets one of two simultaneous opposite reports win and refuses the other', async () => {
      const invoice = await liveDeposit();
      const results = await Promise.all([
        report(invoice.id, { status: 'DONE', providerInvoiceId: 'p-500' }),
        report(invoice.id, { status: 'DECLINED', providerInvoiceId: 'p-500' }),
      ]);
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
      const final = (await stored(invoice.id))?.status;
      expect(['DONE', 'DECLINED']).toContain(final);
      expect(await historyOf(invoice.id)).toEqual([final]);
      expect(await callbacksOf(invoice.id)).toHaveLength(1);
    });
  });
});
