import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRoles } from '../seed/roles-seed.ts';
import { TEST_SERVER_SECRET } from '../testing/secrets-at-rest.setup.ts';
import { createTestMerchant, createTestPerson } from '../testing/test-app.ts';
import { type Database, type DatabaseHandle, queryRows } from './database.ts';
import { resealSecretsAtRest, resealWarnings } from './reseal-secrets-at-rest.ts';
import { apiKeys, people, providerCredentials, providers, webhookSecrets } from './schema.ts';
import {
  configureSecretsAtRest,
  isSealed,
  isSealedUnderCurrentKey,
  isTotpSecretUnderCurrentKey,
  openSigningSecret,
  openText,
  openTotpSecret,
  sealSigningSecret,
  sealText,
  sealTotpSecret,
  secretKeyOf,
} from './secrets-at-rest.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from './testing/test-databases.ts';

const TEST_SECRET = TEST_SERVER_SECRET;
const ROTATED_SECRET = 'another server secret, after a rotation 0123';

describe('sealing secrets', () => {
  it('seals with a fresh IV each time and opens only under the same key, untampered', () => {
    const key = secretKeyOf('server secret one', 'a purpose');
    const first = sealText(key, 'whsec_plain');
    const second = sealText(key, 'whsec_plain');
    expect(first).not.toBe(second);
    expect(first).not.toContain('whsec_plain');
    expect(openText(key, first)).toBe('whsec_plain');
    expect(openText(secretKeyOf('server secret two', 'a purpose'), first)).toBeNull();
    expect(openText(secretKeyOf('server secret one', 'another purpose'), first)).toBeNull();
    const [iv, tag, body] = first.split(':');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(openText(key, `${iv}:${tag}:${flipped}`)).toBeNull();
    expect(openText(key, 'not sealed')).toBeNull();
  });

  it('reads a value written before sealing as it is, and one sealed under the previous secret', () => {
    const sealed = sealSigningSecret('sk_live_secret');
    expect(isSealed(sealed)).toBe(true);
    expect(isSealedUnderCurrentKey(sealed)).toBe(true);
    expect(openSigningSecret(sealed)).toBe('sk_live_secret');
    expect(openSigningSecret('sk_written_before_sealing')).toBe('sk_written_before_sealing');
    try {
      // JWT_SECRET changed, the old one given as JWT_SECRET_PREVIOUS: still opens, to be resealed.
      configureSecretsAtRest(ROTATED_SECRET, TEST_SECRET);
      expect(openSigningSecret(sealed)).toBe('sk_live_secret');
      expect(isSealedUnderCurrentKey(sealed)).toBe(false);
      expect(isSealedUnderCurrentKey(sealSigningSecret('new'))).toBe(true);
      // Changed without it: refused, never read as something else.
      configureSecretsAtRest(ROTATED_SECRET);
      expect(() => openSigningSecret(sealed)).toThrow('without JWT_SECRET_PREVIOUS');
    } finally {
      configureSecretsAtRest(TEST_SECRET);
    }
  });

  it('seals TOTP secrets under a key of their own, and opens one sealed under the previous secret', () => {
    const sealed = sealTotpSecret('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openTotpSecret(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(isTotpSecretUnderCurrentKey(sealed)).toBe(true);
    // Not a signing secret, nor one under the signing secrets' key.
    expect(openTotpSecret(sealSigningSecret('JBSWY3DPEHPK3PXP'))).toBeNull();
    expect(openTotpSecret(`v1:${sealSigningSecret('x').slice('sealed:v1:'.length)}`)).toBeNull();
    try {
      configureSecretsAtRest(ROTATED_SECRET, TEST_SECRET);
      expect(openTotpSecret(sealed)).toBe('JBSWY3DPEHPK3PXP');
      expect(isTotpSecretUnderCurrentKey(sealed)).toBe(false);
      configureSecretsAtRest(ROTATED_SECRET);
      expect(openTotpSecret(sealed)).toBeNull();
    } finally {
      configureSecretsAtRest(TEST_SECRET);
    }
  });
});

/** A column as the database holds it, not through the column type. */
const storedValue = async (db: Database, query: ReturnType<typeof sql>) =>
  (await queryRows<{ value: string }>(db, query))[0]?.value;

describe.each(TEST_DATABASE_KINDS)('signing secrets at rest on %s', (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  let merchantId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    merchantId = (await createTestMerchant(db)).id;
  });
  afterAll(async () => database?.close());

  /** An API key of the merchant whose secret is `sk_<name>_test`, written through the column type. */
  const insertApiKey = async (name: string) => {
    const [key] = await db
      .insert(apiKeys)
      .values({
        merchantId,
        label: name,
        publicKey: `pk_${name}_test`,
        secret: `sk_${name}_test`,
        scopes: [],
      })
      .returning();
    if (!key) throw new Error('no key');
    return key;
  };

  it('stores API key, webhook and provider secrets sealed and reads them plain', async () => {
    const key = await insertApiKey('sealed');
    expect(key.secret).toBe('sk_sealed_test');
    const [webhook] = await db
      .insert(webhookSecrets)
      .values({ merchantId, secret: 'whsec_sealed_test' })
      .returning({ id: webhookSecrets.id });
    const [provider] = await db
      .insert(providers)
      .values({ code: 'SEALED', name: 'Sealed provider' })
      .returning({ id: providers.id });
    if (!key || !webhook || !provider) throw new Error('rows not created');
    await db
      .insert(providerCredentials)
      .values({ providerId: provider.id, signingSecret: 'prov_sealed_test' });

    const stored = [
      await storedValue(db, sql`SELECT secret AS value FROM api_keys WHERE id = ${key.id}`),
      await storedValue(
        db,
        sql`SELECT secret AS value FROM webhook_secrets WHERE id = ${webhook.id}`,
      ),
      await storedValue(
        db,
        sql`SELECT signing_secret AS value FROM provider_credentials WHERE provider_id = ${provider.id}`,
      ),
    ];
    for (const value of stored) {
      expect(value && isSealed(value)).toBe(true);
      expect(value).not.toContain('sealed_test');
    }
    const [readKey] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    const [readWebhook] = await db
      .select()
      .from(webhookSecrets)
      .where(eq(webhookSecrets.id, webhook.id));
    const [readProvider] = await db
      .select()
      .from(providerCredentials)
      .where(eq(providerCredentials.providerId, provider.id));
    expect([readKey?.secret, readWebhook?.secret, readProvider?.signingSecret]).toEqual([
      'sk_sealed_test',
      'whsec_sealed_test',
      'prov_sealed_test',
    ]);
  });

  it('seals at start the secrets stored plain, once, and they read the same', async () => {
    await db.execute(
      sql`INSERT INTO webhook_secrets (merchant_id, secret) VALUES (${merchantId}, 'whsec_plain_old')`,
    );
    const plainBefore = await storedValue(
      db,
      sql`SELECT count(*)::text AS value FROM webhook_secrets WHERE secret = 'whsec_plain_old'`,
    );
    expect(plainBefore).toBe('1');
    expect((await resealSecretsAtRest(db)).sealed).toBe(1);
    expect((await resealSecretsAtRest(db)).sealed).toBe(0);
    const rows = await db.select().from(webhookSecrets);
    expect(rows.map((row) => row.secret)).toContain('whsec_plain_old');
    const stillPlain = await storedValue(
      db,
      sql`SELECT count(*)::text AS value FROM webhook_secrets WHERE secret NOT LIKE 'sealed:v1:%'`,
    );
    expect(stillPlain).toBe('0');
  });

  it('reseals at start what was sealed under the previous server secret', async () => {
    const key = await insertApiKey('rotated');
    const storedSecret = () =>
      storedValue(db, sql`SELECT secret AS value FROM api_keys WHERE id = ${key.id}`);
    const before = await storedSecret();
    try {
      configureSecretsAtRest(ROTATED_SECRET, TEST_SECRET);
      expect((await resealSecretsAtRest(db)).sealed).toBeGreaterThanOrEqual(1);
      expect(await storedSecret()).not.toBe(before);
      // The previous secret is no longer needed.
      configureSecretsAtRest(ROTATED_SECRET);
      expect((await resealSecretsAtRest(db)).sealed).toBe(0);
      const [read] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      expect(read?.secret).toBe('sk_rotated_test');
    } finally {
      configureSecretsAtRest(ROTATED_SECRET, TEST_SECRET);
      await resealSecretsAtRest(db);
      configureSecretsAtRest(TEST_SECRET, ROTATED_SECRET);
      await resealSecretsAtRest(db);
      configureSecretsAtRest(TEST_SECRET);
    }
  });

  it('reseals second factors sealed under the previous secret; reports or clears those under no key', async () => {
    await seedRoles(db);
    const person = await createTestPerson(db, { username: `totp-${kind}`, role: 'admin' });
    const stored = async () => {
      const [row] = await db.select().from(people).where(eq(people.id, person.id));
      return { secret: row?.totpSecret ?? null, pending: row?.totpPendingSecret ?? null };
    };
    /** Seals the person's two secrets under `serverSecret`, as a server running with it did. */
    const sealAsUnder = async (serverSecret: string) => {
      configureSecretsAtRest(serverSecret);
      await db
        .update(people)
        .set({
          totpSecret: sealTotpSecret('JBSWY3DPEHPK3PXP'),
          totpPendingSecret: sealTotpSecret('KRSXG5CTMVRXEZLU'),
        })
        .where(eq(people.id, person.id));
      configureSecretsAtRest(TEST_SECRET);
    };
    const LOST_SECRET = 'a server secret nobody has any more, 0123456789';
    try {
      // JWT_SECRET changed, the old one given as JWT_SECRET_PREVIOUS: both sealed again.
      await sealAsUnder(ROTATED_SECRET);
      const before = await stored();
      configureSecretsAtRest(TEST_SECRET, ROTATED_SECRET);
      expect(await resealSecretsAtRest(db)).toEqual({
        sealed: 2,
        clearedEnrolments: 0,
        unopenedSecondFactors: [],
      });
      const after = await stored();
      expect(after.secret).not.toBe(before.secret);
      expect(after.pending).not.toBe(before.pending);
      // Only the current secret is needed from now on.
      configureSecretsAtRest(TEST_SECRET);
      expect((await resealSecretsAtRest(db)).sealed).toBe(0);
      expect(openTotpSecret(after.secret ?? '')).toBe('JBSWY3DPEHPK3PXP');
      expect(openTotpSecret(after.pending ?? '')).toBe('KRSXG5CTMVRXEZLU');

      // Sealed under a secret that is gone: the start goes on; the unfinished set-up is
      // cleared, the enabled second factor left as it is and reported.
      await sealAsUnder(LOST_SECRET);
      const lost = await stored();
      const outcome = await resealSecretsAtRest(db);
      expect(outcome).toEqual({
        sealed: 0,
        clearedEnrolments: 1,
        unopenedSecondFactors: [person.id],
      });
      expect(await stored()).toEqual({ secret: lost.secret, pending: null });
      expect(resealWarnings(outcome).join('\n')).toContain(`people ids ${person.id}`);
      // Should the secret turn up after all, one start with it as the previous secret reseals.
      configureSecretsAtRest(TEST_SECRET, LOST_SECRET);
      expect((await resealSecretsAtRest(db)).sealed).toBe(1);
      configureSecretsAtRest(TEST_SECRET);
      expect(openTotpSecret((await stored()).secret ?? '')).toBe('JBSWY3DPEHPK3PXP');
      expect(resealWarnings(await resealSecretsAtRest(db))).toEqual([]);
    } finally {
      configureSecretsAtRest(TEST_SECRET);
      await db.delete(people).where(eq(people.id, person.id));
    }
  });
});
