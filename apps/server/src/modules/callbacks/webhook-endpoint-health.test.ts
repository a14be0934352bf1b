import { WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS } from '@paygate/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  callbackAttempts,
  callbacks,
  eventLog,
  liveEvents,
  notifications,
  webhookEndpoints,
} from '../../db/schema.ts';
import { referenceItemId } from '../../seed/reference-data.ts';
import { lockWaitCount } from '../../testing/lock-waits.ts';
import { signIn } from '../../testing/test-app.ts';
import {
  createOperationsFixture,
  type OperationsFixture,
  TEST_DATABASE_KINDS,
} from '../invoices/invoice-test-fixture.ts';
import { deliverDueCallbacks, ENDPOINT_AUTO_DISABLED_REASON } from './callback-delivery-job.ts';
import {
  type CallbackReceiver,
  startCallbackReceiver,
  TO_LOCAL_RECEIVER,
  unreachableUrl,
} from './callback-test-receiver.ts';

/**
 * Webhook endpoint health (issue 23 item 2, decision 0021): an endpoint whose every attempt has
 * failed for WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS days is disabled by the platform, audited, and
 * can be enabled again. Time is moved by rewriting failing_since, never by waiting.
 */

const DEV = '/api/v1/developers';
const STATUS_DONE = referenceItemId(201, 3);

interface EndpointView {
  id: number;
  url: string;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
}

describe.each(TEST_DATABASE_KINDS)('webhook endpoint health on %s', (kind) => {
  let fixture: OperationsFixture;
  let receiver: CallbackReceiver;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    fixture = await createOperationsFixture(kind);
    receiver = await startCallbackReceiver();
    for (const who of ['merchant', 'support']) {
      cookies[who] = await signIn(fixture.testApp.app, who, `${who}-password`);
    }
  });
  afterEach(async () => {
    receiver.reset();
    await fixture.db
      .update(callbacks)
      .set({ status: 'FAILED' })
      .where(eq(callbacks.status, 'PENDING'));
    await fixture.db.delete(webhookEndpoints);
  });
  afterAll(async () => {
    await receiver?.close();
    await fixture?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
    fixture.testApp.app.inject({
      method,
      url,
      headers: { cookie: cookies[who] ?? '' },
      ...(payload ? { payload } : {}),
    });

  const createEndpoint = async (path: string) => {
    const response = await call('POST', `${DEV}/webhook-endpoints`, 'merchant', {
      url: receiver.url(path),
      eventTypes: ['invoice.done'],
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: EndpointView }).data;
  };

  /** The endpoint as the Developers screen shows it. */
  const endpointView = async (id: number) => {
    const response = await call('GET', `${DEV}/webhook-endpoints`, 'merchant');
    expect(response.statusCode).toBe(200);
    const endpoint = (response.json() as { data: EndpointView[] }).data.find(
      (candidate) => candidate.id === id,
    );
    if (!endpoint) throw new Error(`endpoint ${id} not listed`);
    return endpoint;
  };

  /** An own invoice made DONE by support: its invoice.done goes to the subscribed endpoints. */
  const invoiceDone = async () => {
    const invoice = await fixture.createInvoice(fixture.terminals.ownDeposit, {
      status: 'IN_PROGRESS',
    });
    const response = await call('PATCH', '/api/v1/invoice/status', 'support', {
      invoiceId: invoice.id,
      statusId: STATUS_DONE,
    });
    expect(response.statusCode, response.body).toBe(200);
    return invoice;
  };

  const deliveriesTo = (endpointId: number) =>
    fixture.db
      .select()
      .from(callbacks)
      .where(eq(callbacks.endpointId, endpointId))
      .orderBy(callbacks.id);

  const attemptsOf = (callbackId: number) =>
    fixture.db
      .select()
      .from(callbackAttempts)
      .where(eq(callbackAttempts.callbackId, callbackId))
      .orderBy(callbackAttempts.id);

  /** Instead of waiting for the backoff: every pending delivery is due now. */
  const makeAllDue = () =>
    fixture.db
      .update(callbacks)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(callbacks.status, 'PENDING'));

  /** Instead of waiting for days: the run of failures started this long ago. */
  const failingFor = (endpointId: number, interval: string) =>
    fixture.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - ${interval}::interval` })
      .where(eq(webhookEndpoints.id, endpointId));

  const deliver = () => deliverDueCallbacks(fixture.db, TO_LOCAL_RECEIVER);

  const autoDisabledAudits = (endpointId: number) =>
    fixture.db
      .select()
      .from(eventLog)
      .where(
        and(
          eq(eventLog.eventCode, 'WEBHOOK_ENDPOINT_AUTO_DISABLED'),
          eq(eventLog.entityId, String(endpointId)),
        ),
      );

  it(`disables an endpoint failing for ${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS} days, audited, then fails what is queued for it`, async () => {
    const endpoint = await createEndpoint('/failing');
    await invoiceDone();
    const [delivery] = await deliveriesTo(endpoint.id);
    if (!delivery) throw new Error('nothing queued');

    // The first failure starts the run.
    receiver.answerWith({ status: 503 }, { status: 500 }, { status: 500 });
    expect(await deliver()).toBe(1);
    const first = await endpointView(endpoint.id);
    expect(first).toMatchObject({ enabled: true, disabledReason: null });
    expect(first.failingSince).not.toBeNull();
    expect(Math.abs(Date.parse(first.failingSince ?? '') - Date.now())).toBeLessThan(60_000);

    // Another failure within the period continues the run: the start stays, the endpoint too.
    await makeAllDue();
    expect(await deliver()).toBe(1);
    expect(await endpointView(endpoint.id)).toMatchObject({
      enabled: true,
      failingSince: first.failingSince,
    });

    // Just short of the period: still enabled.
    await failingFor(endpoint.id, `${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS * 24 - 1} hours`);
    await makeAllDue();
    expect(await deliver()).toBe(1);
    expect((await endpointView(endpoint.id)).enabled).toBe(true);
    expect(await autoDisabledAudits(endpoint.id)).toEqual([]);

    // Past the period: the next failed attempt disables it.
    await failingFor(endpoint.id, `${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS} days 1 hour`);
    receiver.answerWith({ status: 500 });
    await makeAllDue();
    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(4);
    const disabled = await endpointView(endpoint.id);
    expect(disabled).toMatchObject({
      enabled: false,
      disabledReason: ENDPOINT_AUTO_DISABLED_REASON,
    });
    expect(disabled.disabledReason).toContain(`${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS} days`);
    const audits = await autoDisabledAudits(endpoint.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      personId: null,
      merchantId: fixture.own.id,
      entityType: 'webhook_endpoint',
    });
    expect(audits[0]?.description).toContain(receiver.url('/failing'));
    // And said where the merchant's staff look (issue 23): a notification and a live event.
    const [notice] = await fixture.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.merchantId, fixture.own.id),
          eq(notifications.title, 'Webhook endpoint disabled'),
        ),
      );
    expect(notice).toMatchObject({ category: 'Webhooks', severity: 'error', link: '/developers' });
    expect(notice?.body).toContain(receiver.url('/failing'));
    const heard = await fixture.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.merchantId, fixture.own.id), eq(liveEvents.type, 'alert.closed')));
    expect(heard.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ notificationId: notice?.id, title: 'Webhook endpoint disabled' }),
    );

    // What was still queued for it is given up at its next turn, without a request.
    const [queued] = await deliveriesTo(endpoint.id);
    expect(queued).toMatchObject({ id: delivery.id, status: 'PENDING', attempts: 4 });
    await makeAllDue();
    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(4);
    const [given] = await deliveriesTo(endpoint.id);
    expect(given).toMatchObject({
      status: 'FAILED',
      attempts: 5,
      lastError: 'The endpoint is disabled',
      lastResponseCode: null,
    });
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map(({ responseCode }) => responseCode)).toEqual([503, 500, 500, 500, null]);
    expect(attempts.at(-1)).toMatchObject({ error: 'The endpoint is disabled', durationMs: 0 });
    // Once, not again on every later failure.
    expect(await autoDisabledAudits(endpoint.id)).toHaveLength(1);

    // New events no longer go to it; they are still recorded.
    const later = await invoiceDone();
    expect(await deliveriesTo(endpoint.id)).toHaveLength(1);
    const events = await call(
      'GET',
      `${DEV}/events?invoiceId=${later.id}&type=invoice.done`,
      'merchant',
    );
    expect(events.json()).toMatchObject({ data: { total: 1, items: [{ deliveries: [] }] } });
  });

  it('fails a delivery queued for an endpoint a person disabled, without a request', async () => {
    const endpoint = await createEndpoint('/switched-off');
    await invoiceDone();
    const off = await call('PATCH', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant', {
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: { enabled: false, disabledReason: null } });

    expect(await deliver()).toBe(1);
    expect(receiver.received).toEqual([]);
    const [delivery] = await deliveriesTo(endpoint.id);
    expect(delivery).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lastError: 'The endpoint is disabled',
    });
    // Not the endpoint's failure: its health is untouched.
    expect(await endpointView(endpoint.id)).toMatchObject({ failingSince: null });
  });

  it('clears the run of failures on a delivery', async () => {
    const endpoint = await createEndpoint('/flaky');
    await invoiceDone();
    receiver.answerWith({ status: 502 });
    expect(await deliver()).toBe(1);
    expect((await endpointView(endpoint.id)).failingSince).not.toBeNull();

    // Even a long run ends with one delivery.
    await failingFor(endpoint.id, `${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS - 1} days`);
    await makeAllDue();
    expect(await deliver()).toBe(1);
    expect(await endpointView(endpoint.id)).toMatchObject({ enabled: true, failingSince: null });
    const [delivery] = await deliveriesTo(endpoint.id);
    expect(delivery).toMatchObject({ status: 'SENT', attempts: 2, lastResponseCode: 204 });

    // A new run starts afresh at the next failure, not from the old start.
    await invoiceDone();
    receiver.answerWith({ status: 500 });
    expect(await deliver()).toBe(1);
    const again = await endpointView(endpoint.id);
    expect(Math.abs(Date.parse(again.failingSince ?? '') - Date.now())).toBeLessThan(60_000);
    expect(again.enabled).toBe(true);
  });

  it('records an attempt and its endpoint’s health together, or neither', async () => {
    const endpoint = await createEndpoint('/health-refused');
    await invoiceDone();
    await failingFor(endpoint.id, '1 hour');
    // The endpoint's row cannot be written (a stand-in for a crash between the two writes).
    await fixture.db.execute(sql`
      CREATE FUNCTION refuse_endpoint_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'endpoint row refused'; END $$`);
    await fixture.db.execute(sql`
      CREATE TRIGGER refuse_endpoint_write BEFORE UPDATE ON webhook_endpoints
      FOR EACH ROW EXECUTE FUNCTION refuse_endpoint_write()`);
    try {
      await expect(deliver()).rejects.toThrow();
    } finally {
      await fixture.db.execute(sql`DROP TRIGGER refuse_endpoint_write ON webhook_endpoints`);
      await fixture.db.execute(sql`DROP FUNCTION refuse_endpoint_write()`);
    }
    // Delivered, but not recorded as delivered while the endpoint still reads failing: the
    // delivery stays pending (sent again once its lease ends) and counts no attempt.
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await deliveriesTo(endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await attemptsOf(delivery?.id ?? 0)).toEqual([]);
    expect((await endpointView(endpoint.id)).failingSince).not.toBeNull();
  });

  // PGlite has one connection: the delete's transaction could not run beside the delivery.
  it.runIf(kind === 'postgres')(
    'records an attempt and deletes its endpoint one after the other, never in a deadlock',
    async () => {
      const endpoint = await createEndpoint('/being-deleted');
      await invoiceDone();
      let delivery: Promise<number> | undefined;
      // What deleting the endpoint does: its row first, then its pending deliveries.
      await fixture.db.transaction(async (tx) => {
        await tx
          .select({ id: webhookEndpoints.id })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, endpoint.id))
          .for('update');
        delivery = deliver();
        // The delivery has sent its POST and waits to record it.
        while ((await lockWaitCount(fixture.db)) === 0) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await tx
          .update(callbacks)
          .set({ status: 'FAILED', lastError: 'The endpoint was deleted' })
          .where(and(eq(callbacks.endpointId, endpoint.id), eq(callbacks.status, 'PENDING')));
      });
      expect(await delivery).toBe(1);
      expect(receiver.received).toHaveLength(1);
      // The delete came first: the late record is dropped, the delivery stays given up.
      const [row] = await deliveriesTo(endpoint.id);
      expect(row).toMatchObject({ status: 'FAILED', attempts: 0 });
    },
  );

  it('counts an unreachable endpoint as failing too', async () => {
    const nowhere = await unreachableUrl();
    const response = await call('POST', `${DEV}/webhook-endpoints`, 'merchant', {
      url: nowhere,
      eventTypes: ['invoice.done'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const endpoint = (response.json() as { data: EndpointView }).data;
    await invoiceDone();
    await failingFor(endpoint.id, `${WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS} days 1 minute`);
    expect(await deliver()).toBe(1);
    const [delivery] = await deliveriesTo(endpoint.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: null });
    expect(delivery?.lastError).not.toBeNull();
    expect(await endpointView(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: ENDPOINT_AUTO_DISABLED_REASON,
    });
  });

  it('enables an endpoint again: reason and run of failures cleared, events delivered', async () => {
    const endpoint = await createEndpoint('/revived');
    await fixture.db
      .update(webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: ENDPOINT_AUTO_DISABLED_REASON,
        failingSince: sql`now() - interval '6 days'`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(await endpointView(endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: ENDPOINT_AUTO_DISABLED_REASON,
    });

    const response = await call('PATCH', `${DEV}/webhook-endpoints/${endpoint.id}`, 'merchant', {
      enabled: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      data: { enabled: true, disabledReason: null, failingSince: null },
    });
    const [audit] = await fixture.db
      .select()
      .from(eventLog)
      .where(
        and(
          eq(eventLog.eventCode, 'WEBHOOK_ENDPOINT_CHANGED'),
          eq(eventLog.entityId, String(endpoint.id)),
        ),
      );
    expect(audit).toMatchObject({
      personId: fixture.personIds.merchant,
      details: { enabled: { from: false, to: true } },
    });

    // A failure now starts a new run rather than disabling it at once.
    await invoiceDone();
    receiver.answerWith({ status: 500 });
    expect(await deliver()).toBe(1);
    expect(await endpointView(endpoint.id)).toMatchObject({ enabled: true });
    await makeAllDue();
    expect(await deliver()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    expect(await endpointView(endpoint.id)).toMatchObject({ enabled: true, failingSince: null });
  });
});
