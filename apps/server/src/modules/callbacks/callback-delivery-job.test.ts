import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database.ts';
import { callbackAttempts, callbacks, webhookSecrets } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { enqueueCallback } from '../invoices/invoice-outbox.ts';
import { startBackgroundJobs } from '../jobs/background-jobs.ts';
import {
  CALLBACK_ERROR_MAX_LENGTH,
  CALLBACK_RETRY_DELAYS_MS,
  CALLBACK_USER_AGENT,
  callbackDeliveryJob,
  deliverDueCallbacks,
} from './callback-delivery-job.ts';
import { PRIVATE_ADDRESS_ERROR_CODE } from './callback-destination.ts';
import {
  type CallbackReceiver,
  headerRecord,
  newWebhookSecret,
  type ReceivedCallback,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
  unreachableUrl,
} from './callback-test-receiver.ts';

/** What a merchant does with the off-the-shelf library: verify the raw body and the headers. */
const verifiedPayload = (secret: string, delivery: ReceivedCallback | undefined) => {
  if (!delivery) throw new Error('nothing was delivered');
  return new Webhook(secret).verify(delivery.body, headerRecord(delivery.headers));
};

/** A merchant with a Standard Webhooks secret and a deposit terminal. */
const createMerchantWorld = async (db: Database, signingSecret = newWebhookSecret()) => {
  const merchant = await createTestMerchant(db, `Shop ${signingSecret.slice(-8)}`);
  await db
    .update(webhookSecrets)
    .set({ secret: signingSecret })
    .where(eq(webhookSecrets.merchantId, merchant.id));
  const terminal = await createTestTerminal(db, merchant.id);
  /** A DONE invoice whose callback (the real outbox path) is queued. */
  const queueCallback = async (callbackUrl: string) => {
    const invoice = await createTestInvoice(db, terminal, { status: 'DONE', callbackUrl });
    const row = await enqueueCallback(db, invoice, { isManual: false });
    if (!row) throw new Error('no callback queued');
    return row;
  };
  return { merchant, signingSecret, queueCallback };
};

const callbackRow = async (db: Database, id: number) => {
  const [row] = await db.select().from(callbacks).where(eq(callbacks.id, id));
  if (!row) throw new Error(`callback ${id} not found`);
  return row;
};

/** Instead of waiting for the backoff: the next attempt is due now. */
const makeDue = (db: Database, id: number) =>
  db
    .update(callbacks)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(callbacks.id, id));

describe.each(TEST_DATABASE_KINDS)('callback delivery on %s', (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  let receiver: CallbackReceiver;
  let world: Awaited<ReturnType<typeof createMerchantWorld>>;

  beforeAll(async () => {
    const handle = await openTestDatabase(kind);
    db = handle.db;
    close = handle.close;
    await seedReferenceData(db);
    receiver = await startCallbackReceiver();
    world = await createMerchantWorld(db);
  });
  afterEach(async () => {
    receiver.reset();
    await db.delete(callbacks);
  });
  afterAll(async () => {
    await receiver?.close();
    await close?.();
  });

  it('POSTs the payload signed per Standard Webhooks and marks the callback SENT', async () => {
    const queued = await world.queueCallback(receiver.url());

    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(verifiedPayload(world.signingSecret, delivery)).toEqual(queued.payload);
    expect(delivery?.method).toBe('POST');
    expect(delivery?.path).toBe('/callback');
    expect(delivery?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': CALLBACK_USER_AGENT,
      'webhook-id': `evt_${queued.eventId}`,
    });
    const timestamp = Number(delivery?.headers['webhook-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect(JSON.parse(delivery?.body ?? '')).toMatchObject({
      type: 'invoice.done',
      data: { status: 'DONE', isTest: false },
    });

    const row = await callbackRow(db, queued.id);
    expect(row).toMatchObject({
      status: 'SENT',
      attempts: 1,
      lastResponseCode: 204,
      lastError: null,
      claimedUntil: null,
      invoiceStatus: 'DONE',
    });
    expect(row.executionDate).toBeInstanceOf(Date);
    expect(Math.abs((row.executionDate?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);

    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('is refused by a verifier holding another secret', async () => {
    await world.queueCallback(receiver.url());
    await deliverDueCallbacks(db, TO_LOCAL_RECEIVER);
    expect(() => verifiedPayload(newWebhookSecret(), receiver.received[0])).toThrow(
      'No matching signature found',
    );
  });

  it('retries after a 500 and a timeout with backoff, then SENT on the 3rd attempt', async () => {
    const queued = await world.queueCallback(receiver.url());
    receiver.answerWith({ status: 500 }, 'hang', { status: 200 });
    const options = { ...TO_LOCAL_RECEIVER, timeoutMs: 200 };

    expect(await deliverDueCallbacks(db, options)).toBe(1);
    let row = await callbackRow(db, queued.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastResponseCode: 500,
      lastError: 'HTTP 500',
      claimedUntil: null,
    });
    expect((row.nextAttemptAt.getTime() - (row.executionDate?.getTime() ?? 0)) / 1000).toBe(60);
    // Not due before the backoff has passed.
    expect(await deliverDueCallbacks(db, options)).toBe(0);

    await makeDue(db, queued.id);
    expect(await deliverDueCallbacks(db, options)).toBe(1);
    row = await callbackRow(db, queued.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 2,
      lastResponseCode: null,
      lastError: 'No response within 200 ms',
    });
    expect((row.nextAttemptAt.getTime() - (row.executionDate?.getTime() ?? 0)) / 1000).toBe(300);

    await makeDue(db, queued.id);
    expect(await deliverDueCallbacks(db, options)).toBe(1);
    row = await callbackRow(db, queued.id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 3, lastResponseCode: 200 });
    expect(row.lastError).toBeNull();

    // One message: the same webhook-id and body on every attempt, each freshly signed.
    expect(receiver.received).toHaveLength(3);
    for (const delivery of receiver.received) {
      expect(delivery.headers['webhook-id']).toBe(`evt_${queued.eventId}`);
      expect(delivery.body).toBe(receiver.received[0]?.body);
      expect(verifiedPayload(world.signingSecret, delivery)).toEqual(queued.payload);
    }
  });

  it('does not follow redirects', async () => {
    const queued = await world.queueCallback(receiver.url());
    receiver.answerWith({ status: 302, headers: { location: receiver.url('/elsewhere') } });

    await deliverDueCallbacks(db, TO_LOCAL_RECEIVER);

    expect(receiver.received.map(({ path }) => path)).toEqual(['/callback']);
    const row = await callbackRow(db, queued.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: 302 });
    expect(row.lastError).toBe(
      `HTTP 302: redirects are not followed (to ${receiver.url('/elsewhere')})`,
    );
  });

  it('records an unreachable URL as an error and retries', async () => {
    const queued = await world.queueCallback(await unreachableUrl());

    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);

    const row = await callbackRow(db, queued.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: null });
    expect(row.lastError).toContain('ECONNREFUSED');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('fails at once a URL that is not http(s), without retries', async () => {
    const queued = await world.queueCallback('ftp://merchant.example/callback');

    await deliverDueCallbacks(db, TO_LOCAL_RECEIVER);

    expect(await callbackRow(db, queued.id)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lastResponseCode: null,
      lastError: 'The callback URL scheme ftp: is not http or https',
    });
  });

  it('never dials a loopback or private address literal in production mode', async () => {
    const port = new URL(receiver.url()).port;
    const queued = await Promise.all([
      world.queueCallback(receiver.url()),
      world.queueCallback(`http://[::1]:${port}/callback`),
      world.queueCallback('http://169.254.169.254/latest/meta-data'),
    ]);

    await deliverDueCallbacks(db);

    expect(receiver.received).toHaveLength(0);
    const rows = await Promise.all(queued.map((row) => callbackRow(db, row.id)));
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ['FAILED', 1, 'The callback URL points to 127.0.0.1, which is not a public address'],
      ['FAILED', 1, 'The callback URL points to ::1, which is not a public address'],
      ['FAILED', 1, 'The callback URL points to 169.254.169.254, which is not a public address'],
    ]);
  });

  it('refuses a name that resolves to a private address when it connects', async () => {
    const port = new URL(receiver.url()).port;
    const queued = await world.queueCallback(`http://localhost:${port}/callback`);

    await deliverDueCallbacks(db);

    expect(receiver.received).toHaveLength(0);
    const row = await callbackRow(db, queued.id);
    // Retried: what a name resolves to can change.
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: null });
    expect(row.lastError).toContain(PRIVATE_ADDRESS_ERROR_CODE);
    // The address it resolved to is not shown to the merchant.
    expect(row.lastError).toContain('localhost resolves to an address that is not public');
    expect(row.lastError).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('keeps to the retry schedule and is FAILED once it is used up', async () => {
    const queued = await world.queueCallback(receiver.url());
    const attemptsInAll = CALLBACK_RETRY_DELAYS_MS.length + 1;
    receiver.answerWith(...Array.from({ length: attemptsInAll }, () => ({ status: 503 })));

    const delays: number[] = [];
    for (let attempt = 1; attempt <= attemptsInAll; attempt += 1) {
      expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);
      const row = await callbackRow(db, queued.id);
      expect(row.attempts).toBe(attempt);
      if (attempt < attemptsInAll) {
        expect(row.status).toBe('PENDING');
        delays.push(row.nextAttemptAt.getTime() - (row.executionDate?.getTime() ?? 0));
        await makeDue(db, queued.id);
      } else {
        expect(row).toMatchObject({ status: 'FAILED', lastResponseCode: 503 });
      }
    }
    expect(delays).toEqual(CALLBACK_RETRY_DELAYS_MS);
    expect(receiver.received).toHaveLength(attemptsInAll);
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(0);
  });

  it('keeps at most CALLBACK_ERROR_MAX_LENGTH characters of an error', async () => {
    const queued = await world.queueCallback(
      `${'x'.repeat(2 * CALLBACK_ERROR_MAX_LENGTH)}://host/`,
    );
    await deliverDueCallbacks(db, TO_LOCAL_RECEIVER);
    const row = await callbackRow(db, queued.id);
    expect(row.status).toBe('FAILED');
    expect(row.lastError).toHaveLength(CALLBACK_ERROR_MAX_LENGTH);
    expect(row.lastError?.endsWith('…')).toBe(true);
  });

  it('records an answer whose body holds NUL characters (PostgreSQL text cannot) once', async () => {
    const accepted = await world.queueCallback(receiver.url());
    // "ok" in UTF-16: o, NUL, k, NUL.
    receiver.answerWith({ status: 200, body: Buffer.from('ok', 'utf16le') });
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);
    expect(await callbackRow(db, accepted.id)).toMatchObject({ status: 'SENT', attempts: 1 });
    const attempts = await db
      .select()
      .from(callbackAttempts)
      .where(eq(callbackAttempts.callbackId, accepted.id));
    expect(attempts.map((attempt) => attempt.responseExcerpt)).toEqual(['o\uFFFDk\uFFFD']);

    // A refusal with such a body counts as an attempt and waits its backoff.
    const refused = await world.queueCallback(receiver.url());
    receiver.answerWith({ status: 500, body: 'error\u0000' });
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);
    expect(await callbackRow(db, refused.id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastResponseCode: 500,
    });
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  it('delivers each callback exactly once when two workers run at the same time', async () => {
    const queued = await Promise.all(
      Array.from({ length: 30 }, () => world.queueCallback(receiver.url())),
    );

    const counts = await Promise.all([
      deliverDueCallbacks(db, { ...TO_LOCAL_RECEIVER, batchSize: 20, perMerchant: 20 }),
      deliverDueCallbacks(db, { ...TO_LOCAL_RECEIVER, batchSize: 20, perMerchant: 20 }),
    ]);

    expect(counts[0] + counts[1]).toBe(30);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    const ids = receiver.received.map(({ headers }) => headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids)).toEqual(new Set(queued.map(({ eventId }) => `evt_${eventId}`)));
    const rows = await db
      .select()
      .from(callbacks)
      .where(
        inArray(
          callbacks.id,
          queued.map(({ id }) => id),
        ),
      );
    expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  // PGlite has one connection, so a second transaction could not run beside the first.
  it.runIf(kind === 'postgres')(
    'skips rows another transaction holds locked instead of waiting for them',
    async () => {
      const locked = await world.queueCallback(receiver.url());
      const free = await world.queueCallback(receiver.url());
      await db.transaction(async (tx) => {
        await tx.select().from(callbacks).where(eq(callbacks.id, locked.id)).for('update');
        expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);
      });
      expect(receiver.received.map(({ headers }) => headers['webhook-id'])).toEqual([
        `evt_${free.eventId}`,
      ]);
      expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);
      expect((await callbackRow(db, locked.id)).status).toBe('SENT');
    },
  );

  it('leaves a callback claimed by a live worker alone and redelivers an expired claim', async () => {
    const queued = await world.queueCallback(receiver.url());
    // A worker claimed it and is still within its lease.
    await db
      .update(callbacks)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(callbacks.id, queued.id));
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(0);

    // That worker died before recording (its POST may or may not have gone out).
    await db
      .update(callbacks)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(callbacks.id, queued.id));
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);

    expect(receiver.received).toHaveLength(1);
    expect(await callbackRow(db, queued.id)).toMatchObject({
      status: 'SENT',
      attempts: 1,
      claimedUntil: null,
    });
  });

  it('drops the late record of a worker whose claim ran out once another has recorded', async () => {
    const queued = await world.queueCallback(receiver.url());
    receiver.answerWith('hang', { status: 500 });
    // A worker stalls mid-delivery long enough for its lease to run out...
    const stalled = deliverDueCallbacks(db, { ...TO_LOCAL_RECEIVER, timeoutMs: 1_500 });
    await receiver.receivedAtLeast(1);
    await db
      .update(callbacks)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(callbacks.id, queued.id));
    // ...so another worker makes (and records) that attempt too.
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(1);
    expect(await stalled).toBe(1);

    expect(receiver.received).toHaveLength(2);
    expect(await callbackRow(db, queued.id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastResponseCode: 500,
      lastError: 'HTTP 500',
    });
  });

  it('does not send the rest of a batch another worker took over once the lease ran out', async () => {
    const first = await world.queueCallback(receiver.url());
    const second = await world.queueCallback(receiver.url());
    receiver.answerWith('hang');
    // One lane: the second callback waits for the first, which hangs until the timeout.
    const stalled = deliverDueCallbacks(db, {
      ...TO_LOCAL_RECEIVER,
      batchSize: 2,
      concurrency: 1,
      timeoutMs: 1_500,
    });
    await receiver.receivedAtLeast(1);
    // The stalled worker's lease runs out on both, and another worker sends and records both.
    await db
      .update(callbacks)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(inArray(callbacks.id, [first.id, second.id]));
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(2);
    await stalled;

    // The first was on its way before the lease ran out (at least once); the second is not sent
    // again by the stalled worker.
    const sent = receiver.received.map(({ headers }) => headers['webhook-id']);
    expect(sent.filter((id) => id === `evt_${second.eventId}`)).toHaveLength(1);
    expect(sent).toHaveLength(3);
    expect(await callbackRow(db, second.id)).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('gives back on stop only the claims that are still its own', async () => {
    const kept = await world.queueCallback(receiver.url());
    const takenOver = await world.queueCallback(receiver.url());
    const job = callbackDeliveryJob(db, TO_LOCAL_RECEIVER);
    const stopped = new AbortController();
    stopped.abort();
    // Claims both, then stops before sending either.
    await job.runOnce(stopped.signal);
    expect(receiver.received).toHaveLength(0);
    // Meanwhile its lease on one ran out and another worker claimed that one.
    await db
      .update(callbacks)
      .set({ claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(callbacks.id, takenOver.id));

    await job.releaseClaims?.();

    expect((await callbackRow(db, kept.id)).claimedUntil).toBeNull();
    expect((await callbackRow(db, takenOver.id)).claimedUntil).not.toBeNull();
  });

  it('signs with the UTF-8 bytes of a secret without the whsec_ prefix', async () => {
    const legacy = await createMerchantWorld(db, 'sk_legacy-secret-0123456789');
    await legacy.queueCallback(receiver.url());

    await deliverDueCallbacks(db, TO_LOCAL_RECEIVER);

    const delivery = receiver.received[0];
    expect(
      new Webhook('sk_legacy-secret-0123456789', { format: 'raw' }).verify(
        delivery?.body ?? '',
        headerRecord(delivery?.headers ?? {}),
      ),
    ).toMatchObject({ data: { status: 'DONE' } });
  });

  it('records an attempt without sending when the merchant secret is malformed', async () => {
    const broken = await createMerchantWorld(db, 'whsec_not base64!');
    const queued = await broken.queueCallback(receiver.url());

    await deliverDueCallbacks(db, TO_LOCAL_RECEIVER);

    expect(receiver.received).toHaveLength(0);
    expect(await callbackRow(db, queued.id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'A signing secret is whsec_ followed by base64 of 24 to 64 bytes',
    });
  });

  it('takes turns across merchants: one merchant’s backlog does not fill the batch', async () => {
    const backlog: Array<Awaited<ReturnType<typeof world.queueCallback>>> = [];
    for (let index = 0; index < 12; index += 1) {
      backlog.push(await world.queueCallback(receiver.url()));
    }
    // Older than anything the other merchant has: oldest first would take only these.
    await db
      .update(callbacks)
      .set({ nextAttemptAt: sql`now() - interval '1 hour'` })
      .where(
        inArray(
          callbacks.id,
          backlog.map(({ id }) => id),
        ),
      );
    const other = await createMerchantWorld(db);
    const others = [
      await other.queueCallback(receiver.url()),
      await other.queueCallback(receiver.url()),
    ];

    // One lane: the callbacks arrive in the order of the claimed batch, whatever the timing.
    const options = {
      ...TO_LOCAL_RECEIVER,
      batchSize: 6,
      perMerchant: 3,
      concurrency: 1,
      timeoutMs: 5_000,
    };
    expect(await deliverDueCallbacks(db, options)).toBe(5);
    const sentIds = () => receiver.received.map(({ headers }) => headers['webhook-id']);
    expect(sentIds()).toEqual(
      expect.arrayContaining(others.map(({ eventId }) => `evt_${eventId}`)),
    );
    // The backlog's three oldest went, in turns with the other merchant's two.
    expect(
      sentIds().filter((id) => backlog.some(({ eventId }) => id === `evt_${eventId}`)),
    ).toEqual(backlog.slice(0, 3).map(({ eventId }) => `evt_${eventId}`));
    const order = sentIds().map((id) =>
      others.some(({ eventId }) => id === `evt_${eventId}`) ? 'other' : 'backlog',
    );
    expect(order).toEqual(['backlog', 'other', 'backlog', 'other', 'backlog']);

    // The rest of the backlog, three at a time now that it is alone.
    expect(await deliverDueCallbacks(db, options)).toBe(3);
  });

  it('delivers each callback of several merchants exactly once to two workers claiming in turns', async () => {
    const worlds = [world, await createMerchantWorld(db), await createMerchantWorld(db)];
    const queued: Array<Awaited<ReturnType<typeof world.queueCallback>>> = [];
    for (const merchant of worlds) {
      for (let index = 0; index < 8; index += 1) {
        queued.push(await merchant.queueCallback(receiver.url()));
      }
    }
    const options = { ...TO_LOCAL_RECEIVER, batchSize: 6, perMerchant: 2, concurrency: 3 };
    let delivered = 0;
    for (let round = 0; round < 20 && delivered < queued.length; round += 1) {
      const counts = await Promise.all([
        deliverDueCallbacks(db, options),
        deliverDueCallbacks(db, options),
      ]);
      // Never more than a merchant's share per worker: 2 of each of the 3 merchants.
      for (const count of counts) expect(count).toBeLessThanOrEqual(6);
      delivered += counts[0] + counts[1];
    }
    expect(delivered).toBe(queued.length);
    const ids = receiver.received.map(({ headers }) => headers['webhook-id']);
    expect(ids).toHaveLength(queued.length);
    expect(new Set(ids)).toEqual(new Set(queued.map(({ eventId }) => `evt_${eventId}`)));
  });

  it('goes again at once while a merchant had its full share, even in a batch that was not full', async () => {
    for (let index = 0; index < 5; index += 1) await world.queueCallback(receiver.url());
    const job = callbackDeliveryJob(db, {
      ...TO_LOCAL_RECEIVER,
      batchSize: 50,
      perMerchant: 2,
      idleDelayMs: 60_000,
    });
    expect(await job.runOnce()).toBe(true);
    expect(await job.runOnce()).toBe(true);
    expect(await job.runOnce()).toBe(false);
    expect(receiver.received).toHaveLength(5);
  });

  it('runs as a background job that claims again at once after a full batch', async () => {
    const queued = await Promise.all(
      Array.from({ length: 5 }, () => world.queueCallback(receiver.url())),
    );
    const job = callbackDeliveryJob(db, {
      ...TO_LOCAL_RECEIVER,
      batchSize: 2,
      idleDelayMs: 60_000,
    });
    expect(job).toMatchObject({ name: 'callback-delivery', idleDelayMs: 60_000 });

    expect(await job.runOnce()).toBe(true);
    expect(await job.runOnce()).toBe(true);
    expect(await job.runOnce()).toBe(false);

    const rows = await db
      .select({ status: callbacks.status })
      .from(callbacks)
      .where(
        inArray(
          callbacks.id,
          queued.map(({ id }) => id),
        ),
      );
    expect(rows.map(({ status }) => status)).toEqual(Array(5).fill('SENT'));
  });
});

describe('callback delivery options', () => {
  it('refuses a lease that does not outlast a whole batch, and non-positive sizes', () => {
    const db = {} as Database;
    expect(() => callbackDeliveryJob(db, { leaseMs: 5_000, timeoutMs: 5_000 })).toThrow(
      'leaseMs must exceed ceil(batchSize / concurrency) × timeoutMs (25000 ms)',
    );
    // 50 callbacks, 10 at a time: the last five start after four timeouts of 15 s at most.
    expect(() => callbackDeliveryJob(db, { leaseMs: 60_000, timeoutMs: 15_000 })).toThrow(
      '(75000 ms)',
    );
    expect(() =>
      callbackDeliveryJob(db, { leaseMs: 60_000, timeoutMs: 15_000, concurrency: 25 }),
    ).not.toThrow();
    expect(() => callbackDeliveryJob(db, { concurrency: 0 })).toThrow(
      'concurrency must be a positive integer',
    );
    expect(() => callbackDeliveryJob(db, { perMerchant: 1.5 })).toThrow(
      'perMerchant must be a positive integer',
    );
  });

  it('retries for about a day in all', () => {
    const total = CALLBACK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(23 * 3_600_000);
    expect(total).toBeLessThanOrEqual(24 * 3_600_000);
  });
});

describe('a callback pending when the server stops', () => {
  it('is delivered after a restart on the same persisted PGlite database', {
    timeout: 90_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paygate-callbacks-'));
    const receiver = await startCallbackReceiver();
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await seedReferenceData(first.db);
      const world = await createMerchantWorld(first.db);
      const queued = await world.queueCallback(receiver.url());
      await first.close();
      expect(receiver.received).toHaveLength(0);

      const second = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const jobErrors: object[] = [];
        const jobs = startBackgroundJobs([callbackDeliveryJob(second.db, TO_LOCAL_RECEIVER)], {
          error: (details) => jobErrors.push(details),
        });
        // Until the attempt is recorded, not only received: stopping the jobs between the two
        // (the receiver answered, the job not yet written) would leave the row pending.
        const deadline = Date.now() + 20_000;
        while (
          (await callbackRow(second.db, queued.id)).status !== 'SENT' &&
          Date.now() < deadline
        ) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await jobs.stop();
        expect(jobErrors).toEqual([]);

        expect(verifiedPayload(world.signingSecret, receiver.received[0])).toEqual(queued.payload);
        expect(await callbackRow(second.db, queued.id)).toMatchObject({
          status: 'SENT',
          attempts: 1,
        });
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
