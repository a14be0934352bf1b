import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { callbacks, webhookSecrets } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { callbackDeliveryJob, deliverDueCallbacks } from '../callbacks/callback-delivery-job.ts';
import {
  type CallbackReceiver,
  newWebhookSecret,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
} from '../callbacks/callback-test-receiver.ts';
import { enqueueCallback } from '../invoices/invoice-outbox.ts';
import { startBackgroundJobs } from './background-jobs.ts';

const waitFor = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.each(TEST_DATABASE_KINDS)('stopping the jobs on %s', (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    const handle = await openTestDatabase(kind);
    db = handle.db;
    close = handle.close;
    await seedReferenceData(db);
    receiver = await startCallbackReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await close?.();
  });

  it('cuts a delivery short and hands every claimed callback back at once', async () => {
    const merchant = await createTestMerchant(db);
    await db
      .update(webhookSecrets)
      .set({ secret: newWebhookSecret() })
      .where(eq(webhookSecrets.merchantId, merchant.id));
    const terminal = await createTestTerminal(db, merchant.id);
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const invoice = await createTestInvoice(db, terminal, {
        status: 'DONE',
        callbackUrl: receiver.url(),
      });
      const row = await enqueueCallback(db, invoice, { isManual: false });
      if (!row) throw new Error('no callback queued');
      ids.push(row.id);
    }
    // The first delivery hangs; one at a time, so the other two stay claimed but unsent.
    receiver.answerWith('hang');
    const jobs = startBackgroundJobs(
      [
        callbackDeliveryJob(db, {
          ...TO_LOCAL_RECEIVER,
          batchSize: 3,
          concurrency: 1,
          timeoutMs: 30_000,
          leaseMs: 120_000,
        }),
      ],
      { error: () => {} },
    );
    await waitFor(() => receiver.received.length === 1);

    const stoppedAt = Date.now();
    await jobs.stop();
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);

    const rows = await db.select().from(callbacks).where(inArray(callbacks.id, ids));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row, `callback ${row.id}`).toMatchObject({
        status: 'PENDING',
        attempts: 0,
        claimedUntil: null,
      });
    }

    // Another instance takes them straight away, without waiting for a lease to run out.
    expect(await deliverDueCallbacks(db, TO_LOCAL_RECEIVER)).toBe(3);
    const delivered = await db.select().from(callbacks).where(inArray(callbacks.id, ids));
    expect(delivered.map(({ status }) => status)).toEqual(['SENT', 'SENT', 'SENT']);
  });
});
