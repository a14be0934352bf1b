import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { currencyId } from '../../seed/reference-data.ts';
import { createTestInvoice } from '../../testing/test-data.ts';
import { insertApiKey } from '../developers/api-key-repository.ts';
import { signedCall } from './merchant-api-test-client.ts';
import { createMerchantApiFixture, type MerchantApiFixture } from './merchant-api-test-fixture.ts';
import { type MerchantKeys, newMerchantKeys } from './merchant-keys.ts';

/** GET /api/merchant/v1/balances and /balance-transactions (decision 0029). */

interface BalanceTransaction {
  id: string;
  createdAt: string;
  currency: string;
  type: string;
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
}

interface ListAnswer {
  data: BalanceTransaction[];
  has_more: boolean;
}

const pathOf = (path: string, query: Record<string, string | number | undefined> = {}) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

describe.each(TEST_DATABASE_KINDS)('merchant API balances on %s', (kind) => {
  let fixture: MerchantApiFixture;
  /** A key of the shop with balance:read, and one of the rival. */
  let shopKeys: MerchantKeys;
  let rivalKeys: MerchantKeys;
  const invoiceIds = { deposit: '', payout: '', rub: '', rival: '' };

  const keyWith = async (merchantId: number, scopes: string[]) => {
    const keys = newMerchantKeys();
    await insertApiKey(fixture.testApp.db, {
      merchantId,
      label: scopes.join(' '),
      publicKey: keys.clientPublicKey,
      secret: keys.signingSecret,
      scopes,
    });
    return keys;
  };

  const get = (
    keys: MerchantKeys,
    path: string,
    query: Record<string, string | number | undefined> = {},
  ) => signedCall(fixture.testApp.app, keys, { method: 'GET', path: pathOf(path, query) });

  const listed = async (query: Record<string, string | number | undefined> = {}) => {
    const response = await get(shopKeys, '/balance-transactions', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListAnswer;
  };

  const terminal = (
    id: number,
    merchantId: number,
    currency: 'UZS' | 'RUB',
    flowType: 'DEPOSIT' | 'WITHDRAWAL',
  ) => ({
    id,
    merchantId,
    currencyId: currencyId(currency),
    flowType,
  });

  beforeAll(async () => {
    fixture = await createMerchantApiFixture(kind);
    const { db } = fixture.testApp;
    const { shop, rival, terminals } = fixture;
    shopKeys = await keyWith(shop.id, ['balance:read']);
    rivalKeys = await keyWith(rival.id, ['balance:read']);
    // Written straight into their states, each with its ledger row, oldest first.
    invoiceIds.deposit = (
      await createTestInvoice(db, terminal(terminals.uzsDeposits, shop.id, 'UZS', 'DEPOSIT'), {
        status: 'DONE',
        amount: 1_000_000n,
        fee: 20_000n,
        merchantInvoiceId: 'order-deposit',
      })
    ).id;
    invoiceIds.payout = (
      await createTestInvoice(db, terminal(terminals.uzsPayouts, shop.id, 'UZS', 'WITHDRAWAL'), {
        status: 'IN_PROGRESS',
        amount: 300_000n,
        fee: 3_000n,
        merchantInvoiceId: 'order-payout',
      })
    ).id;
    invoiceIds.rub = (
      await createTestInvoice(db, terminal(terminals.rubDeposits, shop.id, 'RUB', 'DEPOSIT'), {
        status: 'DONE',
        amount: 50_000n,
      })
    ).id;
    invoiceIds.rival = (
      await createTestInvoice(db, terminal(terminals.rivals, rival.id, 'UZS', 'DEPOSIT'), {
        status: 'DONE',
        amount: 777_700n,
      })
    ).id;
  });
  afterAll(async () => fixture?.testApp.close());

  it('needs the balance:read scope', async () => {
    // The shop's first key holds the invoice scopes only.
    for (const path of ['/balances', '/balance-transactions']) {
      const refused = await get(fixture.shop.keys, path);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'insufficient_scope' });
    }
  });

  it('answers each balance in minor units', async () => {
    const response = await get(shopKeys, '/balances');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as {
      data: Array<{ currency: string; available: number; reserved: number; updatedAt: string }>;
    };
    expect(data.map(({ updatedAt: _updatedAt, ...balance }) => balance)).toEqual([
      { currency: 'RUB', available: 50_000, reserved: 0 },
      // 10,000.00 less its 200.00 fee, less the payout in progress with its fee (3,030.00).
      { currency: 'UZS', available: 1_000_000 - 20_000 - 303_000, reserved: 303_000 },
    ]);
    const rival = (await get(rivalKeys, '/balances')).json() as {
      data: Array<{ available: number }>;
    };
    expect(rival.data).toEqual([expect.objectContaining({ currency: 'UZS', available: 777_700 })]);
  });

  it('lists the ledger newest first, each transaction with its cause, change and the balance after it', async () => {
    const { data, has_more } = await listed();
    expect(has_more).toBe(false);
    expect(data.map((row) => row.invoiceId)).toEqual([
      invoiceIds.rub,
      invoiceIds.payout,
      invoiceIds.deposit,
    ]);
    const [rub, payout, deposit] = data as [
      BalanceTransaction,
      BalanceTransaction,
      BalanceTransaction,
    ];
    expect(Number(rub.id.slice(4))).toBeGreaterThan(Number(payout.id.slice(4)));
    expect(deposit).toEqual({
      id: expect.stringMatching(/^btx_\d+$/),
      createdAt: expect.any(String),
      currency: 'UZS',
      type: 'invoice',
      terminalId: fixture.terminals.uzsDeposits,
      invoiceId: invoiceIds.deposit,
      merchantInvoiceId: 'order-deposit',
      settlementId: null,
      flowType: 'DEPOSIT',
      statusBefore: null,
      statusAfter: 'DONE',
      amountBefore: null,
      amountAfter: 1_000_000,
      feeBefore: null,
      feeAfter: 20_000,
      availableChange: 980_000,
      reservedChange: 0,
      availableAfter: 980_000,
      reservedAfter: 0,
    });
    // The payout holds its amount and fee aside; the UZS balance after it is the one before plus it.
    expect(payout).toMatchObject({
      flowType: 'WITHDRAWAL',
      statusAfter: 'IN_PROGRESS',
      availableChange: -303_000,
      reservedChange: 303_000,
      availableAfter: deposit.availableAfter - 303_000,
      reservedAfter: 303_000,
    });
    expect(rub).toMatchObject({ currency: 'RUB', availableAfter: 50_000 });
    expect(new Date(deposit.createdAt).toISOString()).toBe(deposit.createdAt);
  });

  it('pages by cursor with nothing left out or repeated', async () => {
    const whole = (await listed()).data.map((row) => row.id);
    const walked: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const answer = await listed({ limit: 1, starting_after: after });
      walked.push(...answer.data.map((row) => row.id));
      after = answer.data.at(-1)?.id;
      if (!answer.has_more) break;
    }
    expect(walked).toEqual(whole);
    // The last page says so: three transactions, pages of one.
    expect(await listed({ limit: 1, starting_after: whole[1] })).toMatchObject({ has_more: false });
    const two = await listed({ limit: 2 });
    expect(two).toMatchObject({ has_more: true });
    expect(two.data.map((row) => row.id)).toEqual(whole.slice(0, 2));
  });

  it('filters by currency and by invoice', async () => {
    const uzs = await listed({ currency: 'UZS' });
    expect(uzs.data.map((row) => row.invoiceId)).toEqual([invoiceIds.payout, invoiceIds.deposit]);
    const oneInvoice = await listed({ invoiceId: invoiceIds.payout });
    expect(oneInvoice.data.map((row) => row.invoiceId)).toEqual([invoiceIds.payout]);
    // A currency no balance holds matches nothing.
    expect(await listed({ currency: 'EUR' })).toEqual({ data: [], has_more: false });
  });

  it("keeps each merchant to its own: another's invoice, cursor or rows never show", async () => {
    expect(await listed({ invoiceId: invoiceIds.rival })).toEqual({ data: [], has_more: false });
    const rival = (await get(rivalKeys, '/balance-transactions')).json() as ListAnswer;
    expect(rival.data.map((row) => row.invoiceId)).toEqual([invoiceIds.rival]);
    const foreignCursor = await get(shopKeys, '/balance-transactions', {
      starting_after: rival.data[0]?.id,
    });
    expect(foreignCursor.statusCode).toBe(400);
    expect(foreignCursor.json().detail).toBe(
      'starting_after must be the id of one of your balance transactions (btx_…): the last one of the previous page',
    );
  });

  it('refuses what it cannot read: a bad cursor, limit, currency or an unknown parameter', async () => {
    for (const query of [
      { starting_after: 'evt_1' },
      { starting_after: 'btx_0' },
      { limit: 0 },
      { limit: 101 },
      { currency: 'uzs' },
      { invoiceId: 'not-a-uuid' },
      { createdFrom: '2026-01-01T00:00:00Z' },
    ]) {
      const response = await get(shopKeys, '/balance-transactions', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
