import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestApp, TEST_AUTH, type TestApp } from '../../testing/test-app.ts';

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
});
