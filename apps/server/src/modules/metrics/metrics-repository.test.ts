import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, queryRows } from '../../db/database.ts';
import { callbacks, invoices, metricCountDeltas } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { metricCountFoldJob } from './metric-count-fold-job.ts';
import {
  type CountedMetric,
  FOLD_BATCH,
  foldMetricCountDeltas,
  readCallbackQueue,
  readMetricCounts,
} from './metrics-repository.ts';

/** What the triggers' counts must always equal: the tables counted the slow way. */
const countedTheSlowWay = async (db: Database) => {
  const rows = await queryRows<{ metric: CountedMetric; label: string; value: number }>(
    db,
    sql`SELECT 'invoices' AS metric, status AS label, count(*)::int AS value
          FROM invoices GROUP BY status
        UNION ALL SELECT 'callbacks', status, count(*)::int FROM callbacks GROUP BY status
        UNION ALL SELECT 'callback_attempts', status, sum(attempts)::int
          FROM callbacks GROUP BY status`,
  );
  return rows
    .filter((row) => row.value !== 0)
    .map((row) => `${row.metric}/${row.label}=${row.value}`)
    .sort();
};

const countedByTriggers = async (db: Database) => {
  const counts = await readMetricCounts(db);
  return [...counts]
    .flatMap(([metric, byLabel]) =>
      [...byLabel].map(([label, value]) => ({ metric, label, value })),
    )
    .filter((row) => row.value !== 0)
    .map((row) => `${row.metric}/${row.label}=${row.value}`)
    .sort();
};

const deltaRows = async (db: Database): Promise<number> => {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM ${metricCountDeltas}`,
  );
  return row?.count ?? 0;
};

describe.each(TEST_DATABASE_KINDS)('metric counts kept by triggers on %s', (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  let terminal: Awaited<ReturnType<typeof createTestTerminal>>;
  let merchantId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await seedReferenceData(db);
    const merchant = await createTestMerchant(db);
    merchantId = merchant.id;
    terminal = await createTestTerminal(db, merchant.id);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('count inserts, status changes and deletes exactly, before and after folding', async () => {
    const created = await Promise.all(
      ['a', 'b', 'c', 'd'].map((suffix) =>
        createTestInvoice(db, terminal, { merchantInvoiceId: `count-${suffix}` }),
      ),
    );
    const [first, second, third] = created;
    if (!first || !second || !third) throw new Error('invoices not created');
    await db.update(invoices).set({ status: 'DONE' }).where(eq(invoices.id, first.id));
    // A change that keeps the status moves no count.
    await db
      .update(invoices)
      .set({ customerExternalId: 'customer-2' })
      .where(eq(invoices.id, second.id));
    // One statement moving several rows, some of them to the status they had.
    await db
      .update(invoices)
      .set({ status: 'DECLINED' })
      .where(sql`${invoices.id} IN (${first.id}, ${second.id}, ${third.id})`);
    await db.delete(invoices).where(eq(invoices.id, third.id));
    const callback = {
      invoiceId: second.id,
      merchantId,
      url: 'https://shop.example/cb',
      payload: {},
    };
    const [pending] = await db
      .insert(callbacks)
      .values([
        { ...callback, invoiceStatus: 'NEW' },
        { ...callback, invoiceStatus: 'NEW', nextAttemptAt: sql`now() + interval '1 hour'` },
        { ...callback, invoiceStatus: 'NEW', status: 'FAILED', attempts: 8 },
      ])
      .returning();
    if (!pending) throw new Error('callbacks not created');
    // Two failed attempts, then delivered.
    await db.update(callbacks).set({ attempts: 2 }).where(eq(callbacks.id, pending.id));
    await db
      .update(callbacks)
      .set({ attempts: 3, status: 'SENT' })
      .where(eq(callbacks.id, pending.id));

    const expected = await countedTheSlowWay(db);
    expect(expected).toContain('invoices/DECLINED=2');
    expect(expected).toContain('callback_attempts/SENT=3');
    expect(await countedByTriggers(db)).toEqual(expected);
    expect(await deltaRows(db)).toBeGreaterThan(0);

    expect(await foldMetricCountDeltas(db)).toBeGreaterThan(0);
    expect(await deltaRows(db)).toBe(0);
    expect(await countedByTriggers(db)).toEqual(expected);
    // Nothing left to fold: folding again changes nothing.
    expect(await foldMetricCountDeltas(db)).toBe(0);
    expect(await countedByTriggers(db)).toEqual(expected);
  });

  it('add a few delta rows for a statement of many rows, and fold a backlog in batches', async () => {
    const before = await deltaRows(db);
    await db.execute(sql`
      INSERT INTO invoices (merchant_id, terminal_id, merchant_invoice_id, flow_type, amount,
                            currency_id, customer_external_id, form_id, expires_at, status)
      SELECT ${terminal.merchantId}, ${terminal.id}, 'bulk-' || n, ${terminal.flowType}, 100,
             ${terminal.currencyId}, 'customer-1', 'bulk-form-' || n, now() + interval '1 hour',
             CASE WHEN n % 3 = 0 THEN 'DONE' ELSE 'NEW' END
        FROM generate_series(1, 300) AS n`);
    // One row per status the statement touched.
    expect((await deltaRows(db)) - before).toBe(2);

    // More deltas than one fold takes (netting to zero: no row stands behind them), so the job
    // runs again at once until they are done.
    await db.execute(sql`
      INSERT INTO ${metricCountDeltas} (metric, label, delta)
      SELECT 'invoices', 'NEW', CASE WHEN n % 2 = 0 THEN 1 ELSE -1 END
        FROM generate_series(1, ${FOLD_BATCH + 2}) AS n`);
    const expected = await countedTheSlowWay(db);
    expect(await countedByTriggers(db)).toEqual(expected);
    const job = metricCountFoldJob(db);
    // A full batch: the job asks to run again at once.
    expect(await job.runOnce()).toBe(true);
    expect(await deltaRows(db)).toBeGreaterThan(0);
    expect(await countedByTriggers(db)).toEqual(expected);
    expect(await job.runOnce()).toBe(false);
    expect(await deltaRows(db)).toBe(0);
    expect(await countedByTriggers(db)).toEqual(expected);
  });

  it('never count a delta twice when instances fold at the same time as writers write', async () => {
    // Deltas for three folds, netting to zero as above.
    await db.execute(sql`
      INSERT INTO ${metricCountDeltas} (metric, label, delta)
      SELECT 'invoices', 'NEW', CASE WHEN n % 2 = 0 THEN 1 ELSE -1 END
        FROM generate_series(1, ${2 * FOLD_BATCH + 4}) AS n`);
    const [invoice] = await db.select({ id: invoices.id }).from(invoices).limit(1);
    if (!invoice) throw new Error('no invoice');
    // On PostgreSQL each call takes its own pooled connection: three folds and a writer at once.
    await Promise.all([
      foldMetricCountDeltas(db),
      foldMetricCountDeltas(db),
      foldMetricCountDeltas(db),
      db.update(invoices).set({ status: 'CANCELED' }).where(eq(invoices.id, invoice.id)),
      createTestInvoice(db, terminal, { merchantInvoiceId: 'count-concurrent' }),
    ]);
    while ((await foldMetricCountDeltas(db)) > 0);
    expect(await deltaRows(db)).toBe(0);
    expect(await countedByTriggers(db)).toEqual(await countedTheSlowWay(db));
  });

  it('count the waiting callbacks: all, due now, and claimed', async () => {
    const [invoice] = await db.select({ id: invoices.id }).from(invoices).limit(1);
    if (!invoice) throw new Error('no invoice');
    await db.delete(callbacks);
    const callback = {
      invoiceId: invoice.id,
      merchantId,
      url: 'https://shop.example/cb',
      payload: {},
    };
    await db.insert(callbacks).values([
      { ...callback, invoiceStatus: 'NEW' },
      { ...callback, invoiceStatus: 'NEW', nextAttemptAt: sql`now() + interval '1 hour'` },
      { ...callback, invoiceStatus: 'NEW', claimedUntil: sql`now() + interval '1 minute'` },
      { ...callback, invoiceStatus: 'NEW', status: 'SENT', attempts: 1 },
    ]);
    expect(await readCallbackQueue(db)).toEqual({ pending: 3, due: 2, inDelivery: 1 });
    expect(await countedByTriggers(db)).toEqual(await countedTheSlowWay(db));
  });
});
