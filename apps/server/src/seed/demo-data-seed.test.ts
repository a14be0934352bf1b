import { isLuhnValid } from '@paygate/domain';
import { countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import {
  invoices,
  people,
  peopleAccountCredentials,
  peopleAccounts,
  terminals,
} from '../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../db/testing/test-databases.ts';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import { DEMO_INVOICE_COUNT, DEMO_USERS, demoPassword, seedDemoData } from './demo-data-seed.ts';
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
});
