import {
  SANDBOX_BANK_NAME,
  SANDBOX_REQUISITE_OWNER,
  SANDBOX_REQUISITE_VALUES,
} from '@paygate/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, peopleAccountLimits } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { lockWaitCount } from '../../testing/lock-waits.ts';
import { applyStatusChange, lockInvoice } from '../invoices/invoices-entry.ts';
import { PAYMENT_FORM_MESSAGES } from './form-invoice-service.ts';
import { createPaymentFormFixture, type PaymentFormFixture } from './payment-form-test-fixture.ts';
import {
  LEAST_MINUTES_TO_PAY,
  NO_ACCOUNT_ERROR,
  OPEN_REQUISITES_PER_CUSTOMER,
  REQUISITE_HOLD_MINUTES,
  TOO_MANY_OPEN_PAYMENTS,
  UNPAID_AMOUNT_QUARANTINE_MINUTES,
} from './requisite-assignment-service.ts';

/**
 * 50 customers ask for requisites at the same moment over a few accounts: no limit may be
 * overcommitted and no account that checks unique amounts may carry one amount twice.
 */
describe.each(TEST_DATABASE_KINDS)('concurrent requisite assignment on %s', (kind) => {
  let fixture: PaymentFormFixture;
  beforeAll(async () => {
    fixture = await createPaymentFormFixture(kind);
  });
  afterAll(async () => fixture?.close());

  const invoiceRow = async (invoiceId: string) => {
    const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return row;
  };

  it('never overcommits a limit nor repeats an amount under 50 simultaneous calls', async () => {
    const accounts = [
      await fixture.createAccount({ limit: 3_000_000n, priority: 3, checkUniqueAmount: true }),
      await fixture.createAccount({ limit: 4_000_000n, priority: 2, checkUniqueAmount: true }),
      await fixture.createAccount({ limit: 5_000_000n, priority: 1 }),
    ];
    // Five distinct amounts, ten invoices each: 10 × (100k..500k) = 15M wanted, 12M available.
    const forms = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fixture.createInvoice(fixture.terminals.uzsDeposit, {
          amount: BigInt(100_000 * ((index % 5) + 1)) * 3n,
        }),
      ),
    );
    const responses = await Promise.all(
      forms.map((form) => fixture.requestCredential(form, 'HUMOUZS')),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.every((code) => code === 200 || code === 409)).toBe(true);

    const accountIds = accounts.map((account) => account.id);
    for (const account of accounts) {
      const limits = await fixture.accountLimits(account.id);
      const [assigned] = await fixture.db
        .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)` })
        .from(invoices)
        .where(and(eq(invoices.peopleAccountId, account.id), eq(invoices.status, 'IN_PROGRESS')));
      expect(limits?.balance).toBe(BigInt(assigned?.total ?? '0'));
      expect((limits?.balance ?? 0n) <= (limits?.limit ?? 0n)).toBe(true);
    }
    const uniqueAccounts = accounts.slice(0, 2).map((account) => account.id);
    const clashes = await fixture.db
      .select({
        accountId: invoices.peopleAccountId,
        amount: invoices.amount,
        count: sql<number>`count(*)::int`,
      })
      .from(invoices)
      .where(
        and(inArray(invoices.peopleAccountId, uniqueAccounts), eq(invoices.status, 'IN_PROGRESS')),
      )
      .groupBy(invoices.peopleAccountId, invoices.amount)
      .having(sql`count(*) > 1`);
    expect(clashes).toEqual([]);

    const assignedCount = codes.filter((code) => code === 200).length;
    const declined = await fixture.db
      .select({ count: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.status, 'DECLINED'));
    expect(assignedCount + (declined[0]?.count ?? 0)).toBe(50);
    // Room was there for most of them: the queue must not decline callers it could serve.
    const [used] = await fixture.db
      .select({ total: sql<string>`sum(${peopleAccountLimits.balance})` })
      .from(peopleAccountLimits)
      .where(inArray(peopleAccountLimits.peopleAccountId, accountIds));
    expect(BigInt(used?.total ?? '0')).toBeGreaterThan(9_000_000n);
  });

  // PGlite has one connection: a held transaction would stop every other statement anyway.
  it.skipIf(kind === 'pglite')(
    'passes over an account another assignment holds, and ranks as before once it is free',
    async () => {
      await fixture.disableAllAccounts();
      const top = await fixture.createAccount({ priority: 20 });
      const next = await fixture.createAccount({ priority: 19 });
      const [first, second] = await Promise.all(
        [1, 2].map(() => fixture.createInvoice(fixture.terminals.uzsDeposit, { amount: 700_000n })),
      );
      if (!first || !second) throw new Error('no invoices');

      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // Another assignment in the middle of its transaction on the top-ranked account.
      const holder = fixture.db.transaction(async (tx) => {
        await tx
          .select()
          .from(peopleAccountLimits)
          .where(eq(peopleAccountLimits.peopleAccountId, top.id))
          .for('update');
        holding();
        await released;
      });
      await held;
      try {
        // Waiting for the held lock would time this test out.
        const response = await fixture.requestCredential(first, 'HUMOUZS');
        expect(response.statusCode).toBe(200);
      } finally {
        release();
        await holder;
      }
      const assignedTo = async (invoiceId: string) => {
        const [row] = await fixture.db
          .select({ accountId: invoices.peopleAccountId })
          .from(invoices)
          .where(eq(invoices.id, invoiceId));
        return row?.accountId;
      };
      expect(await assignedTo(first.id)).toBe(next.id);

      expect((await fixture.requestCredential(second, 'HUMOUZS')).statusCode).toBe(200);
      expect(await assignedTo(second.id)).toBe(top.id);
    },
  );

  // The deadline passes while the customer's call waits for the invoice's lock: it passed the
  // check made before the lock, but the one under the lock, by the database's clock, refuses.
  it.skipIf(kind === 'pglite')(
    'hands out no requisites once the deadline passed while the call waited for its lock',
    async () => {
      await fixture.disableAllAccounts();
      const account = await fixture.createAccount({ limit: 5_000_000n });
      const late = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
        amount: 800_000n,
        expiresAt: new Date(Date.now() + 600_000),
      });
      let request: ReturnType<typeof fixture.requestCredential> | undefined;
      await fixture.db.transaction(async (tx) => {
        await lockInvoice(tx, late.id);
        request = fixture.requestCredential(late, 'HUMOUZS');
        await expect
          .poll(() => lockWaitCount(fixture.db, 'for update'), { timeout: 10_000, interval: 20 })
          .toBeGreaterThan(0);
        // The deadline passes (moved, not waited for) before the lock is let go.
        await tx
          .update(invoices)
          .set({ expiresAt: sql`clock_timestamp() - interval '1 second'` })
          .where(eq(invoices.id, late.id));
      });
      const answer = await request;
      expect(answer?.statusCode).toBe(410);
      expect(answer?.json()).toMatchObject({ code: 'payment_expired' });
      const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, late.id));
      expect(row).toMatchObject({ status: 'NEW', peopleAccountId: null, credentialValue: null });
      expect((await fixture.accountLimits(account.id))?.balance).toBe(0n);
    },
  );

  it('gives a customer REQUISITE_HOLD_MINUTES to pay once shown requisites, never more than the merchant gave', async () => {
    await fixture.disableAllAccounts();
    await fixture.createAccount({ limit: 50_000_000n });
    const days = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 300_000n,
      expiresAt: new Date(Date.now() + 2 * 86_400_000),
    });
    const soon = new Date(Date.now() + 10 * 60_000);
    const minutes = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 400_000n,
      expiresAt: soon,
    });
    const before = Date.now();
    const answer = await fixture.requestCredential(days, 'HUMOUZS');
    expect(answer.statusCode, answer.body).toBe(200);
    const holdMs = REQUISITE_HOLD_MINUTES * 60_000;
    // The form counts down to the new deadline.
    const shown = Date.parse(answer.json().data.expiredIn);
    expect(shown).toBeGreaterThanOrEqual(before + holdMs - 5_000);
    expect(shown).toBeLessThanOrEqual(Date.now() + holdMs + 5_000);
    expect((await invoiceRow(days.id))?.expiresAt.getTime()).toBe(shown);

    expect((await fixture.requestCredential(minutes, 'HUMOUZS')).statusCode).toBe(200);
    expect((await invoiceRow(minutes.id))?.expiresAt.getTime()).toBe(soon.getTime());
  });

  it('gives a real deposit no requisites with less than LEAST_MINUTES_TO_PAY left; a test one still gets them', async () => {
    await fixture.disableAllAccounts();
    const account = await fixture.createAccount({ limit: 50_000_000n });
    const soon = new Date(Date.now() + (LEAST_MINUTES_TO_PAY - 1) * 60_000);
    const late = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 310_000n,
      expiresAt: soon,
    });
    const refused = await fixture.requestCredential(late, 'HUMOUZS');
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({
      code: 'payment_expired',
      detail: PAYMENT_FORM_MESSAGES.tooLateToPay,
    });
    expect(await invoiceRow(late.id)).toMatchObject({ status: 'NEW', peopleAccountId: null });
    expect((await fixture.accountLimits(account.id))?.balance).toBe(0n);

    const inTime = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 320_000n,
      expiresAt: new Date(Date.now() + (LEAST_MINUTES_TO_PAY + 2) * 60_000),
    });
    expect((await fixture.requestCredential(inTime, 'HUMOUZS')).statusCode).toBe(200);
    const test = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 330_000n,
      expiresAt: soon,
      isTestProcessing: true,
    });
    expect((await fixture.requestCredential(test, 'HUMOUZS')).statusCode).toBe(200);
  });

  it('lets one customer hold requisites for OPEN_REQUISITES_PER_CUSTOMER deposits at once', async () => {
    await fixture.disableAllAccounts();
    const account = await fixture.createAccount({ limit: 50_000_000n });
    const customerExternalId = `hoarder-${kind}`;
    const forms = await Promise.all(
      Array.from({ length: OPEN_REQUISITES_PER_CUSTOMER + 1 }, (_, index) =>
        fixture.createInvoice(fixture.terminals.uzsDeposit, {
          amount: BigInt(100_000 * (index + 1)),
          customerExternalId,
        }),
      ),
    );
    const held = forms.slice(0, OPEN_REQUISITES_PER_CUSTOMER);
    for (const form of held) {
      expect((await fixture.requestCredential(form, 'HUMOUZS')).statusCode).toBe(200);
    }
    const balance = (await fixture.accountLimits(account.id))?.balance;
    const next = forms[OPEN_REQUISITES_PER_CUSTOMER];
    if (!next || !held[0]) throw new Error('no forms');
    const refused = await fixture.requestCredential(next, 'HUMOUZS');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'too_many_open_payments',
      detail: TOO_MANY_OPEN_PAYMENTS,
    });
    // Nothing was taken: the payment waits, NEW, and may try again.
    expect(await invoiceRow(next.id)).toMatchObject({ status: 'NEW', peopleAccountId: null });
    expect((await fixture.accountLimits(account.id))?.balance).toBe(balance);

    // Other customers, and test payments of this one, are not held back.
    const other = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount: 700_000n });
    expect((await fixture.requestCredential(other, 'HUMOUZS')).statusCode).toBe(200);
    const test = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 800_000n,
      customerExternalId,
      isTestProcessing: true,
    });
    expect((await fixture.requestCredential(test, 'HUMOUZS')).statusCode).toBe(200);

    // One held payment ends: the waiting one gets its requisites.
    await fixture.db.transaction(async (tx) => {
      const locked = await lockInvoice(tx, held[0]?.id ?? '');
      await applyStatusChange(tx, locked, 'CANCELED', { kind: 'staff', personId: null }, 'test');
    });
    expect((await fixture.requestCredential(next, 'HUMOUZS')).statusCode).toBe(200);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can show the turn is needed.
  it.skipIf(kind === 'pglite')(
    "counts one customer's simultaneous calls one after another",
    async () => {
      await fixture.disableAllAccounts();
      await fixture.createAccount({ limit: 50_000_000n });
      const customerExternalId = `rush-${kind}`;
      const forms = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          fixture.createInvoice(fixture.terminals.uzsDeposit, {
            amount: BigInt(100_000 * (index + 1)),
            customerExternalId,
          }),
        ),
      );
      const answers = await Promise.all(
        forms.map((form) => fixture.requestCredential(form, 'HUMOUZS')),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([
        ...Array(OPEN_REQUISITES_PER_CUSTOMER).fill(200),
        ...Array(8 - OPEN_REQUISITES_PER_CUSTOMER).fill(409),
      ]);
    },
  );

  it('finds an account past the first MAX_CANDIDATES when the unique-amount rule rules them out', async () => {
    await fixture.disableAllAccounts();
    const amount = 900_000n;
    // 30 accounts that check unique amounts, each already expecting a payment of this amount.
    for (let index = 0; index < 30; index += 1) {
      const busy = await fixture.createAccount({ priority: 50, checkUniqueAmount: true });
      const open = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
      await fixture.db
        .update(invoices)
        .set({ status: 'IN_PROGRESS', peopleAccountId: busy.id })
        .where(eq(invoices.id, open.id));
    }
    const free = await fixture.createAccount({ priority: 1, checkUniqueAmount: true });
    const form = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    const answer = await fixture.requestCredential(form, 'HUMOUZS');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await invoiceRow(form.id)).toMatchObject({ peopleAccountId: free.id });
  });

  /**
   * Ends a payment through the state machine (as staff; the expiry job and providers make the
   * same change), stamped with the database's now.
   */
  const endUnpaid = (invoiceId: string, status: 'CANCELED' | 'DECLINED') =>
    fixture.db.transaction(async (tx) => {
      const locked = await lockInvoice(tx, invoiceId);
      await applyStatusChange(tx, locked, status, { kind: 'staff', personId: null }, 'test');
    });

  /** Moves a payment's last status change `minutes` into the past. */
  const endedMinutesAgo = (invoiceId: string, minutes: number) =>
    fixture.db
      .update(invoices)
      .set({ statusDate: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(invoices.id, invoiceId));

  it('keeps an amount from the next customer for UNPAID_AMOUNT_QUARANTINE_MINUTES after a payment shown it ends unpaid', async () => {
    await fixture.disableAllAccounts();
    const amount = 1_100_000n;
    const first = await fixture.createAccount({ priority: 20, checkUniqueAmount: true });
    const second = await fixture.createAccount({ priority: 10, checkUniqueAmount: true });
    const assign = async (amountOf: bigint) => {
      const form = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount: amountOf });
      const answer = await fixture.requestCredential(form, 'HUMOUZS');
      return { form, answer, row: await invoiceRow(form.id) };
    };

    const unpaid = await assign(amount);
    expect(unpaid.row).toMatchObject({ peopleAccountId: first.id, status: 'IN_PROGRESS' });
    await endUnpaid(unpaid.form.id, 'CANCELED');
    // Its customer may still send the money: the pair goes to nobody else for a while.
    const next = await assign(amount);
    expect(next.answer.statusCode, next.answer.body).toBe(200);
    expect(next.row).toMatchObject({ peopleAccountId: second.id });
    // Other amounts still go to the first account.
    expect((await assign(amount + 100n)).row).toMatchObject({ peopleAccountId: first.id });

    // Declined after the requisites were shown counts the same; both accounts hold the amount now.
    await endUnpaid(next.form.id, 'DECLINED');
    const refused = await assign(amount);
    expect(refused.answer.statusCode).toBe(409);
    expect(refused.answer.json()).toMatchObject({ detail: NO_ACCOUNT_ERROR });

    // The quarantine ends: the first account takes the amount again.
    await endedMinutesAgo(unpaid.form.id, UNPAID_AMOUNT_QUARANTINE_MINUTES - 1);
    expect((await assign(amount)).answer.statusCode).toBe(409);
    await endedMinutesAgo(unpaid.form.id, UNPAID_AMOUNT_QUARANTINE_MINUTES + 1);
    expect((await assign(amount)).row).toMatchObject({ peopleAccountId: first.id });
  });

  it('holds the amount of a payment the provider reported PAYED until it is confirmed', async () => {
    await fixture.disableAllAccounts();
    const amount = 1_150_000n;
    const first = await fixture.createAccount({ priority: 20, checkUniqueAmount: true });
    const second = await fixture.createAccount({ priority: 10, checkUniqueAmount: true });
    const paid = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    expect((await fixture.requestCredential(paid, 'HUMOUZS')).statusCode).toBe(200);
    await fixture.db.update(invoices).set({ status: 'PAYED' }).where(eq(invoices.id, paid.id));
    const next = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    expect((await fixture.requestCredential(next, 'HUMOUZS')).statusCode).toBe(200);
    expect(await invoiceRow(paid.id)).toMatchObject({ peopleAccountId: first.id });
    expect(await invoiceRow(next.id)).toMatchObject({ peopleAccountId: second.id });
  });

  it('finds an account past the first MAX_CANDIDATES when the quarantine rules them out', async () => {
    await fixture.disableAllAccounts();
    const amount = 1_250_000n;
    // 30 accounts that check unique amounts, each with a payment of this amount just cancelled.
    for (let index = 0; index < 30; index += 1) {
      const held = await fixture.createAccount({ priority: 50, checkUniqueAmount: true });
      const ended = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
      await fixture.db
        .update(invoices)
        .set({ status: 'CANCELED', peopleAccountId: held.id, statusDate: sql`now()` })
        .where(eq(invoices.id, ended.id));
    }
    const free = await fixture.createAccount({ priority: 1, checkUniqueAmount: true });
    const form = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    const answer = await fixture.requestCredential(form, 'HUMOUZS');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await invoiceRow(form.id)).toMatchObject({ peopleAccountId: free.id });
  });

  it('quarantines no amount of a test payment, nor on accounts that do not check unique amounts', async () => {
    await fixture.disableAllAccounts();
    const amount = 1_200_000n;
    const unique = await fixture.createAccount({ priority: 20, checkUniqueAmount: true });
    // A test payment given an account before test payments got the sandbox's, ended just now.
    const test = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount,
      isTestProcessing: true,
    });
    await fixture.db
      .update(invoices)
      .set({ status: 'CANCELED', peopleAccountId: unique.id, statusDate: sql`now()` })
      .where(eq(invoices.id, test.id));
    const real = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    expect((await fixture.requestCredential(real, 'HUMOUZS')).statusCode).toBe(200);
    expect(await invoiceRow(real.id)).toMatchObject({ peopleAccountId: unique.id });

    await fixture.disableAllAccounts();
    const plain = await fixture.createAccount({ checkUniqueAmount: false });
    const unpaid = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    expect((await fixture.requestCredential(unpaid, 'HUMOUZS')).statusCode).toBe(200);
    await endUnpaid(unpaid.id, 'CANCELED');
    const again = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    expect((await fixture.requestCredential(again, 'HUMOUZS')).statusCode).toBe(200);
    expect(await invoiceRow(again.id)).toMatchObject({ peopleAccountId: plain.id });
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can end a payment mid-assignment.
  it.skipIf(kind === 'pglite')("checks the quarantine again under the account's lock", async () => {
    await fixture.disableAllAccounts();
    const amount = 1_300_000n;
    const account = await fixture.createAccount({ checkUniqueAmount: true });
    const ending = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    const form = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount });
    let request: ReturnType<typeof fixture.requestCredential> | undefined;
    await fixture.db.transaction(async (tx) => {
      // The account is free when the candidates are read; its limit row is held meanwhile.
      await tx
        .select()
        .from(peopleAccountLimits)
        .where(eq(peopleAccountLimits.peopleAccountId, account.id))
        .for('update');
      request = fixture.requestCredential(form, 'HUMOUZS');
      await expect
        .poll(() => lockWaitCount(fixture.db, 'for update'), { timeout: 10_000, interval: 20 })
        .toBeGreaterThan(0);
      // Another payment of this amount on the account ends unpaid before the lock is let go.
      await tx
        .update(invoices)
        .set({ status: 'CANCELED', peopleAccountId: account.id, statusDate: sql`now()` })
        .where(eq(invoices.id, ending.id));
    });
    const answer = await request;
    expect(answer?.statusCode).toBe(409);
    expect(await invoiceRow(form.id)).toMatchObject({ peopleAccountId: null });
  });

  it("gives a test payment the sandbox's requisites, never an account's, its limit or an amount", async () => {
    await fixture.disableAllAccounts();
    const account = await fixture.createAccount({ limit: 1_000_000n, checkUniqueAmount: true });
    const test = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 600_000n,
      isTestProcessing: true,
    });
    const testAnswer = await fixture.requestCredential(test, 'HUMOUZS');
    expect(testAnswer.statusCode, testAnswer.body).toBe(200);
    expect(testAnswer.json().data.credentials).toEqual({
      value: SANDBOX_REQUISITE_VALUES.CARD,
      owner: SANDBOX_REQUISITE_OWNER,
      country_code: null,
      bank_name: SANDBOX_BANK_NAME,
      type: 'card',
    });
    expect(await invoiceRow(test.id)).toMatchObject({
      peopleAccountId: null,
      credentialValue: SANDBOX_REQUISITE_VALUES.CARD,
      status: 'IN_PROGRESS',
    });
    expect((await fixture.accountLimits(account.id))?.balance).toBe(0n);
    // The form read again shows the same.
    const reread = await fixture.post(test.formId, 'init');
    expect(reread.json().data.credentials?.owner).toBe(SANDBOX_REQUISITE_OWNER);

    // A real payment of the same amount still gets the account that checks unique amounts.
    const real = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount: 600_000n });
    const realAnswer = await fixture.requestCredential(real, 'HUMOUZS');
    expect(realAnswer.statusCode, realAnswer.body).toBe(200);
    expect(await invoiceRow(real.id)).toMatchObject({ peopleAccountId: account.id });
    expect((await fixture.accountLimits(account.id))?.balance).toBe(600_000n);

    // With no account at all, a test payment still gets its requisites (nothing to decline for).
    await fixture.disableAllAccounts();
    const lone = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 700_000n,
      isTestProcessing: true,
    });
    expect((await fixture.requestCredential(lone, 'HUMOUZS')).statusCode).toBe(200);
  });
});
