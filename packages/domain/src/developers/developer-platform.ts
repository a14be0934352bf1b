import {
  hasPermission,
  type Permission,
  type PermissionHolder,
} from '../permissions/permission-table.ts';

/**
 * The merchant developer platform's rules (issue 23, decision 0021): API key scopes, webhook
 * event types and the limits the server and the back office's Developers screen share.
 */

/**
 * What an API key may do: read invoices and events, create invoices, and read the balances with
 * their ledger (decision 0029).
 */
export const API_KEY_SCOPES = ['invoices:read', 'invoices:write', 'balance:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const isApiKeyScope = (value: string): value is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

/**
 * The back-office permission a person must hold to give a key a scope: nobody hands a machine
 * more than they may read themselves (balances are the Balance report's data, decision 0029).
 */
export const API_KEY_SCOPE_PERMISSIONS: Partial<Record<ApiKeyScope, Permission>> = {
  'balance:read': 'report.read.balance',
};

/**
 * The permission the holder lacks to give a key the scope, or null when they may: the server's
 * check and the choices the Developers dialog offers.
 */
export const permissionMissingForScope = (
  holder: PermissionHolder,
  scope: ApiKeyScope,
): Permission | null => {
  const permission = API_KEY_SCOPE_PERMISSIONS[scope];
  return permission === undefined || hasPermission(holder, permission) ? null : permission;
};

/** What each scope allows, in the words of the Developers screen. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'invoices:read': 'Read invoices and events',
  'invoices:write': 'Create invoices',
  'balance:read': 'Read balances and balance transactions',
};

/**
 * The events a webhook endpoint may subscribe to. invoice.status_changed is sent on every status
 * change; the final statuses DONE, DECLINED and CANCELED are also sent as their own types.
 */
export const WEBHOOK_EVENT_TYPES = [
  'invoice.created',
  'invoice.status_changed',
  'invoice.done',
  'invoice.declined',
  'invoice.canceled',
  'invoice.amount_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" sends; never subscribed to, always delivered to the chosen endpoint. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** The type of the event sent for an invoice's new status, besides invoice.status_changed. */
export const finalStatusEventType = (status: string): WebhookEventType | null => {
  if (status === 'DONE') return 'invoice.done';
  if (status === 'DECLINED') return 'invoice.declined';
  if (status === 'CANCELED') return 'invoice.canceled';
  return null;
};

export const API_KEY_LABEL_MAX_LENGTH = 64;
export const API_KEYS_PER_MERCHANT_MAX = 20;
export const WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

/** How long a rotated webhook secret keeps signing next to the new one, by default. */
export const WEBHOOK_SECRET_GRACE_HOURS_DEFAULT = 24;
/** The longest grace period a rotation may ask for (a week). */
export const WEBHOOK_SECRET_GRACE_HOURS_MAX = 168;

/** An endpoint whose every attempt failed for this long is disabled. */
export const WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS = 5;

/**
 * How far back Recover reaches: an endpoint disabled after WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS of
 * failures and noticed a few days later still gets everything it missed.
 */
export const WEBHOOK_RECOVERY_DAYS = 14;

/** The public id of an event: what merchants see and Standard Webhooks' webhook-id carries. */
export const webhookEventPublicId = (id: number): string => `evt_${id}`;

/** The public id of a balance transaction (a balance ledger row, decision 0029): btx_<id>. */
export const balanceTransactionPublicId = (id: number): string => `btx_${id}`;

/**
 * The number of a public id (`prefix_<n>`), or null when it is not one: no sign, no leading
 * zero, and no number past 2^53, which JavaScript would round to another record's id.
 */
const publicIdNumber = (pattern: RegExp, publicId: string): number | null => {
  const digits = pattern.exec(publicId)?.[1];
  if (!digits) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : null;
};

/** The numeric id of a public balance transaction id, or null when it is not one. */
export const balanceTransactionIdOf = (publicId: string): number | null =>
  publicIdNumber(/^btx_([1-9]\d{0,15})$/, publicId);

/** The numeric id of a public event id, or null when it is not one. */
export const webhookEventIdOf = (publicId: string): number | null =>
  publicIdNumber(/^evt_([1-9]\d{0,15})$/, publicId);
