import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { eventLog, people, personRoles } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedRoles } from '../../seed/roles-seed.ts';
import { whileUncommitted } from '../../testing/lock-waits.ts';
import { createAdministrator } from './administrator-account-service.ts';

const auth = {
  jwtSecret: 'administrator-account-test-secret-0123456789',
  cookieSecure: false,
  sessionTtlMinutes: 60,
  sessionIdleMinutes: 30,
  adminsRequireTwoFactor: false,
};

describe('the first administrator, created from the command line', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    await seedRoles(handle.db);
  });
  afterAll(async () => handle?.close());

  it('has no password but a one-time link: the administrator sets it there, then signs in', async () => {
    const { personId, link } = await createAdministrator(handle.db, 'ops.admin');
    expect(link.path).toBe(`/password-reset/${link.token}`);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const [stored] = await handle.db.select().from(people).where(eq(people.id, personId));
    const roleRows = await handle.db
      .select()
      .from(personRoles)
      .where(eq(personRoles.personId, personId));
    expect(roleRows.map((row) => row.roleName)).toEqual(['admin']);
    expect(stored?.merchantId).toBeNull();
    expect(stored?.passwordHash).toBeNull();

    const app = await buildApp({ db: handle.db, auth });
    try {
      const password = 'a long first password of the ops admin';
      const before = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'ops.admin', password },
      });
      expect(before.statusCode).toBe(401);
      const page = await app.inject({ url: `/api/v1${link.path}` });
      expect(page.statusCode).toBe(200);
      expect(page.json().data.username).toBe('ops.admin');
      const set = await app.inject({
        method: 'POST',
        url: `/api/v1${link.path}`,
        payload: { newPassword: password },
      });
      expect(set.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'ops.admin', password },
      });
      expect(login.statusCode).toBe(200);
      // The link works once.
      const again = await app.inject({
        method: 'POST',
        url: `/api/v1${link.path}`,
        payload: { newPassword: 'another long password for ops' },
      });
      expect(again.statusCode).toBe(410);
    } finally {
      await app.close();
    }

    const events = await handle.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.eventCode, 'ADMINISTRATOR_CREATED'));
    expect(events.map((event) => event.entityId)).toEqual([String(personId)]);
  });

  it('refuses a username taken in any letter case, and one that is not a plain name', async () => {
    await expect(createAdministrator(handle.db, 'OPS.ADMIN')).rejects.toMatchObject({
      kind: 'conflict',
      code: 'username_taken',
      message: 'User OPS.ADMIN already exists',
    });
    await expect(createAdministrator(handle.db, "x'; drop")).rejects.toThrow('must be 3 to 64');
    await expect(createAdministrator(handle.db, 'ab')).rejects.toThrow('must be 3 to 64');
    const admins = await handle.db
      .select()
      .from(personRoles)
      .where(eq(personRoles.roleName, 'admin'));
    expect(admins).toHaveLength(1);
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'two administrators of one name created at the same moment (PostgreSQL)',
  () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase('postgres');
      await seedRoles(handle.db);
    });
    afterAll(async () => handle?.close());

    it('refuses the second with the same conflict as a name taken before', async () => {
      const { answer } = await whileUncommitted(
        handle.db,
        (tx) =>
          tx.insert(people).values({ username: 'night.admin', firstName: 'A', lastName: 'B' }),
        () => createAdministrator(handle.db, 'NIGHT.ADMIN').catch((error: unknown) => error),
        'people',
      );
      expect(answer).toMatchObject({
        message: 'User NIGHT.ADMIN already exists',
        code: 'username_taken',
      });
      const admins = await handle.db
        .select()
        .from(people)
        .where(eq(people.firstName, 'Administrator'));
      expect(admins.map((row) => row.username)).not.toContain('NIGHT.ADMIN');
    });
  },
);
