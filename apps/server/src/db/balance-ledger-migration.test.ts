import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceLedgerDisagreementsSql } from '../modules/balances/merchant-balance-repository.ts';
import { seedReferenceData } from '../seed/reference-data-seed.ts';
import { seedRoles } from '../seed/roles-seed.ts';
import { createTestMerchant, createTestPerson } from '../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../testing/test-data.ts';
import { type Database, type DatabaseHandle, queryRows } from './database.ts';
import { balanceMovements, merchantBalances, settlements } from './schema.ts';
import { withLedgerChecksOff } from './testing/ledger-checks.ts';
import { runMigrationDataStatements } from './testing/migration-data.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from './testing/test-databases.ts';

/** The database's refusal of a balance changed without its ledger row (migration 0018). */
const UNLEDGERED = /changed without its ledger row/;

const day = (date: string) => new Date(`${date}T12:00:00Z`);

describe.each(TEST_DATABASE_KINDS)('migration 0018 opens the balance ledger on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    await seedReferenceData(db);
    await seedRoles(db);
  });
  afterAll(async () => handle?.close());

  it('writes what each invoice and settlement holds, in time order, and a recount for a drifted balance', async () => {
    const merchant = await createTestMerchant(db, 'Ledger merchant');
    const other = await createTestMerchant(db, 'Drifted merchant');
    const person = await createTestPerson(db, { username: 'ledger-settler', role: 'admin' });
    const deposits = await createTestTerminal(db, merchant.id, { name: 'In' });
    const payouts = await createTestTerminal(db, merchant.id, {
      name: 'Out',
      flowType: 'WITHDRAWAL',
    });
    // Written out of time order, as the data before the ledger has no order of its own.
    const paid = await createTestInvoice(db, payouts, {
      status: 'PAYED',
      amount: 30_000n,
      fee: 300n,
      statusDate: day('2026-03-03'),
    });
    const confirmed = await createTestInvoice(db, deposits, {
      status: 'DONE',
      amount: 100_000n,
      fee: 1_000n,
      statusDate: day('2026-03-01'),
    });
    const queued = await createTestInvoice(db, payouts, {
      status: 'IN_PROGRESS',
      amount: 20_000n,
      fee: 200n,
      statusDate: day('2026-03-04'),
    });
    await createTestInvoice(db, deposits, { status: 'CANCELED', statusDate: day('2026-03-02') });
    await createTestInvoice(db, deposits, {
      status: 'DONE',
      isTestProcessing: true,
      statusDate: day('2026-03-02'),
    });
    const [settled] = await db
      .insert(settlements)
      .values({
        merchantId: merchant.id,
        terminalId: deposits.id,
        baseAmount: 10_000n,
        settlementAmount: 700_000n,
        createdBy: person.id,
        createdAt: day('2026-03-05'),
      })
      .returning();
    // What the code before the ledger could leave, which the database's ledger checks (also of
    // migration 0018) now refuse.
    const otherTerminal = await createTestTerminal(db, other.id, { name: 'Theirs' });
    await createTestInvoice(db, otherTerminal, { status: 'DONE', amount: 5_000n, fee: 0n });
    await withLedgerChecksOff(db, async () => {
      // The settlement was written around the engine, as before the ledger: the kept balance takes
      // it as migration 0003's statement would have.
      await db
        .update(merchantBalances)
        .set({ available: sql`${merchantBalances.available} - 10000` })
        .where(eq(merchantBalances.merchantId, merchant.id));
      // A kept balance that drifted from its invoices by 123 (none should; the ledger keeps it).
      await db
        .update(merchantBalances)
        .set({ available: sql`${merchantBalances.available} + 123` })
        .where(eq(merchantBalances.merchantId, other.id));
      // The state before migration 0018: no ledger.
      await db.delete(balanceMovements);

      await runMigrationDataStatements(db, '0018_balance_movements.sql');
    });
    const rowsOf = (merchantId: number) =>
      db
        .select({
          kind: balanceMovements.kind,
          invoiceId: balanceMovements.invoiceId,
          settlementId: balanceMovements.settlementId,
          fromStatus: balanceMovements.fromStatus,
          toStatus: balanceMovements.toStatus,
          availableChange: balanceMovements.availableChange,
          reservedChange: balanceMovements.reservedChange,
          availableAfter: balanceMovements.availableAfter,
          reservedAfter: balanceMovements.reservedAfter,
          personId: balanceMovements.personId,
          createdAt: balanceMovements.createdAt,
        })
        .from(balanceMovements)
        .where(eq(balanceMovements.merchantId, merchantId))
        .orderBy(asc(balanceMovements.id));
    const base = { fromStatus: null, personId: null };
    expect(await rowsOf(merchant.id)).toEqual([
      {
        ...base,
        kind: 'invoice',
        invoiceId: confirmed.id,
        settlementId: null,
        toStatus: 'DONE',
        availableChange: 99_000n,
        reservedChange: 0n,
        availableAfter: 99_000n,
        reservedAfter: 0n,
        createdAt: day('2026-03-01'),
      },
      {
        ...base,
        kind: 'invoice',
        invoiceId: paid.id,
        settlementId: null,
        toStatus: 'PAYED',
        availableChange: -30_300n,
        reservedChange: 0n,
        availableAfter: 68_700n,
        reservedAfter: 0n,
        createdAt: day('2026-03-03'),
      },
      {
        ...base,
        kind: 'invoice',
        invoiceId: queued.id,
        settlementId: null,
        toStatus: 'IN_PROGRESS',
        availableChange: -20_200n,
        reservedChange: 20_200n,
        availableAfter: 48_500n,
        reservedAfter: 20_200n,
        createdAt: day('2026-03-04'),
      },
      {
        kind: 'settlement',
        invoiceId: null,
        settlementId: settled?.id,
        fromStatus: null,
        toStatus: null,
        availableChange: -10_000n,
        reservedChange: 0n,
        availableAfter: 38_500n,
        reservedAfter: 20_200n,
        personId: person.id,
        createdAt: day('2026-03-05'),
      },
    ]);
    const otherRows = await rowsOf(other.id);
    expect(otherRows.map((row) => [row.kind, row.availableChange, row.availableAfter])).toEqual([
      ['invoice', 5_000n, 5_000n],
      ['recount', 123n, 5_123n],
    ]);
    const [kept] = await db
      .select()
      .from(merchantBalances)
      .where(
        and(
          eq(merchantBalances.merchantId, other.id),
          eq(merchantBalances.currencyId, otherTerminal.currencyId),
        ),
      );
    expect(kept?.available).toBe(5_123n);
    expect(await queryRows(db, balanceLedgerDisagreementsSql)).toEqual([]);
  });
  it('refuses at commit a balance changed without its ledger row, as the previous release would', async () => {
    const merchant = await createTestMerchant(db, 'Checked merchant');
    const terminal = await createTestTerminal(db, merchant.id, { name: 'Checked' });
    await createTestInvoice(db, terminal, { status: 'DONE', amount: 7_000n, fee: 0n });
    const keptBalance = async () =>
      (
        await db.select().from(merchantBalances).where(eq(merchantBalances.merchantId, merchant.id))
      )[0]?.available;
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(merchantBalances)
          .set({ available: sql`${merchantBalances.available} + 500` })
          .where(eq(merchantBalances.merchantId, merchant.id));
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(UNLEDGERED) } });
    expect(await keptBalance()).toBe(7_000n);
    // A new balance with nothing in it needs no row; one with money does.
    const fresh = await createTestMerchant(db, 'Fresh merchant');
    await db
      .insert(merchantBalances)
      .values({ merchantId: fresh.id, currencyId: terminal.currencyId });
    const unfunded = await createTestMerchant(db, 'Unfunded merchant');
    await expect(
      db
        .insert(merchantBalances)
        .values({ merchantId: unfunded.id, currencyId: terminal.currencyId, available: 1n }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(UNLEDGERED) } });
    expect(
      await db.select().from(merchantBalances).where(eq(merchantBalances.merchantId, unfunded.id)),
    ).toEqual([]);
  });

  it('keeps every ledger row: no update, delete or truncate', async () => {
    const [row] = await db.select().from(balanceMovements).limit(1);
    if (!row) throw new Error('an earlier test wrote rows');
    await expect(
      db
        .update(balanceMovements)
        .set({ availableChange: 0n })
        .where(eq(balanceMovements.id, row.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(balanceMovements).where(eq(balanceMovements.id, row.id)),
    ).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE balance_movements`)).rejects.toThrow();
    expect(await db.select().from(balanceMovements).where(eq(balanceMovements.id, row.id))).toEqual(
      [row],
    );
  });
});
