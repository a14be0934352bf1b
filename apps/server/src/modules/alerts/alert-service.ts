import {
  TERMINAL_ALERT_ATTRIBUTES,
  type TerminalAlertSettings,
  terminalAlertSettingsOf,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { recordLiveEvent } from '../live/live-entry.ts';
import { insertNotification, type NewNotification } from '../notifications/notifications-entry.ts';
import {
  type AlertRecord,
  closeAlert,
  countRecentOutcomes,
  openAlert,
  readEndpointHealth,
  readOpenAlerts,
  readTerminalsWithAlertAttributes,
} from './alert-repository.ts';
import { successRateTooLow } from './terminal-alert-settings.ts';

/** An endpoint failing this long raises an alert (it is disabled after 5 days, decision 0021). */
export const ENDPOINT_ALERT_AFTER_MS = 60 * 60_000;

/** Whole percent, rounded down: 49.5 % under a 50 % threshold reads 49 %, not 50 %. */
const percentOf = (done: number, attempts: number) =>
  attempts === 0 ? 0 : Math.floor((done * 100) / attempts);

/**
 * The notification and the live event of an alert opening or closing, in its transaction: the
 * Notifications screen and the toast of every signed-in person in the merchant's scope.
 */
const announce = async (
  tx: Database,
  alert: AlertRecord,
  type: 'alert.opened' | 'alert.closed',
  notification: Omit<NewNotification, 'merchantId' | 'alertId'>,
  terminalId: number | null,
) => {
  const row = await insertNotification(tx, {
    ...notification,
    merchantId: alert.merchantId,
    alertId: alert.id,
  });
  await recordLiveEvent(tx, {
    type,
    merchantId: alert.merchantId,
    terminalId,
    data: {
      alertId: alert.id,
      kind: alert.kind,
      notificationId: row.id,
      title: row.title,
      body: row.body,
      link: row.link,
      severity: row.severity,
    },
  });
};

type Announcement = Omit<NewNotification, 'merchantId' | 'alertId'>;

/**
 * Opens an alert and announces it, in one transaction; 1 when this call opened it, 0 when it was
 * open already (another instance, or an earlier look).
 */
const openAnnounced = (
  db: Database,
  alert: Parameters<typeof openAlert>[1],
  announcement: Announcement,
  terminalId: number | null,
) =>
  db.transaction(async (tx) => {
    const opened = await openAlert(tx, alert);
    if (!opened) return 0;
    await announce(tx, opened, 'alert.opened', announcement, terminalId);
    return 1;
  });

/** Closes an alert and announces it, in one transaction; 1 when this call closed it. */
const closeAnnounced = (
  db: Database,
  alert: AlertRecord,
  closing: Record<string, unknown>,
  announcement: Announcement,
  terminalId: number | null,
) =>
  db.transaction(async (tx) => {
    const closed = await closeAlert(tx, alert.id, closing);
    if (!closed) return 0;
    await announce(tx, closed, 'alert.closed', announcement, terminalId);
    return 1;
  });

const windowText = (settings: TerminalAlertSettings) =>
  `the last ${settings.windowMinutes} minutes`;

/** Opens and closes success-rate alerts of every enabled terminal; answers how many changed. */
export const evaluateTerminalAlerts = async (db: Database): Promise<number> => {
  const terminals = await readTerminalsWithAlertAttributes(
    db,
    Object.values(TERMINAL_ALERT_ATTRIBUTES),
  );
  const settings = new Map(
    terminals.map((terminal) => [terminal.id, terminalAlertSettingsOf(terminal.attributes)]),
  );
  const outcomes = await countRecentOutcomes(
    db,
    terminals.map((terminal) => ({
      terminalId: terminal.id,
      windowMinutes: settings.get(terminal.id)?.windowMinutes ?? 60,
    })),
  );
  const open = new Map(
    (await readOpenAlerts(db, 'terminal_success_rate')).map((alert) => [alert.subjectId, alert]),
  );
  let changes = 0;
  for (const terminal of terminals) {
    const terminalSettings = settings.get(terminal.id);
    if (!terminalSettings) continue;
    const figures = outcomes.get(terminal.id) ?? { done: 0, attempts: 0 };
    const percent = percentOf(figures.done, figures.attempts);
    const tooLow = successRateTooLow(terminalSettings, figures);
    const current = open.get(terminal.id);
    const measured = { ...figures, percent, ...terminalSettings };
    const during = windowText(terminalSettings);
    if (tooLow && !current) {
      changes += await openAnnounced(
        db,
        {
          kind: 'terminal_success_rate',
          merchantId: terminal.merchantId,
          subjectId: terminal.id,
          details: { terminalName: terminal.name, ...measured },
        },
        {
          category: 'Monitoring',
          severity: 'warning',
          title: 'Success rate dropped',
          body: `Terminal "${terminal.name}" completed ${percent}% of its ${figures.attempts} payments in ${during} (alert below ${terminalSettings.thresholdPercent}%).`,
          link: '/terminals',
        },
        terminal.id,
      );
    } else if (!tooLow && current) {
      const recovered = figures.attempts >= terminalSettings.minAttempts;
      changes += await closeAnnounced(
        db,
        current,
        measured,
        {
          category: 'Monitoring',
          severity: 'success',
          title: 'Success rate recovered',
          body: recovered
            ? `Terminal "${terminal.name}" completed ${percent}% of its ${figures.attempts} payments in ${during}.`
            : `Terminal "${terminal.name}" had fewer than ${terminalSettings.minAttempts} payments in ${during}; the alert is closed.`,
          link: '/terminals',
        },
        terminal.id,
      );
    }
  }
  // A terminal disabled takes its alert with it, and says so.
  const enabled = new Set(terminals.map((terminal) => terminal.id));
  for (const [terminalId, alert] of open) {
    if (enabled.has(terminalId)) continue;
    const name = String(alert.details.terminalName ?? terminalId);
    changes += await closeAnnounced(
      db,
      alert,
      { reason: 'terminal disabled' },
      {
        category: 'Monitoring',
        severity: 'neutral',
        title: 'Success-rate alert closed',
        body: `Terminal "${name}" is disabled; its success-rate alert is closed.`,
        link: '/terminals',
      },
      terminalId,
    );
  }
  return changes;
};

/** Closes an endpoint's alert that has nothing left to watch (disabled by a person, removed). */
const closeEndpointAlert = (db: Database, alert: AlertRecord, what: string) =>
  closeAnnounced(
    db,
    alert,
    { reason: what },
    {
      category: 'Webhooks',
      severity: 'neutral',
      title: 'Webhook endpoint alert closed',
      body: `${what}; its failing alert is closed.`,
      link: '/developers',
    },
    null,
  );

/** Opens alerts of endpoints failing for an hour, closes them when a delivery gets through. */
export const evaluateEndpointAlerts = async (db: Database): Promise<number> => {
  const endpoints = await readEndpointHealth(db);
  const open = new Map(
    (await readOpenAlerts(db, 'webhook_endpoint_failing')).map((alert) => [alert.subjectId, alert]),
  );
  let changes = 0;
  for (const endpoint of endpoints) {
    const since = endpoint.failingSince;
    const failing =
      endpoint.enabled &&
      endpoint.failingMs !== null &&
      Number(endpoint.failingMs) >= ENDPOINT_ALERT_AFTER_MS;
    const current = open.get(endpoint.id);
    if (failing && !current && since) {
      changes += await openAnnounced(
        db,
        {
          kind: 'webhook_endpoint_failing',
          merchantId: endpoint.merchantId,
          subjectId: endpoint.id,
          details: { url: endpoint.url, failingSince: since.toISOString() },
        },
        {
          category: 'Webhooks',
          severity: 'error',
          title: 'Webhook endpoint failing',
          body: `Deliveries to ${endpoint.url} have failed since ${since.toISOString().slice(0, 16).replace('T', ' ')} UTC. After 5 days of failures the endpoint is disabled.`,
          link: '/developers',
        },
        null,
      );
    } else if (!failing && current && endpoint.enabled) {
      changes += await closeAnnounced(
        db,
        current,
        { reason: 'delivered' },
        {
          category: 'Webhooks',
          severity: 'success',
          title: 'Webhook endpoint recovered',
          body: `Deliveries to ${endpoint.url} get through again.`,
          link: '/developers',
        },
        null,
      );
    } else if (current && !endpoint.enabled) {
      changes += await closeEndpointAlert(db, current, `${endpoint.url} is disabled`);
    }
  }
  // An endpoint deleted while failing: nothing left to watch.
  const existing = new Set(endpoints.map((endpoint) => endpoint.id));
  for (const [endpointId, alert] of open) {
    if (existing.has(endpointId)) continue;
    changes += await closeEndpointAlert(
      db,
      alert,
      `${String(alert.details.url ?? 'The endpoint')} was removed`,
    );
  }
  return changes;
};

/**
 * The notification of an endpoint the platform disabled after 5 days of failures (issue 23),
 * closing its failing alert; `tx` is the transaction that disabled it.
 */
export const announceEndpointDisabled = async (
  tx: Database,
  endpoint: { id: number; merchantId: number; url: string },
  reason: string,
) => {
  const [current] = (await readOpenAlerts(tx, 'webhook_endpoint_failing')).filter(
    (alert) => alert.subjectId === endpoint.id,
  );
  const closed = current ? await closeAlert(tx, current.id, { reason: 'endpoint disabled' }) : null;
  const notification = {
    category: 'Webhooks',
    severity: 'error' as const,
    title: 'Webhook endpoint disabled',
    body: `${endpoint.url}: ${reason.replace(/\.$/, '')}. Fix it, then enable it again on the Developers screen.`,
    link: '/developers',
  };
  if (closed) {
    await announce(tx, closed, 'alert.closed', notification, null);
    return;
  }
  const row = await insertNotification(tx, { ...notification, merchantId: endpoint.merchantId });
  await recordLiveEvent(tx, {
    type: 'alert.closed',
    merchantId: endpoint.merchantId,
    data: {
      alertId: null,
      kind: 'webhook_endpoint_failing',
      notificationId: row.id,
      title: row.title,
      body: row.body,
      link: row.link,
      severity: row.severity,
    },
  });
};
