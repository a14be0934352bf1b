import { TERMINAL_ALERT_ATTRIBUTES } from '@paygate/domain';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/database.ts';
import {
  alerts,
  invoices,
  liveEvents,
  notifications,
  terminalAttributes,
  terminals,
  webhookEndpoints,
} from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { REFERENCE_LISTS, referenceItemId } from '../../seed/reference-data.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { lockWaitCount } from '../../testing/lock-waits.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import {
  announceEndpointDisabled,
  ENDPOINT_ALERT_AFTER_MS,
  evaluateEndpointAlerts,
  evaluateTerminalAlerts,
} from './alert-service.ts';

/**
 * Alerts (issue 25 item 3): a terminal's success rate below its threshold and a webhook endpoint
 * failing for an hour open an alert, at most one per subject; the condition gone closes it. Each
 * opening and closing writes a notification and an alert.opened / alert.closed live event in
 * its transaction. Time is moved by writing status dates and failing_since, never by waiting.
 */

/** The id of a terminal attribute type (reference list 105) by its code. */
const attributeTypeId = (code: string) => {
  const position = REFERENCE_LISTS.terminalAttributeType.findIndex((item) => item.code === code);
  if (position < 0) throw new Error(`no terminal attribute ${code}`);
  return referenceItemId(105, position + 1);
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe.each(TEST_DATABASE_KINDS)('alerts on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;
  let merchantId: number;
  let otherMerchantId: number;
  /** Rows written before the current test: only newer ones are the test's. */
  let lastNotificationId = 0;
  let lastLiveEventId = 0;
  let terminalCount = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    await seedReferenceData(db);
    merchantId = (await createTestMerchant(db, 'Alerted shop')).id;
    otherMerchantId = (await createTestMerchant(db, 'Other shop')).id;
  });
  afterAll(async () => handle?.close());

  // Every test starts with no enabled terminal or endpoint and no open alert, so an evaluation
  // sees only what the test made.
  beforeEach(async () => {
    await db.update(terminals).set({ enabled: false });
    await db.update(webhookEndpoints).set({ enabled: false });
    await db.update(alerts).set({ closedAt: sql`now()` }).where(isNull(alerts.closedAt));
    const [notification] = await db
      .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)::int` })
      .from(notifications);
    const [event] = await db
      .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)::int` })
      .from(liveEvents);
    lastNotificationId = notification?.id ?? 0;
    lastLiveEventId = event?.id ?? 0;
  });

  const newNotifications = () =>
    db
      .select()
      .from(notifications)
      .where(gt(notifications.id, lastNotificationId))
      .orderBy(asc(notifications.id));

  const newLiveEvents = () =>
    db
      .select()
      .from(liveEvents)
      .where(gt(liveEvents.id, lastLiveEventId))
      .orderBy(asc(liveEvents.id));

  const alertsOf = (alertKind: (typeof alerts.kind.enumValues)[number], subjectId: number) =>
    db
      .select()
      .from(alerts)
      .where(and(eq(alerts.kind, alertKind), eq(alerts.subjectId, subjectId)))
      .orderBy(asc(alerts.id));

  const openAlertsOf = async (
    alertKind: (typeof alerts.kind.enumValues)[number],
    subjectId: number,
  ) => (await alertsOf(alertKind, subjectId)).filter((alert) => alert.closedAt === null);

  /** An enabled terminal with the given alert attributes (none: the defaults apply). */
  const terminalWith = async (
    settings: { threshold?: number; window?: number; minAttempts?: number } = {},
    owner = merchantId,
  ) => {
    terminalCount += 1;
    const terminal = await createTestTerminal(db, owner, { name: `Alerted ${terminalCount}` });
    const values = [
      [TERMINAL_ALERT_ATTRIBUTES.thresholdPercent, settings.threshold],
      [TERMINAL_ALERT_ATTRIBUTES.windowMinutes, settings.window],
      [TERMINAL_ALERT_ATTRIBUTES.minAttempts, settings.minAttempts],
    ] as const;
    const rows = values
      .filter(([, value]) => value !== undefined)
      .map(([code, value]) => ({
        terminalId: terminal.id,
        attributeTypeId: attributeTypeId(code),
        value: String(value),
      }));
    if (rows.length > 0) await db.insert(terminalAttributes).values(rows);
    return terminal;
  };

  const payments = async (
    terminal: Awaited<ReturnType<typeof createTestTerminal>>,
    count: number,
    status: 'DONE' | 'DECLINED' | 'NEW' | 'IN_PROGRESS' | 'CANCELED',
    statusDate = minutesAgo(1),
  ) => {
    for (let index = 0; index < count; index += 1) {
      await createTestInvoice(db, terminal, { status, statusDate });
    }
  };

  /** The tests' usual terminal: alert below 50 % of at least 3 payments in 60 minutes. */
  const smallTerminal = (owner = merchantId) =>
    terminalWith({ threshold: 50, window: 60, minAttempts: 3 }, owner);

  describe('terminal success rate', () => {
    it('opens one alert, with a notification and a live event, when the rate drops', async () => {
      const terminal = await smallTerminal();
      await payments(terminal, 3, 'DECLINED');

      expect(await evaluateTerminalAlerts(db)).toBe(1);

      const [alert, ...more] = await alertsOf('terminal_success_rate', terminal.id);
      expect(more).toEqual([]);
      expect(alert).toMatchObject({
        merchantId,
        subjectId: terminal.id,
        closedAt: null,
        details: {
          terminalName: terminal.name,
          done: 0,
          attempts: 3,
          percent: 0,
          thresholdPercent: 50,
          windowMinutes: 60,
          minAttempts: 3,
        },
      });

      const written = await newNotifications();
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        merchantId,
        alertId: alert?.id,
        category: 'Monitoring',
        severity: 'warning',
        title: 'Success rate dropped',
        link: '/terminals',
      });
      expect(written[0]?.body).toBe(
        `Terminal "${terminal.name}" completed 0% of its 3 payments in the last 60 minutes (alert below 50%).`,
      );

      const events = await newLiveEvents();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'alert.opened',
        merchantId,
        terminalId: terminal.id,
        invoiceId: null,
        data: {
          alertId: alert?.id,
          kind: 'terminal_success_rate',
          notificationId: written[0]?.id,
          title: 'Success rate dropped',
          body: written[0]?.body,
          link: '/terminals',
          severity: 'warning',
        },
      });
    });

    it('changes nothing when evaluated again with the rate still low', async () => {
      const terminal = await smallTerminal();
      await payments(terminal, 3, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(1);
      const [opened] = await alertsOf('terminal_success_rate', terminal.id);

      expect(await evaluateTerminalAlerts(db)).toBe(0);
      // Still low with more declines: the same alert stays open, nothing new is said.
      await payments(terminal, 2, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(0);

      expect(await alertsOf('terminal_success_rate', terminal.id)).toEqual([opened]);
      expect(await newNotifications()).toHaveLength(1);
      expect(await newLiveEvents()).toHaveLength(1);
    });

    it('closes the alert with "Success rate recovered" once enough payments succeed', async () => {
      const terminal = await smallTerminal();
      await payments(terminal, 3, 'DECLINED');
      await evaluateTerminalAlerts(db);
      const [opened] = await alertsOf('terminal_success_rate', terminal.id);

      // 4 of 7 (57 %) is at least 50 %.
      await payments(terminal, 4, 'DONE');
      expect(await evaluateTerminalAlerts(db)).toBe(1);

      const [closed, ...more] = await alertsOf('terminal_success_rate', terminal.id);
      expect(more).toEqual([]);
      expect(closed?.id).toBe(opened?.id);
      expect(closed?.closedAt).toBeInstanceOf(Date);
      expect(closed?.details).toMatchObject({
        terminalName: terminal.name,
        attempts: 3,
        closing: { done: 4, attempts: 7, percent: 57, thresholdPercent: 50 },
      });

      const written = await newNotifications();
      expect(written.map((row) => row.title)).toEqual([
        'Success rate dropped',
        'Success rate recovered',
      ]);
      expect(written[1]).toMatchObject({
        merchantId,
        alertId: opened?.id,
        category: 'Monitoring',
        severity: 'success',
        link: '/terminals',
        body: `Terminal "${terminal.name}" completed 57% of its 7 payments in the last 60 minutes.`,
      });
      const events = await newLiveEvents();
      expect(events.map((event) => event.type)).toEqual(['alert.opened', 'alert.closed']);
      expect(events[1]).toMatchObject({
        merchantId,
        terminalId: terminal.id,
        data: {
          alertId: opened?.id,
          kind: 'terminal_success_rate',
          notificationId: written[1]?.id,
          title: 'Success rate recovered',
          severity: 'success',
        },
      });

      // Closed stays closed; dropping again opens a new alert.
      expect(await evaluateTerminalAlerts(db)).toBe(0);
      await payments(terminal, 6, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(1);
      const all = await alertsOf('terminal_success_rate', terminal.id);
      expect(all).toHaveLength(2);
      expect(all[1]?.closedAt).toBeNull();
      expect(all[1]?.id).not.toBe(opened?.id);
    });

    it('closes the alert when the window holds fewer payments than the minimum', async () => {
      const terminal = await smallTerminal();
      await payments(terminal, 3, 'DECLINED');
      await evaluateTerminalAlerts(db);
      // The declines leave the window.
      await db
        .update(invoices)
        .set({ statusDate: minutesAgo(90) })
        .where(eq(invoices.terminalId, terminal.id));

      expect(await evaluateTerminalAlerts(db)).toBe(1);
      expect(await openAlertsOf('terminal_success_rate', terminal.id)).toEqual([]);
      const written = await newNotifications();
      expect(written[1]).toMatchObject({
        title: 'Success rate recovered',
        body: `Terminal "${terminal.name}" had fewer than 3 payments in the last 60 minutes; the alert is closed.`,
      });
    });

    it('does not count payments older than the terminal’s window', async () => {
      const terminal = await smallTerminal();
      await payments(terminal, 5, 'DECLINED', minutesAgo(61));
      await payments(terminal, 2, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(0);
      expect(await alertsOf('terminal_success_rate', terminal.id)).toEqual([]);

      // A terminal with a two-hour window counts the same hour-old declines.
      const wide = await terminalWith({ threshold: 50, window: 120, minAttempts: 3 });
      await payments(wide, 5, 'DECLINED', minutesAgo(61));
      expect(await evaluateTerminalAlerts(db)).toBe(1);
      expect(await openAlertsOf('terminal_success_rate', wide.id)).toHaveLength(1);
      expect(await alertsOf('terminal_success_rate', terminal.id)).toEqual([]);
    });

    it('counts only payments that ended: DONE and DECLINED', async () => {
      const terminal = await smallTerminal();
      await payments(terminal, 2, 'NEW');
      await payments(terminal, 2, 'IN_PROGRESS');
      await payments(terminal, 2, 'CANCELED');
      await payments(terminal, 2, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(0);
      expect(await alertsOf('terminal_success_rate', terminal.id)).toEqual([]);

      await payments(terminal, 1, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(1);
      expect((await alertsOf('terminal_success_rate', terminal.id))[0]?.details).toMatchObject({
        done: 0,
        attempts: 3,
      });
    });

    it('does not open at exactly the threshold', async () => {
      const terminal = await terminalWith({ threshold: 50, window: 60, minAttempts: 4 });
      await payments(terminal, 2, 'DONE');
      await payments(terminal, 2, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(0);
      await payments(terminal, 1, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(1);
    });

    it('uses the defaults without attributes: 9 declines say nothing, 10 open an alert', async () => {
      const terminal = await terminalWith();
      await payments(terminal, 9, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(0);
      expect(await alertsOf('terminal_success_rate', terminal.id)).toEqual([]);

      await payments(terminal, 1, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(1);
      const [alert] = await alertsOf('terminal_success_rate', terminal.id);
      expect(alert?.details).toMatchObject({
        attempts: 10,
        thresholdPercent: 50,
        windowMinutes: 60,
        minAttempts: 10,
      });
      expect((await newNotifications())[0]?.body).toContain('(alert below 50%)');
    });

    it('uses the defaults for out-of-range attributes', async () => {
      const terminal = await terminalWith({ threshold: 150, window: 0, minAttempts: 0 });
      await payments(terminal, 9, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(0);
      await payments(terminal, 1, 'DECLINED');
      expect(await evaluateTerminalAlerts(db)).toBe(1);
    });

    it('raises the alert for the terminal’s own merchant', async () => {
      const theirs = await smallTerminal(otherMerchantId);
      await payments(theirs, 3, 'DECLINED');
      await evaluateTerminalAlerts(db);
      const [alert] = await alertsOf('terminal_success_rate', theirs.id);
      expect(alert?.merchantId).toBe(otherMerchantId);
      expect((await newNotifications()).map((row) => row.merchantId)).toEqual([otherMerchantId]);
      expect((await newLiveEvents()).map((row) => row.merchantId)).toEqual([otherMerchantId]);
    });

    it('closes the open alert of a terminal that is disabled', async () => {
      const terminal = await smallTerminal();
      await payments(terminal, 3, 'DECLINED');
      await evaluateTerminalAlerts(db);
      expect(await openAlertsOf('terminal_success_rate', terminal.id)).toHaveLength(1);

      await db.update(terminals).set({ enabled: false }).where(eq(terminals.id, terminal.id));
      expect(await evaluateTerminalAlerts(db)).toBe(1);
      const [closed, ...more] = await alertsOf('terminal_success_rate', terminal.id);
      expect(more).toEqual([]);
      expect(closed?.closedAt).toBeInstanceOf(Date);
      expect(closed?.details).toMatchObject({ closing: { reason: 'terminal disabled' } });
      expect(await evaluateTerminalAlerts(db)).toBe(0);
      // Said, not silent: the entry that opened it gets its closing one, and listeners hear it.
      expect((await newNotifications()).map((row) => [row.title, row.severity])).toEqual([
        ['Success rate dropped', 'warning'],
        ['Success-rate alert closed', 'neutral'],
      ]);
      expect((await newLiveEvents()).map((event) => event.type)).toEqual([
        'alert.opened',
        'alert.closed',
      ]);
    });

    it('rounds the percent it reports down, so it never reads at or above the threshold', async () => {
      const terminal = await terminalWith({ threshold: 70, window: 60, minAttempts: 3 });
      await payments(terminal, 2, 'DONE');
      await payments(terminal, 1, 'DECLINED');
      await evaluateTerminalAlerts(db);
      const [opened] = await newNotifications();
      expect(opened?.body).toContain('completed 66% of its 3 payments');
      expect(opened?.body).toContain('(alert below 70%)');
    });

    it('opens one alert and one notification when two evaluations run at once', async () => {
      // On PostgreSQL the two run on separate connections: a real race, settled by the partial
      // unique index. PGlite is one session, so there they are serialized; still exactly one.
      const racing = await Promise.all([smallTerminal(), smallTerminal(), smallTerminal()]);
      for (const terminal of racing) await payments(terminal, 3, 'DECLINED');

      const changes = await Promise.all([
        evaluateTerminalAlerts(db),
        evaluateTerminalAlerts(db),
        evaluateTerminalAlerts(db),
      ]);
      expect(changes.reduce((sum, count) => sum + count, 0)).toBe(racing.length);
      for (const terminal of racing) {
        expect(await alertsOf('terminal_success_rate', terminal.id)).toHaveLength(1);
      }
      const written = await newNotifications();
      expect(written).toHaveLength(racing.length);
      expect(new Set(written.map((row) => row.alertId)).size).toBe(racing.length);
      expect(await newLiveEvents()).toHaveLength(racing.length);

      // Closing at once: closed once, said once.
      for (const terminal of racing) await payments(terminal, 4, 'DONE');
      const closings = await Promise.all([
        evaluateTerminalAlerts(db),
        evaluateTerminalAlerts(db),
        evaluateTerminalAlerts(db),
      ]);
      expect(closings.reduce((sum, count) => sum + count, 0)).toBe(racing.length);
      const after = await newNotifications();
      expect(after.filter((row) => row.title === 'Success rate recovered')).toHaveLength(
        racing.length,
      );
      expect((await newLiveEvents()).filter((event) => event.type === 'alert.closed')).toHaveLength(
        racing.length,
      );
    });
  });

  describe('webhook endpoint failing', () => {
    let endpointCount = 0;
    const endpointFailingFor = async (ms: number | null, now: Date, owner = merchantId) => {
      endpointCount += 1;
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({
          merchantId: owner,
          url: `https://shop.example/hooks/${endpointCount}`,
          eventTypes: ['invoice.done'],
          failingSince: ms === null ? null : new Date(now.getTime() - ms),
        })
        .returning();
      if (!endpoint) throw new Error('endpoint insert returned nothing');
      return endpoint;
    };

    it('opens "Webhook endpoint failing" after an hour of failures, not before', async () => {
      const now = new Date();
      const young = await endpointFailingFor(ENDPOINT_ALERT_AFTER_MS - 60_000, now);
      const healthy = await endpointFailingFor(null, now);
      expect(await evaluateEndpointAlerts(db)).toBe(0);
      expect(await alertsOf('webhook_endpoint_failing', young.id)).toEqual([]);
      expect(await newNotifications()).toEqual([]);

      const old = await endpointFailingFor(ENDPOINT_ALERT_AFTER_MS + 60_000, now);
      expect(await evaluateEndpointAlerts(db)).toBe(1);
      const [alert, ...more] = await alertsOf('webhook_endpoint_failing', old.id);
      expect(more).toEqual([]);
      expect(alert).toMatchObject({
        merchantId,
        closedAt: null,
        details: { url: old.url, failingSince: old.failingSince?.toISOString() },
      });
      expect(await alertsOf('webhook_endpoint_failing', young.id)).toEqual([]);
      expect(await alertsOf('webhook_endpoint_failing', healthy.id)).toEqual([]);

      const written = await newNotifications();
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        merchantId,
        alertId: alert?.id,
        category: 'Webhooks',
        severity: 'error',
        title: 'Webhook endpoint failing',
        link: '/developers',
      });
      expect(written[0]?.body).toContain(`Deliveries to ${old.url} have failed since `);
      const events = await newLiveEvents();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'alert.opened',
        merchantId,
        terminalId: null,
        data: {
          alertId: alert?.id,
          kind: 'webhook_endpoint_failing',
          notificationId: written[0]?.id,
          title: 'Webhook endpoint failing',
          severity: 'error',
        },
      });

      // Evaluated again: nothing more.
      expect(await evaluateEndpointAlerts(db)).toBe(0);
      expect(await newNotifications()).toHaveLength(1);
      // The young one comes of age.
      await db
        .update(webhookEndpoints)
        .set({ failingSince: sql`${webhookEndpoints.failingSince} - interval '2 minutes'` })
        .where(eq(webhookEndpoints.id, young.id));
      expect(await evaluateEndpointAlerts(db)).toBe(1);
      expect(await openAlertsOf('webhook_endpoint_failing', young.id)).toHaveLength(1);
    });

    it('times a run of failures by the database clock, not this instance’s', async () => {
      const young = await endpointFailingFor(60_000, new Date());
      // This instance's clock runs a day ahead of the database's (another instance's would not).
      vi.useFakeTimers({ now: Date.now() + 24 * 60 * 60_000, toFake: ['Date'] });
      try {
        expect(await evaluateEndpointAlerts(db)).toBe(0);
      } finally {
        vi.useRealTimers();
      }
      expect(await alertsOf('webhook_endpoint_failing', young.id)).toEqual([]);
    });

    it('closes with "Webhook endpoint recovered" once a delivery gets through', async () => {
      const now = new Date();
      const endpoint = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now);
      await evaluateEndpointAlerts(db);
      const [opened] = await alertsOf('webhook_endpoint_failing', endpoint.id);

      await db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
      expect(await evaluateEndpointAlerts(db)).toBe(1);

      const [closed, ...more] = await alertsOf('webhook_endpoint_failing', endpoint.id);
      expect(more).toEqual([]);
      expect(closed?.id).toBe(opened?.id);
      expect(closed?.closedAt).toBeInstanceOf(Date);
      expect(closed?.details).toMatchObject({ closing: { reason: 'delivered' } });

      const written = await newNotifications();
      expect(written.map((row) => row.title)).toEqual([
        'Webhook endpoint failing',
        'Webhook endpoint recovered',
      ]);
      expect(written[1]).toMatchObject({
        merchantId,
        alertId: opened?.id,
        category: 'Webhooks',
        severity: 'success',
        body: `Deliveries to ${endpoint.url} get through again.`,
        link: '/developers',
      });
      const events = await newLiveEvents();
      expect(events.map((event) => event.type)).toEqual(['alert.opened', 'alert.closed']);
      expect(events[1]?.data).toMatchObject({
        alertId: opened?.id,
        notificationId: written[1]?.id,
        title: 'Webhook endpoint recovered',
      });
      expect(await evaluateEndpointAlerts(db)).toBe(0);
    });

    it('closes, and says so, the alert of an endpoint that was deleted or disabled by a person', async () => {
      const now = new Date();
      const deleted = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now);
      const switchedOff = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now);
      expect(await evaluateEndpointAlerts(db)).toBe(2);

      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, deleted.id));
      await db
        .update(webhookEndpoints)
        .set({ enabled: false })
        .where(eq(webhookEndpoints.id, switchedOff.id));
      expect(await evaluateEndpointAlerts(db)).toBe(2);
      expect(await openAlertsOf('webhook_endpoint_failing', deleted.id)).toEqual([]);
      expect(await openAlertsOf('webhook_endpoint_failing', switchedOff.id)).toEqual([]);
      const closing = (await newNotifications()).slice(2).map((row) => row.body);
      expect(closing).toEqual(
        expect.arrayContaining([
          `${switchedOff.url} is disabled; its failing alert is closed.`,
          `${deleted.url} was removed; its failing alert is closed.`,
        ]),
      );
      expect(await evaluateEndpointAlerts(db)).toBe(0);
    });

    it('opens one alert when two evaluations run at once', async () => {
      const now = new Date();
      const endpoint = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now);
      const changes = await Promise.all([evaluateEndpointAlerts(db), evaluateEndpointAlerts(db)]);
      expect(changes[0] + changes[1]).toBe(1);
      expect(await alertsOf('webhook_endpoint_failing', endpoint.id)).toHaveLength(1);
      expect(await newNotifications()).toHaveLength(1);
      expect(await newLiveEvents()).toHaveLength(1);
    });

    it('announceEndpointDisabled closes the open failing alert with "Webhook endpoint disabled"', async () => {
      const now = new Date();
      const endpoint = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now);
      const bystander = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now);
      await evaluateEndpointAlerts(db);
      const [opened] = await alertsOf('webhook_endpoint_failing', endpoint.id);

      await db.transaction(async (tx) => {
        await tx
          .update(webhookEndpoints)
          .set({ enabled: false, disabledReason: 'Every delivery failed for 5 days.' })
          .where(eq(webhookEndpoints.id, endpoint.id));
        await announceEndpointDisabled(tx, endpoint, 'Every delivery failed for 5 days.');
      });

      const [closed, ...more] = await alertsOf('webhook_endpoint_failing', endpoint.id);
      expect(more).toEqual([]);
      expect(closed?.id).toBe(opened?.id);
      expect(closed?.closedAt).toBeInstanceOf(Date);
      expect(closed?.details).toMatchObject({ closing: { reason: 'endpoint disabled' } });
      // Only that endpoint's alert.
      expect(await openAlertsOf('webhook_endpoint_failing', bystander.id)).toHaveLength(1);

      const written = (await newNotifications()).filter(
        (row) => row.title === 'Webhook endpoint disabled',
      );
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        merchantId,
        alertId: opened?.id,
        category: 'Webhooks',
        severity: 'error',
        link: '/developers',
        body: `${endpoint.url}: Every delivery failed for 5 days. Fix it, then enable it again on the Developers screen.`,
      });
      const closedEvents = (await newLiveEvents()).filter((event) => event.type === 'alert.closed');
      expect(closedEvents).toHaveLength(1);
      expect(closedEvents[0]).toMatchObject({
        merchantId,
        terminalId: null,
        data: {
          alertId: opened?.id,
          kind: 'webhook_endpoint_failing',
          notificationId: written[0]?.id,
          title: 'Webhook endpoint disabled',
        },
      });

      // The evaluation afterwards has nothing more to say about the disabled endpoint.
      const before = (await newNotifications()).length;
      expect(await evaluateEndpointAlerts(db)).toBe(0);
      expect(await newNotifications()).toHaveLength(before);
    });

    it('announceEndpointDisabled without an open alert still writes the notification', async () => {
      const now = new Date();
      // Failing, but never evaluated: no alert is open.
      const endpoint = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now, otherMerchantId);
      await db.transaction(async (tx) => {
        await tx
          .update(webhookEndpoints)
          .set({ enabled: false })
          .where(eq(webhookEndpoints.id, endpoint.id));
        await announceEndpointDisabled(tx, endpoint, 'Every delivery failed for 5 days');
      });

      expect(await alertsOf('webhook_endpoint_failing', endpoint.id)).toEqual([]);
      const written = await newNotifications();
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        merchantId: otherMerchantId,
        alertId: null,
        category: 'Webhooks',
        severity: 'error',
        title: 'Webhook endpoint disabled',
        body: `${endpoint.url}: Every delivery failed for 5 days. Fix it, then enable it again on the Developers screen.`,
        link: '/developers',
      });
      const events = await newLiveEvents();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'alert.closed',
        merchantId: otherMerchantId,
        terminalId: null,
        data: {
          alertId: null,
          kind: 'webhook_endpoint_failing',
          notificationId: written[0]?.id,
          title: 'Webhook endpoint disabled',
        },
      });
    });

    it('writes nothing when announceEndpointDisabled’s transaction rolls back', async () => {
      const now = new Date();
      const endpoint = await endpointFailingFor(2 * ENDPOINT_ALERT_AFTER_MS, now);
      await evaluateEndpointAlerts(db);
      const before = await newNotifications();
      await expect(
        db.transaction(async (tx) => {
          await announceEndpointDisabled(tx, endpoint, 'Failing');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await newNotifications()).toEqual(before);
      expect(await openAlertsOf('webhook_endpoint_failing', endpoint.id)).toHaveLength(1);
    });
  });
});

// A deterministic race needs two sessions: PostgreSQL only (the embedded one is one session).
describe.skipIf(!TEST_DATABASE_KINDS.includes('postgres'))('alerts racing on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let terminal: Awaited<ReturnType<typeof createTestTerminal>>;

  beforeAll(async () => {
    handle = await openTestDatabase('postgres');
    db = handle.db;
    await seedReferenceData(db);
    const merchant = await createTestMerchant(db, 'Raced shop');
    terminal = await createTestTerminal(db, merchant.id, { name: 'Raced' });
    await db.insert(terminalAttributes).values(
      Object.values(TERMINAL_ALERT_ATTRIBUTES).map((code) => ({
        terminalId: terminal.id,
        attributeTypeId: attributeTypeId(code),
        value: {
          ALERT_SUCCESS_RATE_MIN: '50',
          ALERT_WINDOW_MINUTES: '60',
          ALERT_MIN_ATTEMPTS: '3',
        }[code],
      })),
    );
    for (let index = 0; index < 3; index += 1) {
      await createTestInvoice(db, terminal, { status: 'DECLINED', statusDate: minutesAgo(1) });
    }
  });
  afterAll(async () => handle?.close());

  /** Sessions of this database waiting for a lock. */
  const waitingForLock = () => lockWaitCount(db);

  it('an evaluation that loses the race to open or close says nothing', async () => {
    const other = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      // Another instance opens the alert and has not committed yet.
      await other.query('BEGIN');
      const opened = await other.query<{ id: string }>(
        `INSERT INTO alerts (kind, merchant_id, subject_id, details)
           VALUES ('terminal_success_rate', $1, $2, '{}') RETURNING id`,
        [terminal.merchantId, terminal.id],
      );
      // This evaluation saw no open alert and blocks on the unique index.
      const evaluation = evaluateTerminalAlerts(db);
      await expect.poll(waitingForLock, { timeout: 10_000, interval: 20 }).toBe(1);
      await other.query('COMMIT');
      expect(await evaluation).toBe(0);
      const rows = await db.select().from(alerts).where(eq(alerts.subjectId, terminal.id));
      expect(rows.map((row) => String(row.id))).toEqual([opened.rows[0]?.id]);
      expect(await db.select().from(notifications)).toEqual([]);
      expect(await db.select().from(liveEvents)).toEqual([]);

      // Recovered: the other instance closes it first; this one finds it already closed.
      for (let index = 0; index < 4; index += 1) {
        await createTestInvoice(db, terminal, { status: 'DONE', statusDate: minutesAgo(1) });
      }
      await other.query('BEGIN');
      await other.query('UPDATE alerts SET closed_at = now() WHERE id = $1', [opened.rows[0]?.id]);
      const closing = evaluateTerminalAlerts(db);
      await expect.poll(waitingForLock, { timeout: 10_000, interval: 20 }).toBe(1);
      await other.query('COMMIT');
      expect(await closing).toBe(0);
      expect(await db.select().from(notifications)).toEqual([]);
      expect(await db.select().from(liveEvents)).toEqual([]);
    } finally {
      other.release();
    }
  });
});
