import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestApp, createTestPerson, signIn, type TestApp } from '../../testing/test-app.ts';

describe.each(TEST_DATABASE_KINDS)('reference lists on %s', (kind) => {
  let testApp: TestApp;
  let cookie: string;
  /** Holds people.account (role operator); the merchant reader does not. */
  let operatorCookie: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await seedReferenceData(testApp.db);
    // Seeding twice must be harmless: it runs at every start.
    await seedReferenceData(testApp.db);
    await createTestPerson(testApp.db, { username: 'reader', role: 'merchant' });
    cookie = await signIn(testApp.app, 'reader', 'reader-password');
    await createTestPerson(testApp.db, { username: 'operator', role: 'operator' });
    operatorCookie = await signIn(testApp.app, 'operator', 'operator-password');
  });
  afterAll(async () => testApp?.close());

  const get = (url: string, withCookie = true) =>
    testApp.app.inject({ url, headers: withCookie ? { cookie } : {} });
  const getAs = (url: string, sessionCookie: string) =>
    testApp.app.inject({ url, headers: { cookie: sessionCookie } });

  it('has every header id of SPEC §3 with items', async () => {
    for (const headerId of Object.values(REFERENCE_HEADER_IDS)) {
      const response = await get(`/api/v1/reference?refHeaderId=${headerId}`);
      expect(response.statusCode, `header ${headerId}`).toBe(200);
      expect(response.json().data.length, `header ${headerId}`).toBeGreaterThan(0);
    }
  });

  it('lists payment statuses with their codes in order', async () => {
    const response = await get(
      `/api/v1/reference?refHeaderId=${REFERENCE_HEADER_IDS.paymentStatus}`,
    );
    expect(response.json().data.map((item: { code: string }) => item.code)).toEqual([
      'NEW',
      'IN_PROGRESS',
      'DONE',
      'PAYED',
      'DECLINED',
      'CANCELED',
    ]);
  });

  it('gives terminal attribute types their parameter types', async () => {
    const response = await get(
      `/api/v1/reference?refHeaderId=${REFERENCE_HEADER_IDS.terminalAttributeType}`,
    );
    const paramTypes = response.json().data.map((item: { paramType: string }) => item.paramType);
    expect(new Set(paramTypes)).toEqual(new Set(['I', 'S', 'C', 'B', 'N']));
  });

  it('gives SBP banks their integer codes', async () => {
    const response = await get(`/api/v1/reference?refHeaderId=${REFERENCE_HEADER_IDS.sbpBankName}`);
    expect(response.json().data[0]).toMatchObject({ value: 'Sberbank', codeInteger: 100000000111 });
  });

  it('lists the four currencies with dimension and limits in minor units', async () => {
    const response = await get('/api/v1/reference/currency');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.map((currency: { code: string }) => currency.code)).toEqual([
      'KGS',
      'UZS',
      'AZN',
      'RUB',
    ]);
    expect(data[1]).toEqual({
      id: 101002,
      name: 'Uzbek sum',
      code: 'UZS',
      dimension: 2,
      minValue: 100000,
      maxValue: 5000000000,
    });
  });

  it('answers 400 for a missing or unknown header id and 401 without a session', async () => {
    expect((await get('/api/v1/reference')).statusCode).toBe(400);
    expect((await get('/api/v1/reference?refHeaderId=109')).statusCode).toBe(400);
    expect((await get('/api/v1/reference?refHeaderId=abc')).statusCode).toBe(400);
    expect((await get('/api/v1/reference?refHeaderId=201', false)).statusCode).toBe(401);
    expect((await get('/api/v1/reference/currency', false)).statusCode).toBe(401);
  });

  describe('GET /api/v1/payment-method', () => {
    it('lists every payment method by currency code, then name, with limits in minor units', async () => {
      const response = await getAs('/api/v1/payment-method', operatorCookie);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(
        data.map(
          (method: { name: string; currency: { code: string } }) =>
            `${method.currency.code} ${method.name}`,
        ),
      ).toEqual([
        'RUB Sberbank',
        'RUB SberbankXCountry',
        'RUB Sbp',
        'RUB Tinkoff',
        'RUB TinkoffXCountry',
        'UZS Humo',
        'UZS Uzs',
      ]);
      const humo = data.find((method: { code: string }) => method.code === 'HUMOUZS');
      expect(humo).toEqual({
        id: expect.any(Number),
        code: 'HUMOUZS',
        name: 'Humo',
        currency: { id: 101002, code: 'UZS', dimension: 2 },
        minAmount: 100000,
        maxAmount: 2000000000,
        requisiteKind: 'card',
        enabled: true,
      });
      expect(data.find((method: { code: string }) => method.code === 'SBPRUB')).toMatchObject({
        requisiteKind: 'sbp',
        currency: { code: 'RUB', dimension: 2 },
        minAmount: 10000,
        maxAmount: 10000000,
      });
    });

    it('includes disabled methods, marked as such', async () => {
      await testApp.db
        .update(paymentMethods)
        .set({ enabled: false })
        .where(eq(paymentMethods.code, 'TSCBRUB_X'));
      try {
        const response = await getAs('/api/v1/payment-method', operatorCookie);
        const enabledByCode = Object.fromEntries(
          response
            .json()
            .data.map((method: { code: string; enabled: boolean }) => [
              method.code,
              method.enabled,
            ]),
        );
        expect(enabledByCode).toMatchObject({ TSCBRUB_X: false, SBERRUB_X: true, HUMOUZS: true });
      } finally {
        await testApp.db
          .update(paymentMethods)
          .set({ enabled: true })
          .where(eq(paymentMethods.code, 'TSCBRUB_X'));
      }
    });

    it('answers 401 without a session and 403 without people.account', async () => {
      expect((await get('/api/v1/payment-method', false)).statusCode).toBe(401);
      // The merchant reader has a session but not people.account.
      const refused = await get('/api/v1/payment-method');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toHaveProperty('detail');
    });

    it('is open to people.account alone', async () => {
      await createTestPerson(testApp.db, {
        username: 'accountant',
        role: 'support',
        extraPermissions: ['people.account'],
      });
      const accountant = await signIn(testApp.app, 'accountant', 'accountant-password');
      expect((await getAs('/api/v1/payment-method', accountant)).statusCode).toBe(200);
    });
  });
});
