import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, people, personRoles, recoveryCodes, roles, sessions } from '../../db/schema.ts';
import {
  configureSecretsAtRest,
  openTotpSecret,
  sealTotpSecret,
} from '../../db/secrets-at-rest.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { lockWaitCount } from '../../testing/lock-waits.ts';
import { TEST_SERVER_SECRET } from '../../testing/secrets-at-rest.setup.ts';
import {
  createTestApp,
  createTestPerson,
  sessionCookieOf,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { LOGIN_THROTTLE } from './login-throttle.ts';
import { SECOND_FACTOR_COOKIE, SECOND_FACTOR_COOKIE_PATH } from './session-cookies.ts';
import { SECOND_FACTOR_FAILURES_MAX, TWO_FACTOR_MESSAGES } from './two-factor-service.ts';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

const cookieOf = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

describe.each(TEST_DATABASE_KINDS)('two-factor sign-in on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp?.close());

  const eventsOf = (eventCode: string, personId: number) =>
    testApp.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.eventCode, eventCode), eq(eventLog.personId, personId)));
  const post = (
    url: string,
    cookie: string | undefined,
    payload?: object,
    remoteAddress = '127.0.0.1',
  ) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
      remoteAddress,
    });
  const login = (username: string, password: string, remoteAddress?: string) =>
    post('/api/v1/login', undefined, { username, password }, remoteAddress);
  const me = (cookie: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/v1/people/me', headers: { cookie } });
  /**
   * The password step, then `code` as the second one, from `remoteAddress`: the second step's
   * answer. (Each password step counts against the address until a code passes: tests that take
   * many keep to an address of their own.)
   */
  const signInWithCode = async (
    username: string,
    password: string,
    code: string,
    remoteAddress: string,
  ) => {
    const pending = cookieOf(await login(username, password, remoteAddress), SECOND_FACTOR_COOKIE);
    return post('/api/v1/login/two-factor', pending, { code }, remoteAddress);
  };

  /** A person with two-factor sign-in on; answers their secret, recovery codes and password. */
  const enrolled = async (username: string) => {
    const person = await createTestPerson(testApp.db, { username, role: 'support' });
    const cookie = await signIn(testApp.app, username, person.password);
    const start = await post('/api/v1/two-factor/enrolment', cookie, {
      currentPassword: person.password,
    });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json().data;
    const confirm = await post('/api/v1/two-factor/enrolment/confirm', cookie, {
      code: codeOf(secret),
    });
    expect(confirm.statusCode).toBe(200);
    return {
      ...person,
      secret,
      cookie,
      recoveryCodes: confirm.json().data.recoveryCodes as string[],
    };
  };

  it('enrols from settings: a QR code and URI of the secret, a first code, 10 recovery codes', async () => {
    const person = await createTestPerson(testApp.db, { username: 'tanya', role: 'support' });
    const cookie = await signIn(testApp.app, 'tanya', person.password);
    const before = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/two-factor',
      headers: { cookie },
    });
    expect(before.json().data).toEqual({
      enabled: false,
      enabledAt: null,
      required: false,
      recoveryCodesLeft: 0,
    });
    const withPassword = { currentPassword: person.password };
    const start = (await post('/api/v1/two-factor/enrolment', cookie, withPassword)).json().data;
    expect(start.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.otpauthUri).toContain('otpauth://totp/');
    expect(start.otpauthUri).toContain(`secret=${start.secret}`);
    expect(start.otpauthUri).toContain('tanya');
    expect(start.qrSvg).toMatch(/^<svg/);
    // Starting is audited (a restart replaces a secret an app may already hold); it is not on yet.
    expect(await eventsOf('TWO_FACTOR_ENROLMENT_STARTED', person.id)).toEqual([
      expect.objectContaining({
        entityType: 'person',
        entityId: String(person.id),
        sourceIp: '127.0.0.1',
      }),
    ]);
    const restart = (await post('/api/v1/two-factor/enrolment', cookie, withPassword)).json().data;
    expect(restart.secret).not.toBe(start.secret);
    expect(await eventsOf('TWO_FACTOR_ENROLMENT_STARTED', person.id)).toHaveLength(2);
    expect(await eventsOf('TWO_FACTOR_ENABLED', person.id)).toHaveLength(0);

    const wrong = await post('/api/v1/two-factor/enrolment/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      detail: TWO_FACTOR_MESSAGES.wrongCode,
      code: 'two_factor_code_invalid',
    });

    // The restart's secret is the pending one now.
    const stale = await post('/api/v1/two-factor/enrolment/confirm', cookie, {
      code: codeOf(start.secret),
    });
    expect(stale.statusCode).toBe(400);
    const confirm = await post('/api/v1/two-factor/enrolment/confirm', cookie, {
      code: codeOf(restart.secret),
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/two-factor',
      headers: { cookie },
    });
    expect(status.json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The secret is stored encrypted, not as the app's base32.
    const [row] = await testApp.db.select().from(people).where(eq(people.id, person.id));
    expect(row?.totpSecret).not.toContain(restart.secret);
    expect(openTotpSecret(row?.totpSecret ?? '')).toBe(restart.secret);
    const events = await testApp.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.eventCode, 'TWO_FACTOR_ENABLED'), eq(eventLog.personId, person.id)));
    expect(events).toHaveLength(1);
    // Once on, a second enrolment is refused.
    expect((await post('/api/v1/two-factor/enrolment', cookie, withPassword)).statusCode).toBe(409);
  });

  it('sets up from settings only after the current password (a stolen session alone cannot)', async () => {
    const person = await createTestPerson(testApp.db, { username: 'vera', role: 'support' });
    const cookie = await signIn(testApp.app, 'vera', person.password);
    const without = await post('/api/v1/two-factor/enrolment', cookie, {});
    expect(without.statusCode).toBe(400);
    const wrong = await post('/api/v1/two-factor/enrolment', cookie, {
      currentPassword: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      detail: 'Current password is incorrect',
      code: 'wrong_current_password',
    });
    expect(await eventsOf('TWO_FACTOR_ENROLMENT_REFUSED', person.id)).toHaveLength(1);
    expect(await eventsOf('TWO_FACTOR_ENROLMENT_STARTED', person.id)).toHaveLength(0);
    const [row] = await testApp.db.select().from(people).where(eq(people.id, person.id));
    expect(row?.totpPendingSecret ?? null).toBeNull();

    // Guessing the password through the session meets the sign-in throttle.
    let answer = wrong;
    for (let guess = 0; guess < 20 && answer.statusCode !== 429; guess += 1) {
      answer = await post('/api/v1/two-factor/enrolment', cookie, {
        currentPassword: `guess-${guess}`,
      });
    }
    expect(answer.statusCode).toBe(429);
    expect(answer.json().detail).toMatch(/^Too many wrong passwords\./);
  });

  it('asks for the code after the right password, and signs in only with it', async () => {
    const person = await enrolled('ulugbek');
    const wrongPassword = await login('ulugbek', 'not-the-password');
    expect(wrongPassword.statusCode).toBe(401);

    const first = await login('ulugbek', person.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ next: 'two-factor' });
    expect(cookieOf(first, 'jwt')).toBeUndefined();
    const pending = cookieOf(first, SECOND_FACTOR_COOKIE);
    expect(pending).toBeDefined();
    const pendingCookie = first.cookies.find((cookie) => cookie.name === SECOND_FACTOR_COOKIE);
    expect(pendingCookie).toMatchObject({
      httpOnly: true,
      path: '/api/v1/login',
      sameSite: 'Strict',
    });

    const wrong = await post('/api/v1/login/two-factor', pending, { code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(cookieOf(wrong, 'jwt')).toBeUndefined();

    // One code, computed once: a step boundary must not make the replay below a new code.
    const code = codeOf(person.secret, 1);
    const right = await post('/api/v1/login/two-factor', pending, { code });
    expect(right.statusCode).toBe(200);
    const session = sessionCookieOf(right);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/people/me',
      headers: { cookie: session },
    });
    expect(me.json().data.username).toBe('ulugbek');

    // The same code never signs in twice (replay), even with a fresh password step.
    const again = await login('ulugbek', person.password);
    const replay = await post('/api/v1/login/two-factor', cookieOf(again, SECOND_FACTOR_COOKIE), {
      code,
    });
    expect(replay.statusCode).toBe(400);
    const failed = await testApp.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.eventCode, 'TWO_FACTOR_FAILED'), eq(eventLog.personId, person.id)));
    expect(failed).toHaveLength(2);
  });

  it('takes a recovery code once instead of the app code', async () => {
    const person = await enrolled('vasila');
    const [recovery] = person.recoveryCodes;
    const pending = cookieOf(await login('vasila', person.password), SECOND_FACTOR_COOKIE);
    const signed = await post('/api/v1/login/two-factor', pending, {
      code: recovery?.toUpperCase().replace('-', ' '),
    });
    expect(signed.statusCode).toBe(200);
    const reused = await post(
      '/api/v1/login/two-factor',
      cookieOf(await login('vasila', person.password), SECOND_FACTOR_COOKIE),
      { code: recovery },
    );
    expect(reused.statusCode).toBe(400);
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/two-factor',
      headers: { cookie: sessionCookieOf(signed) },
    });
    expect(status.json().data.recoveryCodesLeft).toBe(9);
  });

  it('takes a recovery code when the app’s secret can no longer be opened', async () => {
    const person = await enrolled('timur');
    // As left by a change of JWT_SECRET before JWT_SECRET_PREVIOUS covered second factors.
    try {
      configureSecretsAtRest('a server secret nobody has any more, 0123456789');
      await testApp.db
        .update(people)
        .set({ totpSecret: sealTotpSecret(person.secret) })
        .where(eq(people.id, person.id));
    } finally {
      configureSecretsAtRest(TEST_SERVER_SECRET);
    }
    const appCode = await post(
      '/api/v1/login/two-factor',
      cookieOf(await login('timur', person.password), SECOND_FACTOR_COOKIE),
      { code: codeOf(person.secret) },
    );
    expect(appCode.statusCode).toBe(400);
    const recovery = await post(
      '/api/v1/login/two-factor',
      cookieOf(await login('timur', person.password), SECOND_FACTOR_COOKIE),
      { code: person.recoveryCodes[0] },
    );
    expect(recovery.statusCode).toBe(200);
  });

  it('ends the session the browser held once the second step signs in, not at the password', async () => {
    const person = await enrolled('wanda');
    const held = person.cookie;
    const from = '10.8.1.1';
    const first = await post(
      '/api/v1/login',
      held,
      { username: 'wanda', password: person.password },
      from,
    );
    expect(first.json().data).toEqual({ next: 'two-factor' });
    // The password alone is no sign-in: the session held stays.
    expect((await me(held)).statusCode).toBe(200);

    const pending = cookieOf(first, SECOND_FACTOR_COOKIE);
    const second = await post(
      '/api/v1/login/two-factor',
      `${pending}; ${held}`,
      { code: person.recoveryCodes[0] },
      from,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect((await me(sessionCookieOf(second))).statusCode).toBe(200);
    expect((await me(held)).statusCode).toBe(401);
    // The step is over: its cookie goes, and the session's is a browser-session cookie.
    expect(second.cookies.find(({ name }) => name === SECOND_FACTOR_COOKIE)).toMatchObject({
      value: '',
      path: SECOND_FACTOR_COOKIE_PATH,
    });
    expect(second.cookies.find(({ name }) => name === 'jwt')?.expires).toBeUndefined();
  });

  it('ends another person’s session the browser held when enrolment at sign-in signs in', async () => {
    await testApp.db
      .insert(roles)
      .values({ name: 'Sealed', permissions: ['merchant.read'], requiresTwoFactor: true });
    const sam = await createTestPerson(testApp.db, { username: 'sam', role: 'support' });
    const held = await signIn(testApp.app, 'sam', sam.password);
    const person = await createTestPerson(testApp.db, {
      username: 'gulnora',
      role: 'Sealed' as 'support',
    });
    const from = '10.8.2.1';
    const first = await post(
      '/api/v1/login',
      held,
      { username: 'gulnora', password: person.password },
      from,
    );
    expect(first.json().data).toEqual({ next: 'two-factor-enrolment' });
    const both = `${cookieOf(first, SECOND_FACTOR_COOKIE)}; ${held}`;
    const start = await post('/api/v1/login/two-factor/enrolment', both, undefined, from);
    const { secret } = start.json().data;
    expect((await me(held)).statusCode).toBe(200);
    const confirm = await post(
      '/api/v1/login/two-factor/enrolment/confirm',
      both,
      { code: codeOf(secret) },
      from,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await me(sessionCookieOf(confirm))).json().data.username).toBe('gulnora');
    expect((await me(held)).statusCode).toBe(401);
    const [ended] = await testApp.db
      .select({ endReason: sessions.endReason })
      .from(sessions)
      .where(eq(sessions.personId, sam.id));
    expect(ended?.endReason).toBe('new-sign-in');
  });

  it('stores recovery codes salted, each with a salt of its own, never as their bare SHA-256', async () => {
    const person = await enrolled('olim');
    const rows = await testApp.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.personId, person.id));
    expect(rows).toHaveLength(10);
    const bare = new Set(
      person.recoveryCodes.map((code) =>
        createHash('sha256').update(code.replace('-', '')).digest('hex'),
      ),
    );
    for (const { codeHash } of rows) {
      expect(codeHash).toMatch(/^s2\$[\w-]{22}\$[\w-]{43}$/);
      expect(bare.has(codeHash)).toBe(false);
    }
    expect(new Set(rows.map(({ codeHash }) => codeHash.split('$')[1])).size).toBe(10);
    // What the person sees is as before: any of them signs in, once.
    const code = person.recoveryCodes[3] ?? '';
    const from = '10.8.3.1';
    expect(
      (await signInWithCode('olim', person.password, code.toUpperCase(), from)).statusCode,
    ).toBe(200);
    expect((await signInWithCode('olim', person.password, code, from)).statusCode).toBe(400);
  });

  it('still takes a recovery code stored before salting, once, until the codes are renewed', async () => {
    const person = await enrolled('bakhrom');
    /** A code as codes were stored before the salt: the bare SHA-256, hex. */
    const storeUnsalted = (code: string) =>
      testApp.db.insert(recoveryCodes).values({
        personId: person.id,
        codeHash: createHash('sha256').update(code.replace('-', '')).digest('hex'),
      });
    const from = '10.8.4.1';
    await storeUnsalted('abcde-fghjk');
    await storeUnsalted('mnpqr-stuvw');
    expect((await signInWithCode('bakhrom', person.password, 'ABCDE FGHJK', from)).statusCode).toBe(
      200,
    );
    expect((await signInWithCode('bakhrom', person.password, 'abcde-fghjk', from)).statusCode).toBe(
      400,
    );

    const renewed = await post('/api/v1/two-factor/recovery-codes', person.cookie, {
      code: codeOf(person.secret, 1),
    });
    expect(renewed.statusCode).toBe(200);
    expect((await signInWithCode('bakhrom', person.password, 'mnpqr-stuvw', from)).statusCode).toBe(
      400,
    );
  });

  it('takes a recovery code once when two sign-ins send it at the same moment', async () => {
    const person = await enrolled('dilnoza');
    const addresses = ['10.7.0.1', '10.7.0.2'];
    const pending: (string | undefined)[] = [];
    // The password steps one after the other (the sign-in throttle), the codes at once.
    for (const remoteAddress of addresses) {
      const first = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'dilnoza', password: person.password },
        remoteAddress,
      });
      pending.push(cookieOf(first, SECOND_FACTOR_COOKIE));
    }
    const answers = await Promise.all(
      addresses.map((remoteAddress, index) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/v1/login/two-factor',
          headers: { cookie: pending[index] ?? '' },
          payload: { code: person.recoveryCodes[0] },
          remoteAddress,
        }),
      ),
    );
    expect(answers.map(({ statusCode }) => statusCode).sort()).toEqual([200, 400]);
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/two-factor',
      headers: { cookie: person.cookie },
    });
    expect(status.json().data.recoveryCodesLeft).toBe(9);
  });

  it('refuses the second step without the password step or with a session token', async () => {
    const person = await enrolled('walter');
    expect(
      (await post('/api/v1/login/two-factor', undefined, { code: codeOf(person.secret) }))
        .statusCode,
    ).toBe(401);
    const asSession = person.cookie.replace(/^jwt=/, `${SECOND_FACTOR_COOKIE}=`);
    expect(
      (await post('/api/v1/login/two-factor', asSession, { code: codeOf(person.secret) }))
        .statusCode,
    ).toBe(401);
    // A verify step cannot enrol anew.
    const pending = cookieOf(await login('walter', person.password), SECOND_FACTOR_COOKIE);
    const enrol = await post('/api/v1/login/two-factor/enrolment', pending);
    expect(enrol.statusCode).toBe(401);
    // The sign-in starts again: a code of its own, apart from a missing session.
    expect(enrol.json().code).toBe('second_step_expired');
  });

  it('throttles wrong codes like wrong passwords', async () => {
    const person = await enrolled('xenia');
    const pending = cookieOf(await login('xenia', person.password), SECOND_FACTOR_COOKIE);
    const statuses: number[] = [];
    // Waits double from the 6th failure (1 s, 2 s, 4 s…): with 10 tries one lands inside a wait
    // even when each request takes seconds on a busy machine.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push(
        (await post('/api/v1/login/two-factor', pending, { code: '111111' })).statusCode,
      );
    }
    expect(statuses).toContain(429);
    // Throttled: even the right code waits.
    // One code, computed once: a step boundary must not make the replay below a new code.
    const code = codeOf(person.secret, 1);
    const right = await post('/api/v1/login/two-factor', pending, { code });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  /**
   * Guesses of `guess` taken in turns with a right password (`rightPassword`), until one of them
   * is throttled: the throttled answer and how many wrong codes were checked before it.
   */
  const guessBetweenRightPasswords = async (
    rightPassword: (attempt: number) => Promise<LightMyRequestResponse>,
    guess: (passwordAnswer: LightMyRequestResponse) => Promise<LightMyRequestResponse>,
  ) => {
    let wrongCodesChecked = 0;
    // Waits double from the 6th failure (1 s, 2 s, 4 s…): with 10 rounds one lands inside a
    // wait even when each request takes seconds on a busy machine.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const password = await rightPassword(attempt);
      if (password.statusCode === 429) return { throttled: password, wrongCodesChecked };
      expect(password.statusCode, password.body).toBe(200);
      const code = await guess(password);
      if (code.statusCode === 429) return { throttled: code, wrongCodesChecked };
      expect(code.statusCode, code.body).toBe(400);
      wrongCodesChecked += 1;
    }
    return { throttled: undefined, wrongCodesChecked };
  };

  /** A throttled answer as wrong passwords get it: 429 too_many_attempts with Retry-After. */
  const expectLockedOut = ({
    throttled,
    wrongCodesChecked,
  }: Awaited<ReturnType<typeof guessBetweenRightPasswords>>) => {
    expect(throttled?.statusCode).toBe(429);
    expect(throttled?.json().code).toBe('too_many_attempts');
    expect(Number(throttled?.headers['retry-after'])).toBeGreaterThan(0);
    // No more guesses than the free failures of wrong passwords.
    expect(wrongCodesChecked).toBeLessThanOrEqual(LOGIN_THROTTLE.pair.freeFailures);
  };

  it('locks out wrong codes at sign-in though each comes after the right password', async () => {
    const person = await enrolled('yaroslav');
    expectLockedOut(
      await guessBetweenRightPasswords(
        () => login('yaroslav', person.password),
        (first) =>
          post('/api/v1/login/two-factor', cookieOf(first, SECOND_FACTOR_COOKIE), {
            code: '111111',
          }),
      ),
    );
  });

  it('locks out wrong codes in Security though a right current password comes between them', async () => {
    const person = await enrolled('yekaterina');
    // The right current password each time: a password change to one of these in turn.
    const passwords = ['a long and quiet river', 'seven herons over the marsh'];
    let current = person.password;
    const result = await guessBetweenRightPasswords(
      async (attempt) => {
        const next = passwords[attempt % 2] ?? '';
        const changed = await post('/api/v1/user/change_password', person.cookie, {
          currentPassword: current,
          newPassword: next,
        });
        if (changed.statusCode === 200) current = next;
        return changed;
      },
      () => post('/api/v1/two-factor/disable', person.cookie, { code: '111111' }),
    );
    expectLockedOut(result);
    // Still on: the guesses got nowhere.
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/two-factor',
      headers: { cookie: person.cookie },
    });
    expect(status.json().data.enabled).toBe(true);
  });

  it('leads a person whose role requires it through enrolment at sign-in', async () => {
    await testApp.db.insert(roles).values({
      name: 'Guarded',
      permissions: ['merchant.read'],
      requiresTwoFactor: true,
    });
    const person = await createTestPerson(testApp.db, {
      username: 'yusuf',
      role: 'Guarded' as 'support',
    });
    const first = await login('yusuf', person.password);
    expect(first.json().data).toEqual({ next: 'two-factor-enrolment' });
    const pending = cookieOf(first, SECOND_FACTOR_COOKIE);
    // No session before enrolment: the app code step is not open either.
    expect((await post('/api/v1/login/two-factor', pending, { code: '123456' })).statusCode).toBe(
      401,
    );

    const start = await post('/api/v1/login/two-factor/enrolment', pending);
    expect(start.statusCode).toBe(200);
    const { secret } = start.json().data;
    expect(await eventsOf('TWO_FACTOR_ENROLMENT_STARTED', person.id)).toHaveLength(1);
    const confirm = await post('/api/v1/login/two-factor/enrolment/confirm', pending, {
      code: codeOf(secret),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data.recoveryCodes).toHaveLength(10);
    const session = sessionCookieOf(confirm);
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/two-factor',
      headers: { cookie: session },
    });
    expect(status.json().data).toMatchObject({ enabled: true, required: true });
    // Required: it cannot be turned off.
    const off = await post('/api/v1/two-factor/disable', session, { code: codeOf(secret, 1) });
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toBe(TWO_FACTOR_MESSAGES.required);
    // The next sign-in asks for the code.
    expect((await login('yusuf', person.password)).json().data).toEqual({ next: 'two-factor' });
  });

  it('issues new recovery codes and turns off after a code', async () => {
    const person = await enrolled('zarina');
    const wrong = await post('/api/v1/two-factor/recovery-codes', person.cookie, {
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const fresh = await post('/api/v1/two-factor/recovery-codes', person.cookie, {
      code: codeOf(person.secret, 1),
    });
    expect(fresh.statusCode).toBe(200);
    const newCodes: string[] = fresh.json().data.recoveryCodes;
    expect(newCodes.some((code) => person.recoveryCodes.includes(code))).toBe(false);
    // An old recovery code no longer signs in.
    const pending = cookieOf(await login('zarina', person.password), SECOND_FACTOR_COOKIE);
    expect(
      (await post('/api/v1/login/two-factor', pending, { code: person.recoveryCodes[0] }))
        .statusCode,
    ).toBe(400);

    const off = await post('/api/v1/two-factor/disable', person.cookie, { code: newCodes[0] });
    expect(off.statusCode).toBe(200);
    // Off: the password alone signs in again.
    const plain = await login('zarina', person.password);
    expect(plain.json().data.expiresAt).toBeDefined();
    expect(cookieOf(plain, 'jwt')).toBeDefined();
  });

  it('ends the person’s other sessions when their second factor changes, and keeps this one', async () => {
    const me = (cookie: string) =>
      testApp.app.inject({ method: 'GET', url: '/api/v1/two-factor', headers: { cookie } });
    /** Another session of the person, e.g. an intruder's, signed in with the second factor. */
    const otherSession = async (password: string, code: string) => {
      const pending = cookieOf(await login('yulia', password), SECOND_FACTOR_COOKIE);
      const second = await post('/api/v1/login/two-factor', pending, { code });
      expect(second.statusCode, second.body).toBe(200);
      return cookieOf(second, 'jwt') ?? '';
    };

    // Turning it on: a session opened before (with the password alone) ends.
    const person = await createTestPerson(testApp.db, { username: 'yulia', role: 'support' });
    const own = await signIn(testApp.app, 'yulia', person.password);
    const before = await signIn(testApp.app, 'yulia', person.password);
    const start = await post('/api/v1/two-factor/enrolment', own, {
      currentPassword: person.password,
    });
    const { secret } = start.json().data;
    const confirm = await post('/api/v1/two-factor/enrolment/confirm', own, {
      code: codeOf(secret, -1),
    });
    expect(confirm.statusCode).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(own)).statusCode).toBe(200);

    // New recovery codes: the same. (Each app code is taken once: recovery codes sign in here.)
    const other = await otherSession(person.password, confirm.json().data.recoveryCodes[0]);
    const codes = await post('/api/v1/two-factor/recovery-codes', own, { code: codeOf(secret) });
    expect(codes.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(own)).statusCode).toBe(200);

    // Turning it off: the same.
    const { recoveryCodes } = codes.json().data;
    const another = await otherSession(person.password, recoveryCodes[0]);
    const off = await post('/api/v1/two-factor/disable', own, { code: recoveryCodes[1] });
    expect(off.statusCode).toBe(200);
    expect((await me(another)).statusCode).toBe(401);
    expect((await me(own)).statusCode).toBe(200);
  });

  it('locks the app codes after 20 wrong codes in a row until an administrator resets them; recovery codes still work', async () => {
    const person = await enrolled('lola');
    const failuresOf = async () =>
      (await testApp.db.select().from(people).where(eq(people.id, person.id)))[0]
        ?.secondFactorFailures;
    // Each from an address of its own: the sign-in throttle, which spaces out wrong codes from
    // an address, stays out of a test of the lock, and the file's other sign-ins are not slowed.
    let attempt = 0;
    const secondStep = async (code: string) => {
      attempt += 1;
      const address = `10.9.0.${attempt}`;
      const pending = cookieOf(await login('lola', person.password, address), SECOND_FACTOR_COOKIE);
      return post('/api/v1/login/two-factor', pending, { code }, address);
    };
    // A right code forgives the wrong ones before it.
    expect((await secondStep('000000')).statusCode).toBe(400);
    expect(await failuresOf()).toBe(1);
    expect((await secondStep(person.recoveryCodes[0] ?? '')).statusCode).toBe(200);
    expect(await failuresOf()).toBe(0);

    // Nineteen wrong ones in a row (set directly: the sign-in throttle spaces them out), then one.
    await testApp.db
      .update(people)
      .set({ secondFactorFailures: SECOND_FACTOR_FAILURES_MAX - 1 })
      .where(eq(people.id, person.id));
    expect((await secondStep('000000')).statusCode).toBe(400);
    expect(await eventsOf('TWO_FACTOR_LOCKED', person.id)).toHaveLength(1);
    // Now no app code is checked, not even a right one, at sign-in or in Settings.
    for (const response of [
      await secondStep(codeOf(person.secret)),
      await post('/api/v1/two-factor/recovery-codes', person.cookie, {
        code: codeOf(person.secret),
      }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'two_factor_locked',
        detail: TWO_FACTOR_MESSAGES.locked,
      });
    }
    expect(await failuresOf()).toBe(SECOND_FACTOR_FAILURES_MAX);

    // A recovery code still signs the owner in (and a wrong one is only wrong), but clears
    // nothing: whoever was guessing app codes gets no fresh tries.
    expect((await secondStep('zzzzz-zzzzz')).statusCode).toBe(400);
    const withRecovery = await secondStep(person.recoveryCodes[1] ?? '');
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    expect(await failuresOf()).toBeGreaterThanOrEqual(SECOND_FACTOR_FAILURES_MAX);
    expect((await secondStep(codeOf(person.secret, 1))).statusCode).toBe(409);
    // In Settings too: renewing the recovery codes with one works while the app codes are locked.
    const renewed = await post('/api/v1/two-factor/recovery-codes', person.cookie, {
      code: person.recoveryCodes[2],
    });
    expect(renewed.statusCode, renewed.body).toBe(200);

    // An administrator's reset clears it: the person enrols again.
    const admin = await createTestPerson(testApp.db, { username: 'lock-admin', role: 'admin' });
    const adminCookie = await signIn(testApp.app, 'lock-admin', admin.password);
    expect(
      (await post(`/api/v1/users/${person.id}/two-factor-reset`, adminCookie)).statusCode,
    ).toBe(200);
    expect(await failuresOf()).toBe(0);
  });

  it('lets an administrator reset a user’s second factor, ending their sessions', async () => {
    const person = await enrolled('adham');
    const admin = await createTestPerson(testApp.db, { username: 'boss', role: 'admin' });
    const adminCookie = await signIn(testApp.app, 'boss', admin.password);
    const view = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/users/${person.id}`,
      headers: { cookie: adminCookie },
    });
    expect(view.json().data.twoFactorEnabled).toBe(true);

    const reset = await post(`/api/v1/users/${person.id}/two-factor-reset`, adminCookie);
    expect(reset.statusCode).toBe(200);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/people/me',
      headers: { cookie: person.cookie },
    });
    expect(me.statusCode).toBe(401);
    // The password went with it (decision 0019): whoever holds it cannot sign in with it alone
    // and enrol first; the one-time link in the answer sets a new one (users' own tests). From an
    // address of its own, so the refusal does not count against this file's other sign-ins.
    expect(reset.json().data).toHaveProperty('expiresAt');
    const withOldPassword = await login('adham', person.password, '10.6.0.1');
    expect(withOldPassword.statusCode).toBe(401);
    expect(cookieOf(withOldPassword, 'jwt')).toBeUndefined();
    const events = await testApp.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.eventCode, 'TWO_FACTOR_RESET'), eq(eventLog.personId, admin.id)));
    expect(events.map((event) => event.entityId)).toEqual([String(person.id)]);
    // Nothing left to reset.
    expect(
      (await post(`/api/v1/users/${person.id}/two-factor-reset`, adminCookie)).statusCode,
    ).toBe(409);
  });

  it('lets a custom role require a second factor, audited', async () => {
    const admin = await createTestPerson(testApp.db, { username: 'chief', role: 'admin' });
    const cookie = await signIn(testApp.app, 'chief', admin.password);
    const created = await post('/api/v1/roles', cookie, {
      name: 'Cashier',
      permissions: ['merchant.read'],
      requiresTwoFactor: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.requiresTwoFactor).toBe(true);
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: `/api/v1/roles/${created.json().data.id}`,
      headers: { cookie },
      payload: { name: 'Cashier', permissions: ['merchant.read'], requiresTwoFactor: false },
    });
    expect(changed.json().data.requiresTwoFactor).toBe(false);
    const [event] = await testApp.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.eventCode, 'ROLE_CHANGED'));
    expect(event?.details).toEqual({ requiresTwoFactor: { from: true, to: false } });
  });

  it('ends a session whose person a role now requires a second factor of, however it was set', async () => {
    await testApp.db.insert(roles).values({ name: 'Vault', permissions: ['merchant.read'] });
    const keeper = await createTestPerson(testApp.db, { username: 'keeper', role: 'support' });
    await testApp.db.insert(personRoles).values({ personId: keeper.id, roleName: 'Vault' });
    const cookie = await signIn(testApp.app, 'keeper', keeper.password);
    const me = () =>
      testApp.app.inject({ method: 'GET', url: '/api/v1/people/me', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    // Switched on around the role service (as TWO_FACTOR_FOR_ADMINS does at start).
    await testApp.db.update(roles).set({ requiresTwoFactor: true }).where(eq(roles.name, 'Vault'));
    expect((await me()).statusCode).toBe(401);
    // And it stays ended, whatever the requirement does next.
    await testApp.db.update(roles).set({ requiresTwoFactor: false }).where(eq(roles.name, 'Vault'));
    expect((await me()).statusCode).toBe(401);
  });

  it('makes a pending second step worthless once the password is reset or changed', async () => {
    await testApp.db
      .insert(roles)
      .values({ name: 'Strongroom', permissions: ['merchant.read'], requiresTwoFactor: true });
    const person = await createTestPerson(testApp.db, {
      username: 'zuhra',
      role: 'Strongroom' as 'support',
    });
    const first = await login('zuhra', person.password);
    expect(first.json().data).toEqual({ next: 'two-factor-enrolment' });
    const pending = cookieOf(first, SECOND_FACTOR_COOKIE);
    // An administrator resets the password (as resetUserPassword stores it) before the step.
    await testApp.db
      .update(people)
      .set({ passwordHash: null, passwordChangedAt: new Date(Date.now() + 1_000) })
      .where(eq(people.id, person.id));
    const start = await post('/api/v1/login/two-factor/enrolment', pending);
    expect(start.statusCode).not.toBe(200);
    expect(cookieOf(start, 'jwt')).toBeUndefined();
  });

  it.runIf(kind === 'postgres')(
    'opens no session for a sign-in whose password a reset under way took away',
    async () => {
      const person = await createTestPerson(testApp.db, { username: 'anvar', role: 'support' });
      let commit: () => void = () => {};
      const committing = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let updated: () => void = () => {};
      const isUpdated = new Promise<void>((resolve) => {
        updated = resolve;
      });
      // An administrator's reset, its row written but not committed yet.
      const reset = testApp.db.transaction(async (tx) => {
        await tx
          .update(people)
          .set({ passwordHash: null, passwordChangedAt: new Date() })
          .where(eq(people.id, person.id));
        updated();
        await committing;
      });
      await isUpdated;
      let answered = false;
      const signingIn = login('anvar', person.password).finally(() => {
        answered = true;
      });
      // With the fix the sign-in waits for the reset; before it, it was answered at once.
      while (!answered && (await lockWaitCount(testApp.db, 'people')) === 0) {
        await new Promise((r) => setImmediate(r));
      }
      commit();
      await reset;
      const answer = await signingIn;
      expect(answer.statusCode, answer.body).toBe(401);
      expect(cookieOf(answer, 'jwt')).toBeUndefined();
    },
  );
});
