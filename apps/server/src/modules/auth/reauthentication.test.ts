import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, loginAttempts, people, personRoles, sessions } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { collectApiRoutes, routeKey } from '../../http/testing/route-table.ts';
import { expectProblem } from '../../testing/problem-assertions.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from './auth-service.ts';
import {
  REAUTHENTICATION_MESSAGES,
  RECENT_AUTHENTICATION_MINUTES,
} from './recent-authentication.ts';
import { TWO_FACTOR_MESSAGES } from './two-factor-service.ts';

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** Every route that is a security action, as `METHOD /pattern` (decision 0019). */
const SECURITY_ACTIONS = [
  'POST /api/v1/developers/api-keys',
  'POST /api/v1/developers/webhook-endpoints',
  'POST /api/v1/developers/webhook-secrets/reveal',
  'POST /api/v1/developers/webhook-secrets/rotate',
  'POST /api/v1/merchant',
  'POST /api/v1/roles',
  'PUT /api/v1/roles/:id',
  'POST /api/v1/users',
  'POST /api/v1/users/:id/password-reset',
  'POST /api/v1/users/:id/two-factor-reset',
].sort();

describe.each(TEST_DATABASE_KINDS)('recent authentication on %s', (kind) => {
  let testApp: TestApp;
  let shop: { id: number };
  /** Every remote address a test signs in or confirms from is its own: the throttle stays out. */
  let nextAddress = 1;
  const newAddress = () => `10.31.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    shop = await createTestMerchant(testApp.db, 'Shop R');
  });
  afterAll(async () => testApp?.close());

  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    remoteAddress = '127.0.0.1',
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
      remoteAddress,
    });
  const confirm = (cookie: string, body: object, remoteAddress = newAddress()) =>
    call(cookie, 'POST', '/api/v1/reauthentication', body, remoteAddress);
  const newUser = (cookie: string, username: string) =>
    call(cookie, 'POST', '/api/v1/users', {
      username,
      firstName: 'New',
      lastName: 'Person',
      merchantId: null,
      roles: ['support'],
    });
  const peopleNamed = async (username: string) => {
    const [row] = await testApp.db
      .select({ total: count() })
      .from(people)
      .where(eq(people.username, username));
    return row?.total ?? 0;
  };
  const eventsOf = (eventCode: string, personId: number) =>
    testApp.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.eventCode, eventCode), eq(eventLog.personId, personId)));

  /** Makes every session of the person look as if it proved who they are `minutes` ago. */
  const authenticatedAgo = (personId: number, minutes: number) =>
    testApp.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - make_interval(mins => ${minutes}::int)` })
      .where(eq(sessions.personId, personId));

  /** An administrator signed in long enough ago that security actions ask them to confirm. */
  const staleAdministrator = async (username: string) => {
    const person = await createTestPerson(testApp.db, { username, role: 'admin' });
    const cookie = await signIn(testApp.app, username, person.password);
    await authenticatedAgo(person.id, RECENT_AUTHENTICATION_MINUTES + 1);
    return { ...person, cookie };
  };

  it('marks exactly the security actions, and each refuses a session that authenticated long ago', async () => {
    const flagged = (await collectApiRoutes(testApp.db))
      .filter((route) => route.recentAuthentication)
      .map(routeKey);
    expect(flagged.sort()).toEqual(SECURITY_ACTIONS);

    const admin = await staleAdministrator('ra-root');
    const target = await createTestPerson(testApp.db, { username: 'ra-target', role: 'support' });
    for (const action of SECURITY_ACTIONS) {
      const [method, pattern] = action.split(' ') as ['POST' | 'PATCH' | 'PUT' | 'DELETE', string];
      const url = pattern.replace(':id', String(target.id));
      // No body needed: the session is checked before the body is validated.
      const response = await call(admin.cookie, method, `${url}?merchantId=${shop.id}`);
      expectProblem(response, {
        status: 403,
        code: 'reauthentication_required',
        detail: REAUTHENTICATION_MESSAGES.required,
      });
    }
  });

  it('asks a stale session to confirm, then lets the same call through for the window', async () => {
    const admin = await staleAdministrator('ra-admin');
    expectProblem(await newUser(admin.cookie, 'ra-new-1'), {
      status: 403,
      code: 'reauthentication_required',
    });
    expect(await peopleNamed('ra-new-1')).toBe(0);
    // Reading and ending others' sessions are not security actions: they still work.
    expect((await call(admin.cookie, 'GET', '/api/v1/users')).statusCode).toBe(200);

    const wrong = await confirm(admin.cookie, { password: 'not the password' });
    expectProblem(wrong, {
      status: 400,
      code: 'wrong_current_password',
      detail: WRONG_CURRENT_PASSWORD_MESSAGE,
    });
    expect(await eventsOf('REAUTHENTICATION_FAILED', admin.id)).toHaveLength(1);
    expectProblem(await newUser(admin.cookie, 'ra-new-1'), {
      status: 403,
      code: 'reauthentication_required',
    });

    const right = await confirm(admin.cookie, { password: admin.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ data: { ok: true } });
    const [confirmed] = await eventsOf('REAUTHENTICATED', admin.id);
    expect(confirmed).toMatchObject({ entityType: 'session' });

    const created = await newUser(admin.cookie, 'ra-new-1');
    expect(created.statusCode, created.body).toBe(201);
    expect(await peopleNamed('ra-new-1')).toBe(1);

    // The window counts from the confirmation: past it, the next action asks again.
    await authenticatedAgo(admin.id, RECENT_AUTHENTICATION_MINUTES + 1);
    expectProblem(await newUser(admin.cookie, 'ra-new-2'), {
      status: 403,
      code: 'reauthentication_required',
    });
    await authenticatedAgo(admin.id, RECENT_AUTHENTICATION_MINUTES - 1);
    expect((await newUser(admin.cookie, 'ra-new-2')).statusCode).toBe(201);
  });

  it('counts a fresh sign-in as recent, and confirms only the session it was made in', async () => {
    const admin = await createTestPerson(testApp.db, { username: 'ra-fresh', role: 'admin' });
    const first = await signIn(testApp.app, 'ra-fresh', admin.password);
    expect((await newUser(first, 'ra-new-3')).statusCode).toBe(201);

    await authenticatedAgo(admin.id, RECENT_AUTHENTICATION_MINUTES + 1);
    // A second browser of the same person: its confirmation does not vouch for the first.
    const second = await signIn(testApp.app, 'ra-fresh', admin.password);
    await authenticatedAgo(admin.id, RECENT_AUTHENTICATION_MINUTES + 1);
    expect((await confirm(second, { password: admin.password })).statusCode).toBe(200);
    expect((await newUser(second, 'ra-new-4')).statusCode).toBe(201);
    expectProblem(await newUser(first, 'ra-new-5'), {
      status: 403,
      code: 'reauthentication_required',
    });
  });

  it('asks for a user change only when it hands out access: a role given, a reactivation', async () => {
    const admin = await staleAdministrator('ra-users');
    const target = await createTestPerson(testApp.db, { username: 'ra-clerk-2', role: 'support' });
    await testApp.db.insert(personRoles).values({ personId: target.id, roleName: 'operator' });
    const patch = (body: object) => call(admin.cookie, 'PATCH', `/api/v1/users/${target.id}`, body);
    // Names and taking access away are never slowed down.
    for (const body of [{ firstName: 'Renamed' }, { roles: ['support'] }, { enabled: false }]) {
      const response = await patch(body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(200);
    }
    for (const body of [{ enabled: true }, { roles: ['operator', 'support'] }]) {
      expectProblem(await patch(body), { status: 403, code: 'reauthentication_required' });
    }
    const after = await call(admin.cookie, 'GET', `/api/v1/users/${target.id}`);
    expect(after.json().data).toMatchObject({ roles: ['support'], enabled: false });
    expect((await confirm(admin.cookie, { password: admin.password })).statusCode).toBe(200);
    expect((await patch({ enabled: true })).statusCode).toBe(200);
    expect((await patch({ roles: ['operator', 'support'] })).statusCode).toBe(200);
  });

  it('asks for a webhook endpoint change only when it moves data: URL, event types, enabling', async () => {
    const admin = await createTestPerson(testApp.db, { username: 'ra-hooks', role: 'admin' });
    const cookie = await signIn(testApp.app, 'ra-hooks', admin.password);
    const created = await call(cookie, 'POST', '/api/v1/developers/webhook-endpoints', {
      merchantId: shop.id,
      url: 'https://hooks.example/one',
      eventTypes: ['invoice.done'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data as { id: number };
    await authenticatedAgo(admin.id, RECENT_AUTHENTICATION_MINUTES + 1);
    const patch = (body: object) =>
      call(cookie, 'PATCH', `/api/v1/developers/webhook-endpoints/${id}`, body);
    expect((await patch({ enabled: false })).statusCode).toBe(200);
    expect((await patch({ description: 'Orders' })).statusCode).toBe(200);
    for (const body of [
      { url: 'https://elsewhere.example/hook' },
      { eventTypes: ['invoice.done', 'invoice.failed'] },
      { enabled: true },
    ]) {
      expectProblem(await patch(body), { status: 403, code: 'reauthentication_required' });
    }
    const listed = await call(
      cookie,
      'GET',
      `/api/v1/developers/webhook-endpoints?merchantId=${shop.id}`,
    );
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id, url: 'https://hooks.example/one', enabled: false }),
    ]);
    // Deleting it is not slowed down either.
    expect(
      (await call(cookie, 'DELETE', `/api/v1/developers/webhook-endpoints/${id}`)).statusCode,
    ).toBe(200);
  });

  it('refuses a missing permission as before, without asking to confirm', async () => {
    const clerk = await createTestPerson(testApp.db, { username: 'ra-clerk', role: 'support' });
    const cookie = await signIn(testApp.app, 'ra-clerk', clerk.password);
    await authenticatedAgo(clerk.id, RECENT_AUTHENTICATION_MINUTES + 1);
    expectProblem(await newUser(cookie, 'ra-new-6'), { status: 403, code: 'forbidden' });
  });

  it('with a second factor, asks for its code too, and a wrong one counts towards the lock', async () => {
    const admin = await staleAdministrator('ra-2fa');
    const fresh = await signIn(testApp.app, 'ra-2fa', admin.password);
    const started = await call(fresh, 'POST', '/api/v1/two-factor/enrolment', {
      currentPassword: admin.password,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json().data as { secret: string };
    const enabled = await call(fresh, 'POST', '/api/v1/two-factor/enrolment/confirm', {
      code: codeOf(secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes = enabled.json().data.recoveryCodes as string[];
    // Turning the second factor on ended the other sessions: sign in with it, then let it age.
    const pending = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'ra-2fa', password: admin.password },
      remoteAddress: newAddress(),
    });
    const secondStep = pending.cookies.find(({ name }) => name === 'second_factor');
    const signedIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login/two-factor',
      headers: { cookie: `second_factor=${secondStep?.value}` },
      payload: { code: recoveryCodes[0] },
      remoteAddress: newAddress(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const jwt = signedIn.cookies.find(({ name }) => name === 'jwt');
    const cookie = `jwt=${jwt?.value}`;
    await authenticatedAgo(admin.id, RECENT_AUTHENTICATION_MINUTES + 1);

    const attemptsBefore = await testApp.db.select({ total: count() }).from(loginAttempts);
    const noCode = await confirm(cookie, { password: admin.password });
    expectProblem(noCode, {
      status: 400,
      code: 'two_factor_code_invalid',
      detail: REAUTHENTICATION_MESSAGES.codeMissing,
    });
    // Refused before the password was checked: nothing was counted.
    expect(await testApp.db.select({ total: count() }).from(loginAttempts)).toEqual(attemptsBefore);

    const failuresBefore = await secondFactorFailuresOf(admin.id);
    const wrongCode = await confirm(cookie, { password: admin.password, code: '000000' });
    expectProblem(wrongCode, {
      status: 400,
      code: 'two_factor_code_invalid',
      detail: TWO_FACTOR_MESSAGES.wrongCode,
    });
    expect(await secondFactorFailuresOf(admin.id)).toBe(failuresBefore + 1);
    expectProblem(await newUser(cookie, 'ra-new-7'), {
      status: 403,
      code: 'reauthentication_required',
    });

    // A wrong password with a right code is still refused, and the code is not spent.
    const wrongPassword = await confirm(cookie, { password: 'nope', code: codeOf(secret, 1) });
    expectProblem(wrongPassword, { status: 400, code: 'wrong_current_password' });

    const right = await confirm(cookie, { password: admin.password, code: codeOf(secret, 1) });
    expect(right.statusCode, right.body).toBe(200);
    expect((await newUser(cookie, 'ra-new-7')).statusCode).toBe(201);
    const [confirmed] = await eventsOf('REAUTHENTICATED', admin.id);
    expect(confirmed?.description).toBe('Confirmed with password and second-factor code');
  });

  it('validates the body: a password is required, nothing else is taken', async () => {
    const admin = await staleAdministrator('ra-body');
    expectProblem(await confirm(admin.cookie, {}), { status: 400, code: 'validation_failed' });
    expectProblem(await confirm(admin.cookie, { password: admin.password, extra: 1 }), {
      status: 400,
      code: 'validation_failed',
    });
    expectProblem(await confirm(admin.cookie, { password: 12345 }), {
      status: 400,
      code: 'validation_failed',
    });
    const noSession = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/reauthentication',
      payload: { password: admin.password },
    });
    expectProblem(noSession, { status: 401, code: 'unauthenticated' });
  });

  it('throttles guessing the password through a session like sign-in does', async () => {
    const admin = await staleAdministrator('ra-guess');
    const address = newAddress();
    let last: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      last = await confirm(admin.cookie, { password: `guess ${attempt}` }, address);
      if (last.statusCode === 429) break;
    }
    expect(last).toBeDefined();
    if (last) expectProblem(last, { status: 429, code: 'too_many_attempts' });
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
  });

  const secondFactorFailuresOf = async (personId: number) => {
    const [row] = await testApp.db
      .select({ failures: people.secondFactorFailures })
      .from(people)
      .where(eq(people.id, personId));
    return row?.failures ?? 0;
  };
});
