import { isLuhnValid } from '@paygate/domain';
import { countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import {
  invoices,
  merchantBalances,
  people,
  peopleAccountCredentials,
  peopleAccounts,
  terminals,
} from '../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../db/testing/test-databases.ts';
import {
  balanceLedgerDisagreementsSql,
  merchantBalancesFromInvoicesSql,
} from '../modules/balances/merchant-balance-repository.ts';
import { PROVIDER_API_PREFIX } from '../modules/provider-api/provider-api-routes.ts';
import { signedRequest } from '../testing/signed-call.ts';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import {
  DEMO_INVOICE_COUNT,
  DEMO_PROVIDER_CODE,
  DEMO_PROVIDER_SIGNING_SECRET,
  DEMO_USERS,
  demoPassword,
  seedDemoData,
} from './demo-data-seed.ts';
import { referenceItemId } from './reference-data.ts';
import { seedReferenceData } from './reference-data-seed.ts';

describe.each(TEST_DATABASE_KINDS)('demo data on %s', (kind) => {
  let testApp: TestApp;
  let seeded: boolean;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await seedReferenceData(testApp.db);
    seeded = await seedDemoData(testApp.db);
  }, 120_000);
  afterAll(async () => testApp?.close());

  it('fills an empty database once and leaves it alone afterwards', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoData(testApp.db)).toBe(false);
    const [row] = await testApp.db.select({ count: sql<number>`count(*)::int` }).from(invoices);
    expect(row?.count).toBe(DEMO_INVOICE_COUNT);
  });

  it('queues no payout beyond a merchant’s funds: balances never negative, and as the engine keeps them', async () => {
    const kept = await testApp.db.select().from(merchantBalances);
    expect(kept.length).toBeGreaterThan(0);
    for (const balance of kept) expect(balance.available).toBeGreaterThanOrEqual(0n);
    const computed = await queryRows<{ merchant_id: number; available: string; reserved: string }>(
      testApp.db,
      merchantBalancesFromInvoicesSql,
    );
    expect(
      computed.map((row) => [row.merchant_id, BigInt(row.available), BigInt(row.reserved)]),
    ).toEqual(
      expect.arrayContaining(kept.map((row) => [row.merchantId, row.available, row.reserved])),
    );
    expect(computed).toHaveLength(kept.length);
    // The ledger opened from the seeded invoices adds up to the kept balances, row by row.
    expect(await queryRows(testApp.db, balanceLedgerDisagreementsSql)).toEqual([]);
    const [ledger] = await queryRows<{ count: number }>(
      testApp.db,
      sql`SELECT count(*)::int AS count FROM balance_movements`,
    );
    expect(ledger?.count).toBeGreaterThan(0);
    // The dashboard's figure per merchant and currency (money that moved) is never negative.
    const moved = await queryRows<{ net: string }>(
      testApp.db,
      sql`SELECT sum(CASE WHEN flow_type = 'DEPOSIT' THEN amount - fee ELSE -(amount + fee) END) AS net
          FROM invoices
          WHERE NOT is_test_processing
            AND ((flow_type = 'DEPOSIT' AND status = 'DONE')
              OR (flow_type = 'WITHDRAWAL' AND status IN ('PAYED', 'DONE')))
          GROUP BY merchant_id, currency_id`,
    );
    for (const { net } of moved) expect(BigInt(net)).toBeGreaterThanOrEqual(0n);
    const uncapped = await queryRows<{ count: number }>(
      testApp.db,
      sql`SELECT count(*)::int AS count FROM invoices WHERE flow_type = 'WITHDRAWAL' AND max_amount IS NULL`,
    );
    expect(uncapped[0]?.count).toBe(0);
  });

  it('has invoices in every status', async () => {
    const rows = await queryRows<{ status: string }>(
      testApp.db,
      sql`SELECT DISTINCT status FROM invoices`,
    );
    expect(rows.map(({ status }) => status).sort()).toEqual(
      ['CANCELED', 'DECLINED', 'DONE', 'IN_PROGRESS', 'NEW', 'PAYED'].sort(),
    );
  });

  it('has terminals in all four currencies and accounts for all seven methods', async () => {
    const [currencies] = await testApp.db
      .select({ count: countDistinct(terminals.currencyId) })
      .from(terminals);
    expect(currencies?.count).toBe(4);
    const [methods] = await testApp.db
      .select({ count: countDistinct(peopleAccounts.paymentMethodId) })
      .from(peopleAccounts);
    expect(methods?.count).toBe(7);
  });

  it('gives demo accounts card numbers that pass the card checks', async () => {
    const cards = await testApp.db
      .select({ value: peopleAccountCredentials.value })
      .from(peopleAccountCredentials)
      .where(eq(peopleAccountCredentials.credentialTypeId, referenceItemId(103, 1)));
    expect(cards.length).toBeGreaterThan(0);
    for (const { value } of cards) expect(isLuhnValid(value), value).toBe(true);
  });

  it('lets every demo user sign in with <username>-demo', async () => {
    for (const { username, role } of DEMO_USERS) {
      const cookie = await signIn(testApp.app, username, demoPassword(username));
      const me = await testApp.app.inject({ url: '/api/v1/people/me', headers: { cookie } });
      expect(me.json().data.role).toBe(role);
    }
    const [merchantUser] = await testApp.db
      .select()
      .from(people)
      .where(eq(people.username, 'merchant'));
    expect(merchantUser?.merchantId).not.toBeNull();
  });

  it('keeps each account balance equal to what its open and settled deposits hold', async () => {
    const mismatches = await queryRows<{ id: number }>(
      testApp.db,
      sql`SELECT l.people_account_id AS id
          FROM people_account_limits l
          LEFT JOIN (
            SELECT people_account_id, sum(amount) AS held FROM invoices
            WHERE people_account_id IS NOT NULL AND status NOT IN ('DECLINED', 'CANCELED')
            GROUP BY people_account_id
          ) h ON h.people_account_id = l.people_account_id
          WHERE l.balance <> coalesce(h.held, 0) OR l.balance > l."limit"`,
    );
    expect(mismatches).toEqual([]);
    const [held] = await queryRows<{ accounts: number }>(
      testApp.db,
      sql`SELECT count(*)::int AS accounts FROM people_account_limits WHERE balance > 0`,
    );
    expect(held?.accounts).toBeGreaterThan(0);
  });

  it('pays withdrawals to the customer’s phone, never from a people account', async () => {
    const withdrawals = await testApp.db
      .select({
        accountId: invoices.peopleAccountId,
        phone: invoices.credentialValue,
        status: invoices.status,
      })
      .from(invoices)
      .where(eq(invoices.flowType, 'WITHDRAWAL'));
    expect(withdrawals.length).toBeGreaterThan(0);
    for (const row of withdrawals) {
      expect(row.accountId).toBeNull();
      if (row.status !== 'NEW') expect(row.phone).toMatch(/^(998|79)\d{9}$/);
    }
  });

  it('queues production payouts for the demo provider, which signs with the documented key', async () => {
    const payouts = await signedRequest(
      testApp.app,
      {
        prefix: PROVIDER_API_PREFIX,
        apiKey: DEMO_PROVIDER_CODE,
        signingSecret: DEMO_PROVIDER_SIGNING_SECRET,
      },
      { method: 'GET', path: '/payouts?limit=100' },
    );
    expect(payouts.statusCode, payouts.body).toBe(200);
    const queue = payouts.json().data;
    expect(queue.length).toBeGreaterThan(0);
    expect(
      queue.every(
        (row: { flowType: string; status: string }) =>
          row.flowType === 'WITHDRAWAL' && row.status === 'IN_PROGRESS',
      ),
    ).toBe(true);
  });
});
