import type { InvoiceStatusCode } from '@paygate/domain';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceMovements, merchantBalances, terminalAttributes } from '../../db/schema.ts';
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
import type { AuthenticatedPerson } from '../auth/auth-entry.ts';
import { BALANCE_STATEMENT_HEADERS } from './balance-statement-routes.ts';
import { balanceStatement } from './report-service.ts';

/** Payment status reference items (list 201) in seed order. */
const STATUS_ID: Partial<Record<InvoiceStatusCode, number>> = {
  DONE: referenceItemId(201, 3),
  CANCELED: referenceItemId(201, 6),
};

/** Reference list 105, item 5: a terminal's FEE_PERCENT attribute. */
const FEE_PERCENT_ATTRIBUTE = referenceItemId(105, 5);

const UZS = currencyId('UZS');

/** yyyy-MM-dd of a day `offset` days from today (UTC): periods around the rows written now. */
const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PERIOD = { periodStart: dayFromToday(-1), periodEnd: dayFromToday(1) };

const csvRows = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ''));

/** Columns of a statement row by header name (the header is pinned by the first test). */
const column = (name: string) => BALANCE_STATEMENT_HEADERS.indexOf(name);
const cell = (row: string[], name: string) => row[column(name)];

/** "-10000.00" → -1000000n: a printed UZS amount back in minor units. */
const minorOf = (printed: string | undefined) => BigInt((printed ?? '').replace('.', ''));

/**
 * The balance statement (decision 0029): the balance ledger's rows (decision 0028) of one
 * currency and period, in ledger order, with their cause, figures, the balance after each and
 * who made it; streamed page by page; the merchant's own rows only.
 */
describe.each(TEST_DATABASE_KINDS)('balance statement on %s', (kind) => {
  let testApp: TestApp;
  const merchantIds = { own: 0, other: 0 };
  const cookies = { merchant: '', other: '', admin: '', support: '' };

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    await seedReferenceData(db);
    merchantIds.own = (await createTestMerchant(db, 'Statement shop')).id;
    merchantIds.other = (await createTestMerchant(db, 'Other shop')).id;
    await createTestPerson(db, {
      username: 'merchant',
      role: 'merchant',
      merchantId: merchantIds.own,
    });
    await createTestPerson(db, {
      username: 'other',
      role: 'merchant',
      merchantId: merchantIds.other,
    });
    await createTestPerson(db, { username: 'admin', role: 'admin' });
    // Support reads every merchant's invoices but holds no report.read.balance.
    await createTestPerson(db, { username: 'support', role: 'support' });
    for (const name of ['merchant', 'other', 'admin', 'support'] as const)
      cookies[name] = await signIn(app, name, `${name}-password`);
  });
  afterAll(async () => testApp?.close());

  const terminalWithFee = async (
    merchantId: number,
    name: string,
    feePercent: string,
    flowType: 'DEPOSIT' | 'WITHDRAWAL' = 'DEPOSIT',
  ) => {
    const terminal = await createTestTerminal(testApp.db, merchantId, { name, flowType });
    await testApp.db.insert(terminalAttributes).values({
      terminalId: terminal.id,
      attributeTypeId: FEE_PERCENT_ATTRIBUTE,
      value: feePercent,
    });
    return terminal;
  };

  const setStatus = async (invoiceId: string, status: InvoiceStatusCode) => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/invoice/status',
      headers: { cookie: cookies.admin },
      payload: { invoiceId, statusId: STATUS_ID[status] },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const settle = async (terminalId: number, baseAmount: number) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/settlement',
      headers: { cookie: cookies.merchant },
      payload: { terminalId, baseAmount, settlementAmount: 1_000_000 },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: { id: number } }).data.id;
  };

  const statement = (who: keyof typeof cookies, query: Record<string, string | number>) =>
    testApp.app.inject({
      url: '/api/v1/report/statement',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: { cookie: cookies[who] },
    });

  /** The statement's rows (as the merchant's user) of one terminal, without the header. */
  const statementRows = async (terminalId: number) => {
    const response = await statement('merchant', { ...PERIOD, currencyId: UZS, terminalId });
    expect(response.statusCode, response.body).toBe(200);
    return csvRows(response.body).slice(1);
  };

  it('lists every change of the balance in ledger order: cause, figures, the balance after it and who made it', async () => {
    const terminal = await terminalWithFee(merchantIds.own, 'Statement in', '2.5');
    const deposit = await createTestInvoice(testApp.db, terminal, {
      status: 'IN_PROGRESS',
      amount: 1_000_000n,
      merchantInvoiceId: 'order-1',
    });
    await setStatus(deposit.id, 'DONE');
    const settlementId = await settle(terminal.id, 400_000);

    const response = await statement('merchant', {
      ...PERIOD,
      currencyId: UZS,
      terminalId: terminal.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Statement_${PERIOD.periodStart}_${PERIOD.periodEnd}.csv"`,
    );
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Movement ID',
      'Time (UTC)',
      'Merchant',
      'Cause',
      'Terminal',
      'Invoice ID',
      'Merchant Invoice ID',
      'Settlement ID',
      'Flow type',
      'Status before',
      'Status after',
      'Amount before',
      'Amount after',
      'Fee before',
      'Fee after',
      'Available change',
      'Reserved change',
      'Available after',
      'Reserved after',
      'Changed by',
    ]);
    expect(rows).toHaveLength(2);
    const [confirmed, settled] = rows as [string[], string[]];
    // Ledger order: ids rising; the time as the other exports print it.
    expect(Number(cell(settled, 'Movement ID'))).toBeGreaterThan(
      Number(cell(confirmed, 'Movement ID')),
    );
    expect(cell(confirmed, 'Time (UTC)')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(confirmed.slice(2)).toEqual([
      'Statement shop',
      'invoice',
      'Statement in',
      deposit.id,
      'order-1',
      '',
      'DEPOSIT',
      'IN_PROGRESS',
      'DONE',
      '10000.00',
      '10000.00',
      '0.00',
      // 2.5 % of 10,000.00, fixed when it was confirmed.
      '250.00',
      '9750.00',
      '0.00',
      '9750.00',
      '0.00',
      'admin',
    ]);
    expect(settled.slice(2)).toEqual([
      'Statement shop',
      'settlement',
      'Statement in',
      '',
      '',
      String(settlementId),
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '-4000.00',
      '0.00',
      '5750.00',
      '0.00',
      'merchant',
    ]);
  });

  it('adds up: each row is the balance before it plus its change, and the last is the balance now', async () => {
    // The other merchant's terminals, so this balance starts empty and is this test's alone.
    const payin = await terminalWithFee(merchantIds.other, 'Chain in', '3');
    const payout = await terminalWithFee(merchantIds.other, 'Chain out', '1', 'WITHDRAWAL');
    const first = await createTestInvoice(testApp.db, payin, {
      status: 'IN_PROGRESS',
      amount: 2_000_000n,
    });
    const second = await createTestInvoice(testApp.db, payin, {
      status: 'IN_PROGRESS',
      amount: 500_000n,
    });
    await setStatus(first.id, 'DONE');
    await setStatus(second.id, 'DONE');
    // A payout in progress holds its money aside, and gives it back when cancelled.
    const withdrawal = await createTestInvoice(testApp.db, payout, {
      status: 'IN_PROGRESS',
      amount: 300_000n,
    });
    await setStatus(withdrawal.id, 'CANCELED');
    await setStatus(second.id, 'CANCELED');

    const response = await statement('other', { ...PERIOD, currencyId: UZS });
    expect(response.statusCode, response.body).toBe(200);
    const rows = csvRows(response.body).slice(1);
    expect(
      rows.map(
        (row) => `${cell(row, 'Cause')} ${cell(row, 'Flow type')} ${cell(row, 'Status after')}`,
      ),
    ).toEqual([
      'invoice DEPOSIT DONE',
      'invoice DEPOSIT DONE',
      'invoice WITHDRAWAL IN_PROGRESS',
      'invoice WITHDRAWAL CANCELED',
      'invoice DEPOSIT CANCELED',
    ]);
    // Only the other merchant's own rows: none of the first test's.
    expect(new Set(rows.map((row) => cell(row, 'Merchant')))).toEqual(new Set(['Other shop']));
    let available = 0n;
    let reserved = 0n;
    for (const row of rows) {
      available += minorOf(cell(row, 'Available change'));
      reserved += minorOf(cell(row, 'Reserved change'));
      expect([minorOf(cell(row, 'Available after')), minorOf(cell(row, 'Reserved after'))]).toEqual(
        [available, reserved],
      );
    }
    // The payout held 3,000.00 and gave it back; the second deposit came and went.
    expect(rows.map((row) => cell(row, 'Reserved change'))).toEqual([
      '0.00',
      '0.00',
      '3000.00',
      '-3000.00',
      '0.00',
    ]);
    const [balance] = await testApp.db
      .select()
      .from(merchantBalances)
      .where(
        and(
          eq(merchantBalances.merchantId, merchantIds.other),
          eq(merchantBalances.currencyId, UZS),
        ),
      );
    expect({ available, reserved }).toEqual({
      available: balance?.available,
      reserved: balance?.reserved,
    });
    // 20,000.00 less its 3 % fee is what stays.
    expect(available).toBe(1_940_000n);
  });

  it('reads page by page in ledger order, with nothing left out or repeated at the page edges', async () => {
    const terminal = await terminalWithFee(merchantIds.own, 'Paged in', '0');
    for (let index = 0; index < 5; index += 1) {
      const deposit = await createTestInvoice(testApp.db, terminal, {
        status: 'IN_PROGRESS',
        amount: BigInt(100_000 * (index + 1)),
      });
      await setStatus(deposit.id, 'DONE');
    }
    const [person] = await testApp.db.query.people.findMany({
      where: (people, { eq: equals }) => equals(people.username, 'merchant'),
    });
    const caller: AuthenticatedPerson = {
      id: person?.id ?? 0,
      username: 'merchant',
      firstName: 'Merchant',
      lastName: 'Tester',
      merchantId: merchantIds.own,
      roles: ['merchant'],
      permissions: ['report.read.balance'],
      testDashboard: false,
      sessionId: 'paging-test',
      recentlyAuthenticated: true,
    };
    const read = async (pageSize: number) => {
      const { rows } = await balanceStatement(
        testApp.db,
        caller,
        { ...PERIOD, currencyId: UZS, terminalId: terminal.id },
        pageSize,
      );
      const read: Array<{ id: number; amount: bigint | null }> = [];
      for await (const row of rows) read.push({ id: row.id, amount: row.amountAfter });
      return read;
    };
    const whole = await read(1_000);
    expect(whole.map((row) => row.amount)).toEqual([
      100_000n,
      200_000n,
      300_000n,
      400_000n,
      500_000n,
    ]);
    // Pages of 2 (a short last page) and of 5 (the last page full, then an empty one).
    expect(await read(2)).toEqual(whole);
    expect(await read(5)).toEqual(whole);
    expect(await read(1)).toEqual(whole);
  });

  it('holds the rows of its period only, whatever came before and after', async () => {
    const terminal = await terminalWithFee(merchantIds.own, 'Dated in', '0');
    const deposits = [];
    for (const amount of [100_000n, 200_000n, 300_000n]) {
      const deposit = await createTestInvoice(testApp.db, terminal, {
        status: 'IN_PROGRESS',
        amount,
      });
      await setStatus(deposit.id, 'DONE');
      deposits.push(deposit.id);
    }
    const [before, within, after] = deposits as [string, string, string];
    // The first moved ten days back and the last ten days ahead (the ledger refuses updates; a
    // test may lift that to date its rows).
    await withLedgerChecksOff(testApp.db, async () => {
      for (const [invoiceId, days] of [
        [before, -10],
        [after, 10],
      ] as const) {
        await testApp.db
          .update(balanceMovements)
          .set({ createdAt: new Date(Date.now() + days * 86_400_000) })
          .where(eq(balanceMovements.invoiceId, invoiceId));
      }
    });
    const ids = async (periodStart: string, periodEnd: string) => {
      const response = await statement('merchant', {
        periodStart,
        periodEnd,
        currencyId: UZS,
        terminalId: terminal.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      return csvRows(response.body)
        .slice(1)
        .map((row) => cell(row, 'Invoice ID'));
    };
    expect(await ids(PERIOD.periodStart, PERIOD.periodEnd)).toEqual([within]);
    expect(await ids(dayFromToday(-10), dayFromToday(-10))).toEqual([before]);
    expect(await ids(dayFromToday(10), dayFromToday(10))).toEqual([after]);
    expect(await ids(dayFromToday(-11), dayFromToday(11))).toEqual([before, within, after]);
    expect(await ids(dayFromToday(-9), dayFromToday(-2))).toEqual([]);
  });

  it('keeps each merchant to its own balances', async () => {
    const terminal = await terminalWithFee(merchantIds.own, 'Private in', '0');
    const deposit = await createTestInvoice(testApp.db, terminal, {
      status: 'IN_PROGRESS',
      amount: 700_000n,
    });
    await setStatus(deposit.id, 'DONE');

    // Another merchant's terminal, or naming another merchant, answers like a missing one.
    const byTerminal = await statement('other', {
      ...PERIOD,
      currencyId: UZS,
      terminalId: terminal.id,
    });
    expect(byTerminal.statusCode).toBe(404);
    expect(byTerminal.json()).toMatchObject({ detail: 'Terminal not found' });
    const byMerchant = await statement('other', {
      ...PERIOD,
      currencyId: UZS,
      merchantId: merchantIds.own,
    });
    expect(byMerchant.statusCode).toBe(404);
    const own = await statement('other', { ...PERIOD, currencyId: UZS });
    expect(own.body).not.toContain(deposit.id);
    expect(own.body).not.toContain('Statement shop');

    // A platform user sees every merchant's, or the one it names.
    const all = await statement('admin', { ...PERIOD, currencyId: UZS });
    expect(all.body).toContain(deposit.id);
    expect(all.body).toContain('Other shop');
    const named = await statement('admin', {
      ...PERIOD,
      currencyId: UZS,
      merchantId: merchantIds.other,
    });
    expect(named.body).not.toContain(deposit.id);
  });

  it('writes text a person supplied so that a spreadsheet never runs it', async () => {
    const terminal = await terminalWithFee(merchantIds.own, '=cmd|calc', '0');
    const deposit = await createTestInvoice(testApp.db, terminal, {
      status: 'IN_PROGRESS',
      amount: 100_000n,
      merchantInvoiceId: '+SUM(A1:A9)',
    });
    await setStatus(deposit.id, 'DONE');
    const [row] = await statementRows(terminal.id);
    expect(cell(row ?? [], 'Terminal')).toBe("'=cmd|calc");
    expect(cell(row ?? [], 'Merchant Invoice ID')).toBe("'+SUM(A1:A9)");
  });

  it('asks for the Balance report permission, a currency and a valid period', async () => {
    const refused = await statement('support', { ...PERIOD, currencyId: UZS });
    expect(refused.statusCode).toBe(403);
    const noCurrency = await statement('merchant', PERIOD);
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json().detail).toContain('currencyId');
    const reversed = await statement('merchant', {
      periodStart: PERIOD.periodEnd,
      periodEnd: PERIOD.periodStart,
      currencyId: UZS,
    });
    expect(reversed.statusCode).toBe(400);
    const unknownCurrency = await statement('merchant', { ...PERIOD, currencyId: 999_999 });
    expect(unknownCurrency.statusCode).toBe(404);
    expect(unknownCurrency.json()).toMatchObject({ detail: 'Currency not found' });
    const signedOut = await testApp.app.inject({
      url: `/api/v1/report/statement?periodStart=${PERIOD.periodStart}&periodEnd=${PERIOD.periodEnd}&currencyId=${UZS}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
