import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceMovements } from '../../db/schema.ts';
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
import { MAX_BALANCE_MOVEMENT_LIMIT } from './balance-movement-routes.ts';

/** A movement as GET /api/v1/balance/movements answers it. */
interface Movement {
  id: number;
  createdAt: string;
  cause: string;
  terminalId: number | null;
  invoiceId: string | null;
  merchantInvoiceId: string | null;
  settlementId: number | null;
  flowType: string | null;
  statusBefore: string | null;
  statusAfter: string | null;
  amountBefore: number | null;
  amountAfter: number | null;
  feeBefore: number | null;
  feeAfter: number | null;
  availableChange: number;
  reservedChange: number;
  availableAfter: number;
  reservedAfter: number;
  changedBy: string | null;
}

interface MovementPage {
  currency: { code: string; dimension: number };
  items: Movement[];
  hasMore: boolean;
}

const UZS = currencyId('UZS');
const RUB = currencyId('RUB');
const DONE = referenceItemId(201, 3);

/**
 * GET /api/v1/balance/movements (decision 0029): one balance's ledger rows newest first, paged
 * by beforeId, under report.read.balance and the statement's merchant scope.
 */
describe.each(TEST_DATABASE_KINDS)('balance movements on %s', (kind) => {
  let testApp: TestApp;
  const merchantIds = { own: 0, other: 0 };
  const cookies = { merchant: '', other: '', admin: '', support: '' };
  const invoiceIds = { first: '', confirmed: '', rub: '', rival: '' };
  let settlementId = 0;

  const get = (who: keyof typeof cookies, query: Record<string, string | number | undefined>) =>
    testApp.app.inject({
      url: '/api/v1/balance/movements',
      query: Object.fromEntries(
        Object.entries(query).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, String(value)]],
        ),
      ),
      headers: { cookie: cookies[who] },
    });

  const page = async (
    who: keyof typeof cookies,
    query: Record<string, string | number | undefined>,
  ) => {
    const response = await get(who, query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: MovementPage }).data;
  };

  /** The merchant's UZS ledger ids as the database orders them, newest first. */
  const ledgerIds = async (merchantId: number, currency = UZS) =>
    (
      await testApp.db
        .select({ id: balanceMovements.id })
        .from(balanceMovements)
        .where(
          and(
            eq(balanceMovements.merchantId, merchantId),
            eq(balanceMovements.currencyId, currency),
          ),
        )
        .orderBy(desc(balanceMovements.id))
    ).map(({ id }) => id);

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    await seedReferenceData(db);
    merchantIds.own = (await createTestMerchant(db, 'Movement shop')).id;
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
    // Support sees every merchant's invoices but holds no report.read.balance.
    await createTestPerson(db, { username: 'support', role: 'support' });
    for (const name of ['merchant', 'other', 'admin', 'support'] as const)
      cookies[name] = await signIn(app, name, `${name}-password`);

    const uzs = await createTestTerminal(db, merchantIds.own, { name: 'UZS in' });
    const rub = await createTestTerminal(db, merchantIds.own, {
      name: 'RUB in',
      currencyId: RUB,
    });
    const rival = await createTestTerminal(db, merchantIds.other, { name: 'Rival in' });
    // The two merchants' rows interleave in id order, as they do in production.
    invoiceIds.first = (
      await createTestInvoice(db, uzs, {
        status: 'DONE',
        amount: 1_000_000n,
        merchantInvoiceId: 'order-1',
      })
    ).id;
    invoiceIds.rival = (
      await createTestInvoice(db, rival, {
        status: 'DONE',
        amount: 777_700n,
        merchantInvoiceId: 'rival-order',
      })
    ).id;
    await createTestInvoice(db, uzs, { status: 'DONE', amount: 500_000n });
    invoiceIds.rub = (await createTestInvoice(db, rub, { status: 'DONE', amount: 50_000n })).id;
    // Confirmed by a person: the row names them.
    invoiceIds.confirmed = (
      await createTestInvoice(db, uzs, {
        status: 'IN_PROGRESS',
        amount: 250_000n,
        merchantInvoiceId: 'order-3',
      })
    ).id;
    const confirm = await app.inject({
      method: 'PATCH',
      url: '/api/v1/invoice/status',
      headers: { cookie: cookies.admin },
      payload: { invoiceId: invoiceIds.confirmed, statusId: DONE },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await createTestInvoice(db, rival, { status: 'DONE', amount: 10_000n });
    const settlement = await app.inject({
      method: 'POST',
      url: '/api/v1/settlement',
      headers: { cookie: cookies.merchant },
      payload: { terminalId: uzs.id, baseAmount: 400_000, settlementAmount: 1_000_000 },
    });
    expect(settlement.statusCode, settlement.body).toBe(201);
    settlementId = (settlement.json() as { data: { id: number } }).data.id;
    await createTestInvoice(db, uzs, { status: 'DONE', amount: 100_000n });
  });
  afterAll(async () => testApp?.close());

  it('lists the balance newest first, each row the one before it plus its change', async () => {
    const expected = await ledgerIds(merchantIds.own);
    expect(expected).toHaveLength(5);
    const { currency, items, hasMore } = await page('merchant', { currencyId: UZS });
    expect(currency).toEqual({ code: 'UZS', dimension: 2 });
    expect(hasMore).toBe(false);
    expect(items.map((row) => row.id)).toEqual(expected);
    for (const [index, row] of items.entries()) {
      const older = items[index + 1];
      const before = older ? older.availableAfter : 0;
      expect(row.availableAfter).toBe(before + row.availableChange);
    }
    // The newest row is the balance kept now: 1,000,000 + 500,000 + 250,000 − 400,000 + 100,000.
    expect(items[0]?.availableAfter).toBe(1_450_000);
  });

  it('says what caused each movement, the invoice, the settlement and who made it', async () => {
    const { items } = await page('merchant', { currencyId: UZS });
    const confirmed = items.find((row) => row.invoiceId === invoiceIds.confirmed);
    expect(confirmed).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      cause: 'invoice',
      terminalId: expect.any(Number),
      invoiceId: invoiceIds.confirmed,
      merchantInvoiceId: 'order-3',
      settlementId: null,
      flowType: 'DEPOSIT',
      statusBefore: 'IN_PROGRESS',
      statusAfter: 'DONE',
      amountBefore: 250_000,
      amountAfter: 250_000,
      feeBefore: 0,
      feeAfter: 0,
      availableChange: 250_000,
      reservedChange: 0,
      availableAfter: 1_750_000,
      reservedAfter: 0,
      changedBy: 'admin',
    });
    expect(new Date(confirmed?.createdAt ?? '').toISOString()).toBe(confirmed?.createdAt);
    expect(items.find((row) => row.cause === 'settlement')).toMatchObject({
      settlementId,
      invoiceId: null,
      merchantInvoiceId: null,
      availableChange: -400_000,
      availableAfter: 1_350_000,
      changedBy: 'merchant',
    });
    // Written by the platform (no person): nobody is named.
    expect(items.find((row) => row.invoiceId === invoiceIds.first)).toMatchObject({
      merchantInvoiceId: 'order-1',
      statusBefore: null,
      changedBy: null,
    });
  });

  describe('paging by beforeId', () => {
    it('answers a page of exactly all the rows without claiming more', async () => {
      const expected = await ledgerIds(merchantIds.own);
      const whole = await page('merchant', { currencyId: UZS, limit: expected.length });
      expect(whole.items.map((row) => row.id)).toEqual(expected);
      expect(whole.hasMore).toBe(false);
    });

    it('says more follow one row short of the end, and the next page holds just the rest', async () => {
      const expected = await ledgerIds(merchantIds.own);
      const first = await page('merchant', { currencyId: UZS, limit: expected.length - 1 });
      expect(first.items.map((row) => row.id)).toEqual(expected.slice(0, -1));
      expect(first.hasMore).toBe(true);
      const rest = await page('merchant', {
        currencyId: UZS,
        limit: expected.length - 1,
        beforeId: first.items.at(-1)?.id,
      });
      expect(rest.items.map((row) => row.id)).toEqual(expected.slice(-1));
      expect(rest.hasMore).toBe(false);
    });

    it('walks every row once, pages of two, and stops at the last', async () => {
      const expected = await ledgerIds(merchantIds.own);
      const walked: number[] = [];
      const more: boolean[] = [];
      let beforeId: number | undefined;
      for (let pages = 0; pages < 10; pages += 1) {
        const next = await page('merchant', { currencyId: UZS, limit: 2, beforeId });
        walked.push(...next.items.map((row) => row.id));
        more.push(next.hasMore);
        beforeId = next.items.at(-1)?.id;
        if (!next.hasMore) break;
      }
      expect(walked).toEqual(expected);
      // Five rows: two, two and the last one; no empty page after it.
      expect(more).toEqual([true, true, false]);
    });

    it('answers nothing before the oldest row, and takes another merchant’s id as a plain bound', async () => {
      const own = await ledgerIds(merchantIds.own);
      const oldest = own.at(-1) as number;
      expect(await page('merchant', { currencyId: UZS, beforeId: oldest })).toMatchObject({
        items: [],
        hasMore: false,
      });
      // The rival's newest row lies between the shop's: only the shop's older rows follow it.
      const [rivalNewest] = await ledgerIds(merchantIds.other);
      const after = await page('merchant', { currencyId: UZS, beforeId: rivalNewest });
      expect(after.items.map((row) => row.id)).toEqual(
        own.filter((id) => id < (rivalNewest as number)),
      );
      expect(after.items.length).toBeGreaterThan(0);
    });
  });

  it('filters by currency and by invoice', async () => {
    const rub = await page('merchant', { currencyId: RUB });
    expect(rub.currency).toEqual({ code: 'RUB', dimension: 2 });
    expect(rub.items.map((row) => row.invoiceId)).toEqual([invoiceIds.rub]);
    const uzs = await page('merchant', { currencyId: UZS });
    expect(uzs.items.map((row) => row.invoiceId)).not.toContain(invoiceIds.rub);
    const one = await page('merchant', { currencyId: UZS, invoiceId: invoiceIds.confirmed });
    expect(one.items.map((row) => row.invoiceId)).toEqual([invoiceIds.confirmed]);
    // An invoice of another currency is not in this balance.
    expect((await page('merchant', { currencyId: UZS, invoiceId: invoiceIds.rub })).items).toEqual(
      [],
    );
  });

  describe('merchant scope', () => {
    it('never shows another merchant’s movements', async () => {
      const shop = await page('merchant', { currencyId: UZS });
      expect(JSON.stringify(shop)).not.toContain(invoiceIds.rival);
      expect(JSON.stringify(shop)).not.toContain('rival-order');
      // Their invoice named as a filter narrows the shop's own rows to nothing.
      expect(
        await page('merchant', { currencyId: UZS, invoiceId: invoiceIds.rival }),
      ).toMatchObject({ items: [], hasMore: false });
      const rival = await page('other', { currencyId: UZS });
      expect(rival.items.map((row) => row.id)).toEqual(await ledgerIds(merchantIds.other));
      expect(JSON.stringify(rival)).not.toContain(invoiceIds.first);
    });

    it('answers a merchant’s user 404 for another merchant, as a missing one', async () => {
      for (const merchantId of [merchantIds.other, 2_147_483_647]) {
        const response = await get('merchant', { currencyId: UZS, merchantId });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toMatchObject({ detail: 'Merchant not found' });
      }
      // Their own merchant named is their own balance.
      const named = await page('merchant', { currencyId: UZS, merchantId: merchantIds.own });
      expect(named.items.map((row) => row.id)).toEqual(await ledgerIds(merchantIds.own));
    });

    it('shows a person who sees every merchant the balance of the merchant they name, and asks them to name one', async () => {
      const own = await page('admin', { currencyId: UZS, merchantId: merchantIds.own });
      expect(own.items.map((row) => row.id)).toEqual(await ledgerIds(merchantIds.own));
      const other = await page('admin', { currencyId: UZS, merchantId: merchantIds.other });
      expect(other.items.map((row) => row.id)).toEqual(await ledgerIds(merchantIds.other));
      const unnamed = await get('admin', { currencyId: UZS });
      expect(unnamed.statusCode, unnamed.body).toBe(404);
      expect(unnamed.json()).toMatchObject({ detail: 'Choose a merchant (merchantId)' });
    });
  });

  it('needs report.read.balance', async () => {
    const response = await get('support', { currencyId: UZS, merchantId: merchantIds.own });
    expect(response.statusCode, response.body).toBe(403);
  });

  it('answers 404 for an unknown currency, as the statement does', async () => {
    const response = await get('merchant', { currencyId: 2_147_483_647 });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'Currency not found' });
  });

  it.each([
    [{}, 'currencyId'],
    [{ currencyId: 'UZS' }, 'currencyId'],
    [{ currencyId: '1e3' }, 'currencyId'],
    [{ currencyId: 0 }, 'currencyId'],
    [{ currencyId: UZS, limit: 0 }, 'limit'],
    [{ currencyId: UZS, limit: MAX_BALANCE_MOVEMENT_LIMIT + 1 }, 'limit'],
    [{ currencyId: UZS, limit: '10.5' }, 'limit'],
    [{ currencyId: UZS, beforeId: 0 }, 'beforeId'],
    [{ currencyId: UZS, beforeId: '9007199254740993' }, 'beforeId'],
    [{ currencyId: UZS, beforeId: ' 12' }, 'beforeId'],
    [{ currencyId: UZS, invoiceId: 'not-a-uuid' }, 'invoiceId'],
    [{ currencyId: UZS, merchantId: 'abc' }, 'merchantId'],
  ] as Array<[Record<string, string | number>, string]>)(
    'refuses %j with 400 naming %s',
    async (query, name) => {
      const response = await get('merchant', query);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { detail: string }).detail).toContain(name);
    },
  );
});
