import cookie from '@fastify/cookie';
import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, sessions } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedRoles } from '../../seed/roles-seed.ts';
import {
  createTestApp,
  createTestPerson,
  sessionCookieOf,
  signIn,
  TEST_AUTH,
  type TestApp,
} from '../../testing/test-app.ts';
import { registerAccessControl } from './access-control.ts';
import { authRoutes, INVALID_CREDENTIALS_MESSAGE, THROTTLED_MESSAGE } from './auth-routes.ts';
import { LOGIN_THROTTLE } from './login-throttle.ts';

describe.each(TEST_DATABASE_KINDS)('sign-in on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await createTestPerson(testApp.db, {
      username: 'alice',
      password: 'alice-secret',
      role: 'support',
    });
  });
  afterAll(async () => testApp?.close());

  const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password },
      remoteAddress,
    });

  it('sets an HttpOnly, SameSite=Strict jwt cookie with a bounded lifetime', async () => {
    const response = await login('alice', 'alice-secret');
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find(({ name }) => name === 'jwt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const expires = new Date(String(cookie?.expires)).getTime();
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1_000);
  });

  it('accepts the username in any case and with spaces around it', async () => {
    expect((await login('  ALICE ', 'alice-secret')).statusCode).toBe(200);
  });

  it('answers 401 with a readable message for a wrong password or unknown user', async () => {
    for (const response of [await login('alice', 'wrong'), await login('nobody', 'alice-secret')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
      expect(response.cookies.find(({ name }) => name === 'jwt')).toBeUndefined();
    }
  });

  it('answers 400 with a message for malformed bodies', async () => {
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'alice' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('password');
    const notJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(notJson.statusCode).toBe(400);
    const wrongType = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: { name: 'alice' }, password: 'alice-secret' },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('serves /people/me with the session and 401 without one', async () => {
    const cookie = await signIn(testApp.app, 'alice', 'alice-secret');
    const me = await testApp.app.inject({ url: '/api/v1/people/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      username: 'alice',
      personal: { firstName: 'Alice', lastName: 'Tester' },
      role: 'support',
      merchantId: null,
    });
    expect(me.json().data.permissions).toContain('ticket.decision');

    expect((await testApp.app.inject({ url: '/api/v1/people/me' })).statusCode).toBe(401);
    const forged = await testApp.app.inject({
      url: '/api/v1/people/me',
      headers: { cookie: 'jwt=abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('ends the session on logout: the old token stops working', async () => {
    const cookie = await signIn(testApp.app, 'alice', 'alice-secret');
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find(({ name }) => name === 'jwt');
    expect(cleared?.value).toBe('');
    const after = await testApp.app.inject({ url: '/api/v1/people/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('logs out without a session too', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('writes sign-ins to the event log with the source address', async () => {
    await login('alice', 'alice-secret', '10.9.9.9');
    await login('alice', 'nope', '10.9.9.8');
    const rows = await testApp.db.select().from(eventLog).orderBy(desc(eventLog.id)).limit(2);
    expect(rows.map(({ eventCode, sourceIp }) => [eventCode, sourceIp])).toEqual([
      ['LOGIN_FAILED', '10.9.9.8'],
      ['LOGIN_SUCCEEDED', '10.9.9.9'],
    ]);
  });

  it('switches the test dashboard', async () => {
    const cookie = await signIn(testApp.app, 'alice', 'alice-secret');
    const on = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/people/me/testDashboard',
      headers: { cookie },
      payload: { testDashboard: true },
    });
    expect(on.json().data.testDashboard).toBe(true);
    const toggled = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/people/me/testDashboard',
      headers: { cookie },
    });
    expect(toggled.json().data.testDashboard).toBe(false);
  });
});

describe.each(TEST_DATABASE_KINDS)('sign-in throttling on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await createTestPerson(testApp.db, {
      username: 'bob',
      password: 'bob-secret',
      role: 'merchant',
    });
    await createTestPerson(testApp.db, {
      username: 'carol',
      password: 'carol-secret',
      role: 'merchant',
    });
  });
  afterAll(async () => testApp?.close());

  const login = (username: string, password: string, remoteAddress: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password },
      remoteAddress,
    });

  it('blocks a username after repeated failures, even with the right password, with Retry-After', async () => {
    for (let attempt = 0; attempt < LOGIN_THROTTLE.maxFailuresPerUsername; attempt += 1) {
      expect((await login('bob', 'wrong', `10.1.0.${attempt}`)).statusCode).toBe(401);
    }
    const blocked = await login('bob', 'bob-secret', '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: THROTTLED_MESSAGE });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs / 1000);
    // Another user is not affected.
    expect((await login('carol', 'carol-secret', '10.1.1.1')).statusCode).toBe(200);
  });

  it('blocks an address after repeated failures across usernames', async () => {
    for (let attempt = 0; attempt < LOGIN_THROTTLE.maxFailuresPerIp; attempt += 1) {
      await login(`user-${attempt}`, 'wrong', '10.2.0.1');
    }
    expect((await login('carol', 'carol-secret', '10.2.0.1')).statusCode).toBe(429);
    expect((await login('carol', 'carol-secret', '10.2.0.2')).statusCode).toBe(200);
  });
});

describe.each(TEST_DATABASE_KINDS)('password change on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await createTestPerson(testApp.db, {
      username: 'dave',
      password: 'dave-secret',
      role: 'operator',
    });
  });
  afterAll(async () => testApp?.close());

  const change = (cookie: string | undefined, payload: object) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/user/change_password',
      headers: cookie ? { cookie } : {},
      payload,
    });

  it('needs a session', async () => {
    expect(
      (await change(undefined, { currentPassword: 'dave-secret', newPassword: 'x'.repeat(10) }))
        .statusCode,
    ).toBe(401);
  });

  it('checks the current password and the new one', async () => {
    const cookie = await signIn(testApp.app, 'dave', 'dave-secret');
    const wrong = await change(cookie, { currentPassword: 'nope', newPassword: 'new-secret-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await change(cookie, { currentPassword: 'dave-secret', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect((await change(cookie, { currentPassword: 'dave-secret' })).statusCode).toBe(400);
  });

  it('changes it: the new password signs in, the old one does not, other sessions end', async () => {
    const otherDevice = await signIn(testApp.app, 'dave', 'dave-secret');
    const cookie = await signIn(testApp.app, 'dave', 'dave-secret');
    const changed = await change(cookie, {
      currentPassword: 'dave-secret',
      newPassword: 'new-secret-1',
    });
    expect(changed.statusCode).toBe(200);

    const me = await testApp.app.inject({ url: '/api/v1/people/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const other = await testApp.app.inject({
      url: '/api/v1/people/me',
      headers: { cookie: otherDevice },
    });
    expect(other.statusCode).toBe(401);

    const oldPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'dave', password: 'dave-secret' },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'dave', password: 'new-secret-1' },
    });
    expect(sessionCookieOf(newPassword)).toMatch(/^jwt=/);

    const revoked = await testApp.db.select().from(sessions).where(eq(sessions.personId, 1));
    expect(revoked.some(({ revokedAt }) => revokedAt !== null)).toBe(true);
  });
});

describe('access rules', () => {
  it('refuses to start when a back-office route declares none', () => {
    const app = Fastify();
    registerAccessControl(app, { db: {} as never, jwtSecret: 'x'.repeat(32) });
    expect(() => app.get('/api/v1/forgotten', async () => ({}))).toThrow(
      'Route GET /api/v1/forgotten declares no access rule',
    );
    expect(() => app.get('/api/elsewhere', async () => ({}))).not.toThrow();
  });

  it('answers 403 without the route permission and lets a holder through', async () => {
    const database = await openTestDatabase('pglite');
    await seedRoles(database.db);
    const app = Fastify();
    await app.register(cookie);
    registerAccessControl(app, { db: database.db, jwtSecret: TEST_AUTH.jwtSecret });
    app.get(
      '/api/v1/tickets-only',
      { config: { access: { permissions: ['ticket.decision'] } } },
      async () => ({
        data: 'ok',
      }),
    );
    app.get(
      '/api/v1/any-report',
      { config: { access: { anyOf: ['report.read.balance', 'report.read.provider'] } } },
      async () => ({
        data: 'ok',
      }),
    );
    await authRoutes(app, { db: database.db, auth: TEST_AUTH });
    await createTestPerson(database.db, { username: 'merchant-user', role: 'merchant' });
    await createTestPerson(database.db, { username: 'support-user', role: 'support' });
    try {
      const merchantCookie = await signIn(app, 'merchant-user', 'merchant-user-password');
      const supportCookie = await signIn(app, 'support-user', 'support-user-password');
      const call = (url: string, cookieHeader: string) =>
        app.inject({ url, headers: { cookie: cookieHeader } });
      expect((await call('/api/v1/tickets-only', merchantCookie)).statusCode).toBe(403);
      expect((await call('/api/v1/tickets-only', supportCookie)).statusCode).toBe(200);
      expect((await call('/api/v1/any-report', merchantCookie)).statusCode).toBe(200);
      expect((await call('/api/v1/any-report', supportCookie)).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/v1/tickets-only' })).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
