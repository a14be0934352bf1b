import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, invoices } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import {
  IDEMPOTENCY_MESSAGES,
  idempotencyKeyPurgeJob,
  purgeExpiredIdempotencyKeys,
} from '../idempotency/idempotency-entry.ts';
import { signedCall } from './merchant-api-test-client.ts';
import {
  createMerchantApiFixture,
  invoiceBody,
  type MerchantApiFixture,
} from './merchant-api-test-fixture.ts';

describe.each(TEST_DATABASE_KINDS)('merchant API idempotency on %s', (kind) => {
  let fixture: MerchantApiFixture;

  beforeAll(async () => {
    fixture = await createMerchantApiFixture(kind);
  });
  afterAll(async () => fixture?.testApp.close());

  const createWithKey = (key: string, body: unknown, keys = fixture.shop.keys) =>
    signedCall(fixture.testApp.app, keys, {
      method: 'POST',
      path: '/invoices',
      body,
      headers: { 'idempotency-key': key },
    });
  const invoicesWith = (merchantInvoiceId: string) =>
    fixture.testApp.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.merchantId, fixture.shop.id),
          eq(invoices.merchantInvoiceId, merchantInvoiceId),
        ),
      );
  const storedKey = async (key: string, merchantId = fixture.shop.id) => {
    const [row] = await fixture.testApp.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
    return row;
  };

  it('replays the first response for a retry of the same request', async () => {
    const key = crypto.randomUUID();
    const body = invoiceBody(fixture.terminals.uzsDeposits);
    const first = await createWithKey(key, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await createWithKey(key, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(retry.body).toBe(first.body);
    expect(await invoicesWith(body.merchantInvoiceId)).toHaveLength(1);

    const stored = await storedKey(key);
    expect(stored).toMatchObject({ responseStatus: 201 });
    expect(stored?.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('replays the snapshot even after the invoice has moved on', async () => {
    const key = crypto.randomUUID();
    const body = invoiceBody(fixture.terminals.uzsDeposits);
    const first = await createWithKey(key, body);
    await fixture.testApp.db
      .update(invoices)
      .set({ status: 'CANCELED' })
      .where(eq(invoices.id, first.json().data.invoiceId));
    const retry = await createWithKey(key, body);
    expect(retry.json().data.status).toBe('NEW');
  });

  it('refuses the same key with a different request', async () => {
    const key = crypto.randomUUID();
    const body = invoiceBody(fixture.terminals.uzsDeposits);
    expect((await createWithKey(key, body)).statusCode).toBe(201);
    const changed = await createWithKey(key, { ...body, amount: body.amount + 100 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      detail: IDEMPOTENCY_MESSAGES.differentRequest,
      code: 'idempotency_key_reused',
    });
    // A different order under the old key is refused too, and creates nothing.
    const other = invoiceBody(fixture.terminals.uzsDeposits);
    expect((await createWithKey(key, other)).statusCode).toBe(409);
    expect(await invoicesWith(other.merchantInvoiceId)).toHaveLength(0);
  });

  it('scopes keys to the merchant', async () => {
    const key = crypto.randomUUID();
    expect((await createWithKey(key, invoiceBody(fixture.terminals.uzsDeposits))).statusCode).toBe(
      201,
    );
    const rival = await createWithKey(
      key,
      invoiceBody(fixture.terminals.rivals),
      fixture.rival.keys,
    );
    expect(rival.statusCode).toBe(201);
    expect(rival.headers['idempotent-replayed']).toBeUndefined();
  });

  it('does not let a refused request poison its key', async () => {
    const key = crypto.randomUUID();
    const body = invoiceBody(fixture.terminals.uzsDeposits, { amount: 1 });
    const refused = await createWithKey(key, body);
    expect(refused.statusCode).toBe(400);
    expect(await storedKey(key)).toBeUndefined();
    // The same request again is checked again (not replayed from a stored 400)...
    expect((await createWithKey(key, body)).statusCode).toBe(400);
    // ...and the corrected request goes through under the same key.
    const fixed = await createWithKey(key, { ...body, amount: 150_000 });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedKey(key)).toMatchObject({ responseStatus: 201 });

    // A conflict is not stored either.
    const duplicateKey = crypto.randomUUID();
    const duplicate = await createWithKey(duplicateKey, {
      ...body,
      amount: 150_000,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await storedKey(duplicateKey)).toBeUndefined();
  });

  it('creates exactly one invoice for concurrent retries with one key', async () => {
    const key = crypto.randomUUID();
    const body = invoiceBody(fixture.terminals.uzsDeposits);
    const responses = await Promise.all(Array.from({ length: 6 }, () => createWithKey(key, body)));
    const created = responses.filter(
      (response) => response.statusCode === 201 && !response.headers['idempotent-replayed'],
    );
    expect(created).toHaveLength(1);
    const invoiceId = created[0]?.json().data.invoiceId;
    for (const response of responses) {
      // Every other answer is the replay, or "in progress" while the first was running.
      if (response.statusCode === 201) expect(response.json().data.invoiceId).toBe(invoiceId);
      else {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.inProgress });
      }
    }
    expect(await invoicesWith(body.merchantInvoiceId)).toHaveLength(1);
  });

  it('answers 409 in progress for a key whose first request has not finished', async () => {
    // A row without a response is what another instance's unfinished request looks like.
    const key = crypto.randomUUID();
    const body = invoiceBody(fixture.terminals.uzsDeposits);
    const first = await createWithKey(key, body);
    await fixture.testApp.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null })
      .where(eq(idempotencyKeys.key, key));
    const retry = await createWithKey(key, body);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      detail: IDEMPOTENCY_MESSAGES.inProgress,
      code: 'idempotency_key_in_progress',
    });
    expect(first.statusCode).toBe(201);
  });

  it.runIf(kind === 'postgres')(
    'answers 409 at once while another transaction holds the key',
    async () => {
      const key = crypto.randomUUID();
      const lockName = `idempotency-key:${fixture.shop.id}:${key}`;
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = fixture.testApp.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockName}, 0))`);
        locked();
        await held;
      });
      await isLocked;
      try {
        const response = await createWithKey(key, invoiceBody(fixture.terminals.uzsDeposits));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ detail: IDEMPOTENCY_MESSAGES.inProgress });
      } finally {
        release();
        await holder;
      }
      // Once the holder is gone, the key is free.
      const after = await createWithKey(key, invoiceBody(fixture.terminals.uzsDeposits));
      expect(after.statusCode).toBe(201);
    },
  );

  it('validates the key', async () => {
    const body = invoiceBody(fixture.terminals.uzsDeposits);
    for (const key of ['has space', 'x'.repeat(256), 'schlüssel']) {
      const response = await createWithKey(key, body);
      expect(response.statusCode, key).toBe(400);
      expect(response.json().detail).toMatch(/idempotency-key/);
    }
    expect(await invoicesWith(body.merchantInvoiceId)).toHaveLength(0);
    expect((await createWithKey('x'.repeat(255), body)).statusCode).toBe(201);
  });

  describe('purging', () => {
    const age = async (key: string, hours: number) =>
      fixture.testApp.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours}::int)` })
        .where(eq(idempotencyKeys.key, key));

    it('removes keys older than 24 hours, in batches, and keeps younger ones', async () => {
      const { db } = fixture.testApp;
      await db.delete(idempotencyKeys);
      const keys = Array.from({ length: 5 }, () => crypto.randomUUID());
      for (const key of keys) {
        expect(
          (await createWithKey(key, invoiceBody(fixture.terminals.uzsDeposits))).statusCode,
        ).toBe(201);
      }
      const [oldest, older, old, young, fresh] = keys as [string, string, string, string, string];
      await age(oldest, 72);
      await age(older, 48);
      await age(old, 25);
      await age(young, 23);

      expect(await purgeExpiredIdempotencyKeys(db, { batchSize: 2 })).toBe(2);
      expect(await storedKey(oldest)).toBeUndefined();
      expect(await storedKey(older)).toBeUndefined();
      expect(await purgeExpiredIdempotencyKeys(db, { batchSize: 2 })).toBe(1);
      expect(await purgeExpiredIdempotencyKeys(db)).toBe(0);
      expect(await storedKey(young)).toBeDefined();
      expect(await storedKey(fresh)).toBeDefined();

      // A purged key is free again: the same key now creates (or here: conflicts on the order).
      const reuse = await createWithKey(oldest, invoiceBody(fixture.terminals.uzsDeposits));
      expect(reuse.statusCode).toBe(201);
    });

    it('runs as a background job that asks for another run after a full batch', async () => {
      const { db } = fixture.testApp;
      await db.delete(idempotencyKeys);
      const keys = Array.from({ length: 3 }, () => crypto.randomUUID());
      for (const key of keys) {
        await createWithKey(key, invoiceBody(fixture.terminals.uzsDeposits));
        await age(key, 30);
      }
      const job = idempotencyKeyPurgeJob(db, { batchSize: 2 });
      expect(job.name).toBe('idempotency-key-purge');
      expect(job.idleDelayMs).toBeGreaterThan(0);
      expect(await job.runOnce()).toBe(true);
      expect(await job.runOnce()).toBe(false);
      expect(await db.$count(idempotencyKeys)).toBe(0);
    });
  });
});
