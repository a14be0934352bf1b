import {
  SANDBOX_BANK_NAME,
  SANDBOX_PROVIDER_NAME,
  SANDBOX_REQUISITE_OWNER,
  SANDBOX_REQUISITE_VALUES,
} from '@paygate/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentMethods, peopleAccounts, providers, terminals } from '../../db/schema.ts';
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

const statusId = (position: number) => referenceItemId(201, position); // NEW=1 … CANCELED=6

describe.each(TEST_DATABASE_KINDS)('invoice list and details on %s', (kind) => {
  let testApp: TestApp;
  const cookies = { merchant: '', support: '', operator: '' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    await seedReferenceData(db);
    const own = await createTestMerchant(db, 'Own');
    const other = await createTestMerchant(db, 'Other');
    await createTestPerson(db, { username: 'merchant', role: 'merchant', merchantId: own.id });
    await createTestPerson(db, { username: 'support', role: 'support' });
    await createTestPerson(db, { username: 'operator', role: 'operator' });
    for (const name of ['merchant', 'support', 'operator'] as const) {
      cookies[name] = await signIn(app, name, `${name}-password`);
    }
    const uzs = await createTestTerminal(db, own.id, { name: 'UZS in' });
    const rub = await createTestTerminal(db, own.id, {
      name: 'RUB out',
      flowType: 'WITHDRAWAL',
      currencyId: currencyId('RUB'),
    });
    const theirs = await createTestTerminal(db, other.id, { name: 'Theirs' });
    const [method] = await db.select().from(paymentMethods).limit(1);
    const [provider] = await db.select().from(providers).limit(1);
    const [account] = await db
      .insert(peopleAccounts)
      .values({
        providerId: provider?.id ?? 0,
        paymentMethodId: method?.id ?? 0,
        bankName: 'Kapitalbank',
        ownerName: 'Dilnoza Aliyeva',
      })
      .returning();

    const day = (iso: string) => new Date(iso);
    ids.a = (
      await createTestInvoice(db, uzs, {
        merchantInvoiceId: 'ORD-A',
        providerInvoiceId: 'PRV-A',
        amount: 150_050n,
        status: 'DONE',
        createdAt: day('2026-03-01T10:00:00Z'),
        statusDate: day('2026-03-02T09:00:00Z'),
        customerExternalId: 'cust-1',
        paymentMethodId: method?.id,
        peopleAccountId: account?.id,
        credentialValue: '9860123412341234',
      })
    ).id;
    ids.b = (
      await createTestInvoice(db, uzs, {
        merchantInvoiceId: 'ORD-B',
        amount: 500_000n,
        status: 'NEW',
        createdAt: day('2026-03-05T23:59:59Z'),
        statusDate: day('2026-03-05T23:59:59Z'),
        isTestProcessing: true,
      })
    ).id;
    ids.c = (
      await createTestInvoice(db, rub, {
        merchantInvoiceId: 'ORD-C',
        amount: 2_000_000n,
        status: 'CANCELED',
        createdAt: day('2026-03-06T00:00:00Z'),
        statusDate: day('2026-03-06T00:10:00Z'),
      })
    ).id;
    ids.theirs = (
      await createTestInvoice(db, theirs, {
        merchantInvoiceId: 'ORD-A',
        status: 'DONE',
        createdAt: day('2026-03-03T00:00:00Z'),
      })
    ).id;
  });
  afterAll(async () => testApp?.close());

  const list = async (query: string, cookie = cookies.merchant) => {
    const response = await testApp.app.inject({
      url: `/api/v1/invoice?${query}`,
      headers: { cookie },
    });
    return response;
  };
  const listIds = async (query: string, cookie = cookies.merchant) => {
    const response = await list(query, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json()
      .data.items.map((item: { merchantInvoiceId: string }) => item.merchantInvoiceId);
  };

  it('lists the own merchant’s invoices newest first with the total count', async () => {
    const response = await list('page=0&size=10');
    const { data } = response.json();
    expect(data.items.map((item: { merchantInvoiceId: string }) => item.merchantInvoiceId)).toEqual(
      ['ORD-C', 'ORD-B', 'ORD-A'],
    );
    expect(data).toMatchObject({ page: 0, size: 10, total: 3 });
  });

  it('shows every field of SPEC §3', async () => {
    const { data } = (await list('search=ORD-A', cookies.support)).json();
    const own = data.items.find((item: { invoiceId: string }) => item.invoiceId === ids.a);
    expect(own).toMatchObject({
      invoiceId: ids.a,
      merchantInvoiceId: 'ORD-A',
      providerInvoiceId: 'PRV-A',
      amount: 150050,
      fee: 0,
      currency: { code: 'UZS', dimension: 2 },
      flowType: { code: 'DEPOSIT' },
      invoiceStatus: { id: statusId(3), code: 'DONE', value: 'Done' },
      createdDate: '2026-03-01T10:00:00.000Z',
      statusDate: '2026-03-02T09:00:00.000Z',
      isTestProcessing: false,
      customer: { externalId: 'cust-1', people: { firstName: '', lastName: '' } },
      terminal: { name: 'UZS in' },
      paymentMethod: { name: expect.any(String) },
      account: { value: '9860123412341234' },
      credentials: {
        bankName: 'Kapitalbank',
        owner: 'Dilnoza Aliyeva',
        provider: expect.any(String),
      },
    });
  });

  it('hides provider ids and credentials without the permissions', async () => {
    const { data } = (await list('search=ORD-A')).json();
    expect(data.items[0]).toMatchObject({
      providerInvoiceId: null,
      account: null,
      credentials: null,
    });
  });

  it('pages with a zero-based page and a size', async () => {
    expect(await listIds('page=0&size=2')).toEqual(['ORD-C', 'ORD-B']);
    expect(await listIds('page=1&size=2')).toEqual(['ORD-A']);
    expect(await listIds('page=5&size=2')).toEqual([]);
  });

  it('filters by created dates (dd/MM/yyyy, whole UTC days)', async () => {
    expect(await listIds('dateFrom=05/03/2026')).toEqual(['ORD-C', 'ORD-B']);
    expect(await listIds('dateTo=05/03/2026')).toEqual(['ORD-B', 'ORD-A']);
    expect(await listIds('dateFrom=02/03/2026&dateTo=05/03/2026')).toEqual(['ORD-B']);
  });

  it('filters by the last status date', async () => {
    expect(await listIds('lastStatusDate=02/03/2026')).toEqual(['ORD-A']);
  });

  it('filters by amount in currency units, exactly', async () => {
    expect(await listIds('sumFrom=1500.50')).toEqual(['ORD-C', 'ORD-B', 'ORD-A']);
    expect(await listIds('sumFrom=1500.51')).toEqual(['ORD-C', 'ORD-B']);
    expect(await listIds('sumTo=1500.50')).toEqual(['ORD-A']);
    expect(await listIds('sumFrom=5000&sumTo=5000')).toEqual(['ORD-B']);
  });

  it('filters by terminal, flow type and statuses (repeated parameters)', async () => {
    const { data } = (await list('flowType=WITHDRAWAL')).json();
    expect(data.items.map((item: { merchantInvoiceId: string }) => item.merchantInvoiceId)).toEqual(
      ['ORD-C'],
    );
    const terminalId = data.items[0].terminal.id;
    expect(await listIds(`terminalId=${terminalId}`)).toEqual(['ORD-C']);
    expect(await listIds(`statusIds=${statusId(1)}`)).toEqual(['ORD-B']);
    expect(await listIds(`statusIds=${statusId(1)}&statusIds=${statusId(3)}`)).toEqual([
      'ORD-B',
      'ORD-A',
    ]);
    expect(await listIds('statusIds=999')).toEqual([]);
  });

  it('combines filters', async () => {
    expect(
      await listIds(`flowType=DEPOSIT&statusIds=${statusId(3)}&dateFrom=01/03/2026&sumTo=2000`),
    ).toEqual(['ORD-A']);
  });

  it('searches by merchant invoice id, provider id, customer id and invoice id', async () => {
    expect(await listIds('search=ORD-B')).toEqual(['ORD-B']);
    expect(await listIds('search=%20PRV-A%20')).toEqual(['ORD-A']);
    expect(await listIds('search=cust-1')).toEqual(['ORD-A']);
    expect(await listIds(`search=${ids.c?.toUpperCase()}`)).toEqual(['ORD-C']);
    expect(await listIds('search=nothing-like-this')).toEqual([]);
  });

  it('keeps merchants apart; merchant.rw.all sees all or the chosen one', async () => {
    expect(await listIds('search=ORD-A')).toEqual(['ORD-A']);
    expect(await listIds('search=ORD-A', cookies.support)).toHaveLength(2);
    const otherMerchantId = (await list('search=ORD-A', cookies.support))
      .json()
      .data.items.find((item: { invoiceId: string }) => item.invoiceId === ids.theirs).merchantId;
    expect(await listIds(`merchantId=${otherMerchantId}`, cookies.support)).toEqual(['ORD-A']);
    expect((await list(`merchantId=${otherMerchantId}`)).statusCode).toBe(404);
  });

  it.each([
    'dateFrom=31/02/2026',
    'dateFrom=2026-03-01',
    'dateFrom=06/03/2026&dateTo=01/03/2026',
    'sumFrom=10&sumTo=5',
    'sumFrom=-1',
    'page=-1',
    'size=0',
    'size=1000',
    'flowType=SIDEWAYS',
    'statusIds=abc',
  ])('answers 400 for %s', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toEqual(expect.any(String));
  });

  it('needs a session', async () => {
    expect((await testApp.app.inject({ url: '/api/v1/invoice' })).statusCode).toBe(401);
  });

  describe('GET /api/v1/invoice/:id', () => {
    const get = (id: string, cookie = cookies.merchant) =>
      testApp.app.inject({ url: `/api/v1/invoice/${id}`, headers: { cookie } });

    it('returns the own invoice', async () => {
      const response = await get(ids.b ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        invoiceId: ids.b,
        isTestProcessing: true,
        amount: 500000,
      });
    });

    it('answers 404 for another merchant’s invoice and for unknown ids', async () => {
      expect((await get(ids.theirs ?? '')).statusCode).toBe(404);
      expect((await get(ids.theirs ?? '', cookies.support)).statusCode).toBe(200);
      expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it("names the sandbox as a test deposit's bank, owner and provider (no account)", async () => {
      const [terminal] = await testApp.db.select().from(terminals).limit(1);
      if (!terminal) throw new Error('no terminal');
      const sandboxed = await createTestInvoice(testApp.db, terminal, {
        merchantInvoiceId: 'ORD-SANDBOX',
        status: 'IN_PROGRESS',
        isTestProcessing: true,
        credentialValue: SANDBOX_REQUISITE_VALUES.CARD,
      });
      try {
        const response = await get(sandboxed.id, cookies.support);
        expect(response.json().data).toMatchObject({
          account: { value: SANDBOX_REQUISITE_VALUES.CARD },
          credentials: {
            bankName: SANDBOX_BANK_NAME,
            owner: SANDBOX_REQUISITE_OWNER,
            provider: SANDBOX_PROVIDER_NAME,
          },
        });
      } finally {
        await testApp.db.delete(invoices).where(eq(invoices.id, sandboxed.id));
      }
    });

    it('answers 400 for a malformed id and 401 without a session', async () => {
      expect((await get('not-a-uuid')).statusCode).toBe(400);
      expect((await testApp.app.inject({ url: `/api/v1/invoice/${ids.b}` })).statusCode).toBe(401);
    });
  });
});
