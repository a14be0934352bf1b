import type { InvoiceStatusCode } from '@paygate/domain';
import { parse } from 'csv-parse/sync';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceMovements, invoices, terminalAttributes, terminalPools } from '../../db/schema.ts';
import { withLedgerChecksOff } from '../../db/testing/ledger-checks.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { currencyId, referenceItemId } from '../../seed/reference-data.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';

/** Payment status reference items (list 201) in seed order. */
const STATUS_ID: Record<InvoiceStatusCode, number> = {
  NEW: referenceItemId(201, 1),
  IN_PROGRESS: referenceItemId(201, 2),
  DONE: referenceItemId(201, 3),
  PAYED: referenceItemId(201, 4),
  DECLINED: referenceItemId(201, 5),
  CANCELED: referenceItemId(201, 6),
};

/** Reference list 105, item 5: a terminal's FEE_PERCENT attribute. */
const FEE_PERCENT_ATTRIBUTE = referenceItemId(105, 5);

/** The UTC days the steps happen on, all long past (no step of the engine falls on them). */
const DAY_0 = '2026-02-09';
const DAY_1 = '2026-02-10';
const DAY_2 = '2026-02-11';
const DAY_3 = '2026-02-12';
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

const csvRows = (body: string): string[][] =>
  parse(body.replace(/^\uFEFF/, ''), { relax_column_count: true });

/** "-10000.00" → -1000000n: a printed UZS amount back in minor units, to add days up exactly. */
const minorOf = (printed: string | undefined) => BigInt((printed ?? '').replace('.', ''));

/**
 * The balance reports read invoice figures from the balance ledger (balance_movements), per UTC
 * day of its rows: an invoice whose money starts to count adds 1, its amount and its fee that
 * day; one that stops counting takes them off the day it stops; an amount correction moves the
 * sums by the difference. So a day already closed keeps the figures it was printed with, whatever
 * happens to its invoices later. The old rule (each invoice's current status, amount and fee on
 * its latest status date, decision 0027) fails every test here.
 */
describe.each(TEST_DATABASE_KINDS)('balance reports read from the ledger on %s', (kind) => {
  let testApp: TestApp;
  let merchantId = 0;
  const cookies = { merchant: '', admin: '' };

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    await seedReferenceData(db);
    const merchant = await createTestMerchant(db, 'Ledger shop');
    merchantId = merchant.id;
    await createTestPerson(db, { username: 'merchant', role: 'merchant', merchantId });
    // Admin holds invoice.status.change, invoice.amount.change and report.read.pool.balance.
    await createTestPerson(db, { username: 'admin', role: 'admin' });
    for (const name of ['merchant', 'admin'] as const)
      cookies[name] = await signIn(app, name, `${name}-password`);
  });
  afterAll(async () => testApp?.close());

  /** A terminal of the merchant with its FEE_PERCENT: each test has its own, and reports on it. */
  const terminalWithFee = async (
    name: string,
    feePercent: string,
    overrides: { flowType?: 'DEPOSIT' | 'WITHDRAWAL'; terminalPoolId?: number } = {},
  ) => {
    const terminal = await createTestTerminal(testApp.db, merchantId, { name, ...overrides });
    await testApp.db.insert(terminalAttributes).values({
      terminalId: terminal.id,
      attributeTypeId: FEE_PERCENT_ATTRIBUTE,
      value: feePercent,
    });
    return terminal;
  };

  const lastLedgerId = async () => {
    const [row] = await testApp.db
      .select({ id: sql<number>`coalesce(max(${balanceMovements.id}), 0)::int` })
      .from(balanceMovements);
    return row?.id ?? 0;
  };

  /**
   * One step of the engine through the back office's routes (PATCH /invoice/status or
   * /invoice/amount, as admin), dated on `day`. The engine stamps its ledger rows with now(), so
   * the test moves the rows this step wrote to noon of `day` with an UPDATE; a status change
   * also moves the invoice's status date there, so the old rule would see the same days and the
   * figures below differ from it only where the ledger does. Returns how many ledger rows the
   * step wrote.
   */
  const stepOn = async (
    day: string,
    invoiceId: string,
    change: { status: InvoiceStatusCode } | { amount: bigint },
  ) => {
    const since = await lastLedgerId();
    const response =
      'status' in change
        ? await testApp.app.inject({
            method: 'PATCH',
            url: '/api/v1/invoice/status',
            headers: { cookie: cookies.admin },
            payload: { invoiceId, statusId: STATUS_ID[change.status] },
          })
        : await testApp.app.inject({
            method: 'PATCH',
            url: '/api/v1/invoice/amount',
            headers: { cookie: cookies.admin },
            payload: { invoiceId, amount: Number(change.amount) },
          });
    expect(response.statusCode, response.body).toBe(200);
    // The ledger is append-only in the database (migration 0018): moving a row to another day is
    // what a test may do and the product never does.
    const moved = await withLedgerChecksOff(testApp.db, () =>
      testApp.db
        .update(balanceMovements)
        .set({ createdAt: noonOf(day) })
        .where(and(eq(balanceMovements.invoiceId, invoiceId), gt(balanceMovements.id, since)))
        .returning({ id: balanceMovements.id }),
    );
    if ('status' in change) {
      await testApp.db
        .update(invoices)
        .set({ statusDate: noonOf(day) })
        .where(eq(invoices.id, invoiceId));
    }
    return moved.length;
  };

  const storedInvoice = async (invoiceId: string) => {
    const [invoice] = await testApp.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new Error(`invoice ${invoiceId} missing`);
    return invoice;
  };

  /** The Balance CSV of one terminal (as the merchant's user), its rows without the header. */
  const balanceRows = async (terminalId: number, periodStart: string, periodEnd: string) => {
    const response = await testApp.app.inject({
      url: `/api/v1/report/balance?periodStart=${periodStart}&periodEnd=${periodEnd}&currencyId=${currencyId('UZS')}&terminalId=${terminalId}`,
      headers: { cookie: cookies.merchant },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Balance_${periodStart}_${periodEnd}.csv"`,
    );
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Date',
      'Currency',
      'Deposits',
      'Deposit sum',
      'Withdrawals',
      'Withdrawal sum',
      'Fees',
      'Settlements',
      'Net',
    ]);
    return rows;
  };

  /** The Terminal_Pool_Balance CSV (as admin), its rows without the header. */
  const poolRows = async (terminalPoolId: number, periodStart: string, periodEnd: string) => {
    const response = await testApp.app.inject({
      url: `/api/v1/report/pool/balance?periodStart=${periodStart}&periodEnd=${periodEnd}&terminalPoolId=${terminalPoolId}`,
      headers: { cookie: cookies.admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Terminal_Pool_Balance_${periodStart}_${periodEnd}.csv"`,
    );
    return csvRows(response.body).slice(1);
  };

  /** What the days of a Balance CSV add up to: counts and minor units per column. */
  const totalOf = (rows: string[][]) =>
    rows.reduce(
      (total, row) => ({
        deposits: total.deposits + Number(row[2]),
        depositSum: total.depositSum + minorOf(row[3]),
        withdrawals: total.withdrawals + Number(row[4]),
        withdrawalSum: total.withdrawalSum + minorOf(row[5]),
        fees: total.fees + minorOf(row[6]),
        net: total.net + minorOf(row[8]),
      }),
      { deposits: 0, depositSum: 0n, withdrawals: 0, withdrawalSum: 0n, fees: 0n, net: 0n },
    );

  /** A deposit of 10,000.00 UZS waiting for its transfer (no ledger row: it holds nothing). */
  const waitingDeposit = (terminal: Awaited<ReturnType<typeof terminalWithFee>>) =>
    createTestInvoice(testApp.db, terminal, {
      status: 'IN_PROGRESS',
      amount: 1_000_000n,
      createdAt: noonOf(DAY_0),
      statusDate: noonOf(DAY_0),
    });

  it('keeps a confirmed deposit on the day it was confirmed and takes it off the day it is cancelled', async () => {
    const terminal = await terminalWithFee('Cancelled in', '2.5');
    const deposit = await waitingDeposit(terminal);

    expect(await stepOn(DAY_1, deposit.id, { status: 'DONE' })).toBe(1);
    // 2.5 % of 10,000.00, fixed when it was confirmed.
    expect(await storedInvoice(deposit.id)).toMatchObject({ fee: 25_000n });
    const printedOnDay1 = await balanceRows(terminal.id, DAY_1, DAY_1);
    expect(printedOnDay1).toEqual([
      [DAY_1, 'UZS', '1', '10000.00', '0', '0.00', '250.00', '0.00', '9750.00'],
    ]);

    expect(await stepOn(DAY_2, deposit.id, { status: 'CANCELED' })).toBe(1);
    // The closed day reads as it was printed; the old rule left the cancelled deposit out of it.
    expect(await balanceRows(terminal.id, DAY_1, DAY_1)).toEqual(printedOnDay1);
    const rows = await balanceRows(terminal.id, DAY_1, DAY_2);
    expect(rows).toEqual([
      [DAY_1, 'UZS', '1', '10000.00', '0', '0.00', '250.00', '0.00', '9750.00'],
      [DAY_2, 'UZS', '-1', '-10000.00', '0', '0.00', '-250.00', '0.00', '-9750.00'],
    ]);
    // Net of the two days: nothing, as the invoice holds nothing now.
    expect(totalOf(rows)).toEqual({
      deposits: 0,
      depositSum: 0n,
      withdrawals: 0,
      withdrawalSum: 0n,
      fees: 0n,
      net: 0n,
    });
  });

  it('moves the day of an amount correction by the difference and leaves the confirmed day as printed', async () => {
    const terminal = await terminalWithFee('Corrected in', '2.5');
    const deposit = await waitingDeposit(terminal);

    expect(await stepOn(DAY_1, deposit.id, { status: 'DONE' })).toBe(1);
    const printedOnDay1 = await balanceRows(terminal.id, DAY_1, DAY_1);
    expect(printedOnDay1).toEqual([
      [DAY_1, 'UZS', '1', '10000.00', '0', '0.00', '250.00', '0.00', '9750.00'],
    ]);

    // Up on day 2 (12,000.00, fee 300.00), down on day 3 (9,000.00, fee 225.00): the kept
    // percent of each new amount.
    expect(await stepOn(DAY_2, deposit.id, { amount: 1_200_000n })).toBe(1);
    expect(await stepOn(DAY_3, deposit.id, { amount: 900_000n })).toBe(1);
    expect(await storedInvoice(deposit.id)).toMatchObject({
      status: 'DONE',
      amount: 900_000n,
      fee: 22_500n,
    });

    // The old rule put the corrected amount on the confirmed day and nothing on the others.
    expect(await balanceRows(terminal.id, DAY_1, DAY_1)).toEqual(printedOnDay1);
    const rows = await balanceRows(terminal.id, DAY_1, DAY_3);
    expect(rows).toEqual([
      [DAY_1, 'UZS', '1', '10000.00', '0', '0.00', '250.00', '0.00', '9750.00'],
      [DAY_2, 'UZS', '0', '2000.00', '0', '0.00', '50.00', '0.00', '1950.00'],
      [DAY_3, 'UZS', '0', '-3000.00', '0', '0.00', '-75.00', '0.00', '-2925.00'],
    ]);
    // The days add up to the invoice as it is now.
    expect(totalOf(rows)).toEqual({
      deposits: 1,
      depositSum: 900_000n,
      withdrawals: 0,
      withdrawalSum: 0n,
      fees: 22_500n,
      net: 877_500n,
    });
  });

  it('counts a payout on the day it was paid, not the day it was queued nor the day it was done', async () => {
    // A confirmed deposit on another terminal covers the payout (decision 0017).
    const cover = await terminalWithFee('Cover in', '0');
    await createTestInvoice(testApp.db, cover, {
      status: 'DONE',
      amount: 10_000_000n,
      createdAt: noonOf(DAY_0),
      statusDate: noonOf(DAY_0),
    });
    const terminal = await terminalWithFee('Paid out', '1', { flowType: 'WITHDRAWAL' });
    const payout = await createTestInvoice(testApp.db, terminal, {
      status: 'NEW',
      amount: 500_000n,
      createdAt: noonOf(DAY_0),
      statusDate: noonOf(DAY_0),
    });

    // Queued on day 1: its money is reserved (a ledger row), but not counted as paid yet.
    expect(await stepOn(DAY_1, payout.id, { status: 'IN_PROGRESS' })).toBe(1);
    // 1 % of 5,000.00, fixed when it was queued.
    expect(await storedInvoice(payout.id)).toMatchObject({ fee: 5_000n });
    // Paid on day 2.
    expect(await stepOn(DAY_2, payout.id, { status: 'PAYED' })).toBe(1);
    // Done on day 3: its money had moved already, the balance does not change, no ledger row.
    // The old rule moved the payout to this day, its latest status date.
    expect(await stepOn(DAY_3, payout.id, { status: 'DONE' })).toBe(0);

    const rows = await balanceRows(terminal.id, DAY_1, DAY_3);
    expect(rows).toEqual([
      [DAY_1, 'UZS', '0', '0.00', '0', '0.00', '0.00', '0.00', '0.00'],
      [DAY_2, 'UZS', '0', '0.00', '1', '5000.00', '50.00', '0.00', '-5050.00'],
      [DAY_3, 'UZS', '0', '0.00', '0', '0.00', '0.00', '0.00', '0.00'],
    ]);
  });

  it('counts what moves the figures but not the balance: a fee of the whole amount, a correction the fee absorbs', async () => {
    // 100 %: confirming moves the balance by nothing (amount less fee), yet a deposit was made.
    const whole = await terminalWithFee('Whole fee in', '100');
    const wholeFee = await waitingDeposit(whole);
    expect(await stepOn(DAY_1, wholeFee.id, { status: 'DONE' })).toBe(1);
    expect(await balanceRows(whole.id, DAY_1, DAY_1)).toEqual([
      [DAY_1, 'UZS', '1', '10000.00', '0', '0.00', '10000.00', '0.00', '0.00'],
    ]);

    // 2.5 % of 10,000.20 is 250.01 (half up) and of 10,000.19 is 250.00: the correction takes a
    // tiyin off the amount and one off the fee, and amount less fee stays 9,750.19.
    const rounding = await terminalWithFee('Rounding in', '2.5');
    const deposit = await createTestInvoice(testApp.db, rounding, {
      status: 'IN_PROGRESS',
      amount: 1_000_020n,
      createdAt: noonOf(DAY_0),
      statusDate: noonOf(DAY_0),
    });
    expect(await stepOn(DAY_1, deposit.id, { status: 'DONE' })).toBe(1);
    expect(await storedInvoice(deposit.id)).toMatchObject({ fee: 25_001n });
    expect(await stepOn(DAY_2, deposit.id, { amount: 1_000_019n })).toBe(1);
    expect(await storedInvoice(deposit.id)).toMatchObject({ amount: 1_000_019n, fee: 25_000n });
    expect(await balanceRows(rounding.id, DAY_1, DAY_2)).toEqual([
      [DAY_1, 'UZS', '1', '10000.20', '0', '0.00', '250.01', '0.00', '9750.19'],
      [DAY_2, 'UZS', '0', '-0.01', '0', '0.00', '-0.01', '0.00', '0.00'],
    ]);
  });

  it('shows the cancelled deposit taken off in the pool balance of the day it was cancelled', async () => {
    const [pool] = await testApp.db
      .insert(terminalPools)
      .values({ name: 'Ledger pool' })
      .returning();
    const terminalPoolId = pool?.id ?? 0;
    const terminal = await terminalWithFee('Pool in', '2.5', { terminalPoolId });
    const deposit = await waitingDeposit(terminal);
    expect(await stepOn(DAY_1, deposit.id, { status: 'DONE' })).toBe(1);
    expect(await stepOn(DAY_2, deposit.id, { status: 'CANCELED' })).toBe(1);

    const rowOf = (cells: string[]) => [
      'Ledger pool',
      String(terminal.id),
      'Pool in',
      'UZS',
      ...cells,
    ];
    // Pool, terminal, currency; deposits, withdrawals, fees, settlements, balance.
    expect(await poolRows(terminalPoolId, DAY_1, DAY_1)).toEqual([
      rowOf(['10000.00', '0.00', '250.00', '0.00', '9750.00']),
    ]);
    // The old rule showed nothing on day 2: the deposit was CANCELED, not counted anywhere.
    expect(await poolRows(terminalPoolId, DAY_2, DAY_2)).toEqual([
      rowOf(['-10000.00', '0.00', '-250.00', '0.00', '-9750.00']),
    ]);
    expect(await poolRows(terminalPoolId, DAY_1, DAY_2)).toEqual([
      rowOf(['0.00', '0.00', '0.00', '0.00', '0.00']),
    ]);
  });
});
