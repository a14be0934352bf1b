import {
  isWebhookEventType,
  isWebhookRecoveryMoment,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RECOVERY_DAYS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
  webhookDescriptionError,
  webhookUrlError,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notFoundError, stateConflict } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { requireRecentAuthentication } from '../auth/auth-entry.ts';
import {
  failPendingDeliveries,
  recoverDeliveries,
  sendTestEvent,
} from '../callbacks/callbacks-entry.ts';
import {
  actingMerchantOf,
  type DeveloperActor,
  existingActingMerchantOf,
  reachableRecord,
} from './developer-actor.ts';
import { lockMerchant } from './developer-merchant-repository.ts';
import {
  countWebhookEndpoints,
  deleteWebhookEndpointRow,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  lockWebhookEndpointRow,
  updateWebhookEndpoint,
  type WebhookEndpointRecord,
} from './webhook-endpoint-repository.ts';
import { hasAllowedWebhookScheme, type WebhookUrlRule } from './webhook-url-rule.ts';

/**
 * Webhook endpoints (issue 23 item 2, decision 0021): where a merchant receives its events, with
 * the event types each subscribes to. Re-enabling clears the platform's reason and the run of
 * failures. Every change is audited.
 */

export const WEBHOOK_ENDPOINT_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  url: `The URL must be an absolute http or https address without credentials, at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  httpsOnly: 'The URL must start with https://: this server sends webhooks over HTTPS only',
  description: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters long`,
  noEventTypes: 'Choose at least one event type',
  unknownEventType: (type: string) =>
    `Unknown event type: ${type} (one of ${WEBHOOK_EVENT_TYPES.join(', ')})`,
  tooMany: `A merchant has at most ${WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX} webhook endpoints`,
  recoverSince: `Choose a moment within the last ${WEBHOOK_RECOVERY_DAYS} days, not in the future`,
  recoverDisabled: 'Enable the endpoint first: nothing is sent to it while it is disabled',
} as const;

/**
 * The URL and the description go by the Developers screen's rules (packages/domain
 * developer-inputs.ts), so the form and the server agree; every URL failure, credentials
 * included, answers the one URL message. Both are kept trimmed. Then the server's own rule of
 * schemes (webhook-url-rule.ts): in production an http:// address has its own message, as the
 * form cannot know the server's setting.
 */
const checkedUrl = (raw: string, rule: WebhookUrlRule): string => {
  if (webhookUrlError(raw) !== null) throw invalid(WEBHOOK_ENDPOINT_MESSAGES.url);
  if (!hasAllowedWebhookScheme(raw, rule)) throw invalid(WEBHOOK_ENDPOINT_MESSAGES.httpsOnly);
  return raw.trim();
};

const checkedDescription = (raw: string): string => {
  if (webhookDescriptionError(raw) !== null) throw invalid(WEBHOOK_ENDPOINT_MESSAGES.description);
  return raw.trim();
};

/** In the table's order, each once. */
const checkedEventTypes = (types: readonly string[]): WebhookEventType[] => {
  const unknown = types.find((type) => !isWebhookEventType(type));
  if (unknown !== undefined) throw invalid(WEBHOOK_ENDPOINT_MESSAGES.unknownEventType(unknown));
  const chosen = WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type));
  if (chosen.length === 0) throw invalid(WEBHOOK_ENDPOINT_MESSAGES.noEventTypes);
  return chosen;
};

const reachableEndpoint = (db: Database, actor: DeveloperActor, endpointId: number) =>
  reachableRecord(
    db,
    actor,
    (reader) => findWebhookEndpoint(reader, endpointId),
    WEBHOOK_ENDPOINT_MESSAGES.notFound,
  );

const audit = (
  db: Database,
  actor: DeveloperActor,
  eventCode: string,
  endpoint: WebhookEndpointRecord,
  description: string,
  details?: Record<string, unknown>,
) =>
  recordEvent(db, {
    eventCode,
    description,
    personId: actor.person.id,
    merchantId: endpoint.merchantId,
    entityType: 'webhook_endpoint',
    entityId: endpoint.id,
    sourceIp: actor.sourceIp,
    ...(details ? { details } : {}),
  });

export const merchantWebhookEndpoints = (
  db: Database,
  actor: DeveloperActor,
  merchantId?: number,
) => listWebhookEndpoints(db, actingMerchantOf(actor, merchantId));

export interface NewWebhookEndpoint {
  merchantId?: number;
  url: string;
  description?: string;
  eventTypes: string[];
}

export const createWebhookEndpoint = async (
  db: Database,
  actor: DeveloperActor,
  request: NewWebhookEndpoint,
  urlRule: WebhookUrlRule,
): Promise<WebhookEndpointRecord> => {
  const merchantId = await existingActingMerchantOf(db, actor, request.merchantId);
  const values = {
    url: checkedUrl(request.url, urlRule),
    description: checkedDescription(request.description ?? ''),
    eventTypes: checkedEventTypes(request.eventTypes),
  };
  return db.transaction(async (tx) => {
    await lockMerchant(tx, merchantId);
    if ((await countWebhookEndpoints(tx, merchantId)) >= WEBHOOK_ENDPOINTS_PER_MERCHANT_MAX) {
      throw stateConflict(WEBHOOK_ENDPOINT_MESSAGES.tooMany);
    }
    const endpoint = await insertWebhookEndpoint(tx, { merchantId, ...values });
    await audit(
      tx,
      actor,
      EVENT_CODES.webhookEndpointCreated,
      endpoint,
      `Webhook endpoint ${endpoint.url} added`,
      values,
    );
    return endpoint;
  });
};

export interface WebhookEndpointChange {
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
}

export const changeWebhookEndpoint = async (
  db: Database,
  actor: DeveloperActor,
  endpointId: number,
  change: WebhookEndpointChange,
  urlRule: WebhookUrlRule,
): Promise<WebhookEndpointRecord> => {
  const before = await reachableEndpoint(db, actor, endpointId);
  // Where events go, which ones, and switching it back on move data: a recent sign-in is asked
  // (decision 0019). Disabling it or editing its description is not slowed down.
  if (change.url !== undefined || change.eventTypes !== undefined || change.enabled === true) {
    requireRecentAuthentication(actor.person);
  }
  const values = {
    ...(change.url === undefined ? {} : { url: checkedUrl(change.url, urlRule) }),
    ...(change.description === undefined
      ? {}
      : { description: checkedDescription(change.description) }),
    ...(change.eventTypes === undefined
      ? {}
      : { eventTypes: checkedEventTypes(change.eventTypes) }),
    ...(change.enabled === undefined
      ? {}
      : // Enabled by a person: a fresh start, whatever the platform said.
        { enabled: change.enabled, disabledReason: null, failingSince: null }),
  };
  return db.transaction(async (tx) => {
    const after = await updateWebhookEndpoint(tx, endpointId, values);
    if (!after) throw notFoundError(WEBHOOK_ENDPOINT_MESSAGES.notFound);
    const changed = Object.fromEntries(
      (['url', 'description', 'eventTypes', 'enabled'] as const)
        .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
        .map((field) => [field, { from: before[field], to: after[field] }]),
    );
    await audit(
      tx,
      actor,
      EVENT_CODES.webhookEndpointChanged,
      after,
      `Webhook endpoint ${after.url} changed`,
      changed,
    );
    return after;
  });
};

export const deleteWebhookEndpoint = async (
  db: Database,
  actor: DeveloperActor,
  endpointId: number,
): Promise<void> => {
  const endpoint = await reachableEndpoint(db, actor, endpointId);
  await db.transaction(async (tx) => {
    // First wait for deliveries being queued to it right now: given up with the others, not
    // left PENDING once the delete has cleared their endpoint (they would go to its URL).
    await lockWebhookEndpointRow(tx, endpointId);
    await failPendingDeliveries(tx, endpointId, 'The endpoint was deleted');
    await deleteWebhookEndpointRow(tx, endpointId);
    await audit(
      tx,
      actor,
      EVENT_CODES.webhookEndpointDeleted,
      endpoint,
      `Webhook endpoint ${endpoint.url} deleted`,
    );
  });
};

export const sendWebhookTestEvent = async (
  db: Database,
  actor: DeveloperActor,
  endpointId: number,
): Promise<{ eventId: string }> => {
  const endpoint = await reachableEndpoint(db, actor, endpointId);
  return db.transaction(async (tx) => {
    await lockWebhookEndpointRow(tx, endpointId);
    const { eventId, madeDue } = await sendTestEvent(tx, endpoint);
    await audit(
      tx,
      actor,
      EVENT_CODES.webhookTestSent,
      endpoint,
      madeDue > 0
        ? `${madeDue} waiting test events to ${endpoint.url} made due now (newest ${eventId})`
        : `Test event ${eventId} sent to ${endpoint.url}`,
    );
    return { eventId };
  });
};

/**
 * Recover: everything the endpoint has not received since `since` is sent again now (the
 * callbacks module's recoverDeliveries), for a merchant whose server was down, or whose endpoint
 * was disabled, and works again. `since` is within the last WEBHOOK_RECOVERY_DAYS days. The
 * endpoint must be enabled. Audited, with what was sent.
 */
export const recoverWebhookDeliveries = async (
  db: Database,
  actor: DeveloperActor,
  endpointId: number,
  since: Date,
): Promise<{ resent: number; madeDue: number; more: boolean }> => {
  const endpoint = await reachableEndpoint(db, actor, endpointId);
  if (!isWebhookRecoveryMoment(since, Date.now())) {
    throw invalid(WEBHOOK_ENDPOINT_MESSAGES.recoverSince);
  }
  return db.transaction(async (tx) => {
    await lockWebhookEndpointRow(tx, endpointId);
    const current = await findWebhookEndpoint(tx, endpointId);
    if (!current) throw notFoundError(WEBHOOK_ENDPOINT_MESSAGES.notFound);
    if (!current.enabled) throw stateConflict(WEBHOOK_ENDPOINT_MESSAGES.recoverDisabled);
    const outcome = await recoverDeliveries(tx, endpointId, since);
    await audit(
      tx,
      actor,
      EVENT_CODES.webhookDeliveriesRecovered,
      endpoint,
      `${outcome.resent} deliveries to ${current.url} not received since ${since.toISOString()} sent again` +
        (outcome.madeDue > 0 ? `, ${outcome.madeDue} waiting for a retry made due now` : '') +
        (outcome.more ? ' (more are left)' : ''),
      { since: since.toISOString(), ...outcome },
    );
    return outcome;
  });
};
