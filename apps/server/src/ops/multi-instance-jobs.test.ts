import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { callbacks, eventLog, invoiceStatusHistory, invoices } from '../db/schema.ts';
import { deliverDueCallbacks } from '../modules/callbacks/callback-delivery-job.ts';
import { callbackMessageId } from '../modules/callbacks/callback-signing.ts';
import {
  type CallbackReceiver,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
} from '../modules/callbacks/callback-test-receiver.ts';
import { expireDueInvoices } from '../modules/invoices/invoice-expiry-job.ts';
import { enqueueCallback } from '../modules/invoices/invoice-outbox.ts';
import { INVOICE_EVENT_CODES } from '../modules/invoices/invoice-status-service.ts';
import { type RunningJobs, startBackgroundJobs } from '../modules/jobs/background-jobs.ts';
import { seedReferenceData } from '../seed/reference-data-seed.ts';
import { createTestMerchant } from '../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../testing/test-data.ts';

/**
 * Several server instances share one PostgreSQL and all run the background jobs. Two "instances"
 * here are two independent connection pools on one database, each running the delivery and
 * expiry jobs through startBackgroundJobs as main.ts does. Small batches make the instances
 * interleave on the same rows, which is where double delivery or double expiry would show.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const CALLBACKS_QUEUED = 60;
const INVOICES_EXPIRING = 60;
const BATCH = 5;

interface Instance {
  handle: DatabaseHandle;
  jobs?: RunningJobs;
  /** Callbacks this instance claimed and attempted, and invoices it expired. */
  delivered: number;
  expired: number;
}

const startJobs = (instance: Instance, errors: unknown[]) => {
  const { db } = instance.handle;
  instance.jobs = startBackgroundJobs(
    [
      {
        name: 'callback-delivery',
        idleDelayMs: 20,
        runOnce: async () => {
          const count = await deliverDueCallbacks(db, { ...TO_LOCAL_RECEIVER, batchSize: BATCH });
          instance.delivered += count;
          return count >= BATCH;
        },
      },
      {
        name: 'invoice-expiry',
        idleDelayMs: 20,
        runOnce: async () => {
          const count = await expireDueInvoices(db, BATCH);
          instance.expired += count;
          return count >= BATCH;
        },
      },
    ],
    { error: (details) => errors.push(details) },
  );
};

describe.skipIf(!adminUrl)('two server instances on one PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `paygate_test_${randomBytes(6).toString('hex')}`;
  const instances: Instance[] = [];
  let receiver: CallbackReceiver;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    // One after the other: the first applies the migrations, the second finds them applied.
    for (let index = 0; index < 2; index += 1) {
      const handle = await openDatabase({
        kind: 'postgres',
        url: url.toString(),
        onIdleConnectionError: () => {},
      });
      instances.push({ handle, delivered: 0, expired: 0 });
    }
    receiver = await startCallbackReceiver();
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.jobs?.stop()));
    await Promise.all(instances.map((instance) => instance.handle.close()));
    await receiver?.close();
    // An autovacuum worker in the database makes a non-superuser's forced drop fail: retry.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        break;
      } catch (error) {
        if (attempt === 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  });

  it('share the job queues: each callback delivered once, each invoice expired once', async () => {
    const [first, second] = instances as [Instance, Instance];
    const db = first.handle.db;
    await seedReferenceData(db);
    const merchant = await createTestMerchant(db, 'Shop');
    const terminal = await createTestTerminal(db, merchant.id);

    // Completed invoices whose callbacks wait in the queue, and forms past their expiry (each
    // expiry queues a CANCELED callback too, so delivery keeps going while expiry runs).
    for (let index = 0; index < CALLBACKS_QUEUED; index += 1) {
      const invoice = await createTestInvoice(db, terminal, {
        status: 'DONE',
        callbackUrl: receiver.url(`/done/${index}`),
      });
      await enqueueCallback(db, invoice, { isManual: false });
    }
    const expiring = await Promise.all(
      Array.from({ length: INVOICES_EXPIRING }, (_, index) =>
        createTestInvoice(db, terminal, {
          expiresAt: new Date(Date.now() - 60_000),
          callbackUrl: receiver.url(`/expired/${index}`),
        }),
      ),
    );
    const expiringIds = expiring.map(({ id }) => id);

    const errors: unknown[] = [];
    startJobs(first, errors);
    startJobs(second, errors);

    const expectedCallbacks = CALLBACKS_QUEUED + INVOICES_EXPIRING;
    const deadline = Date.now() + 45_000;
    const pendingCount = async () =>
      (await db.select().from(callbacks).where(eq(callbacks.status, 'PENDING'))).length;
    while (Date.now() < deadline) {
      const open = await db.select().from(invoices).where(eq(invoices.status, 'NEW'));
      if (open.length === 0 && (await pendingCount()) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(instances.map((instance) => instance.jobs?.stop()));
    expect(errors).toEqual([]);

    // Both instances took part, and together did each piece of work once.
    expect(first.delivered).toBeGreaterThan(0);
    expect(second.delivered).toBeGreaterThan(0);
    expect(first.delivered + second.delivered).toBe(expectedCallbacks);
    expect(first.expired + second.expired).toBe(INVOICES_EXPIRING);

    const queued = await db.select().from(callbacks);
    expect(queued).toHaveLength(expectedCallbacks);
    for (const callback of queued) {
      expect(callback).toMatchObject({ status: 'SENT', attempts: 1, claimedUntil: null });
    }
    // The merchant got every message exactly once (Standard Webhooks webhook-id per callback).
    const receivedIds = receiver.received.map((request) => request.headers['webhook-id']);
    expect(receivedIds).toHaveLength(expectedCallbacks);
    expect(new Set(receivedIds).size).toBe(expectedCallbacks);
    expect(new Set(receivedIds)).toEqual(
      new Set(queued.map((callback) => callbackMessageId(callback))),
    );

    // Each expired form: CANCELED once, one history row, one event, one callback.
    const canceled = await db.select().from(invoices).where(inArray(invoices.id, expiringIds));
    expect(canceled.map(({ status }) => status)).toEqual(expiring.map(() => 'CANCELED'));
    const history = await db
      .select()
      .from(invoiceStatusHistory)
      .where(inArray(invoiceStatusHistory.invoiceId, expiringIds));
    const events = await db
      .select()
      .from(eventLog)
      .where(
        and(
          inArray(eventLog.invoiceId, expiringIds),
          eq(eventLog.eventCode, INVOICE_EVENT_CODES.statusChanged),
        ),
      );
    const cancelCallbacks = queued.filter(
      ({ invoiceId }) => invoiceId !== null && expiringIds.includes(invoiceId),
    );
    for (const rows of [history, events, cancelCallbacks]) {
      expect(rows.map(({ invoiceId }) => invoiceId).sort()).toEqual([...expiringIds].sort());
    }
  }, 90_000);
});
