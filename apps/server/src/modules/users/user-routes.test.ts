import {
  ALL_PERMISSIONS,
  PASSWORD_MESSAGES,
  PERSON_NAME_MAX_LENGTH,
  ROLE_PERMISSIONS,
  USERNAME_MESSAGE,
} from '@paygate/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import {
  eventLog,
  passwordResetTokens,
  people,
  personRoles,
  roles,
  sessions,
} from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { whileUncommitted } from '../../testing/lock-waits.ts';
import { expectProblem } from '../../testing/problem-assertions.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  sessionCookieOf,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { LINK_GONE_MESSAGE } from './password-link-service.ts';
import { USER_MESSAGES } from './user-service.ts';

interface UserView {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  merchantId: number | null;
  merchantName: string | null;
  roles: string[];
  permissions: string[];
  enabled: boolean;
  hasPassword: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  liveSessions: number;
  manageable: boolean;
}

interface PasswordLink {
  token: string;
  path: string;
  expiresAt: string;
}

const GOOD_PASSWORD = 'a long and quiet river';

/** The code an authenticator app shows now for a base32 `secret`. */
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** Every cookie a response sets, as a request's cookie header (the second step's, at sign-in). */
const cookiesOf = (response: LightMyRequestResponse): string =>
  response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

/** A person holding exactly these roles (custom ones included); their password is `<username>-password`. */
const createPersonWithRoles = async (
  db: Database,
  username: string,
  roleNames: string[],
  merchantId: number | null = null,
) => {
  const person = await createTestPerson(db, { username, role: 'support', merchantId });
  await db.delete(personRoles).where(eq(personRoles.personId, person.id));
  await db
    .insert(personRoles)
    .values(roleNames.map((roleName) => ({ personId: person.id, roleName })));
  return person;
};

describe.each(TEST_DATABASE_KINDS)('users API on %s', (kind) => {
  let testApp: TestApp;
  let shopA: { id: number; name: string };
  let shopB: { id: number; name: string };
  const ids: Record<string, number> = {};
  /** The only holder of the built-in admin role at the start. */
  let root: string;
  /** Shop A's own user manager: the built-in merchant role (user.manage.own). */
  let bossA: string;
  let bossB: string;
  let helpdesk: string;
  /** Every remote address a failed sign-in comes from is new: the address throttle stays out. */
  let nextAddress = 1;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    shopA = await createTestMerchant(db, 'Shop A');
    shopB = await createTestMerchant(db, 'Shop B');
    await db.insert(roles).values([
      { name: 'Clerk', permissions: ['merchant.read'] },
      { name: 'Everything', permissions: [...ALL_PERMISSIONS] },
    ]);
    const people_ = [
      await createTestPerson(db, { username: 'root', role: 'admin' }),
      await createTestPerson(db, { username: 'helpdesk', role: 'support' }),
      await createTestPerson(db, { username: 'boss-a', role: 'merchant', merchantId: shopA.id }),
      await createTestPerson(db, { username: 'boss-b', role: 'merchant', merchantId: shopB.id }),
      await createTestPerson(db, {
        username: 'power-a',
        role: 'merchant',
        merchantId: shopA.id,
        extraPermissions: ['invoice.amount.change'],
      }),
      await createPersonWithRoles(db, 'clerk-a', ['Clerk'], shopA.id),
      await createPersonWithRoles(db, 'clerk-b', ['Clerk'], shopB.id),
    ];
    for (const person of people_) ids[person.username] = person.id;
    root = await signIn(app, 'root', 'root-password');
    bossA = await signIn(app, 'boss-a', 'boss-a-password');
    bossB = await signIn(app, 'boss-b', 'boss-b-password');
    helpdesk = await signIn(app, 'helpdesk', 'helpdesk-password');
  });
  afterAll(async () => testApp?.close());

  const call = (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
    });
  const listUsers = (cookie: string, query = '') => call(cookie, 'GET', `/api/v1/users${query}`);
  const usernames = async (cookie: string, query = '') => {
    const response = await listUsers(cookie, query);
    expect(response.statusCode).toBe(200);
    return (response.json().data.items as UserView[]).map(({ username }) => username);
  };
  const getUser = (cookie: string, id: number) => call(cookie, 'GET', `/api/v1/users/${id}`);
  const patchUser = (cookie: string, id: number, body: object) =>
    call(cookie, 'PATCH', `/api/v1/users/${id}`, body);
  const resetPassword = (cookie: string, id: number) =>
    call(cookie, 'POST', `/api/v1/users/${id}/password-reset`);
  const endSessionsOf = (cookie: string, id: number) =>
    call(cookie, 'DELETE', `/api/v1/users/${id}/sessions`);
  const createUser = (cookie: string, body: Partial<Record<string, unknown>>) =>
    call(cookie, 'POST', '/api/v1/users', {
      firstName: 'New',
      lastName: 'Person',
      merchantId: null,
      roles: ['support'],
      ...body,
    });
  const userCount = async () => {
    const [row] = await testApp.db.select({ total: count() }).from(people);
    return row?.total ?? 0;
  };
  const checkLink = (token: string) => call(undefined, 'GET', `/api/v1/password-reset/${token}`);
  const useLink = (token: string, newPassword: string) =>
    call(undefined, 'POST', `/api/v1/password-reset/${token}`, { newPassword });
  const login = (username: string, password: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password },
      remoteAddress: `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
    });
  const me = (cookie: string) => call(cookie, 'GET', '/api/v1/people/me');

  /** Creates a user as `cookie` and returns them with their one-time link. */
  const created = async (cookie: string, body: Partial<Record<string, unknown>>) => {
    const response = await createUser(cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { user: UserView; passwordLink: PasswordLink };
  };
  /** A user who has set their password through their link, and a session of theirs. */
  const activeUser = async (username: string, body: Partial<Record<string, unknown>> = {}) => {
    const { user, passwordLink } = await created(root, { username, ...body });
    expect((await useLink(passwordLink.token, GOOD_PASSWORD)).statusCode).toBe(200);
    return { user, cookie: await signIn(testApp.app, username, GOOD_PASSWORD) };
  };
  const eventsAbout = (personId: number) =>
    testApp.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityType, 'person'), eq(eventLog.entityId, String(personId))))
      .orderBy(eventLog.id);
  const latestEventAbout = async (personId: number) => (await eventsAbout(personId)).at(-1);
  const sessionsOf = (personId: number) =>
    testApp.db.select().from(sessions).where(eq(sessions.personId, personId));

  const getUserByName = async (username: string) => {
    const [row] = await testApp.db
      .select()
      .from(people)
      .where(sql`lower(${people.username}) = lower(${username})`);
    return row;
  };

  describe('access', () => {
    it('answers 401 without a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/users'],
        ['POST', '/api/v1/users'],
        ['GET', `/api/v1/users/${ids['clerk-a']}`],
        ['PATCH', `/api/v1/users/${ids['clerk-a']}`],
        ['POST', `/api/v1/users/${ids['clerk-a']}/password-reset`],
        ['DELETE', `/api/v1/users/${ids['clerk-a']}/sessions`],
      ] as const) {
        expect((await call(undefined, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 to someone with neither user permission', async () => {
      expect((await listUsers(helpdesk)).statusCode).toBe(403);
      expect((await getUser(helpdesk, ids['clerk-a'] ?? 0)).statusCode).toBe(403);
      expect((await createUser(helpdesk, { username: 'nope' })).statusCode).toBe(403);
      expect((await patchUser(helpdesk, ids['clerk-a'] ?? 0, { firstName: 'X' })).statusCode).toBe(
        403,
      );
      expect((await resetPassword(helpdesk, ids['clerk-a'] ?? 0)).statusCode).toBe(403);
      expect((await endSessionsOf(helpdesk, ids['clerk-a'] ?? 0)).statusCode).toBe(403);
    });

    it('gives user.manage.own nothing to platform staff without a merchant (403)', async () => {
      await testApp.db
        .insert(roles)
        .values({ name: 'Own staff only', permissions: ['user.manage.own'] });
      const person = await createPersonWithRoles(testApp.db, 'ownless', ['Own staff only']);
      const cookie = await signIn(testApp.app, 'ownless', person.password);
      expect((await listUsers(cookie)).statusCode).toBe(403);
      expect((await getUser(cookie, ids['clerk-a'] ?? 0)).statusCode).toBe(404);
      expect(
        (
          await createUser(cookie, {
            username: 'nope',
            merchantId: null,
            roles: ['Own staff only'],
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('list', () => {
    it('shows an administrator every user, by username', async () => {
      const response = await listUsers(root, '?size=200');
      expect(response.statusCode).toBe(200);
      const { items, total, page, size } = response.json().data;
      const [everyone] = await testApp.db.select({ total: count() }).from(people);
      expect(total).toBe(everyone?.total);
      expect(items).toHaveLength(total);
      expect({ page, size }).toEqual({ page: 0, size: 200 });
      const names = (items as UserView[]).map(({ username }) => username);
      const order = ['boss-a', 'clerk-a', 'helpdesk', 'power-a', 'root'].map((name) =>
        names.indexOf(name),
      );
      expect(order.every((index) => index >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    });

    it('shows each user with merchant, roles, permissions and whether the caller may manage them', async () => {
      const { items } = (await listUsers(bossA, '?search=clerk-a')).json().data as {
        items: UserView[];
      };
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        id: ids['clerk-a'],
        username: 'clerk-a',
        merchantId: shopA.id,
        merchantName: 'Shop A',
        roles: ['Clerk'],
        permissions: ['merchant.read'],
        enabled: true,
        hasPassword: true,
        manageable: true,
      });
      const byName = Object.fromEntries(
        ((await listUsers(bossA)).json().data.items as UserView[]).map((user) => [
          user.username,
          user.manageable,
        ]),
      );
      // Not themselves, not a user holding more than they do.
      expect(byName).toMatchObject({ 'boss-a': false, 'power-a': false, 'clerk-a': true });
    });

    it('shows a merchant’s user manager only their own merchant’s users', async () => {
      const seen = await usernames(bossA, '?size=200');
      expect(seen.sort()).toEqual(['boss-a', 'clerk-a', 'power-a']);
      expect((await listUsers(bossA)).json().data.total).toBe(3);
      expect(await usernames(bossB, '?size=200')).toEqual(['boss-b', 'clerk-b']);
    });

    it('ignores another merchant’s id in the query of a merchant’s user manager', async () => {
      const response = await listUsers(bossA, `?merchantId=${shopB.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ items: [], total: 0 });
      expect(await usernames(bossA, `?merchantId=${shopA.id}`)).toHaveLength(3);
    });

    it('filters an administrator’s list by merchant', async () => {
      expect((await usernames(root, `?merchantId=${shopB.id}`)).sort()).toEqual([
        'boss-b',
        'clerk-b',
      ]);
    });

    it('searches usernames and names in any letter case, taking % and _ literally', async () => {
      expect((await usernames(root, '?search=CLERK')).sort()).toEqual(['clerk-a', 'clerk-b']);
      expect(await usernames(root, '?search=  Power-A ')).toEqual(['power-a']);
      // First names are the capitalised username, last names "Tester".
      expect(await usernames(root, '?search=Boss-a%20Tester')).toEqual(['boss-a']);
      expect(await usernames(bossA, '?search=clerk')).toEqual(['clerk-a']);
      expect(await usernames(root, '?search=%25')).toEqual([]);
      expect(await usernames(root, '?search=_')).toEqual([]);
      expect(await usernames(root, '?search=nobody-like-this')).toEqual([]);
    });

    it('pages: each user once, the total unchanged', async () => {
      const all = await usernames(root, '?size=200');
      const pages: string[] = [];
      for (let page = 0; page * 2 < all.length; page += 1) {
        const response = await listUsers(root, `?size=2&page=${page}`);
        const data = response.json().data;
        expect(data).toMatchObject({ page, size: 2, total: all.length });
        expect(data.items.length).toBeLessThanOrEqual(2);
        pages.push(...(data.items as UserView[]).map(({ username }) => username));
      }
      expect(pages).toEqual(all);
      expect((await listUsers(root, `?size=2&page=${all.length}`)).json().data.items).toEqual([]);
      expect((await listUsers(root, '?size=0')).statusCode).toBe(400);
      expect((await listUsers(root, '?size=201')).statusCode).toBe(400);
    });

    it('filters by enabled', async () => {
      await testApp.db.insert(people).values({
        username: 'sleeper-a',
        firstName: 'Sleeper',
        lastName: 'A',
        merchantId: shopA.id,
        enabled: false,
      });
      expect(await usernames(bossA, '?enabled=false')).toEqual(['sleeper-a']);
      expect(await usernames(bossA, '?enabled=true')).not.toContain('sleeper-a');
      expect(await usernames(bossA)).toContain('sleeper-a');
      expect(await usernames(root, '?enabled=false')).toEqual(['sleeper-a']);
    });
  });

  describe('one user', () => {
    it('shows a user within reach and hides everyone else as not found', async () => {
      expect((await getUser(bossA, ids['clerk-a'] ?? 0)).json().data.username).toBe('clerk-a');
      for (const id of [ids['clerk-b'], ids['boss-b'], ids.root, 999_999]) {
        const response = await getUser(bossA, id ?? 0);
        expect(response.statusCode, String(id)).toBe(404);
        expect(response.json().detail).toBe(USER_MESSAGES.notFound);
      }
      expect((await getUser(root, ids['clerk-b'] ?? 0)).statusCode).toBe(200);
    });
  });

  describe('create', () => {
    it.each(['ab', 'has space', 'anna@shop', 'x'.repeat(65), ''])(
      'refuses the username %j with 400',
      async (username) => {
        const response = await createUser(root, { username });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(USERNAME_MESSAGE);
      },
    );

    it('refuses a username taken in any letter case with 409', async () => {
      for (const username of ['clerk-a', 'CLERK-A', ' Clerk-A ']) {
        const response = await createUser(root, {
          username,
          roles: ['Clerk'],
          merchantId: shopA.id,
        });
        expectProblem(response, {
          status: 409,
          code: 'username_taken',
          detail: USER_MESSAGES.usernameTaken(username.trim()),
        });
      }
    });

    it.runIf(kind === 'postgres')(
      'refuses a username another request adds at the same moment with the same answer',
      async () => {
        const before = await userCount();
        // Taken by platform staff: the administrator is told plainly, a merchant's manager not.
        for (const [cookie, username, detail] of [
          [root, 'racer-one', USER_MESSAGES.usernameTaken('RACER-ONE')],
          [bossA, 'racer-two', USER_MESSAGES.usernameUnavailable],
        ] as const) {
          // Another request's user, added but not committed yet: the check cannot see it; the
          // insert waits on the username's unique index until the other one commits.
          const { answer: creating } = await whileUncommitted(
            testApp.db,
            (tx) => tx.insert(people).values({ username, firstName: 'Fast', lastName: 'Racer' }),
            () =>
              createUser(cookie, {
                username: username.toUpperCase(),
                roles: ['Clerk'],
                merchantId: shopA.id,
              }),
            'people',
          );
          expectProblem(creating, { status: 409, code: 'username_taken', detail });
        }
        expect(await userCount()).toBe(before + 2);
      },
    );

    it('tells a merchant’s user manager no more than that a username held outside their merchant cannot be used', async () => {
      // Another merchant's user, and platform staff: refused without saying a user holds it.
      for (const username of ['clerk-b', 'Boss-B', 'root', 'HELPDESK']) {
        const response = await createUser(bossA, {
          username,
          roles: ['Clerk'],
          merchantId: shopA.id,
        });
        expectProblem(response, {
          status: 409,
          code: 'username_taken',
          detail: USER_MESSAGES.usernameUnavailable,
        });
        expect(response.json().detail).not.toContain(username);
      }
      // Their own merchant's user: they can see them anyway, so they are told plainly.
      const own = await createUser(bossA, {
        username: 'CLERK-A',
        roles: ['Clerk'],
        merchantId: shopA.id,
      });
      expect(own.statusCode).toBe(409);
      expect(own.json().detail).toBe(USER_MESSAGES.usernameTaken('CLERK-A'));
      expect(own.json().code).toBe('username_taken');
      // A platform administrator reaches everyone: the precise message, whoever holds it.
      for (const username of ['clerk-b', 'helpdesk']) {
        const response = await createUser(root, {
          username,
          roles: ['Clerk'],
          merchantId: shopA.id,
        });
        expect(response.statusCode, username).toBe(409);
        expect(response.json().detail).toBe(USER_MESSAGES.usernameTaken(username));
        expect(response.json().code).toBe('username_taken');
      }
    });

    it('refuses empty or too long names with 400', async () => {
      expect((await createUser(root, { username: 'nameless', firstName: '  ' })).statusCode).toBe(
        400,
      );
      expect(
        (await createUser(root, { username: 'nameless', lastName: 'x'.repeat(101) })).statusCode,
      ).toBe(400);
      expect(await getUserByName('nameless')).toBeUndefined();
    });

    it('takes names of 100 emoji and refuses 101: an emoji is one character', async () => {
      const emoji = '😀';
      const tooLong = await createUser(root, {
        username: 'emoji-name',
        firstName: emoji.repeat(PERSON_NAME_MAX_LENGTH + 1),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().detail).toBe(USER_MESSAGES.name);
      expect(await getUserByName('emoji-name')).toBeUndefined();

      const { user } = await created(root, {
        username: 'emoji-name',
        firstName: emoji.repeat(PERSON_NAME_MAX_LENGTH),
        lastName: ` ${emoji.repeat(PERSON_NAME_MAX_LENGTH)} `,
      });
      expect(user).toMatchObject({
        firstName: emoji.repeat(PERSON_NAME_MAX_LENGTH),
        lastName: emoji.repeat(PERSON_NAME_MAX_LENGTH),
      });
    });

    it('refuses unknown roles and no roles with 400', async () => {
      const unknown = await createUser(root, { username: 'roleless', roles: ['Wizard'] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toBe(USER_MESSAGES.unknownRole('Wizard'));
      // Role names are exact.
      expect(
        (await createUser(root, { username: 'roleless', roles: ['SUPPORT'] })).statusCode,
      ).toBe(400);
      const none = await createUser(root, { username: 'roleless', roles: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().detail).toBe(USER_MESSAGES.noRoles);
    });

    it('answers 404 for a merchant that does not exist, or that a merchant’s manager cannot reach', async () => {
      expect((await createUser(root, { username: 'lost', merchantId: 999_999 })).statusCode).toBe(
        404,
      );
      const other = await createUser(bossA, {
        username: 'intruder',
        merchantId: shopB.id,
        roles: ['Clerk'],
      });
      expect(other.statusCode).toBe(404);
      expect(other.json().detail).toBe(USER_MESSAGES.merchantNotFound);
      const platform = await createUser(bossA, {
        username: 'intruder',
        merchantId: null,
        roles: ['Clerk'],
      });
      expect(platform.statusCode).toBe(404);
      expect(await getUserByName('intruder')).toBeUndefined();
    });

    it('refuses with 403 roles granting what the creator lacks', async () => {
      const response = await createUser(bossA, {
        username: 'too-mighty',
        merchantId: shopA.id,
        roles: ['merchant', 'Everything'],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(/^You cannot grant permissions you do not hold: /);
      expect(response.json().detail).toContain('invoice.amount.change');
      expect(await getUserByName('too-mighty')).toBeUndefined();
    });

    it('refuses with 400 platform-only roles for a user of a merchant', async () => {
      for (const roleName of ['support', 'admin', 'operator', 'Everything']) {
        const response = await createUser(root, {
          username: 'platformish',
          merchantId: shopA.id,
          roles: [roleName],
        });
        expect(response.statusCode, roleName).toBe(400);
        expect(response.json().detail).toMatch(/^A user of a merchant cannot hold: /);
      }
      expect(await getUserByName('platformish')).toBeUndefined();
    });

    it('adds a user without a password, audited, with a one-time link valid for 24 hours', async () => {
      const before = Date.now();
      const { user, passwordLink } = await created(bossA, {
        username: ' Fresh.Clerk ',
        firstName: ' Fresh ',
        lastName: 'Clerk',
        merchantId: shopA.id,
        roles: ['merchant', 'Clerk', 'merchant'],
      });
      expect(user).toMatchObject({
        username: 'Fresh.Clerk',
        firstName: 'Fresh',
        lastName: 'Clerk',
        merchantId: shopA.id,
        roles: ['Clerk', 'merchant'],
        enabled: true,
        hasPassword: false,
        lastSignInAt: null,
        liveSessions: 0,
        manageable: true,
      });
      expect([...user.permissions].sort()).toEqual([...ROLE_PERMISSIONS.merchant].sort());
      expect(passwordLink.path).toBe(`/password-reset/${passwordLink.token}`);
      expect(passwordLink.token.length).toBeGreaterThanOrEqual(40);
      const expiresAt = new Date(passwordLink.expiresAt).getTime();
      expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 5_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 5_000);

      // Only the token's hash is kept.
      const stored = await testApp.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.personId, user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).not.toContain(passwordLink.token);
      expect(stored[0]?.createdBy).toBe(ids['boss-a']);

      expect(await latestEventAbout(user.id)).toMatchObject({
        eventCode: 'USER_CREATED',
        personId: ids['boss-a'],
        merchantId: shopA.id,
        sourceIp: '127.0.0.1',
        details: { username: 'Fresh.Clerk', merchantId: shopA.id, roles: ['Clerk', 'merchant'] },
      });
      expect(await usernames(bossA, '?search=fresh')).toEqual(['Fresh.Clerk']);
    });

    it('lets nobody sign in as a new user before they set a password, whatever they try', async () => {
      const { user } = await created(root, { username: 'no-password-yet' });
      for (const password of ['', 'no-password-yet-password', GOOD_PASSWORD]) {
        const response = await login('no-password-yet', password);
        expect(response.statusCode, JSON.stringify(password)).toBe(password === '' ? 400 : 401);
      }
      expect(await sessionsOf(user.id)).toEqual([]);
    });

    it('lets the link be used once: it names the user, sets the password, then is gone', async () => {
      const { user, passwordLink } = await created(root, {
        username: 'linked',
        merchantId: shopB.id,
        roles: ['Clerk'],
      });
      const check = await checkLink(passwordLink.token);
      expect(check.statusCode).toBe(200);
      expect(check.json().data).toEqual({ username: 'linked', expiresAt: passwordLink.expiresAt });

      const set = await useLink(passwordLink.token, GOOD_PASSWORD);
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ data: { ok: true } });
      const cookie = await signIn(testApp.app, 'linked', GOOD_PASSWORD);
      expect((await me(cookie)).json().data).toMatchObject({
        username: 'linked',
        roles: ['Clerk'],
        merchantId: shopB.id,
      });
      expect((await getUser(root, user.id)).json().data).toMatchObject({
        hasPassword: true,
        liveSessions: 1,
      });
      expect((await getUser(root, user.id)).json().data.lastSignInAt).not.toBeNull();

      const again = await useLink(passwordLink.token, 'another long password');
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ detail: LINK_GONE_MESSAGE, code: 'link_expired' });
      expect((await checkLink(passwordLink.token)).statusCode).toBe(410);
      expect((await login('linked', 'another long password')).statusCode).toBe(401);
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await eventsAbout(user.id)).map(({ eventCode }) => eventCode)).toEqual([
        'USER_CREATED',
        'PASSWORD_SET',
      ]);
    });

    it('answers 410 for a token that never existed', async () => {
      expect((await checkLink('not-a-real-token')).statusCode).toBe(410);
      expect((await useLink('not-a-real-token', GOOD_PASSWORD)).statusCode).toBe(410);
    });

    it('answers 410 for an expired link', async () => {
      const { user, passwordLink } = await created(root, { username: 'too-late' });
      await testApp.db
        .update(passwordResetTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(passwordResetTokens.personId, user.id));
      expect((await checkLink(passwordLink.token)).statusCode).toBe(410);
      const response = await useLink(passwordLink.token, GOOD_PASSWORD);
      expect(response.statusCode).toBe(410);
      expect((await getUser(root, user.id)).json().data.hasPassword).toBe(false);
    });

    it('answers 410 for the link of a deactivated user', async () => {
      const { user, passwordLink } = await created(root, { username: 'left-early' });
      expect((await patchUser(root, user.id, { enabled: false })).statusCode).toBe(200);
      expect((await checkLink(passwordLink.token)).statusCode).toBe(410);
      expect((await useLink(passwordLink.token, GOOD_PASSWORD)).statusCode).toBe(410);
      expect((await getUser(root, user.id)).json().data.hasPassword).toBe(false);
      // Reactivated: the link issued before stays dead (it may be why they were deactivated).
      expect((await patchUser(root, user.id, { enabled: true })).statusCode).toBe(200);
      expect((await checkLink(passwordLink.token)).statusCode).toBe(410);
      expect((await useLink(passwordLink.token, GOOD_PASSWORD)).statusCode).toBe(410);
    });

    it('refuses passwords that break the policy, saying why, and keeps the link usable', async () => {
      const { passwordLink } = await created(root, { username: 'picky' });
      for (const [password, message] of [
        ['short-pass1', PASSWORD_MESSAGES.tooShort],
        ['i-am-picky-and-long', PASSWORD_MESSAGES.containsUsername],
        ['I-AM-PICKY-AND-LONG', PASSWORD_MESSAGES.containsUsername],
        ['password1234', PASSWORD_MESSAGES.common],
        ['qwerty123456', PASSWORD_MESSAGES.common],
        ['QWERTY123456', PASSWORD_MESSAGES.common],
      ]) {
        const response = await useLink(passwordLink.token, password ?? '');
        expect(response.statusCode, password).toBe(400);
        expect(response.json().detail, password).toBe(message);
      }
      expect((await useLink(passwordLink.token, '')).statusCode).toBe(400);
      expect((await useLink(passwordLink.token, 'x'.repeat(1001))).statusCode).toBe(400);
      expect((await checkLink(passwordLink.token)).statusCode).toBe(200);
      expect((await useLink(passwordLink.token, GOOD_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('change', () => {
    it('changes names and roles, audited with what changed, applied at the user’s next request', async () => {
      const { user, cookie } = await activeUser('changer', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      expect((await me(cookie)).json().data.permissions).toEqual(['merchant.read']);

      const response = await patchUser(bossA, user.id, {
        firstName: 'Changed',
        lastName: ' Person ',
        roles: ['merchant'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        firstName: 'Changed',
        lastName: 'Person',
        roles: ['merchant'],
      });
      const after = (await me(cookie)).json().data;
      expect(after.roles).toEqual(['merchant']);
      expect([...after.permissions].sort()).toEqual([...ROLE_PERMISSIONS.merchant].sort());
      expect(await latestEventAbout(user.id)).toMatchObject({
        eventCode: 'USER_CHANGED',
        personId: ids['boss-a'],
        merchantId: shopA.id,
        details: {
          firstName: { from: 'New', to: 'Changed' },
          roles: { from: ['Clerk'], to: ['merchant'] },
        },
      });
      expect((await latestEventAbout(user.id))?.details).not.toHaveProperty('lastName');
    });

    it('signs a user out when given a role that requires a second factor they lack', async () => {
      await testApp.db
        .insert(roles)
        .values({ name: 'Guarded clerk', permissions: ['merchant.read'], requiresTwoFactor: true });
      const { user, cookie } = await activeUser('guardee', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      const { user: enrolled, cookie: enrolledCookie } = await activeUser('guardee2', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      // The second already has one (set directly: its value is not read while signed in).
      await testApp.db
        .update(people)
        .set({ totpSecret: 'enrolled-elsewhere' })
        .where(eq(people.id, enrolled.id));

      const guarded = await patchUser(bossA, user.id, { roles: ['Clerk', 'Guarded clerk'] });
      expect(guarded.statusCode).toBe(200);
      expect((await me(cookie)).statusCode).toBe(401);
      expect(await latestEventAbout(user.id)).toMatchObject({
        eventCode: 'USER_CHANGED',
        details: { sessionsEnded: 1 },
      });
      const [ended] = await testApp.db
        .select({ endReason: sessions.endReason })
        .from(sessions)
        .where(eq(sessions.personId, user.id));
      expect(ended?.endReason).toBe('two-factor-required');
      const again = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'guardee', password: GOOD_PASSWORD },
      });
      expect(again.json().data).toEqual({ next: 'two-factor-enrolment' });

      expect(
        (await patchUser(bossA, enrolled.id, { roles: ['Clerk', 'Guarded clerk'] })).statusCode,
      ).toBe(200);
      expect((await me(enrolledCookie)).statusCode).toBe(200);
      expect((await latestEventAbout(enrolled.id))?.details).not.toHaveProperty('sessionsEnded');
    });

    it('writes nothing when nothing changes', async () => {
      const before = (await eventsAbout(ids['clerk-a'] ?? 0)).length;
      const response = await patchUser(bossA, ids['clerk-a'] ?? 0, {
        firstName: 'Clerk-a',
        roles: ['Clerk'],
        enabled: true,
      });
      expect(response.statusCode).toBe(200);
      expect((await eventsAbout(ids['clerk-a'] ?? 0)).length).toBe(before);
    });

    it('sees the same roles in any order as no change, whatever the database’s collation', async () => {
      // UTF-16 (JavaScript) and UTF-8 byte order (PostgreSQL "C") disagree on these two names, as
      // en_US and JavaScript disagree on "merchant" and "Zeta".
      await testApp.db.insert(roles).values([
        { name: '\u{1F600} Team', permissions: ['merchant.read'] },
        { name: '\uFF26inance', permissions: ['merchant.read'] },
      ]);
      const { user } = await created(root, {
        username: 'two-roles',
        roles: ['\u{1F600} Team', '\uFF26inance'],
      });
      const before = (await eventsAbout(user.id)).length;
      for (const order of [
        ['\u{1F600} Team', '\uFF26inance'],
        ['\uFF26inance', '\u{1F600} Team'],
      ]) {
        const response = await patchUser(root, user.id, { roles: order });
        expect(response.statusCode).toBe(200);
        expect([...response.json().data.roles].sort()).toEqual([...order].sort());
      }
      expect((await eventsAbout(user.id)).length).toBe(before);
    });

    it('refuses an empty change and unknown fields with 400', async () => {
      expect((await patchUser(root, ids['clerk-a'] ?? 0, {})).statusCode).toBe(400);
      expect((await patchUser(root, ids['clerk-a'] ?? 0, { username: 'renamed' })).statusCode).toBe(
        400,
      );
      expect(
        (await patchUser(root, ids['clerk-a'] ?? 0, { merchantId: shopB.id })).statusCode,
      ).toBe(400);
    });

    it('refuses roles beyond the changer’s own with 403 and platform-only roles for merchant users with 400', async () => {
      const beyond = await patchUser(bossA, ids['clerk-a'] ?? 0, { roles: ['Everything'] });
      expect(beyond.statusCode).toBe(403);
      const platformOnly = await patchUser(root, ids['clerk-a'] ?? 0, { roles: ['support'] });
      expect(platformOnly.statusCode).toBe(400);
      expect((await getUser(root, ids['clerk-a'] ?? 0)).json().data.roles).toEqual(['Clerk']);
    });

    it('deactivates a user: their sessions end at once and they cannot sign in', async () => {
      const { user, cookie } = await activeUser('leaver', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      const second = await signIn(testApp.app, 'leaver', GOOD_PASSWORD);
      expect((await me(cookie)).statusCode).toBe(200);

      const response = await patchUser(bossA, user.id, { enabled: false });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ enabled: false, liveSessions: 0 });
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      const ended = await sessionsOf(user.id);
      expect(ended).toHaveLength(2);
      for (const session of ended) {
        expect(session.revokedAt).not.toBeNull();
        expect(session.endReason).toBe('deactivated');
      }
      expect((await login('leaver', GOOD_PASSWORD)).statusCode).toBe(401);
      expect(await latestEventAbout(user.id)).toMatchObject({
        eventCode: 'USER_DEACTIVATED',
        personId: ids['boss-a'],
        details: { enabled: { from: true, to: false } },
      });

      const back = await patchUser(bossA, user.id, { enabled: true });
      expect(back.statusCode).toBe(200);
      expect(back.json().data.enabled).toBe(true);
      expect(await latestEventAbout(user.id)).toMatchObject({
        eventCode: 'USER_REACTIVATED',
        details: { enabled: { from: false, to: true } },
      });
      // The old sessions stay ended; the password works again.
      expect((await me(cookie)).statusCode).toBe(401);
      const fresh = await signIn(testApp.app, 'leaver', GOOD_PASSWORD);
      expect((await me(fresh)).statusCode).toBe(200);
    });

    it('refuses to let anyone deactivate themselves (409)', async () => {
      for (const [cookie, id] of [
        [root, ids.root],
        [bossA, ids['boss-a']],
      ] as const) {
        const response = await patchUser(cookie, id ?? 0, { enabled: false });
        expect(response.statusCode).toBe(409);
        expect(response.json().detail).toBe(USER_MESSAGES.self);
        expect((await me(cookie)).statusCode).toBe(200);
      }
    });

    it('refuses with 403 to act on a user who holds more than the actor', async () => {
      const target = ids['power-a'] ?? 0;
      const tokensBefore = await testApp.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.personId, target));
      for (const response of [
        await patchUser(bossA, target, { firstName: 'Hacked' }),
        await patchUser(bossA, target, { enabled: false }),
        await resetPassword(bossA, target),
        await endSessionsOf(bossA, target),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().detail).toBe(USER_MESSAGES.moreThanOwn);
      }
      const after = (await getUser(root, target)).json().data;
      expect(after).toMatchObject({ firstName: 'Power-a', enabled: true, hasPassword: true });
      expect(
        await testApp.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.personId, target)),
      ).toEqual(tokensBefore);
      // A merchant's manager cannot touch a platform administrator either (not even see them).
      expect((await patchUser(bossA, ids.root ?? 0, { enabled: false })).statusCode).toBe(404);
    });

    it('answers 404 for another merchant’s user, whatever the action', async () => {
      const target = ids['clerk-b'] ?? 0;
      for (const response of [
        await getUser(bossA, target),
        await patchUser(bossA, target, { firstName: 'Hacked' }),
        await patchUser(bossA, target, { enabled: false }),
        await resetPassword(bossA, target),
        await endSessionsOf(bossA, target),
      ]) {
        expect(response.statusCode).toBe(404);
      }
      expect((await getUser(root, target)).json().data).toMatchObject({
        firstName: 'Clerk-b',
        enabled: true,
        hasPassword: true,
      });
    });

    it('keeps the last active administrator: not deactivated, not without the admin role (409)', async () => {
      // A platform manager with every permission, but through a custom role: not an administrator.
      const everything = await createPersonWithRoles(testApp.db, 'almighty', ['Everything']);
      const almighty = await signIn(testApp.app, 'almighty', everything.password);
      const rootId = ids.root ?? 0;

      for (const [cookie, change] of [
        [almighty, { enabled: false }],
        [almighty, { roles: ['Everything'] }],
        [almighty, { roles: ['support'] }],
      ] as const) {
        const response = await patchUser(cookie, rootId, change);
        expect(response.statusCode, JSON.stringify(change)).toBe(409);
        expect(response.json().detail).toBe(USER_MESSAGES.lastAdministrator);
      }
      // Nobody changes their own roles, administrator or not (here: dropping admin).
      for (const change of [{ roles: ['Everything'] }, { roles: ['admin', 'support'] }]) {
        const own = await patchUser(root, rootId, change);
        expect(own.statusCode, JSON.stringify(change)).toBe(409);
        expect(own.json().detail).toBe(USER_MESSAGES.ownRoles);
      }
      expect((await getUser(root, rootId)).json().data).toMatchObject({
        roles: ['admin'],
        enabled: true,
      });
      expect((await me(root)).statusCode).toBe(200);

      // A second administrator who never set a password cannot sign in: not counted, or the
      // only one who can would be let go and nobody could administer once the link expired.
      const { user: second } = await created(root, { username: 'second-admin', roles: ['admin'] });
      expect((await patchUser(almighty, rootId, { roles: ['Everything'] })).statusCode).toBe(409);
      await testApp.db
        .update(people)
        .set({ passwordHash: 'set-by-their-link' })
        .where(eq(people.id, second.id));
      // Nor, once disabled, one who has.
      expect((await patchUser(root, second.id, { enabled: false })).statusCode).toBe(200);
      expect((await patchUser(almighty, rootId, { enabled: false })).statusCode).toBe(409);

      // With another active administrator, one may go, and keeps their other role.
      expect((await patchUser(root, second.id, { enabled: true })).statusCode).toBe(200);
      const demoted = await patchUser(almighty, rootId, { roles: ['admin', 'Everything'] });
      expect(demoted.statusCode).toBe(200);
      expect((await patchUser(almighty, rootId, { roles: ['Everything'] })).statusCode).toBe(200);
      expect((await patchUser(almighty, second.id, { enabled: false })).statusCode).toBe(409);
      // Back as it was for the other tests.
      expect((await patchUser(almighty, rootId, { roles: ['admin'] })).statusCode).toBe(200);
      expect((await me(root)).json().data.roles).toEqual(['admin']);
    });
  });

  it.runIf(kind === 'postgres')(
    'lets one of two user managers deactivating each other at the same moment win, not both',
    async () => {
      const shop = await createTestMerchant(testApp.db, 'Shop Race');
      const first = await createTestPerson(testApp.db, {
        username: 'race-boss-1',
        role: 'merchant',
        merchantId: shop.id,
      });
      const second = await createTestPerson(testApp.db, {
        username: 'race-boss-2',
        role: 'merchant',
        merchantId: shop.id,
      });
      const secondCookie = await signIn(testApp.app, 'race-boss-2', second.password);
      // The first manager's deactivation of the second, not committed yet: the second's request
      // (its session still live when checked) waits for the same lock, then finds its actor gone.
      const { answer } = await whileUncommitted(
        testApp.db,
        async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('paygate:administrators'))`);
          await tx.update(people).set({ enabled: false }).where(eq(people.id, second.id));
        },
        () => patchUser(secondCookie, first.id, { enabled: false }),
        'pg_advisory_xact_lock',
      );
      expectProblem(answer, { status: 403, detail: USER_MESSAGES.actorInactive });
      const [firstAfter] = await testApp.db.select().from(people).where(eq(people.id, first.id));
      expect(firstAfter?.enabled).toBe(true);
    },
  );

  it.runIf(kind === 'postgres')(
    'lets one of two user managers taking each other’s manager role at the same moment win, not both',
    async () => {
      const shop = await createTestMerchant(testApp.db, 'Shop Role Race');
      const first = await createTestPerson(testApp.db, {
        username: 'role-race-1',
        role: 'merchant',
        merchantId: shop.id,
      });
      const second = await createTestPerson(testApp.db, {
        username: 'role-race-2',
        role: 'merchant',
        merchantId: shop.id,
      });
      const secondCookie = await signIn(testApp.app, 'role-race-2', second.password);
      // The first manager moves the second onto Clerk (no user.manage.own), not committed yet;
      // the second's request, its session loaded with the merchant role, waits for the lock.
      const { answer } = await whileUncommitted(
        testApp.db,
        async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('paygate:administrators'))`);
          await tx.delete(personRoles).where(eq(personRoles.personId, second.id));
          await tx.insert(personRoles).values({ personId: second.id, roleName: 'Clerk' });
        },
        () => patchUser(secondCookie, first.id, { roles: ['Clerk'] }),
        'pg_advisory_xact_lock',
      );
      // Without user.manage.own the second reaches no user at all: not found, nothing changed.
      expectProblem(answer, { status: 404, detail: USER_MESSAGES.notFound });
      const firstRoles = await testApp.db
        .select({ roleName: personRoles.roleName })
        .from(personRoles)
        .where(eq(personRoles.personId, first.id));
      expect(firstRoles).toEqual([{ roleName: 'merchant' }]);
    },
  );

  it.runIf(kind === 'postgres')(
    'refuses a password reset whose manager lost the manager role while it waited for the user',
    async () => {
      const shop = await createTestMerchant(testApp.db, 'Shop Reset Race');
      const manager = await createTestPerson(testApp.db, {
        username: 'reset-race-boss',
        role: 'merchant',
        merchantId: shop.id,
      });
      const clerk = await createPersonWithRoles(testApp.db, 'reset-race-clerk', ['Clerk'], shop.id);
      const cookie = await signIn(testApp.app, 'reset-race-boss', manager.password);
      // Another manager holds the clerk's row and moves this one onto Clerk, not committed yet:
      // the reset, its session loaded with the merchant role, waits for the clerk's row.
      const { answer } = await whileUncommitted(
        testApp.db,
        async (tx) => {
          await tx.execute(sql`select 1 from people where id = ${clerk.id} for update`);
          await tx.delete(personRoles).where(eq(personRoles.personId, manager.id));
          await tx.insert(personRoles).values({ personId: manager.id, roleName: 'Clerk' });
        },
        () => resetPassword(cookie, clerk.id),
        'for update',
      );
      expectProblem(answer, { status: 404, detail: USER_MESSAGES.notFound });
      const [after] = await testApp.db.select().from(people).where(eq(people.id, clerk.id));
      expect(after?.passwordHash).not.toBeNull();
    },
  );

  it('never lets a merchant’s user act with a platform-only permission a role gained around the checks', async () => {
    // What a role change racing an assignment could leave (decision 0019): written directly.
    await testApp.db
      .update(roles)
      .set({ permissions: ['merchant.read', 'merchant.rw.all', 'user.manage'] })
      .where(eq(roles.name, 'Clerk'));
    try {
      const clerk = await signIn(testApp.app, 'clerk-a', 'clerk-a-password');
      const permissions: string[] = (await me(clerk)).json().data.permissions;
      expect(permissions).toContain('merchant.read');
      expect(permissions).not.toContain('merchant.rw.all');
      expect(permissions).not.toContain('user.manage');
      // user.manage would list the platform's staff: the clerk reaches no user list at all.
      expect((await listUsers(clerk)).statusCode).toBe(403);
    } finally {
      await testApp.db
        .update(roles)
        .set({ permissions: ['merchant.read'] })
        .where(eq(roles.name, 'Clerk'));
    }
  });

  describe('password reset', () => {
    it('stops the old password and the sessions, and gives a new one-time link', async () => {
      const { user, cookie } = await activeUser('forgetful', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      const response = await resetPassword(bossA, user.id);
      expect(response.statusCode).toBe(200);
      const link: PasswordLink = response.json().data;
      expect(link.path).toBe(`/password-reset/${link.token}`);

      expect((await me(cookie)).statusCode).toBe(401);
      expect((await sessionsOf(user.id)).map(({ endReason }) => endReason)).toEqual(['password']);
      expect((await login('forgetful', GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await getUser(bossA, user.id)).json().data).toMatchObject({
        hasPassword: false,
        liveSessions: 0,
      });
      expect(await latestEventAbout(user.id)).toMatchObject({
        eventCode: 'PASSWORD_RESET_ISSUED',
        personId: ids['boss-a'],
        details: { expiresAt: link.expiresAt },
      });

      expect((await checkLink(link.token)).json().data.username).toBe('forgetful');
      expect((await useLink(link.token, 'a brand new passphrase')).statusCode).toBe(200);
      expect((await login('forgetful', GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await login('forgetful', 'a brand new passphrase')).statusCode).toBe(200);
      expect((await latestEventAbout(user.id))?.eventCode).toBe('PASSWORD_SET');
    });

    it('refuses one’s own password or second-factor reset, which Settings guards with the current password', async () => {
      for (const [cookie, id] of [
        [bossA, ids['boss-a']],
        [root, ids.root],
      ] as const) {
        for (const path of ['password-reset', 'two-factor-reset']) {
          const response = await call(cookie, 'POST', `/api/v1/users/${id}/${path}`);
          expect(response.statusCode, path).toBe(409);
          expect(response.json().detail).toBe(USER_MESSAGES.ownSecurity);
        }
        // Nothing changed: the session goes on, the password still has its hash.
        expect((await me(cookie)).statusCode).toBe(200);
        expect((await getUser(root, id ?? 0)).json().data.hasPassword).toBe(true);
      }
    });

    it('makes an earlier unused link stop working', async () => {
      const { user, passwordLink: first } = await created(root, { username: 'twice-linked' });
      const second: PasswordLink = (await resetPassword(root, user.id)).json().data;
      expect((await checkLink(first.token)).statusCode).toBe(410);
      expect((await useLink(first.token, GOOD_PASSWORD)).statusCode).toBe(410);
      expect((await useLink(second.token, GOOD_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('two-factor reset', () => {
    const resetTwoFactor = (cookie: string, id: number) =>
      call(cookie, 'POST', `/api/v1/users/${id}/two-factor-reset`);
    const post = (cookie: string | undefined, url: string, payload?: object) =>
      call(cookie, 'POST', url, payload);

    /** Signed in with `password`, a user whose role requires it enrols at sign-in; their session. */
    const enrolAtSignIn = async (username: string, password: string) => {
      const first = await login(username, password);
      expect(first.json().data).toEqual({ next: 'two-factor-enrolment' });
      const pending = cookiesOf(first);
      const start = await post(pending, '/api/v1/login/two-factor/enrolment');
      expect(start.statusCode, start.body).toBe(200);
      const confirm = await post(pending, '/api/v1/login/two-factor/enrolment/confirm', {
        code: codeOf(start.json().data.secret),
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      return sessionCookieOf(confirm);
    };

    /** A user of shop A whose role requires a second factor, enrolled; their session. */
    const enrolledVaultClerk = async (username: string) => {
      const { user, passwordLink } = await created(bossA, {
        username,
        merchantId: shopA.id,
        roles: ['Vault clerk'],
      });
      expect((await useLink(passwordLink.token, GOOD_PASSWORD)).statusCode).toBe(200);
      const cookie = await enrolAtSignIn(username, GOOD_PASSWORD);
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await getUser(bossA, user.id)).json().data.twoFactorEnabled).toBe(true);
      return { user, cookie };
    };

    beforeAll(async () => {
      await testApp.db
        .insert(roles)
        .values({ name: 'Vault clerk', permissions: ['merchant.read'], requiresTwoFactor: true });
    });

    it('resets the password with it: the old one signs nobody in, nor opens enrolment', async () => {
      const { user, cookie } = await enrolledVaultClerk('lost-phone');
      expect((await resetTwoFactor(bossA, user.id)).statusCode).toBe(200);

      // Whoever holds the old password gets nothing: no session, no step to enrol an
      // authenticator of their own. The sessions end as at a password reset.
      const withOld = await login('lost-phone', GOOD_PASSWORD);
      expect(withOld.statusCode).toBe(401);
      expect(withOld.cookies).toEqual([]);
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await sessionsOf(user.id)).map(({ endReason }) => endReason)).toEqual(['password']);
      expect((await getUser(bossA, user.id)).json().data).toMatchObject({
        twoFactorEnabled: false,
        hasPassword: false,
        liveSessions: 0,
      });
    });

    it('answers a one-time link that sets a new password, after which the role leads to enrolment', async () => {
      const { user } = await enrolledVaultClerk('stolen-phone');
      const response = await resetTwoFactor(bossA, user.id);
      expect(response.statusCode, response.body).toBe(200);
      // The answer is a password reset's: a one-time link, shown once.
      const link: PasswordLink = response.json().data;
      expect(Object.keys(link).sort()).toEqual(['expiresAt', 'path', 'token']);
      expect(link.path).toBe(`/password-reset/${link.token}`);
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

      expect((await checkLink(link.token)).json().data.username).toBe('stolen-phone');
      expect((await useLink(link.token, 'a brand new passphrase')).statusCode).toBe(200);
      expect((await useLink(link.token, 'another new passphrase')).statusCode).toBe(410);
      expect((await login('stolen-phone', GOOD_PASSWORD)).statusCode).toBe(401);
      const fresh = await enrolAtSignIn('stolen-phone', 'a brand new passphrase');
      expect((await me(fresh)).statusCode).toBe(200);
      expect((await getUser(bossA, user.id)).json().data).toMatchObject({
        twoFactorEnabled: true,
        hasPassword: true,
      });
    });

    it('is audited as both: the second factor’s reset and the password’s', async () => {
      const { user } = await enrolledVaultClerk('leaked-password');
      const before = (await eventsAbout(user.id)).length;
      const response = await resetTwoFactor(bossA, user.id);
      expect(response.statusCode).toBe(200);
      const events = (await eventsAbout(user.id)).slice(before);
      expect(events.map(({ eventCode }) => eventCode)).toEqual([
        'TWO_FACTOR_RESET',
        'PASSWORD_RESET_ISSUED',
      ]);
      expect(events[0]).toMatchObject({
        personId: ids['boss-a'],
        merchantId: shopA.id,
        description: 'Reset the second factor and the password of leaked-password',
        details: { passwordReset: true },
      });
      expect(events[1]).toMatchObject({
        personId: ids['boss-a'],
        merchantId: shopA.id,
        description: 'Reset the password of leaked-password',
        details: { expiresAt: response.json().data.expiresAt, twoFactorReset: true },
      });
    });

    it('lets a user whose role does not require a second factor sign in with the new password alone', async () => {
      const { user, cookie } = await activeUser('lost-phone-2', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      const start = await post(cookie, '/api/v1/two-factor/enrolment', {
        currentPassword: GOOD_PASSWORD,
      });
      expect(start.statusCode, start.body).toBe(200);
      const confirm = await post(cookie, '/api/v1/two-factor/enrolment/confirm', {
        code: codeOf(start.json().data.secret),
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect((await login('lost-phone-2', GOOD_PASSWORD)).json().data).toEqual({
        next: 'two-factor',
      });

      const link: PasswordLink = (await resetTwoFactor(bossA, user.id)).json().data;
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await login('lost-phone-2', GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await useLink(link.token, 'a brand new passphrase')).statusCode).toBe(200);
      const signedIn = await login('lost-phone-2', 'a brand new passphrase');
      expect(signedIn.statusCode).toBe(200);
      expect((await me(sessionCookieOf(signedIn))).statusCode).toBe(200);
    });

    it('changes nothing when there is no second factor to reset (409): the password stays', async () => {
      const { user, cookie } = await activeUser('no-phone', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      const before = (await eventsAbout(user.id)).length;
      const response = await resetTwoFactor(bossA, user.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(USER_MESSAGES.noSecondFactor);
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await login('no-phone', GOOD_PASSWORD)).statusCode).toBe(200);
      expect(await eventsAbout(user.id)).toHaveLength(before);
    });
  });

  describe('ending a user’s sessions', () => {
    it('ends every session of the user at once, audited with how many', async () => {
      const { user, cookie } = await activeUser('many-tabs', {
        merchantId: shopA.id,
        roles: ['Clerk'],
      });
      const other = await signIn(testApp.app, 'many-tabs', GOOD_PASSWORD);
      expect((await getUser(bossA, user.id)).json().data.liveSessions).toBe(2);

      const response = await endSessionsOf(bossA, user.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { ended: 2 } });
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(401);
      expect((await getUser(bossA, user.id)).json().data.liveSessions).toBe(0);
      expect(await latestEventAbout(user.id)).toMatchObject({
        eventCode: 'USER_SESSIONS_ENDED',
        personId: ids['boss-a'],
        details: { sessions: 2 },
      });
      // The password still works: ending sessions is not a reset.
      const fresh = await signIn(testApp.app, 'many-tabs', GOOD_PASSWORD);
      expect((await me(fresh)).statusCode).toBe(200);
      expect((await me(bossA)).statusCode).toBe(200);
    });
  });
});
