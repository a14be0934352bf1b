import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { eventLog } from '../../db/schema.ts';
import { seedRoles } from '../../seed/roles-seed.ts';
import { createTestMerchant, createTestPerson, TEST_AUTH } from '../../testing/test-app.ts';

describe('sign-in audit and session cookie behind a proxy', () => {
  let database: DatabaseHandle;
  let direct: FastifyInstance;
  let behindNginx: FastifyInstance;
  let personId: number;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await seedRoles(database.db);
    personId = (await createTestPerson(database.db, { username: 'vera', role: 'support' })).id;
    direct = await buildApp({ db: database.db, auth: TEST_AUTH });
    behindNginx = await buildApp({
      db: database.db,
      auth: { ...TEST_AUTH, cookieSecure: true },
      trustProxy: ['127.0.0.1'],
    });
  });

  afterAll(async () => {
    await Promise.all([direct, behindNginx].map((app) => app?.close()));
    await database?.close();
  });

  const signInVia = (
    app: FastifyInstance,
    username: string,
    password: string,
    forwardedFor = '203.0.113.7',
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
    });

  const latestEvent = async () => {
    const [row] = await database.db.select().from(eventLog).orderBy(desc(eventLog.id)).limit(1);
    return row;
  };

  it('records a failed sign-in with the username tried and the client address', async () => {
    const before = Date.now();
    const response = await signInVia(behindNginx, 'Mallory', 'guess', '198.51.100.23');
    expect(response.statusCode).toBe(401);
    const event = await latestEvent();
    expect(event).toMatchObject({
      eventCode: 'LOGIN_FAILED',
      sourceIp: '198.51.100.23',
      personId: null,
    });
    expect(event?.description).toContain('"mallory"');
    expect(event?.eventTime.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('records a failed sign-in of a known person against that person', async () => {
    await signInVia(behindNginx, 'vera', 'wrong');
    expect(await latestEvent()).toMatchObject({
      eventCode: 'LOGIN_FAILED',
      personId,
      sourceIp: '203.0.113.7',
    });
  });

  it('records a successful sign-in with actor, time and client address', async () => {
    const response = await signInVia(behindNginx, 'vera', 'vera-password');
    expect(response.statusCode).toBe(200);
    expect(await latestEvent()).toMatchObject({
      eventCode: 'LOGIN_SUCCEEDED',
      personId,
      sourceIp: '203.0.113.7',
    });
  });

  it('locks the client behind the proxy once, not the proxy nor the person elsewhere', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signInVia(behindNginx, 'vera', 'guess', '198.51.100.50')).statusCode).toBe(401);
    }
    expect(await latestEvent()).toMatchObject({
      eventCode: 'LOGIN_LOCKED',
      personId,
      entityType: 'login_throttle',
      entityId: 'pair:vera 198.51.100.50',
      sourceIp: '198.51.100.50',
    });
    const refused = await signInVia(behindNginx, 'vera', 'vera-password', '198.51.100.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    // Refusals are not written one by one.
    expect(await latestEvent()).toMatchObject({ eventCode: 'LOGIN_LOCKED' });
    expect((await signInVia(behindNginx, 'vera', 'vera-password')).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For from a client when no proxy is trusted', async () => {
    await signInVia(direct, 'vera', 'vera-password', '203.0.113.99');
    expect(await latestEvent()).toMatchObject({
      eventCode: 'LOGIN_SUCCEEDED',
      sourceIp: '127.0.0.1',
    });
  });

  it('sets the session cookie HttpOnly, SameSite=Strict and Secure, and clears it alike', async () => {
    const response = await signInVia(behindNginx, 'vera', 'vera-password');
    const cookie = response.cookies.find(({ name }) => name === 'jwt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/' });

    const logout = await behindNginx.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: `jwt=${cookie?.value}` },
      remoteAddress: '127.0.0.1',
    });
    const cleared = logout.cookies.find(({ name }) => name === 'jwt');
    expect(cleared).toMatchObject({ value: '', httpOnly: true, sameSite: 'Strict', secure: true });
    expect(await latestEvent()).toMatchObject({ eventCode: 'LOGOUT', personId });
  });

  it('files a merchant’s staff’s failed sign-ins, lock-outs and sign-outs under that merchant', async () => {
    const shop = await createTestMerchant(database.db, 'Audited shop');
    const clerk = await createTestPerson(database.db, {
      username: 'mira',
      role: 'merchant',
      merchantId: shop.id,
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signInVia(behindNginx, 'mira', 'guess', '198.51.100.77');
    }
    const rows = await database.db.select().from(eventLog).where(eq(eventLog.personId, clerk.id));
    const codes = rows.map(({ eventCode }) => eventCode);
    expect(codes).toContain('LOGIN_FAILED');
    expect(codes).toContain('LOGIN_LOCKED');
    expect(rows.every((row) => row.merchantId === shop.id)).toBe(true);

    const signedIn = await signInVia(behindNginx, 'mira', 'mira-password');
    const cookie = signedIn.cookies.find(({ name }) => name === 'jwt');
    await behindNginx.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: `jwt=${cookie?.value}` },
      remoteAddress: '127.0.0.1',
    });
    expect(await latestEvent()).toMatchObject({
      eventCode: 'LOGOUT',
      personId: clerk.id,
      merchantId: shop.id,
    });
  });
});
