import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, loginAttempts, sessions } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { waitInWords } from '../../http/http-errors.ts';
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
import {
  authRoutes,
  INVALID_CREDENTIALS_MESSAGE,
  PASSWORD_CHECK_THROTTLED_MESSAGE,
  THROTTLED_MESSAGE,
} from './auth-routes.ts';
import { LOGIN_THROTTLE, throttleDelayMs } from './login-throttle.ts';
import {
  SECOND_FACTOR_COOKIE,
  SECOND_FACTOR_COOKIE_PATH,
  SESSION_MARKER_COOKIE,
} from './session-cookies.ts';
import { verifySessionToken } from './session-tokens.ts';

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

  const login = (username: string, password: string, remoteAddress = '10.0.0.1', cookie = '') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password },
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });
  const me = (cookie: string) =>
    testApp.app.inject({ url: '/api/v1/people/me', headers: { cookie } });
  const sessionIdOf = async (cookie: string) =>
    (await verifySessionToken(cookie.slice('jwt='.length), TEST_AUTH.jwtSecret))?.sessionId ?? '';

  it('sets an HttpOnly, SameSite=Strict jwt cookie for the browser session, the session bounded server-side', async () => {
    const response = await login('alice', 'alice-secret');
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find(({ name }) => name === 'jwt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    // Not persistent (decision 0019): gone with the browser session; the server ends it anyway.
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
    const expiresAt = new Date(response.json().data.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1_000);
    const [row] = await testApp.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sessionIdOf(sessionCookieOf(response))));
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - expiresAt)).toBeLessThan(1_000);
  });

  it('sets a readable signed_in marker next to the jwt, with the same lifetime (decision 0010)', async () => {
    const response = await login('alice', 'alice-secret');
    const jwt = response.cookies.find(({ name }) => name === 'jwt');
    const marker = response.cookies.find(({ name }) => name === SESSION_MARKER_COOKIE);
    expect(SESSION_MARKER_COOKIE).toBe('signed_in');
    expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    // The app reads it: not HttpOnly. It carries no secret, only that a session may exist.
    expect(marker?.httpOnly).toBeFalsy();
    expect(marker?.secure).toBe(jwt?.secure);
    // A browser-session cookie like the jwt.
    expect(marker?.expires).toBeUndefined();
    expect(marker?.maxAge).toBeUndefined();
  });

  it('ends the session the browser held when it signs in again, whoever’s it was', async () => {
    const first = sessionCookieOf(await login('alice', 'alice-secret'));
    // A wrong password ends nothing.
    expect((await login('alice', 'wrong', '10.0.0.1', first)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(200);

    const again = sessionCookieOf(await login('alice', 'alice-secret', '10.0.0.1', first));
    expect((await me(again)).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    const [ended] = await testApp.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sessionIdOf(first)));
    expect(ended?.endReason).toBe('new-sign-in');

    // Another person signing in in the same browser ends it too.
    const bob = await createTestPerson(testApp.db, { username: 'bob', role: 'support' });
    const asBob = sessionCookieOf(await login('bob', bob.password, '10.0.0.1', again));
    expect((await me(asBob)).json().data.username).toBe('bob');
    expect((await me(again)).statusCode).toBe(401);
    const endedEvents = await testApp.db
      .select()
      .from(eventLog)
      .where(
        and(eq(eventLog.eventCode, 'SESSION_ENDED'), eq(eventLog.personId, ended?.personId ?? 0)),
      );
    expect(endedEvents.map(({ entityId }) => entityId).sort()).toEqual(
      [await sessionIdOf(first), await sessionIdOf(again)].sort(),
    );
  });

  it('clears a pending second step when signed in', async () => {
    const response = await login('alice', 'alice-secret', '10.0.0.1', `${SECOND_FACTOR_COOKIE}=x`);
    expect(response.cookies.find(({ name }) => name === SECOND_FACTOR_COOKIE)).toMatchObject({
      value: '',
      path: SECOND_FACTOR_COOKIE_PATH,
      httpOnly: true,
    });
  });

  it('accepts the username in any case and with spaces around it', async () => {
    expect((await login('  ALICE ', 'alice-secret')).statusCode).toBe(200);
  });

  it('answers 401 with a readable message for a wrong password or unknown user', async () => {
    for (const response of [await login('alice', 'wrong'), await login('nobody', 'alice-secret')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ detail: INVALID_CREDENTIALS_MESSAGE });
      expect(response.cookies.find(({ name }) => name === 'jwt')).toBeUndefined();
      expect(response.cookies.find(({ name }) => name === SESSION_MARKER_COOKIE)).toBeUndefined();
    }
  });

  it('answers 400 with a message for malformed bodies', async () => {
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'alice' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('password');
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
    const marker = logout.cookies.find(({ name }) => name === SESSION_MARKER_COOKIE);
    expect(marker).toMatchObject({ value: '', sameSite: 'Strict', path: '/' });
    expect(new Date(String(marker?.expires)).getTime()).toBeLessThanOrEqual(Date.now());
    const after = await testApp.app.inject({ url: '/api/v1/people/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('logs out without a session, or with a dead one, and clears its cookies all the same', async () => {
    const revoked = await signIn(testApp.app, 'alice', 'alice-secret');
    await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: revoked },
    });
    for (const cookie of [
      undefined,
      'jwt=abc.def.ghi; signed_in=1',
      `${revoked}; signed_in=1; ${SECOND_FACTOR_COOKIE}=x`,
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(200);
      const cleared = response.cookies
        .filter(({ value }) => value === '')
        .map(({ name }) => name)
        .sort();
      // The pending second step too: logging out leaves no sign-in half done (SPEC §7).
      expect(cleared, String(cookie)).toEqual(
        ['jwt', SESSION_MARKER_COOKIE, SECOND_FACTOR_COOKIE].sort(),
      );
      expect(response.cookies.find(({ name }) => name === SECOND_FACTOR_COOKIE)).toMatchObject({
        path: SECOND_FACTOR_COOKIE_PATH,
        httpOnly: true,
      });
    }
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
});

describe.each(TEST_DATABASE_KINDS)('sign-in throttling on %s', (kind) => {
  let testApp: TestApp;
  const persons = ['erin', 'frank', 'gina', 'hank', 'ivan', 'judy', 'kim'] as const;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    for (const username of persons) {
      await createTestPerson(testApp.db, { username, role: 'merchant' });
    }
  });
  afterAll(async () => testApp?.close());

  const login = (username: string, password: string, remoteAddress: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password },
      remoteAddress,
    });
  const rightPassword = (username: string) => `${username}-password`;
  const { pair, address, username: usernameKey } = LOGIN_THROTTLE;

  /** What the clock moving on by `ms` does for these attempts: they get older. */
  const age = (ms: number, where: SQL | undefined) =>
    testApp.db
      .update(loginAttempts)
      .set({
        attemptedAt: sql`${loginAttempts.attemptedAt} - ${ms}::float8 * interval '1 millisecond'`,
      })
      .where(where);
  /** Slow machines take a while over parallel guesses: as if they had all just happened. */
  const justNow = (where: SQL | undefined) =>
    testApp.db
      .update(loginAttempts)
      .set({ attemptedAt: sql`clock_timestamp()` })
      .where(and(eq(loginAttempts.succeeded, false), where));
  const attemptsOf = (username: string, sourceIp: string) =>
    testApp.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, username), eq(loginAttempts.sourceIp, sourceIp)));
  const locksOf = async (entityId: string) =>
    (
      await testApp.db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.eventCode, 'LOGIN_LOCKED'), eq(eventLog.entityId, entityId)))
    ).map(({ description, sourceIp }) => ({ description, sourceIp }));

  it('throttles the attacker’s address only: the person still signs in from another one', async () => {
    for (let attempt = 0; attempt < pair.freeFailures; attempt += 1) {
      expect((await login('erin', 'guess', '10.1.0.66')).statusCode).toBe(401);
    }
    const attacker = await login('erin', rightPassword('erin'), '10.1.0.66');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json()).toMatchObject({
      detail: `${THROTTLED_MESSAGE} Try again in ${waitInWords(Number(attacker.headers['retry-after']))}.`,
      code: 'too_many_attempts',
    });
    expect(attacker.headers['retry-after']).toBe('1');

    expect((await login('erin', rightPassword('erin'), '10.1.0.1')).statusCode).toBe(200);
    expect((await login('ERIN ', rightPassword('erin'), '10.1.0.2')).statusCode).toBe(200);
  });

  it('checks no more than the free failures of parallel attempts on one username and address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => login('frank', 'guess', '10.2.0.66')),
    );
    const statuses = responses.map(({ statusCode }) => statusCode);
    const checked = (await attemptsOf('frank', '10.2.0.66'))
      .map(({ attemptedAt }) => attemptedAt.getTime())
      .sort((a, b) => a - b);
    // Every password checked left its row, and only the free failures went at once: a further
    // one (none on a quick machine) waited for its turn, 1 s after the fifth and so on.
    expect(statuses.filter((status) => status === 401)).toHaveLength(checked.length);
    expect(checked.length).toBeGreaterThanOrEqual(pair.freeFailures);
    checked.slice(pair.freeFailures).forEach((time, index) => {
      const previous = checked[pair.freeFailures + index - 1] ?? 0;
      expect(time - previous).toBeGreaterThanOrEqual(
        throttleDelayMs(pair.freeFailures + index, pair.freeFailures),
      );
    });
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked.length);
    for (const response of responses.filter(({ statusCode }) => statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('doubles the wait with each further failure up to 15 minutes, never checking the password meanwhile', async () => {
    const where = and(eq(loginAttempts.username, 'gina'), eq(loginAttempts.sourceIp, '10.3.0.66'));
    for (let attempt = 0; attempt < pair.freeFailures; attempt += 1) {
      expect((await login('gina', 'guess', '10.3.0.66')).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let failures = pair.freeFailures; failures <= pair.freeFailures + 11; failures += 1) {
      // Even the right password is refused unchecked, and nothing is counted for it.
      const refused = await login('gina', rightPassword('gina'), '10.3.0.66');
      expect(refused.statusCode).toBe(429);
      expect(await attemptsOf('gina', '10.3.0.66')).toHaveLength(failures);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      await age(wait * 1000 - 1500, where);
      expect((await login('gina', 'guess', '10.3.0.66')).statusCode).toBe(429);
      await age(1500, where);
      expect((await login('gina', 'guess', '10.3.0.66')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(LOGIN_THROTTLE.maxDelayMs).toBe(900_000);
    // One lock event for the whole run, not one per refusal or further failure.
    expect(await locksOf('pair:gina 10.3.0.66')).toEqual([
      {
        description: expect.stringMatching(/"gina" from 10\.3\.0\.66 after 5 failures.*1 s/),
        sourceIp: '10.3.0.66',
      },
    ]);
    expect(
      await testApp.db.select().from(eventLog).where(eq(eventLog.eventCode, 'LOGIN_THROTTLED')),
    ).toEqual([]);
  });

  it('clears the failures of a username and address with a successful sign-in', async () => {
    const where = and(eq(loginAttempts.username, 'hank'), eq(loginAttempts.sourceIp, '10.4.0.1'));
    for (let attempt = 0; attempt < pair.freeFailures; attempt += 1) {
      expect((await login('hank', 'typo', '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await login('hank', rightPassword('hank'), '10.4.0.1')).statusCode).toBe(429);
    await age(1000, where);
    expect((await login('hank', rightPassword('hank'), '10.4.0.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < pair.freeFailures; attempt += 1) {
      expect((await login('hank', 'typo', '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await login('hank', 'typo', '10.4.0.1')).statusCode).toBe(429);
    // Each run of failures locked the pair once.
    expect(await locksOf('pair:hank 10.4.0.1')).toHaveLength(2);
  });

  it('throttles an address after the larger allowance across usernames, not for usernames known there', async () => {
    expect((await login('ivan', rightPassword('ivan'), '10.5.0.1')).statusCode).toBe(200);
    const failures = await Promise.all(
      Array.from({ length: address.freeFailures }, (_, index) =>
        login(`nobody-${index}`, 'guess', '10.5.0.1'),
      ),
    );
    expect(failures.map(({ statusCode }) => statusCode)).toEqual(
      Array(address.freeFailures).fill(401),
    );
    await justNow(eq(loginAttempts.sourceIp, '10.5.0.1'));
    // judy never signed in from 10.5.0.1: she waits; ivan did: he does not.
    const unknown = await login('judy', rightPassword('judy'), '10.5.0.1');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.headers['retry-after']).toBe('1');
    expect((await login('ivan', rightPassword('ivan'), '10.5.0.1')).statusCode).toBe(200);
    expect((await login('judy', rightPassword('judy'), '10.5.0.2')).statusCode).toBe(200);
    expect(await locksOf('address:10.5.0.1')).toEqual([
      {
        description: expect.stringContaining('from 10.5.0.1 after 50 failures'),
        sourceIp: '10.5.0.1',
      },
    ]);
  });

  it('does not let failures of one username from many addresses block an address it signed in from', async () => {
    expect((await login('kim', rightPassword('kim'), '10.6.0.1')).statusCode).toBe(200);
    const failures = await Promise.all(
      Array.from({ length: usernameKey.freeFailures }, (_, index) =>
        login('kim', 'guess', `10.6.${1 + Math.floor(index / 200)}.${index % 200}`),
      ),
    );
    expect(failures.every(({ statusCode }) => statusCode === 401)).toBe(true);
    await justNow(eq(loginAttempts.username, 'kim'));
    const newAddress = await login('kim', rightPassword('kim'), '10.6.9.9');
    expect(newAddress.statusCode).toBe(429);
    expect(newAddress.headers['retry-after']).toBe('1');
    expect((await login('kim', rightPassword('kim'), '10.6.0.1')).statusCode).toBe(200);
    expect(await locksOf('username:kim')).toHaveLength(1);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let attempt = 0; attempt < pair.freeFailures; attempt += 1) {
      await login('erin', 'guess', `2001:db8:1:2::${attempt + 1}`);
    }
    expect((await login('erin', rightPassword('erin'), '2001:db8:1:2:ffff::9')).statusCode).toBe(
      429,
    );
    expect((await login('erin', rightPassword('erin'), '2001:db8:1:3::1')).statusCode).toBe(200);
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
    expect(wrong.json().detail).toBe('Current password is incorrect');
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

  it('throttles wrong current passwords like sign-ins: 429 with Retry-After, the password unchecked', async () => {
    const lena = await createTestPerson(testApp.db, { username: 'lena', role: 'operator' });
    const cookie = await signIn(testApp.app, 'lena', lena.password);
    const newPassword = 'new-secret-1';
    for (let attempt = 0; attempt < LOGIN_THROTTLE.pair.freeFailures; attempt += 1) {
      const wrong = await change(cookie, { currentPassword: `guess-${attempt}`, newPassword });
      expect(wrong.statusCode).toBe(400);
    }
    const throttled = await change(cookie, { currentPassword: lena.password, newPassword });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({
      detail: `${PASSWORD_CHECK_THROTTLED_MESSAGE} Try again in 1 second.`,
      code: 'too_many_attempts',
    });
    expect(throttled.headers['retry-after']).toBe('1');

    // Unchanged; and signing in from the same address waits too (one count per person and
    // address), while another address is not affected.
    const sameAddress = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'lena', password: lena.password },
    });
    expect(sameAddress.statusCode).toBe(429);
    const elsewhere = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'lena', password: lena.password },
      remoteAddress: '10.8.0.1',
    });
    expect(elsewhere.statusCode).toBe(200);

    const events = await testApp.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.personId, lena.id))
      .orderBy(eventLog.id);
    expect(events.map(({ eventCode }) => eventCode)).toEqual([
      'LOGIN_SUCCEEDED',
      ...Array(LOGIN_THROTTLE.pair.freeFailures).fill('PASSWORD_CHANGE_FAILED'),
      'LOGIN_LOCKED',
      'LOGIN_SUCCEEDED',
    ]);
    expect(events.at(-2)).toMatchObject({
      entityType: 'login_throttle',
      entityId: 'pair:lena 127.0.0.1',
      sourceIp: '127.0.0.1',
    });
  });
});

describe('access rules', () => {
  it('refuses to start when a back-office route declares none', async () => {
    const app = Fastify();
    await registerAccessControl(app, {
      db: {} as never,
      jwtSecret: 'x'.repeat(32),
      idleMinutes: 30,
    });
    expect(() => app.get('/api/v1/forgotten', async () => ({}))).toThrow(
      'Route GET /api/v1/forgotten declares no access rule',
    );
    expect(() => app.get('/api/elsewhere', async () => ({}))).not.toThrow();
  });

  it('answers 403 without the route permission and lets a holder through', async () => {
    const database = await openTestDatabase('pglite');
    await seedRoles(database.db);
    const app = Fastify();
    // Problem answers, and the shared Problem schema the routes' error responses name.
    registerErrorHandler(app);
    await registerAccessControl(app, {
      db: database.db,
      jwtSecret: TEST_AUTH.jwtSecret,
      idleMinutes: 30,
    });
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
