import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  eventLog,
  merchants,
  people,
  settlements,
  webhookSecrets,
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

describe.each(TEST_DATABASE_KINDS)('merchant endpoints on %s', (kind) => {
  let testApp: TestApp;
  let own: { id: number };
  let other: { id: number };
  let ownTerminalId: number;
  let otherTerminalId: number;
  const cookies: Record<'admin' | 'merchant' | 'support' | 'operator', string> = {
    admin: '',
    merchant: '',
    support: '',
    operator: '',
  };

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    await seedReferenceData(db);
    own = await createTestMerchant(db, 'Own shop');
    other = await createTestMerchant(db, 'Other shop');
    await createTestPerson(db, { username: 'merchant', role: 'merchant', merchantId: own.id });
    await createTestPerson(db, { username: 'support', role: 'support' });
    await createTestPerson(db, { username: 'operator', role: 'operator' });
    await createTestPerson(db, { username: 'admin', role: 'admin' });
    for (const name of ['admin', 'merchant', 'support', 'operator'] as const) {
      cookies[name] = await signIn(app, name, `${name}-password`);
    }

    const deposits = await createTestTerminal(db, own.id, { name: 'UZS in' });
    const payouts = await createTestTerminal(db, own.id, {
      name: 'UZS out',
      flowType: 'WITHDRAWAL',
    });
    const otherTerminal = await createTestTerminal(db, other.id, { name: 'Theirs' });
    ownTerminalId = deposits.id;
    otherTerminalId = otherTerminal.id;
    await createTestInvoice(db, deposits, { amount: 500_000n, fee: 5_000n, status: 'DONE' });
    await createTestInvoice(db, deposits, { amount: 300_000n, status: 'PAYED' });
    await createTestInvoice(db, deposits, { amount: 999_999n, status: 'CANCELED' });
    await createTestInvoice(db, deposits, { amount: 777_777n, status: 'NEW' });
    await createTestInvoice(db, payouts, { amount: 200_000n, fee: 1_000n, status: 'DONE' });
    await createTestInvoice(db, otherTerminal, { amount: 50_000_000n, status: 'DONE' });
    const [merchantPerson] = await db.select().from(people).limit(1);
    await db.insert(settlements).values({
      merchantId: own.id,
      terminalId: deposits.id,
      baseAmount: 100_000n,
      settlementAmount: 7_000_000n,
      createdBy: merchantPerson?.id ?? 1,
    });
  });
  afterAll(async () => testApp?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

  describe('GET /api/v1/merchant/me', () => {
    it('gives a merchant user their own merchant with its terminals and public key', async () => {
      const response = await call('GET', '/api/v1/merchant/me', cookies.merchant);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ id: own.id, name: 'Own shop' });
      expect(data.clientPublicKey).toMatch(/^pk_/);
      expect(data).not.toHaveProperty('signingSecret');
      expect(data.terminals.map((terminal: { name: string }) => terminal.name)).toEqual([
        'UZS in',
        'UZS out',
      ]);
    });

    it('never shows another merchant to a merchant user', async () => {
      expect(
        (await call('GET', `/api/v1/merchant/me?merchantId=${other.id}`, cookies.merchant))
          .statusCode,
      ).toBe(404);
    });

    it('lets merchant.rw.all holders choose, and asks them to', async () => {
      const chosen = await call(
        'GET',
        `/api/v1/merchant/me?merchantId=${other.id}`,
        cookies.support,
      );
      expect(chosen.json().data.name).toBe('Other shop');
      const unchosen = await call('GET', '/api/v1/merchant/me', cookies.support);
      expect(unchosen.statusCode).toBe(404);
      expect(unchosen.json().detail).toContain('Choose a merchant');
    });

    it('needs a session', async () => {
      expect((await call('GET', '/api/v1/merchant/me')).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/merchant', () => {
    it('pages through every merchant for merchant.rw.all', async () => {
      const response = await call('GET', '/api/v1/merchant?page=0&size=50', cookies.support);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ page: 0, size: 50, total: 2 });
      const second = await call('GET', '/api/v1/merchant?page=1&size=1', cookies.support);
      expect(second.json().data.items.map((m: { name: string }) => m.name)).toEqual(['Other shop']);
    });

    it('is 403 for merchant users and 400 for bad paging', async () => {
      expect((await call('GET', '/api/v1/merchant', cookies.merchant)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/merchant?page=-1', cookies.support)).statusCode).toBe(400);
      expect((await call('GET', '/api/v1/merchant?size=0', cookies.support)).statusCode).toBe(400);
    });
  });

  describe('PUT /api/v1/merchant/:id', () => {
    it('validates the name with the spec messages', async () => {
      const empty = await call('PUT', `/api/v1/merchant/${own.id}`, cookies.merchant, {
        name: '  ',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().detail).toBe('Name is required');
      const short = await call('PUT', `/api/v1/merchant/${own.id}`, cookies.merchant, {
        name: 'ab',
      });
      expect(short.json().detail).toBe('Name must be at least 3 characters long');
      expect(
        (await call('PUT', `/api/v1/merchant/${own.id}`, cookies.merchant, {})).statusCode,
      ).toBe(400);
    });

    it('renames the own merchant and logs who did it', async () => {
      const response = await call('PUT', `/api/v1/merchant/${own.id}`, cookies.merchant, {
        name: ' Own shop 2 ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.name).toBe('Own shop 2');
      const events = await testApp.db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.eventCode, 'MERCHANT_RENAMED'), eq(eventLog.merchantId, own.id)));
      expect(events).toHaveLength(1);
      expect(events[0]?.personId).not.toBeNull();
    });

    it('answers 404 for another merchant or an unknown one', async () => {
      expect(
        (await call('PUT', `/api/v1/merchant/${other.id}`, cookies.merchant, { name: 'Hijacked' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', '/api/v1/merchant/99999', cookies.support, { name: 'Nobody' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', '/api/v1/merchant/abc', cookies.support, { name: 'Nobody' })).statusCode,
      ).toBe(400);
    });
  });

  describe('POST /api/v1/merchant', () => {
    const merchantCount = async () =>
      (await testApp.db.select({ count: count() }).from(merchants))[0]?.count;

    it('creates a merchant with a key pair for merchant.create (admins)', async () => {
      const created = await call('POST', '/api/v1/merchant', cookies.admin, { name: 'New shop' });
      expect(created.statusCode).toBe(201);
      const { data } = created.json();
      expect(data).toMatchObject({ name: 'New shop', terminals: [] });
      expect(data.clientPublicKey).toMatch(/^pk_[0-9a-f]{32}$/);
      // The first API key's secret (sk_) and the webhook secret (Standard Webhooks' whsec_),
      // each base64 of 32 random bytes.
      expect(data.signingSecret).toMatch(/^sk_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(data.signingSecret.slice(3), 'base64')).toHaveLength(32);
      expect(data.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const [key] = await testApp.db.select().from(apiKeys).where(eq(apiKeys.merchantId, data.id));
      expect(key).toMatchObject({
        publicKey: data.clientPublicKey,
        secret: data.signingSecret,
        scopes: ['invoices:read', 'invoices:write'],
      });
      const [webhookSecret] = await testApp.db
        .select()
        .from(webhookSecrets)
        .where(eq(webhookSecrets.merchantId, data.id));
      expect(webhookSecret).toMatchObject({ secret: data.webhookSecret, expiresAt: null });
      expect(
        (await call('POST', '/api/v1/merchant', cookies.admin, { name: 'x' })).statusCode,
      ).toBe(400);
    });

    it.each(['support', 'operator', 'merchant'] as const)(
      'is 403 for %s, merchant.rw.all or not, and creates nothing',
      async (caller) => {
        const before = await merchantCount();
        const refused = await call('POST', '/api/v1/merchant', cookies[caller], {
          name: `Shop of ${caller}`,
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.body).not.toContain('signingSecret');
        expect(refused.body).not.toContain('whsec_');
        expect(refused.body).not.toContain('sk_');
        expect(await merchantCount()).toBe(before);
        const named = await testApp.db
          .select()
          .from(merchants)
          .where(eq(merchants.name, `Shop of ${caller}`));
        expect(named).toEqual([]);
        const events = await testApp.db
          .select()
          .from(eventLog)
          .where(eq(eventLog.eventCode, 'MERCHANT_CREATED'));
        expect(events.some((event) => event.description.includes(`Shop of ${caller}`))).toBe(false);
      },
    );
  });

  describe('the signing secret', () => {
    it('is shown once, at creation, and never by the reads', async () => {
      const created = await call('POST', '/api/v1/merchant', cookies.admin, {
        name: 'Secret shop',
      });
      const { id, signingSecret } = created.json().data;
      expect(signingSecret).toMatch(/^sk_/);
      const reads = [
        await call('GET', `/api/v1/merchant/me?merchantId=${id}`, cookies.support),
        await call('GET', '/api/v1/merchant?page=0&size=50', cookies.support),
        await call('PUT', `/api/v1/merchant/${id}`, cookies.support, { name: 'Secret shop 2' }),
      ];
      for (const read of reads) {
        expect(read.statusCode).toBe(200);
        expect(read.body).not.toContain(signingSecret);
        expect(read.body).not.toContain('signingSecret');
      }
      // Two merchants never share keys.
      const second = await call('POST', '/api/v1/merchant', cookies.admin, { name: 'Twin shop' });
      expect(second.json().data.signingSecret).not.toBe(signingSecret);
      expect(second.json().data.clientPublicKey).not.toBe(created.json().data.clientPublicKey);
    });
  });

  it('refuses ids beyond the database integer range with 400, never 500', async () => {
    const huge = 2_147_483_648;
    for (const url of [
      `/api/v1/merchant/me?merchantId=${huge}`,
      `/api/v1/merchant/deposit?merchantId=${huge}`,
      `/api/v1/merchant/balance?terminalId=${huge}`,
      `/api/v1/invoice?merchantId=${huge}`,
    ]) {
      expect((await call('GET', url, cookies.support)).statusCode, url).toBe(400);
    }
    const rename = await call('PUT', `/api/v1/merchant/${huge}`, cookies.support, {
      name: 'Big one',
    });
    expect(rename.statusCode).toBe(400);
  });

  describe('dashboard figures', () => {
    it('sums completed deposits and withdrawals of the own merchant only', async () => {
      const deposit = await call('GET', '/api/v1/merchant/deposit', cookies.merchant);
      expect(deposit.json().data).toEqual([
        { sum: 500_000, count: 1, currency: { code: 'UZS', dimension: 2 } },
      ]);
      const withdrawal = await call('GET', '/api/v1/merchant/withdrawal', cookies.merchant);
      expect(withdrawal.json().data).toEqual([
        { sum: 200_000, count: 1, currency: { code: 'UZS', dimension: 2 } },
      ]);
    });

    it('computes the balance: deposits less fees, withdrawals with fees, settlements', async () => {
      const response = await call('GET', '/api/v1/merchant/balance', cookies.merchant);
      // 500000 - 5000 (fee) - (200000 + 1000) - 100000 (settlement); PAYED deposits await confirmation
      expect(response.json().data).toEqual({
        balance: [{ sum: 194_000, currency: { code: 'UZS', dimension: 2 } }],
      });
      const terminalOnly = await call(
        'GET',
        `/api/v1/merchant/balance?terminalId=${ownTerminalId}`,
        cookies.merchant,
      );
      expect(terminalOnly.json().data.balance[0].sum).toBe(500_000 - 5_000 - 100_000);
    });

    it('counts settlements against live money only, and shows a currency settled below zero', async () => {
      const { db, app } = testApp;
      const terminal = await createTestTerminal(db, own.id, { name: 'Sandbox and settled' });
      await createTestInvoice(db, terminal, {
        amount: 30_000n,
        status: 'DONE',
        isTestProcessing: true,
      });
      const [settled] = await db
        .insert(settlements)
        .values({
          merchantId: own.id,
          terminalId: terminal.id,
          baseAmount: 10_000n,
          settlementAmount: 700_000n,
          createdBy: (await db.select().from(people).limit(1))[0]?.id ?? 1,
        })
        .returning();
      try {
        const url = `/api/v1/merchant/balance?terminalId=${terminal.id}`;
        // Live: no counted invoice, one settlement: the currency shows, below zero.
        expect((await call('GET', url, cookies.merchant)).json().data).toEqual({
          balance: [{ sum: -10_000, currency: { code: 'UZS', dimension: 2 } }],
        });
        // The test dashboard: the test money, which no settlement paid out.
        const tester = await createTestPerson(db, {
          username: 'settled-tester',
          role: 'merchant',
          merchantId: own.id,
        });
        await db.update(people).set({ testDashboard: true }).where(eq(people.id, tester.id));
        const cookie = await signIn(app, 'settled-tester', tester.password);
        expect((await call('GET', url, cookie)).json().data).toEqual({
          balance: [{ sum: 30_000, currency: { code: 'UZS', dimension: 2 } }],
        });
      } finally {
        if (settled) await db.delete(settlements).where(eq(settlements.id, settled.id));
      }
    });

    it('shows test-processing money only on the test dashboard', async () => {
      const { db, app } = testApp;
      const terminal = await createTestTerminal(db, own.id, { name: 'Sandbox' });
      await createTestInvoice(db, terminal, {
        amount: 70_000n,
        status: 'DONE',
        isTestProcessing: true,
      });
      const live = await call(
        'GET',
        `/api/v1/merchant/deposit?terminalId=${terminal.id}`,
        cookies.merchant,
      );
      expect(live.json().data).toEqual([]);
      const tester = await createTestPerson(db, {
        username: 'tester',
        role: 'merchant',
        merchantId: own.id,
      });
      await db.update(people).set({ testDashboard: true }).where(eq(people.id, tester.id));
      const cookie = await signIn(app, 'tester', tester.password);
      const test = await call('GET', `/api/v1/merchant/deposit?terminalId=${terminal.id}`, cookie);
      expect(test.json().data).toEqual([
        { sum: 70_000, count: 1, currency: { code: 'UZS', dimension: 2 } },
      ]);
    });

    it('hides another merchant’s terminal', async () => {
      expect(
        (
          await call(
            'GET',
            `/api/v1/merchant/deposit?terminalId=${otherTerminalId}`,
            cookies.merchant,
          )
        ).statusCode,
      ).toBe(404);
    });

    it('shows every merchant to merchant.rw.all holders unless one is chosen', async () => {
      const all = await call('GET', '/api/v1/merchant/deposit', cookies.operator);
      expect(all.json().data[0].sum).toBe(50_500_000);
      const chosen = await call(
        'GET',
        `/api/v1/merchant/deposit?merchantId=${own.id}`,
        cookies.operator,
      );
      expect(chosen.json().data[0].sum).toBe(500_000);
      expect(currencyId('UZS')).toBe(101002);
    });
  });
});
