import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, peopleAccountLimits } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { lockWaitCount } from '../../testing/lock-waits.ts';
import { applyStatusChange, lockInvoice } from '../invoices/invoices-entry.ts';
import { createPaymentFormFixture, type PaymentFormFixture } from './payment-form-test-fixture.ts';

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

  it('lets a test payment use an account without taking its limit or an amount from real ones', async () => {
    await fixture.disableAllAccounts();
    const account = await fixture.createAccount({ limit: 1_000_000n, checkUniqueAmount: true });
    const test = await fixture.createInvoice(fixture.terminals.uzsDeposit, {
      amount: 600_000n,
      isTestProcessing: true,
    });
    const testAnswer = await fixture.requestCredential(test, 'HUMOUZS');
    expect(testAnswer.statusCode, testAnswer.body).toBe(200);
    const assignedTo = async (invoiceId: string) => {
      const [row] = await fixture.db.select().from(invoices).where(eq(invoices.id, invoiceId));
      return row;
    };
    expect(await assignedTo(test.id)).toMatchObject({
      peopleAccountId: account.id,
      status: 'IN_PROGRESS',
    });
    expect((await fixture.accountLimits(account.id))?.balance).toBe(0n);

    // A real payment of the same amount still gets the account that checks unique amounts.
    const real = await fixture.createInvoice(fixture.terminals.uzsDeposit, { amount: 600_000n });
    const realAnswer = await fixture.requestCredential(real, 'HUMOUZS');
    expect(realAnswer.statusCode, realAnswer.body).toBe(200);
    expect(await assignedTo(real.id)).toMatchObject({ peopleAccountId: account.id });
    expect((await fixture.accountLimits(account.id))?.balance).toBe(600_000n);

    // The test payment ending either way leaves the real one's share alone.
    await fixture.db.transaction(async (tx) => {
      const locked = await lockInvoice(tx, test.id);
      await applyStatusChange(tx, locked, 'CANCELED', { kind: 'staff', personId: null }, 'test');
    });
    expect((await fixture.accountLimits(account.id))?.balance).toBe(600_000n);
  });
});
