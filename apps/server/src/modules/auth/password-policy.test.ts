import { PASSWORD_MESSAGES } from '@paygate/domain';
import { dictionary } from '@zxcvbn-ts/language-common';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, loginAttempts } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestApp, createTestPerson, signIn, type TestApp } from '../../testing/test-app.ts';
import { newPasswordProblem } from './password-policy.ts';

describe('newPasswordProblem (issue 22 item 6, NIST SP 800-63B)', () => {
  it('accepts a long password that is on no list and does not contain the username', () => {
    expect(newPasswordProblem('correct horse battery staple', 'anna')).toBeNull();
    expect(newPasswordProblem('Tr0ub4dor&3-and-more', 'anna')).toBeNull();
  });

  it('refuses fewer than 12 characters, and accepts 12', () => {
    expect(newPasswordProblem('k7#Qm2!vXp9', 'anna')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordProblem('k7#Qm2!vXp9z', 'anna')).toBeNull();
  });

  it('refuses a password containing the username', () => {
    expect(newPasswordProblem('anna-2024-spring', 'Anna')).toBe(PASSWORD_MESSAGES.containsUsername);
  });

  it.each([
    'password1234',
    'qwerty123456',
    'QWERTY123456',
    'Password1234',
    '1q2w3e4r5t6y',
    'administrator',
  ])('refuses the common password %j, whatever its letter case', (password) => {
    expect(newPasswordProblem(password, 'anna')).toBe(PASSWORD_MESSAGES.common);
  });

  it('checks the maintained list of zxcvbn-ts: its long entries are refused', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(10_000);
    const long = list.filter((entry) => [...entry].length >= 12);
    expect(long.length).toBeGreaterThan(100);
    for (const entry of long.slice(0, 200))
      expect(newPasswordProblem(entry, 'nobody-at-all')).not.toBeNull();
  });

  it('names the length before the list: a short common password is too short', () => {
    expect(newPasswordProblem('password', 'anna')).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('does not refuse a password because a common one is inside it', () => {
    expect(newPasswordProblem('password1234 and a horse', 'anna')).toBeNull();
  });
});

describe.each(TEST_DATABASE_KINDS)('password change policy on %s', (kind) => {
  let testApp: TestApp;
  let cookie: string;
  let personId: number;
  let password = 'greta-password';

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    personId = (await createTestPerson(testApp.db, { username: 'greta', role: 'support' })).id;
    cookie = await signIn(testApp.app, 'greta', password);
  });
  afterAll(async () => testApp?.close());

  const change = (newPassword: string, currentPassword = password) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/user/change_password',
      headers: { cookie },
      payload: { currentPassword, newPassword },
    });
  const attempts = async () =>
    (await testApp.db.select().from(loginAttempts).where(eq(loginAttempts.username, 'greta')))
      .length;

  it.each([
    ['eleven-char', PASSWORD_MESSAGES.tooShort],
    ['password1234', PASSWORD_MESSAGES.common],
    ['qwerty123456', PASSWORD_MESSAGES.common],
    ['greta-in-the-garden', PASSWORD_MESSAGES.containsUsername],
  ])('refuses %j with 400 and says why, the password unchanged', async (newPassword, message) => {
    const before = await attempts();
    const response = await change(newPassword);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: message });
    // A refused new password does not count as a password check.
    expect(await attempts()).toBe(before);
    const [latest] = await testApp.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.personId, personId))
      .orderBy(desc(eventLog.id))
      .limit(1);
    expect(latest?.eventCode).toBe('LOGIN_SUCCEEDED');
  });

  it('refuses a new password on the list even with a wrong current password: the policy first', async () => {
    const response = await change('qwerty123456', 'not-the-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(PASSWORD_MESSAGES.common);
  });

  it('accepts a password of exactly 12 characters that is on no list', async () => {
    const response = await change('k7#Qm2!vXp9z');
    expect(response.statusCode).toBe(200);
    password = 'k7#Qm2!vXp9z';
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'greta', password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps a long password whole: never truncated', async () => {
    const long = `${'k7#Qm2!vXp9z'.repeat(20)}-end`;
    expect((await change(long)).statusCode).toBe(200);
    password = long;
    const truncated = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'greta', password: long.slice(0, 72) },
    });
    expect(truncated.statusCode).toBe(401);
    const whole = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'greta', password: long },
    });
    expect(whole.statusCode).toBe(200);
  });
});
