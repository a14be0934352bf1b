import { ALL_PERMISSIONS, normalisedRoleName, ROLE_PERMISSIONS } from '@paygate/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { eventLog, people, personRoles, roles, sessions } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { whileUncommitted } from '../../testing/lock-waits.ts';
import { expectProblem } from '../../testing/problem-assertions.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { ROLE_MESSAGES } from './role-service.ts';

interface RoleView {
  id: number;
  name: string;
  description: string;
  permissions: string[];
  builtIn: boolean;
  holders: number;
  assignable: boolean;
  updatedAt: string;
}

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

const insertCustomRole = async (db: Database, name: string, permissions: string[]) => {
  const [row] = await db.insert(roles).values({ name, permissions }).returning({ id: roles.id });
  if (!row) throw new Error('role insert returned nothing');
  return row.id;
};

describe.each(TEST_DATABASE_KINDS)('roles API on %s', (kind) => {
  let testApp: TestApp;
  /** Holds every permission through the built-in admin role. */
  let admin: string;
  /** Holds role.manage and two other permissions through the custom role "Role editors". */
  let editor: string;
  let editorId: number;
  /** The built-in support role: no role.manage. */
  let support: string;
  /** The built-in merchant role: user.manage.own, no role.manage. */
  let merchantUser: string;
  let adminId: number;
  const EDITOR_PERMISSIONS = ['role.manage', 'merchant.read', 'invoice.event.read'];

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    const shop = await createTestMerchant(db, 'Shop');
    adminId = (await createTestPerson(db, { username: 'root', role: 'admin' })).id;
    await insertCustomRole(db, 'Role editors', EDITOR_PERMISSIONS);
    editorId = (await createPersonWithRoles(db, 'editor', ['Role editors'])).id;
    await createTestPerson(db, { username: 'helpdesk', role: 'support' });
    await createTestPerson(db, { username: 'shopkeeper', role: 'merchant', merchantId: shop.id });
    admin = await signIn(app, 'root', 'root-password');
    editor = await signIn(app, 'editor', 'editor-password');
    support = await signIn(app, 'helpdesk', 'helpdesk-password');
    merchantUser = await signIn(app, 'shopkeeper', 'shopkeeper-password');
  });
  afterAll(async () => testApp?.close());

  const call = (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
    });

  const list = async (cookie: string): Promise<RoleView[]> => {
    const response = await call(cookie, 'GET', '/api/v1/roles');
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const roleNamed = async (name: string) => (await list(admin)).find((role) => role.name === name);
  const create = (cookie: string, body: object) => call(cookie, 'POST', '/api/v1/roles', body);
  const change = (cookie: string, id: number, body: object) =>
    call(cookie, 'PUT', `/api/v1/roles/${id}`, body);
  const remove = (cookie: string, id: number) => call(cookie, 'DELETE', `/api/v1/roles/${id}`);
  const me = (cookie: string) => call(cookie, 'GET', '/api/v1/people/me');
  const latestRoleEvent = async () => {
    const [row] = await testApp.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityType, 'role'))
      .orderBy(desc(eventLog.id))
      .limit(1);
    return row;
  };
  const roleEventCount = async () =>
    (await testApp.db.select().from(eventLog).where(eq(eventLog.entityType, 'role'))).length;

  /**
   * Sends the request while another transaction has added a role of this name and not committed
   * yet: the request's check cannot see it, its write waits on the name's unique index, and it is
   * answered once that transaction commits. Gives the answer and the other role's id.
   */
  const whileRoleUncommitted = async (
    name: string,
    request: () => ReturnType<typeof call>,
  ): Promise<{ answer: Awaited<ReturnType<typeof call>>; raced: number }> => {
    const { answer, written } = await whileUncommitted(
      testApp.db,
      (tx) => insertCustomRole(tx, name, ['merchant.read']),
      request,
      'roles',
    );
    return { answer, raced: written };
  };

  describe('access', () => {
    it('answers 401 without a session on every roles route', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/roles'],
        ['POST', '/api/v1/roles'],
        ['PUT', '/api/v1/roles/1'],
        ['DELETE', '/api/v1/roles/1'],
      ] as const) {
        const response = await call(undefined, method, url, { name: 'Nobody', permissions: [] });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 to changes without role.manage (support, and a merchant’s user manager)', async () => {
      const id = await insertCustomRole(testApp.db, 'Untouchable', ['merchant.read']);
      for (const cookie of [support, merchantUser]) {
        expect(
          (await create(cookie, { name: 'Sneaky', permissions: ['merchant.read'] })).statusCode,
        ).toBe(403);
        expect(
          (await change(cookie, id, { name: 'Sneaky', permissions: ['merchant.read'] })).statusCode,
        ).toBe(403);
        expect((await remove(cookie, id)).statusCode).toBe(403);
      }
      expect((await call(support, 'GET', '/api/v1/roles')).statusCode).toBe(403);
      expect(await roleNamed('Sneaky')).toBeUndefined();
      expect((await roleNamed('Untouchable'))?.permissions).toEqual(['merchant.read']);
      await testApp.db.delete(roles).where(eq(roles.id, id));
    });

    it('lets a merchant’s user manager read the roles to choose from', async () => {
      const seen = await list(merchantUser);
      expect(seen.map(({ name }) => name)).toContain('merchant');
      expect(seen.find(({ name }) => name === 'merchant')?.assignable).toBe(true);
      // A platform role is none of theirs: not even listed.
      expect(seen.map(({ name }) => name)).not.toContain('support');
    });
  });

  describe('list', () => {
    it('shows the built-in roles first with their permissions, then custom roles by name', async () => {
      const seen = await list(admin);
      const builtIn = seen.filter((role) => role.builtIn);
      expect(builtIn.map(({ name }) => name).sort()).toEqual(
        ['admin', 'merchant', 'operator', 'support'].sort(),
      );
      expect(seen.slice(0, 4).every((role) => role.builtIn)).toBe(true);
      for (const role of builtIn) {
        expect([...role.permissions].sort()).toEqual(
          [...ROLE_PERMISSIONS[role.name as keyof typeof ROLE_PERMISSIONS]].sort(),
        );
        expect(role.description).not.toBe('');
      }
      const custom = seen.slice(4).map(({ name }) => name);
      expect(custom).toEqual(
        [...custom].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
      expect(custom).toContain('Role editors');
    });

    it('counts the holders of each role', async () => {
      const seen = await list(admin);
      const holders = Object.fromEntries(seen.map(({ name, holders }) => [name, holders]));
      expect(holders).toMatchObject({
        admin: 1,
        merchant: 1,
        support: 1,
        operator: 0,
        'Role editors': 1,
      });
    });

    it('says per caller which roles they may give: only those whose permissions they all hold', async () => {
      expect((await list(admin)).every((role) => role.assignable)).toBe(true);
      const seenByEditor = Object.fromEntries(
        (await list(editor)).map(({ name, assignable }) => [name, assignable]),
      );
      expect(seenByEditor).toMatchObject({
        admin: false,
        merchant: false,
        support: false,
        operator: false,
        'Role editors': true,
      });
    });

    it('shows a merchant’s user manager only the roles they may give their own staff', async () => {
      const { db } = testApp;
      const otherShop = await createTestMerchant(db, 'Other shop');
      // Made for another merchant's staff: a permission this merchant's manager lacks.
      const otherShopsRole = await insertCustomRole(db, 'Other shop refunds', [
        'merchant.read',
        'invoice.amount.change',
      ]);
      const otherClerk = await createPersonWithRoles(
        db,
        'other-clerk',
        ['Other shop refunds'],
        otherShop.id,
      );
      // The platform's: a platform-only permission besides one the manager holds.
      const platformRole = await insertCustomRole(db, 'Platform readers', [
        'merchant.read',
        'merchant.rw.all',
      ]);
      // One they may give: every permission in it is theirs.
      const shopRole = await insertCustomRole(db, 'Shop readers', [
        'merchant.read',
        'report.read.balance',
      ]);
      try {
        const seen = await list(merchantUser);
        const names = seen.map(({ name }) => name);
        expect(names).toEqual(expect.arrayContaining(['merchant', 'Shop readers']));
        for (const hidden of [
          'Other shop refunds',
          'Platform readers',
          'Role editors',
          'admin',
          'support',
          'operator',
        ]) {
          expect(names, hidden).not.toContain(hidden);
        }
        expect(seen.every((role) => role.assignable)).toBe(true);
        // The platform's role editors and user managers still see every role.
        for (const cookie of [admin, editor]) {
          expect((await list(cookie)).map(({ name }) => name)).toEqual(
            expect.arrayContaining(['Other shop refunds', 'Platform readers', 'Shop readers']),
          );
        }
      } finally {
        await db.delete(personRoles).where(eq(personRoles.personId, otherClerk.id));
        await db.delete(people).where(eq(people.id, otherClerk.id));
        for (const id of [otherShopsRole, platformRole, shopRole]) {
          await db.delete(roles).where(eq(roles.id, id));
        }
      }
    });
  });

  describe('create', () => {
    it('creates a custom role, trimmed, each permission once, and audits it', async () => {
      const response = await create(admin, {
        name: '  Finance    viewer ',
        description: ' Reads the money ',
        permissions: ['report.read.balance', 'merchant.read.finance', 'report.read.balance'],
      });
      expect(response.statusCode).toBe(201);
      const role: RoleView = response.json().data;
      expect(role).toMatchObject({
        name: 'Finance viewer',
        description: 'Reads the money',
        builtIn: false,
        holders: 0,
        assignable: true,
      });
      expect([...role.permissions].sort()).toEqual([
        'merchant.read.finance',
        'report.read.balance',
      ]);
      expect(await roleNamed('Finance viewer')).toMatchObject({ id: role.id });

      expect(await latestRoleEvent()).toMatchObject({
        eventCode: 'ROLE_CREATED',
        personId: adminId,
        entityType: 'role',
        entityId: String(role.id),
        sourceIp: '127.0.0.1',
        details: { name: 'Finance viewer', permissions: role.permissions },
      });
    });

    it('keeps the permissions in the order of the permission table, whatever order they came in', async () => {
      const response = await create(admin, {
        name: 'Ordered',
        permissions: ['ticket.decision', 'invoice.event.read', 'merchant.read'],
      });
      expect(response.statusCode).toBe(201);
      const expected = ALL_PERMISSIONS.filter((permission) =>
        ['ticket.decision', 'invoice.event.read', 'merchant.read'].includes(permission),
      );
      expect(response.json().data.permissions).toEqual(expected);
      await remove(admin, response.json().data.id);
    });

    it.each([
      ['ab', 'too short'],
      ['  ab    ', 'too short once trimmed'],
      ['x'.repeat(65), 'too long'],
    ])('refuses the name %j (%s) with 400', async (name) => {
      const before = await roleEventCount();
      const response = await create(admin, { name, permissions: ['merchant.read'] });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(ROLE_MESSAGES.nameLength);
      expect(await roleEventCount()).toBe(before);
    });

    it('accepts names of 3 and of 64 characters', async () => {
      for (const name of ['abc', 'y'.repeat(64)]) {
        const response = await create(admin, { name, permissions: ['merchant.read'] });
        expect(response.statusCode, name).toBe(201);
        expect((await remove(admin, response.json().data.id)).statusCode).toBe(200);
      }
    });

    it('takes a name of 64 emoji and refuses 65: an emoji is one character', async () => {
      const emoji = '😀';
      const tooLong = await create(admin, {
        name: emoji.repeat(65),
        permissions: ['merchant.read'],
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().detail).toBe(ROLE_MESSAGES.nameLength);

      const response = await create(admin, {
        name: emoji.repeat(64),
        description: emoji.repeat(300),
        permissions: ['merchant.read'],
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        name: emoji.repeat(64),
        description: emoji.repeat(300),
      });
      expect((await remove(admin, response.json().data.id)).statusCode).toBe(200);
    });

    it('measures the description once trimmed, and says so in its own words', async () => {
      const tooLong = await create(admin, {
        name: 'Long descriptions',
        description: 'd'.repeat(301),
        permissions: ['merchant.read'],
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().detail).toBe(ROLE_MESSAGES.descriptionLength);

      const padded = await create(admin, {
        name: 'Long descriptions',
        description: ` ${'d'.repeat(300)} `,
        permissions: ['merchant.read'],
      });
      expect(padded.statusCode, padded.body).toBe(201);
      expect(padded.json().data.description).toBe('d'.repeat(300));
      expect((await remove(admin, padded.json().data.id)).statusCode).toBe(200);
    });

    it.each([
      'Role editors',
      'ROLE EDITORS',
      'role editors',
      ' Role   Editors ',
      'Admin',
      'MERCHANT',
    ])('refuses a name taken in any letter case (%j) with 409', async (name) => {
      const response = await create(admin, { name, permissions: ['merchant.read'] });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(ROLE_MESSAGES.nameTaken(normalisedRoleName(name)));
      // Its own code, so that a client says it under the name.
      expect(response.json().code).toBe('role_name_taken');
    });

    it.runIf(kind === 'postgres')(
      'refuses a name another role is given at the same moment with the same answer',
      async () => {
        const before = await roleEventCount();
        const { answer, raced } = await whileRoleUncommitted('Racing desk', () =>
          create(admin, { name: 'RACING DESK', permissions: ['merchant.read'] }),
        );
        expectProblem(answer, {
          status: 409,
          code: 'role_name_taken',
          detail: ROLE_MESSAGES.nameTaken('RACING DESK'),
        });
        expect((await list(admin)).filter((role) => /^racing desk$/i.test(role.name))).toEqual([
          expect.objectContaining({ id: raced }),
        ]);
        expect(await roleEventCount()).toBe(before);
      },
    );

    it('refuses an unknown permission with 400, naming it', async () => {
      const response = await create(admin, {
        name: 'Mystery',
        permissions: ['merchant.read', 'merchant.everything'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(ROLE_MESSAGES.unknownPermission('merchant.everything'));
      expect(await roleNamed('Mystery')).toBeUndefined();
    });

    it('refuses a role without permissions with 400', async () => {
      const response = await create(admin, { name: 'Empty', permissions: [] });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(ROLE_MESSAGES.noPermissions);
      expect((await create(admin, { name: 'Empty' })).statusCode).toBe(400);
    });

    it('refuses with 403 to grant a permission the caller lacks, and names it', async () => {
      const response = await create(editor, {
        name: 'Ticket desk',
        permissions: ['merchant.read', 'ticket.decision'],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(ROLE_MESSAGES.beyondOwn(['ticket.decision']));
      expect(await roleNamed('Ticket desk')).toBeUndefined();
    });

    it('lets a role editor create a role from permissions they hold', async () => {
      const response = await create(editor, {
        name: 'Event readers',
        permissions: ['invoice.event.read'],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.assignable).toBe(true);
      expect(await latestRoleEvent()).toMatchObject({
        eventCode: 'ROLE_CREATED',
        personId: editorId,
      });
    });

    it('refuses unknown fields and malformed bodies with 400', async () => {
      expect(
        (await create(admin, { name: 'Odd', permissions: ['merchant.read'], builtIn: true }))
          .statusCode,
      ).toBe(400);
      expect((await create(admin, { name: 'Odd', permissions: 'merchant.read' })).statusCode).toBe(
        400,
      );
      expect((await create(admin, { permissions: ['merchant.read'] })).statusCode).toBe(400);
    });
  });

  describe('change', () => {
    it('refuses to change a built-in role with 409, the role unchanged', async () => {
      for (const name of ['admin', 'merchant']) {
        const role = await roleNamed(name);
        if (!role) throw new Error(`no ${name} role`);
        const response = await change(admin, role.id, {
          name,
          permissions: ['merchant.read'],
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().detail).toBe(ROLE_MESSAGES.builtIn);
        expect((await roleNamed(name))?.permissions).toEqual(role.permissions);
      }
    });

    it('answers 404 for a role that does not exist', async () => {
      const response = await change(admin, 999_999, {
        name: 'Ghost',
        permissions: ['merchant.read'],
      });
      expect(response.statusCode).toBe(404);
      expect((await remove(admin, 999_999)).statusCode).toBe(404);
    });

    it('renames a role: its holders keep it, under the new name', async () => {
      const id = await insertCustomRole(testApp.db, 'Night shift', ['merchant.read']);
      const holder = await createPersonWithRoles(testApp.db, 'nightowl', ['Night shift']);
      const cookie = await signIn(testApp.app, 'nightowl', holder.password);
      const response = await change(admin, id, {
        name: 'Late shift',
        description: 'After six',
        permissions: ['merchant.read'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id, name: 'Late shift', holders: 1 });
      expect(await roleNamed('Night shift')).toBeUndefined();
      const person = (await me(cookie)).json().data;
      expect(person.roles).toEqual(['Late shift']);
      expect(person.permissions).toEqual(['merchant.read']);

      expect(await latestRoleEvent()).toMatchObject({
        eventCode: 'ROLE_CHANGED',
        personId: adminId,
        entityId: String(id),
        details: {
          name: { from: 'Night shift', to: 'Late shift' },
          description: { from: '', to: 'After six' },
        },
      });
    });

    it('lets a role change only the letter case of its own name', async () => {
      const id = await insertCustomRole(testApp.db, 'quiet hours', ['merchant.read']);
      const response = await change(admin, id, {
        name: 'Quiet Hours',
        permissions: ['merchant.read'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.name).toBe('Quiet Hours');
    });

    it('refuses to rename a role to another role’s name in any letter case with 409', async () => {
      const id = await insertCustomRole(testApp.db, 'Day shift', ['merchant.read']);
      for (const name of ['ROLE EDITORS', 'Operator']) {
        const response = await change(admin, id, { name, permissions: ['merchant.read'] });
        expectProblem(response, {
          status: 409,
          code: 'role_name_taken',
          detail: ROLE_MESSAGES.nameTaken(name),
        });
      }
      expect((await roleNamed('Day shift'))?.id).toBe(id);
    });

    it.runIf(kind === 'postgres')(
      'refuses a new name another role is given at the same moment with the same answer',
      async () => {
        const id = await insertCustomRole(testApp.db, 'Dusk shift', ['merchant.read']);
        const before = await roleEventCount();
        const { answer } = await whileRoleUncommitted('Dawn shift', () =>
          change(admin, id, { name: 'dawn shift', permissions: ['merchant.read'] }),
        );
        expectProblem(answer, {
          status: 409,
          code: 'role_name_taken',
          detail: ROLE_MESSAGES.nameTaken('dawn shift'),
        });
        expect((await roleNamed('Dusk shift'))?.id).toBe(id);
        expect(await roleEventCount()).toBe(before);
      },
    );

    it('applies a change of permissions at the holder’s next request, with the same cookie', async () => {
      const id = await insertCustomRole(testApp.db, 'Staff desk', ['merchant.read', 'user.manage']);
      const holder = await createPersonWithRoles(testApp.db, 'deskclerk', ['Staff desk']);
      const cookie = await signIn(testApp.app, 'deskclerk', holder.password);
      expect((await call(cookie, 'GET', '/api/v1/users')).statusCode).toBe(200);
      expect((await call(cookie, 'GET', '/api/v1/roles')).statusCode).toBe(200);

      const removed = await change(admin, id, {
        name: 'Staff desk',
        permissions: ['merchant.read'],
      });
      expect(removed.statusCode).toBe(200);
      expect((await call(cookie, 'GET', '/api/v1/users')).statusCode).toBe(403);
      expect((await call(cookie, 'GET', '/api/v1/roles')).statusCode).toBe(403);
      expect((await me(cookie)).json().data.permissions).toEqual(['merchant.read']);
      expect(await latestRoleEvent()).toMatchObject({
        eventCode: 'ROLE_CHANGED',
        details: { permissionsRemoved: ['user.manage'] },
      });
      expect((await latestRoleEvent())?.details).not.toHaveProperty('permissionsAdded');

      const added = await change(admin, id, {
        name: 'Staff desk',
        permissions: ['merchant.read', 'role.manage'],
      });
      expect(added.statusCode).toBe(200);
      expect((await call(cookie, 'GET', '/api/v1/roles')).statusCode).toBe(200);
      expect((await call(cookie, 'GET', '/api/v1/users')).statusCode).toBe(403);
      expect(await latestRoleEvent()).toMatchObject({
        eventCode: 'ROLE_CHANGED',
        details: { permissionsAdded: ['role.manage'] },
      });
    });

    it('signs out the holders without a second factor once the role requires one', async () => {
      const id = await insertCustomRole(testApp.db, 'Vault desk', ['merchant.read']);
      const plain = await createPersonWithRoles(testApp.db, 'vaultclerk', ['Vault desk']);
      const guarded = await createPersonWithRoles(testApp.db, 'vaultlead', ['Vault desk']);
      const plainCookie = await signIn(testApp.app, 'vaultclerk', plain.password);
      const guardedCookie = await signIn(testApp.app, 'vaultlead', guarded.password);
      // The lead has a second factor by now (set directly: its value is not read while signed in).
      await testApp.db
        .update(people)
        .set({ totpSecret: 'enrolled-elsewhere' })
        .where(eq(people.id, guarded.id));

      const renamed = await change(admin, id, {
        name: 'Vault desk',
        permissions: ['merchant.read'],
        description: 'Cash',
      });
      expect(renamed.statusCode).toBe(200);
      expect((await me(plainCookie)).statusCode).toBe(200);

      const required = await change(admin, id, {
        name: 'Vault desk',
        permissions: ['merchant.read'],
        requiresTwoFactor: true,
      });
      expect(required.statusCode).toBe(200);
      expect((await me(plainCookie)).statusCode).toBe(401);
      expect((await me(guardedCookie)).statusCode).toBe(200);
      expect(await latestRoleEvent()).toMatchObject({
        eventCode: 'ROLE_CHANGED',
        details: { requiresTwoFactor: { from: false, to: true }, signedOut: ['vaultclerk'] },
      });
      const [ended] = await testApp.db
        .select({ endReason: sessions.endReason })
        .from(sessions)
        .where(eq(sessions.personId, plain.id));
      expect(ended?.endReason).toBe('two-factor-required');
      const again = await call(undefined, 'POST', '/api/v1/login', {
        username: 'vaultclerk',
        password: plain.password,
      });
      expect(again.json().data).toEqual({ next: 'two-factor-enrolment' });
    });

    it('writes nothing when nothing changes', async () => {
      const id = await insertCustomRole(testApp.db, 'Steady', ['merchant.read']);
      const before = await roleEventCount();
      const response = await change(admin, id, { name: 'Steady', permissions: ['merchant.read'] });
      expect(response.statusCode).toBe(200);
      expect(await roleEventCount()).toBe(before);
    });

    it('refuses with 409 to give a platform-only permission to a role a merchant user holds', async () => {
      const shop = await createTestMerchant(testApp.db, 'Corner shop');
      const id = await insertCustomRole(testApp.db, 'Shop clerk', ['merchant.read']);
      const clerk = await createPersonWithRoles(testApp.db, 'clerk', ['Shop clerk'], shop.id);
      const cookie = await signIn(testApp.app, 'clerk', clerk.password);
      const before = await roleEventCount();
      for (const permission of ['merchant.rw.all', 'user.manage', 'people.account']) {
        const response = await change(admin, id, {
          name: 'Shop clerk',
          permissions: ['merchant.read', permission],
        });
        expect(response.statusCode, permission).toBe(409);
        expect(response.json().detail).toBe(ROLE_MESSAGES.merchantBoundHolders([permission]));
        // Not about the name: the general code.
        expect(response.json().code).toBe('conflict');
      }
      expect((await roleNamed('Shop clerk'))?.permissions).toEqual(['merchant.read']);
      expect((await me(cookie)).json().data.permissions).toEqual(['merchant.read']);
      expect(await roleEventCount()).toBe(before);

      // user.manage.own is the merchant's own: allowed.
      const own = await change(admin, id, {
        name: 'Shop clerk',
        permissions: ['merchant.read', 'user.manage.own'],
      });
      expect(own.statusCode).toBe(200);
    });

    it('gives a platform-only permission to a role only platform staff hold', async () => {
      const id = await insertCustomRole(testApp.db, 'Platform desk', ['merchant.read']);
      await createPersonWithRoles(testApp.db, 'platformdesk', ['Platform desk']);
      const response = await change(admin, id, {
        name: 'Platform desk',
        permissions: ['merchant.read', 'merchant.rw.all'],
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses with 403 a role editor adding a permission they lack, or changing a role holding one', async () => {
      const id = await insertCustomRole(testApp.db, 'Readers', ['merchant.read']);
      const adding = await change(editor, id, {
        name: 'Readers',
        permissions: ['merchant.read', 'ticket.decision'],
      });
      expect(adding.statusCode).toBe(403);
      expect(adding.json().detail).toBe(ROLE_MESSAGES.beyondOwn(['ticket.decision']));

      const mightier = await insertCustomRole(testApp.db, 'Mightier', [
        'merchant.read',
        'ticket.decision',
      ]);
      const narrowing = await change(editor, mightier, {
        name: 'Mightier',
        permissions: ['merchant.read'],
      });
      expect(narrowing.statusCode).toBe(403);
      expect(narrowing.json().detail).toBe(ROLE_MESSAGES.moreThanOwn);
      expect((await remove(editor, mightier)).statusCode).toBe(403);
      expect((await roleNamed('Mightier'))?.permissions).toEqual([
        'merchant.read',
        'ticket.decision',
      ]);

      const within = await change(editor, id, {
        name: 'Readers',
        permissions: ['merchant.read', 'invoice.event.read'],
      });
      expect(within.statusCode).toBe(200);
    });
  });

  describe('delete', () => {
    it('refuses to delete a role someone holds with 409, saying how many', async () => {
      const id = await insertCustomRole(testApp.db, 'Held', ['merchant.read']);
      await createPersonWithRoles(testApp.db, 'holder1', ['Held']);
      await createPersonWithRoles(testApp.db, 'holder2', ['Held', 'support']);
      const response = await remove(admin, id);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(ROLE_MESSAGES.held(2));
      expect(await roleNamed('Held')).toMatchObject({ holders: 2 });
    });

    it('refuses to delete a built-in role with 409, even one nobody holds', async () => {
      const operator = await roleNamed('operator');
      expect(operator?.holders).toBe(0);
      const response = await remove(admin, operator?.id ?? 0);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(ROLE_MESSAGES.builtIn);
      expect(await roleNamed('operator')).toBeDefined();
    });

    it('deletes a role nobody holds, audits it, and frees its name', async () => {
      const id = await insertCustomRole(testApp.db, 'Short lived', [
        'merchant.read',
        'invoice.event.read',
      ]);
      const response = await remove(admin, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { ok: true } });
      expect(await roleNamed('Short lived')).toBeUndefined();
      expect(await latestRoleEvent()).toMatchObject({
        eventCode: 'ROLE_DELETED',
        personId: adminId,
        entityId: String(id),
        details: { name: 'Short lived', permissions: ['merchant.read', 'invoice.event.read'] },
      });
      expect((await remove(admin, id)).statusCode).toBe(404);
      const again = await create(admin, { name: 'short lived', permissions: ['merchant.read'] });
      expect(again.statusCode).toBe(201);
    });

    it('lets a role editor delete a role within their permissions', async () => {
      const id = await insertCustomRole(testApp.db, 'Disposable', ['invoice.event.read']);
      expect((await remove(editor, id)).statusCode).toBe(200);
      const [row] = await testApp.db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.eventCode, 'ROLE_DELETED'), eq(eventLog.entityId, String(id))));
      expect(row?.personId).toBe(editorId);
    });
  });
});
