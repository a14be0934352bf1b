import type { FlowType } from '@paygate/domain';

/**
 * The events of GET /api/v1/live-events (issue 25, decision 0023) as the back office reads them.
 * The server sends what changes in the caller's merchant scope; each event's `data` is JSON.
 */
export const LIVE_EVENTS_URL = '/api/v1/live-events';

/** `data` of invoice.created and invoice.changed: the invoice as it stands after the change. */
export interface InvoiceLiveEvent {
  invoiceId: string;
  merchantInvoiceId: string | null;
  flowType: FlowType;
  /** A status code: NEW, IN_PROGRESS, DONE… */
  status: string;
  /** Integer minor units. */
  amount: number;
  fee: number;
  /** Currency code. */
  currency: string;
  terminalId: number | null;
  isTest: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  statusDate: string;
  merchantId: number;
  /** The webhook types of the change, e.g. ['invoice.status_changed', 'invoice.done']. */
  change: string[];
  previousStatus?: string;
  previousAmount?: number;
  /** When the change was recorded, ISO 8601. */
  at: string;
}

/** `data` of callback.attempted: one delivery attempt of a merchant callback. */
export interface CallbackAttemptedEvent {
  callbackId: number;
  status: 'SENT' | 'PENDING' | 'FAILED';
  responseCode: number | null;
  durationMs: number | null;
  merchantId: number;
  invoiceId?: string;
  at: string;
}

/** What an alert is about. */
export type AlertKind = 'terminal_success_rate' | 'webhook_endpoint_failing';

/**
 * How an alert's notification reads: 'success', 'warning', 'error', 'primary' or 'neutral' (the
 * Notifications screen's badges). Kept as a string: a severity the back office does not know yet
 * still shows, as information.
 */
export type AlertSeverity = string;

/**
 * `data` of alert.opened and alert.closed (decision 0023 Alerts): the notification the alert
 * wrote, shown as a toast. The stream carries it to the people whose merchant scope includes it.
 */
export interface AlertLiveEvent {
  /** Null for a notification without an alert (an endpoint disabled with none open). */
  alertId: number | null;
  kind: AlertKind;
  notificationId: number;
  title: string;
  body: string;
  /** A back-office path of the screen that fixes the cause, e.g. /terminals. */
  link: string | null;
  severity: AlertSeverity;
  merchantId: number;
  terminalId?: number;
  /** ISO 8601. */
  at: string;
}

/** The data of each event the back office acts on, by event name. */
export interface LiveEventMap {
  'invoice.created': InvoiceLiveEvent;
  'invoice.changed': InvoiceLiveEvent;
  'callback.attempted': CallbackAttemptedEvent;
  'alert.opened': AlertLiveEvent;
  'alert.closed': AlertLiveEvent;
}

export type LiveEventName = keyof LiveEventMap;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isInvoiceEvent = (data: Record<string, unknown>): boolean =>
  typeof data.invoiceId === 'string' &&
  typeof data.status === 'string' &&
  typeof data.merchantId === 'number';

const isCallbackEvent = (data: Record<string, unknown>): boolean =>
  typeof data.callbackId === 'number' && typeof data.merchantId === 'number';

const isAlertEvent = (data: Record<string, unknown>): boolean =>
  typeof data.title === 'string' &&
  typeof data.body === 'string' &&
  typeof data.severity === 'string' &&
  typeof data.notificationId === 'number' &&
  typeof data.merchantId === 'number';

const SHAPES: Record<LiveEventName, (data: Record<string, unknown>) => boolean> = {
  'invoice.created': isInvoiceEvent,
  'invoice.changed': isInvoiceEvent,
  'callback.attempted': isCallbackEvent,
  'alert.opened': isAlertEvent,
  'alert.closed': isAlertEvent,
};

/**
 * The data of an event when it has the fields the back office relies on; null for anything else
 * (a malformed frame is skipped, not thrown at the stream).
 */
export const liveEventData = <Name extends LiveEventName>(
  name: Name,
  data: unknown,
): LiveEventMap[Name] | null =>
  isObject(data) && SHAPES[name](data) ? (data as unknown as LiveEventMap[Name]) : null;
