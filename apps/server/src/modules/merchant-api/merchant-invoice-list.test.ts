import type { InvoiceStatusCode } from '@paygate/domain';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, terminals } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestInvoice } from '../../testing/test-data.ts';
import { signedCall } from './merchant-api-test-client.ts';
import { createMerchantApiFixture, type MerchantApiFixture } from './merchant-api-test-fixture.ts';
import type { MerchantKeys } from './merchant-keys.ts';

/** What the list test looks at of an invoice row. */
interface Seeded {
  id: string;
  merchantInvoiceId: string;
  status: InvoiceStatusCode;
  flowType: 'DEPOSIT' | 'WITHDRAWAL';
  createdAt: Date;
}

interface ListAnswer {
  data: { invoiceId: string; status: string; flowType: string; createdAt: string }[];
  has_more: boolean;
}

const STATUSES: InvoiceStatusCode[] = [
  'NEW',
  'IN_PROGRESS',
  'DONE',
  'PAYED',
  'DECLINED',
  'CANCELED',
];

const T0 = Date.parse('2025-06-01T12:00:00.000Z');
const minutes = (n: number) => new Date(T0 + n * 60_000);

/** `/invoices?…` with each parameter URL-encoded; arrays repeat the parameter. */
const listPath = (query: Record<string, string | number | string[] | undefined> = {}) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `/invoices?${text}` : '/invoices';
};

describe.each(TEST_DATABASE_KINDS)('GET /api/merchant/v1/invoices on %s', (kind) => {
  let fixture: MerchantApiFixture;
  /** The shop's invoices, newest first as PostgreSQL orders them (create date, then id). */
  let shopInvoices: Seeded[];
  let rivalInvoices: Seeded[];

  beforeAll(async () => {
    fixture = await createMerchantApiFixture(kind);
    const { db } = fixture.testApp;
    const rows = await db
      .select()
      .from(terminals)
      .where(
        inArray(terminals.id, [
          fixture.terminals.uzsDeposits,
          fixture.terminals.uzsPayouts,
          fixture.terminals.rivals,
        ]),
      );
    const terminal = (id: number) => {
      const found = rows.find((row) => row.id === id);
      if (!found) throw new Error(`terminal ${id} missing`);
      return found;
    };
    // 18 invoices of the shop, three to a creation time (ties on create_date), statuses and
    // flow types mixed; the rival's invoices share the very same times.
    for (let index = 0; index < 18; index += 1) {
      const flowTerminal = terminal(
        index % 2 === 0 ? fixture.terminals.uzsDeposits : fixture.terminals.uzsPayouts,
      );
      await createTestInvoice(db, flowTerminal, {
        merchantInvoiceId: `list-${index}`,
        status: STATUSES[index % STATUSES.length],
        createdAt: minutes(Math.floor(index / 3)),
      });
    }
    for (let index = 0; index < 5; index += 1) {
      await createTestInvoice(db, terminal(fixture.terminals.rivals), {
        merchantInvoiceId: `list-${index}`,
        status: 'DONE',
        createdAt: minutes(index),
      });
    }
    // Two invoices a microsecond apart, in the same millisecond: a cursor that went through a
    // JavaScript Date (milliseconds) would skip one of them.
    for (const [merchantInvoiceId, at] of [
      ['micro-1', '2025-06-01T12:30:00.000001Z'],
      ['micro-2', '2025-06-01T12:30:00.000002Z'],
    ] as const) {
      const created = await createTestInvoice(db, terminal(fixture.terminals.uzsDeposits), {
        merchantInvoiceId,
        status: 'DONE',
      });
      await db
        .update(invoices)
        .set({ createdAt: sql`${at}::timestamptz` })
        .where(eq(invoices.id, created.id));
    }
    // An id with every character that needs encoding in a query string.
    await createTestInvoice(db, terminal(fixture.terminals.uzsDeposits), {
      merchantInvoiceId: 'ORD 7/8?&#=+%',
      status: 'NEW',
      createdAt: minutes(-10),
    });

    const ofMerchant = (merchantId: number) =>
      db
        .select({
          id: invoices.id,
          merchantInvoiceId: invoices.merchantInvoiceId,
          status: invoices.status,
          flowType: invoices.flowType,
          createdAt: invoices.createdAt,
        })
        .from(invoices)
        .where(eq(invoices.merchantId, merchantId))
        .orderBy(desc(invoices.createdAt), desc(invoices.id));
    shopInvoices = await ofMerchant(fixture.shop.id);
    rivalInvoices = await ofMerchant(fixture.rival.id);
  });
  afterAll(async () => fixture?.testApp.close());

  const get = (path: string, keys: MerchantKeys = fixture.shop.keys) =>
    signedCall(fixture.testApp.app, keys, { method: 'GET', path });

  const list = async (
    query: Parameters<typeof listPath>[0],
    keys?: MerchantKeys,
  ): Promise<ListAnswer> => {
    const response = await get(listPath(query), keys);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** Every page of a query, following starting_after, with the has_more of each page. */
  const walk = async (query: Record<string, string | number | string[] | undefined>) => {
    const ids: string[] = [];
    const pages: { size: number; hasMore: boolean }[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 100; guard += 1) {
      const page = await list({ ...query, starting_after: after });
      pages.push({ size: page.data.length, hasMore: page.has_more });
      ids.push(...page.data.map((invoice) => invoice.invoiceId));
      if (!page.has_more) return { ids, pages };
      after = page.data.at(-1)?.invoiceId;
    }
    throw new Error('has_more never became false');
  };

  const idsOf = (rows: Seeded[]) => rows.map((row) => row.id);

  /** A 400 that names what is wrong (the body format is the error handler's business). */
  const expectRefused = async (path: string, words: string) => {
    const response = await get(path);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(words);
    return response;
  };

  it('lists the merchant’s invoices newest first, 10 by default, as the read by id shows them', async () => {
    expect(shopInvoices).toHaveLength(21);
    const page = await list({});
    expect(page.data.map((invoice) => invoice.invoiceId)).toEqual(idsOf(shopInvoices).slice(0, 10));
    expect(page.has_more).toBe(true);
    const first = page.data[0];
    const byId = await get(`/invoices/${first?.invoiceId}`);
    expect(byId.statusCode).toBe(200);
    expect(first).toEqual(byId.json().data);
    // Newest first by createdAt.
    const times = page.data.map((invoice) => Date.parse(invoice.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('walks every page without a duplicate or a gap, ties on the create date included', async () => {
    for (const limit of [1, 4, 7, 21, 100]) {
      const { ids, pages } = await walk({ limit });
      expect(ids, `limit ${limit}`).toEqual(idsOf(shopInvoices));
      expect(new Set(ids).size).toBe(ids.length);
      expect(pages.at(-1)?.hasMore).toBe(false);
      expect(pages.slice(0, -1).every((page) => page.hasMore && page.size === limit)).toBe(true);
      expect(pages).toHaveLength(Math.ceil(shopInvoices.length / limit));
    }
    // One short of everything: a second page of one.
    const { pages } = await walk({ limit: 20 });
    expect(pages).toEqual([
      { size: 20, hasMore: true },
      { size: 1, hasMore: false },
    ]);
  });

  it('filters by one status or several (the parameter repeated)', async () => {
    const done = await list({ status: 'DONE', limit: 100 });
    expect(done.data.map((invoice) => invoice.invoiceId)).toEqual(
      idsOf(shopInvoices.filter((row) => row.status === 'DONE')),
    );
    expect(done.data.every((invoice) => invoice.status === 'DONE')).toBe(true);
    const finals = await list({ status: ['DECLINED', 'CANCELED'], limit: 100 });
    const expected = shopInvoices.filter(
      (row) => row.status === 'DECLINED' || row.status === 'CANCELED',
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(finals.data.map((invoice) => invoice.invoiceId)).toEqual(idsOf(expected));
  });

  it('filters by flowType', async () => {
    for (const flowType of ['DEPOSIT', 'WITHDRAWAL'] as const) {
      const page = await list({ flowType, limit: 100 });
      expect(page.data.map((invoice) => invoice.invoiceId)).toEqual(
        idsOf(shopInvoices.filter((row) => row.flowType === flowType)),
      );
    }
  });

  it('filters by creation time, from inclusive and to exclusive, in any offset', async () => {
    const from = minutes(2);
    const to = minutes(4);
    const expected = shopInvoices.filter((row) => row.createdAt >= from && row.createdAt < to);
    expect(expected).toHaveLength(6);
    const page = await list({
      createdFrom: from.toISOString(),
      createdTo: to.toISOString(),
      limit: 100,
    });
    expect(page.data.map((invoice) => invoice.invoiceId)).toEqual(idsOf(expected));
    // The same instants written in another offset.
    const offset = await list({
      createdFrom: '2025-06-01T17:02:00+05:00',
      createdTo: '2025-06-01T17:04:00+05:00',
      limit: 100,
    });
    expect(offset.data.map((invoice) => invoice.invoiceId)).toEqual(idsOf(expected));
    // Each bound alone.
    const since = await list({ createdFrom: minutes(5).toISOString(), limit: 100 });
    expect(since.data.map((invoice) => invoice.invoiceId)).toEqual(
      idsOf(shopInvoices.filter((row) => row.createdAt >= minutes(5))),
    );
    const before = await list({ createdTo: minutes(0).toISOString(), limit: 100 });
    expect(before.data.map((invoice) => invoice.invoiceId)).toEqual(
      idsOf(shopInvoices.filter((row) => row.createdAt < minutes(0))),
    );
  });

  it('finds one invoice by merchantInvoiceId, URL-encoded, or answers an empty list', async () => {
    const encoded = await list({ merchantInvoiceId: 'ORD 7/8?&#=+%' });
    expect(encoded.data).toHaveLength(1);
    expect(encoded.data[0]).toMatchObject({ merchantInvoiceId: 'ORD 7/8?&#=+%', status: 'NEW' });
    expect(encoded.has_more).toBe(false);
    const plain = await list({ merchantInvoiceId: 'list-4' });
    expect(plain.data.map((invoice) => invoice.invoiceId)).toEqual(
      idsOf(shopInvoices.filter((row) => row.merchantInvoiceId === 'list-4')),
    );
    expect(await list({ merchantInvoiceId: 'nope' })).toEqual({ data: [], has_more: false });
    // The rival's own list-4 is not the shop's, and the other way round.
    const rivals = await list({ merchantInvoiceId: 'list-4' }, fixture.rival.keys);
    expect(rivals.data.map((invoice) => invoice.invoiceId)).toEqual(
      idsOf(rivalInvoices.filter((row) => row.merchantInvoiceId === 'list-4')),
    );
    expect(await list({ merchantInvoiceId: 'micro-1' }, fixture.rival.keys)).toEqual({
      data: [],
      has_more: false,
    });
    // Other filters still apply to it.
    expect(await list({ merchantInvoiceId: 'list-4', status: 'NEW' })).toEqual({
      data: [],
      has_more: false,
    });
  });

  it('combines filters, and pages through the combination', async () => {
    const query = {
      status: ['DONE', 'DECLINED', 'NEW'],
      flowType: 'DEPOSIT',
      createdFrom: minutes(0).toISOString(),
      createdTo: minutes(60).toISOString(),
    };
    const expected = shopInvoices.filter(
      (row) =>
        ['DONE', 'DECLINED', 'NEW'].includes(row.status) &&
        row.flowType === 'DEPOSIT' &&
        row.createdAt >= minutes(0) &&
        row.createdAt < minutes(60),
    );
    expect(expected.length).toBeGreaterThan(4);
    const { ids, pages } = await walk({ ...query, limit: 2 });
    expect(ids).toEqual(idsOf(expected));
    expect(pages.at(-1)?.hasMore).toBe(false);
  });

  it('shows a merchant its own invoices only', async () => {
    const rival = await list({ limit: 100 }, fixture.rival.keys);
    const rivalIds = rival.data.map((invoice) => invoice.invoiceId);
    expect(rivalIds).toEqual(idsOf(rivalInvoices));
    const { ids } = await walk({ limit: 5 });
    expect(ids.some((id) => rivalIds.includes(id))).toBe(false);
    expect(ids).toHaveLength(shopInvoices.length);
  });

  it('keeps limit between 1 and 100', async () => {
    expect((await list({ limit: 100 })).data).toHaveLength(21);
    expect((await list({ limit: 1 })).data).toHaveLength(1);
    for (const limit of ['0', '101', '-1', '1.5', 'ten', '', '1e2']) {
      const response = await get(listPath({ limit }));
      expect(response.statusCode, limit).toBe(400);
      expect(response.body).toContain('limit');
    }
  });

  it('refuses a cursor that is not one of the merchant’s invoices, alike for unknown and foreign', async () => {
    const unknown = await expectRefused(
      listPath({ starting_after: crypto.randomUUID() }),
      'starting_after',
    );
    const rivalsInvoice = rivalInvoices[0]?.id ?? '';
    const foreign = await expectRefused(
      listPath({ starting_after: rivalsInvoice }),
      'starting_after',
    );
    // Nothing tells the caller that the rival's invoice exists (each answer has its own
    // request id, if any).
    const withoutRequestId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
    expect(withoutRequestId(foreign.body)).toBe(withoutRequestId(unknown.body));
    await expectRefused(listPath({ starting_after: 'list-3' }), 'starting_after');
    await expectRefused(listPath({ starting_after: '' }), 'starting_after');
  });

  it('refuses dates that are not ISO 8601 date-times with an offset, and empty ranges', async () => {
    for (const createdFrom of [
      'yesterday',
      '2025-06-01',
      '2025-06-01T12:00:00',
      '2025-02-30T00:00:00Z',
      '1748779200',
      // Valid RFC 3339 (a leap second), but no instant JavaScript can read.
      '2025-12-31T23:59:60Z',
    ]) {
      await expectRefused(listPath({ createdFrom }), 'createdFrom');
    }
    await expectRefused(listPath({ createdTo: 'soon' }), 'createdTo');
    const at = minutes(3).toISOString();
    for (const [createdFrom, createdTo] of [
      [at, at],
      [minutes(4).toISOString(), at],
    ]) {
      await expectRefused(listPath({ createdFrom, createdTo }), 'createdFrom must be before');
    }
  });

  it('refuses unknown statuses and flow types, and a comma list', async () => {
    await expectRefused(listPath({ status: 'done' }), 'status');
    await expectRefused(listPath({ status: 'DONE,DECLINED' }), 'status');
    await expectRefused(listPath({ status: 'PAID' }), 'status');
    await expectRefused(listPath({ flowType: 'PAYOUT' }), 'flowType');
    await expectRefused(listPath({ flowType: ['DEPOSIT', 'WITHDRAWAL'] }), 'flowType');
    await expectRefused(listPath({ merchantInvoiceId: '' }), 'merchantInvoiceId');
    // A NUL would be an error in PostgreSQL text: refused before it gets there.
    await expectRefused('/invoices?merchantInvoiceId=%00', 'NUL');
  });

  it('refuses unknown query parameters instead of ignoring them', async () => {
    await expectRefused(listPath({ stauts: 'DONE' }), 'stauts');
    await expectRefused(
      listPath({ limit: 5, startingAfter: shopInvoices[0]?.id }),
      'startingAfter',
    );
    await expectRefused(listPath({ merchantId: fixture.rival.id }), 'merchantId');
    // The signature is checked first: an unsigned caller learns nothing about parameters.
    const unsigned = await fixture.testApp.app.inject({
      method: 'GET',
      url: '/api/merchant/v1/invoices?stauts=DONE',
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('signs the query string: a changed one is 401', async () => {
    const call = (path: string, signedPath: string) =>
      signedCall(fixture.testApp.app, fixture.shop.keys, {
        method: 'GET',
        path,
        signed: { path: signedPath },
      });
    for (const [sent, signed] of [
      [listPath({ status: 'NEW' }), listPath({ status: 'DONE' })],
      [listPath({ limit: 100 }), listPath({ limit: 10 })],
      [listPath({ status: 'DONE' }), '/invoices'],
      ['/invoices', listPath({ status: 'DONE' })],
      [listPath({ starting_after: shopInvoices[3]?.id }), listPath({})],
    ]) {
      const response = await call(sent as string, signed as string);
      expect(response.statusCode, `${sent} signed as ${signed}`).toBe(401);
      expect(response.body).not.toContain('invoiceId');
    }
  });
});
