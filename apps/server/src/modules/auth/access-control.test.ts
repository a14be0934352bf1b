import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import {
  createTestApp,
  createTestPerson,
  signIn,
  TEST_AUTH,
  type TestApp,
} from '../../testing/test-app.ts';

/** A token signed with the server's own key, with whatever claims a forger chose. */
const signedWith = (claims: { sub: string; sid: unknown }) =>
  new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setAudience('paygate-backoffice')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(TEST_AUTH.jwtSecret));

describe.each(TEST_DATABASE_KINDS)('session cookie checks on %s', (kind) => {
  let world: TestApp;
  beforeAll(async () => {
    world = await createTestApp(kind);
  });
  afterAll(async () => world?.close());

  it('answers 401, not a database error, for well-signed tokens with malformed claims', async () => {
    const uuid = '0b8f1c1e-8c1d-4d0c-9d5c-0a9a1c1e2f3a';
    const tokens = [
      await signedWith({ sub: '1', sid: 'not-a-uuid' }),
      await signedWith({ sub: '1', sid: 42 }),
      await signedWith({ sub: '2147483648', sid: uuid }),
      await signedWith({ sub: '99999999999999999999', sid: uuid }),
      await signedWith({ sub: '1e3', sid: uuid }),
      await signedWith({ sub: '1', sid: uuid }),
    ];
    for (const token of tokens) {
      const response = await world.app.inject({
        method: 'GET',
        url: '/api/v1/people/me',
        headers: { cookie: `jwt=${token}` },
      });
      expect(response.statusCode, token).toBe(401);
    }
  });

  it('audits a refused call once a minute per person and route, with what the route asks for', async () => {
    const person = await createTestPerson(world.db, { username: 'nosy', role: 'support' });
    const cookie = await signIn(world.app, 'nosy', person.password);
    const call = (url: string) => world.app.inject({ method: 'GET', url, headers: { cookie } });
    const refusals = () =>
      world.db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.eventCode, 'ACCESS_DENIED'), eq(eventLog.personId, person.id)));

    expect((await call('/api/v1/users')).statusCode).toBe(403);
    expect((await call('/api/v1/users')).statusCode).toBe(403);
    expect((await call('/api/v1/roles')).statusCode).toBe(403);
    // An allowed call writes nothing.
    expect((await call('/api/v1/people/me')).statusCode).toBe(200);

    const rows = await refusals();
    expect(rows.map((row) => row.entityId).sort()).toEqual([
      'GET /api/v1/roles',
      'GET /api/v1/users',
    ]);
    const users = rows.find((row) => row.entityId === 'GET /api/v1/users');
    expect(users).toMatchObject({ entityType: 'route', merchantId: null });
    expect(users?.details).toEqual({ anyOf: ['user.manage', 'user.manage.own'] });
  });
});
