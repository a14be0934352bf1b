import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestApp, createTestPerson, signIn, type TestApp } from '../../testing/test-app.ts';

describe.each(TEST_DATABASE_KINDS)('reference lists on %s', (kind) => {
  let testApp: TestApp;
  let cookie: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await seedReferenceData(testApp.db);
    // Seeding twice must be harmless: it runs at every start.
    await seedReferenceData(testApp.db);
    await createTestPerson(testApp.db, { username: 'reader', role: 'merchant' });
    cookie = await signIn(testApp.app, 'reader', 'reader-password');
  });
  afterAll(async () => testApp?.close());

  const get = (url: string, withCookie = true) =>
    testApp.app.inject({ url, headers: withCookie ? { cookie } : {} });

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
});
