import type { RoleName } from '@paygate/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import type { AuthConfig } from '../config/server-config.ts';
import type { Database } from '../db/database.ts';
import { merchants, people, personRoles } from '../db/schema.ts';
import { openTestDatabase } from '../db/testing/test-databases.ts';
import { hashPassword } from '../modules/auth/password-hashing.ts';
import { issueFirstCredentials } from '../modules/developers/merchant-credentials.ts';
import { type MerchantKeys, newMerchantKeys } from '../modules/merchant-api/merchant-keys.ts';
import { seedRoles } from '../seed/roles-seed.ts';

export const TEST_AUTH: AuthConfig = {
  jwtSecret: 'test-secret-that-is-long-enough-0123456789',
  cookieSecure: false,
  sessionTtlMinutes: 60,
  sessionIdleMinutes: 30,
  adminsRequireTwoFactor: false,
};

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close: () => Promise<void>;
}

export const TEST_LIVE_STREAM_LIFETIME_MS = 300;

/** A full API on a fresh migrated database of the given kind, with the roles seeded. */
export const createTestApp = async (
  kind: 'pglite' | 'postgres' = 'pglite',
  options: { staticRoot?: string; liveStreamLifetimeMs?: number } = {},
): Promise<TestApp> => {
  const handle = await openTestDatabase(kind);
  await seedRoles(handle.db);
  // A live stream ends after a moment, so a test's request to it completes (live-event tests
  // that read a stream choose their own).
  const app = await buildApp({
    db: handle.db,
    auth: TEST_AUTH,
    liveStreamLifetimeMs: TEST_LIVE_STREAM_LIFETIME_MS,
    // Local receivers over http, as in development (tests of the https rule set it off).
    webhookAllowHttp: true,
    ...options,
  });
  return {
    app,
    db: handle.db,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
};

/**
 * A merchant with its first API key (clientPublicKey and signingSecret, both scopes) and its
 * webhook signing secret, as the back office creates one.
 */
export const createTestMerchant = async (
  db: Database,
  name = 'Test merchant',
  keys: MerchantKeys = newMerchantKeys(),
) =>
  db.transaction(async (tx) => {
    const [merchant] = await tx
      .insert(merchants)
      .values({ name, clientPublicKey: keys.clientPublicKey })
      .returning();
    if (!merchant) throw new Error('merchant insert returned nothing');
    const { webhookSecret } = await issueFirstCredentials(tx, merchant.id, keys);
    return { ...merchant, signingSecret: keys.signingSecret, webhookSecret };
  });

export const createTestPerson = async (
  db: Database,
  {
    username,
    password = `${username}-password`,
    role,
    merchantId = null,
    extraPermissions = [],
  }: {
    username: string;
    password?: string;
    role: RoleName;
    merchantId?: number | null;
    extraPermissions?: string[];
  },
) => {
  const [person] = await db
    .insert(people)
    .values({
      username,
      passwordHash: await hashPassword(password),
      firstName: `${username[0]?.toUpperCase() ?? ''}${username.slice(1)}`,
      lastName: 'Tester',
      merchantId,
      extraPermissions,
    })
    .returning();
  if (!person) throw new Error('person insert returned nothing');
  await db.insert(personRoles).values({ personId: person.id, roleName: role });
  return { ...person, roleName: role, password };
};

/** The Cookie header of the session a successful sign-in set. */
export const sessionCookieOf = (response: LightMyRequestResponse): string => {
  const cookie = response.cookies.find(({ name }) => name === 'jwt');
  if (!cookie) throw new Error(`no jwt cookie in the response (status ${response.statusCode})`);
  return `jwt=${cookie.value}`;
};

export const signIn = async (app: FastifyInstance, username: string, password: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username, password },
  });
  return sessionCookieOf(response);
};
