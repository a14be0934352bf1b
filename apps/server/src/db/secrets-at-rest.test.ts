import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMerchant } from '../testing/test-app.ts';
import { type Database, type DatabaseHandle, queryRows } from './database.ts';
import { resealSigningSecrets } from './reseal-signing-secrets.ts';
import { apiKeys, providerCredentials, providers, webhookSecrets } from './schema.ts';
import {
  configureSecretsAtRest,
  isSealed,
  isSealedUnderCurrentKey,
  openSigningSecret,
  openText,
  sealSigningSecret,
  sealText,
  secretKeyOf,
} from './secrets-at-rest.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from './testing/test-databases.ts';

const TEST_SECRET = 'test server secret for secrets at rest, 0123456789';
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

  it('stores API key, webhook and provider secrets sealed and reads them plain', async () => {
    const [key] = await db
      .insert(apiKeys)
      .values({
        merchantId,
        label: 'sealed',
        publicKey: 'pk_sealed_test',
        secret: 'sk_sealed_test',
        scopes: [],
      })
      .returning();
    expect(key?.secret).toBe('sk_sealed_test');
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
    expect(await resealSigningSecrets(db)).toBe(1);
    expect(await resealSigningSecrets(db)).toBe(0);
    const rows = await db.select().from(webhookSecrets);
    expect(rows.map((row) => row.secret)).toContain('whsec_plain_old');
    const stillPlain = await storedValue(
      db,
      sql`SELECT count(*)::text AS value FROM webhook_secrets WHERE secret NOT LIKE 'sealed:v1:%'`,
    );
    expect(stillPlain).toBe('0');
  });

  it('reseals at start what was sealed under the previous server secret', async () => {
    const [key] = await db
      .insert(apiKeys)
      .values({
        merchantId,
        label: 'rotated',
        publicKey: 'pk_rotated_test',
        secret: 'sk_rotated_test',
        scopes: [],
      })
      .returning({ id: apiKeys.id });
    if (!key) throw new Error('no key');
    const storedSecret = () =>
      storedValue(db, sql`SELECT secret AS value FROM api_keys WHERE id = ${key.id}`);
    const before = await storedSecret();
    try {
      configureSecretsAtRest(ROTATED_SECRET, TEST_SECRET);
      expect(await resealSigningSecrets(db)).toBeGreaterThanOrEqual(1);
      expect(await storedSecret()).not.toBe(before);
      // The previous secret is no longer needed.
      configureSecretsAtRest(ROTATED_SECRET);
      expect(await resealSigningSecrets(db)).toBe(0);
      const [read] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      expect(read?.secret).toBe('sk_rotated_test');
    } finally {
      configureSecretsAtRest(ROTATED_SECRET, TEST_SECRET);
      await resealSigningSecrets(db);
      configureSecretsAtRest(TEST_SECRET, ROTATED_SECRET);
      await resealSigningSecrets(db);
      configureSecretsAtRest(TEST_SECRET);
    }
  });
});
