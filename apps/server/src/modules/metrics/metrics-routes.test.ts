import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { callbacks } from '../../db/schema.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestMerchant, TEST_AUTH } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { createAppMetrics } from './app-metrics.ts';

const TOKEN = 'metrics-token-that-is-long-enough-0123456789';

/** The value of one sample line, e.g. `paygate_invoices{status="NEW"}`. */
const sampleOf = (text: string, sample: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
};

describe('GET /api/metrics', () => {
  let database: DatabaseHandle;
  let open: FastifyInstance;
  let guarded: FastifyInstance;
  let hidden: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await seedReferenceData(database.db);
    const merchant = await createTestMerchant(database.db);
    const terminal = await createTestTerminal(database.db, merchant.id);
    const [newInvoice] = await Promise.all([
      createTestInvoice(database.db, terminal, { merchantInvoiceId: 'm-1' }),
      createTestInvoice(database.db, terminal, { merchantInvoiceId: 'm-2' }),
    ]);
    await createTestInvoice(database.db, terminal, { merchantInvoiceId: 'm-3', status: 'DONE' });
    const callback = {
      invoiceId: newInvoice.id,
      merchantId: merchant.id,
      url: 'https://shop.example/cb',
      payload: {},
    };
    await database.db.insert(callbacks).values([
      { ...callback, invoiceStatus: 'NEW' },
      { ...callback, invoiceStatus: 'NEW', nextAttemptAt: sql`now() + interval '1 hour'` },
      { ...callback, invoiceStatus: 'NEW', status: 'SENT', attempts: 3 },
      { ...callback, invoiceStatus: 'NEW', status: 'FAILED', attempts: 8 },
    ]);

    const common = { db: database.db, auth: TEST_AUTH };
    open = await buildApp(common);
    // One registry shared by two listeners, as main.ts does.
    const shared = createAppMetrics(database.db);
    guarded = await buildApp({
      ...common,
      metrics: shared,
      metricsAccess: { token: TOKEN, openWithoutToken: false },
    });
    hidden = await buildApp({ ...common, metricsAccess: { token: null, openWithoutToken: false } });
  });

  afterAll(async () => {
    await Promise.all([open, guarded, hidden].map((app) => app?.close()));
    await database?.close();
  });

  it('reports invoices by status, the callback queue and failures, and process metrics', async () => {
    const response = await open.inject({ url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(sampleOf(text, 'paygate_invoices{status="NEW"}')).toBe(2);
    expect(sampleOf(text, 'paygate_invoices{status="DONE"}')).toBe(1);
    expect(sampleOf(text, 'paygate_invoices{status="DECLINED"}')).toBe(0);
    expect(sampleOf(text, 'paygate_callback_queue{state="pending"}')).toBe(2);
    expect(sampleOf(text, 'paygate_callback_queue{state="due"}')).toBe(1);
    expect(sampleOf(text, 'paygate_callback_queue{state="in_delivery"}')).toBe(0);
    expect(sampleOf(text, 'paygate_callbacks{status="sent"}')).toBe(1);
    expect(sampleOf(text, 'paygate_callbacks{status="failed"}')).toBe(1);
    // 2 failed before the SENT one got through, 8 of the FAILED one.
    expect(sampleOf(text, 'paygate_callback_failed_attempts')).toBe(10);
    expect(sampleOf(text, 'paygate_database_up')).toBe(1);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('times requests by route pattern, never by raw URL', async () => {
    await open.inject({ url: '/api/health' });
    await open.inject({ url: '/api/v1/invoice/0b6f3c1e-0000-4000-8000-000000000001' });
    await open.inject({ url: '/api/no-such-thing/12345' });
    const text = (await open.inject({ url: '/api/metrics' })).body;
    expect(
      sampleOf(
        text,
        'paygate_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="/api/v1/invoice/:id",status_code="401"');
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('0b6f3c1e');
    expect(text).not.toContain('12345');
  });

  it('counts each request once, under its route or as unmatched', async () => {
    const count = async (labels: string) =>
      sampleOf(
        (await open.inject({ url: '/api/metrics' })).body,
        `paygate_http_request_duration_seconds_count{${labels}}`,
      ) ?? 0;
    const health = 'method="GET",route="/api/health",status_code="200"';
    const unmatched = 'method="GET",route="unmatched",status_code="404"';
    const [healthBefore, unmatchedBefore] = [await count(health), await count(unmatched)];
    for (let call = 0; call < 3; call += 1) await open.inject({ url: '/api/health' });
    await open.inject({ url: '/api/no-such-thing' });
    expect(await count(health)).toBe(healthBefore + 3);
    expect(await count(unmatched)).toBe(unmatchedBefore + 1);
  });

  it('asks for the bearer token when one is configured', async () => {
    const missing = await guarded.inject({ url: '/api/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await guarded.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('paygate_invoices{status="NEW"} 2');
  });

  it('is hidden in production when no token is configured', async () => {
    const response = await hidden.inject({ url: '/api/metrics' });
    expect(response.statusCode).toBe(404);
  });

  it('still answers during a database outage, saying so', async () => {
    const lost = await openDatabase({ kind: 'pglite' });
    const app = await buildApp({ db: lost.db, auth: TEST_AUTH });
    try {
      await lost.close();
      const response = await app.inject({ url: '/api/metrics' });
      expect(response.statusCode).toBe(200);
      expect(sampleOf(response.body, 'paygate_database_up')).toBe(0);
      expect(response.body).not.toContain('paygate_invoices{');
    } finally {
      await app.close();
    }
  });
});
