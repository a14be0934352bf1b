import type { ApiKeyScope, WebhookEventType } from '@paygate/domain';
import { baseApi, LIST_ID } from './base-api.ts';
import { argsOf, dataOf, type MerchantChoice, type OptionalArg } from './query-args.ts';

/*
 * The Developers screen's API (issue 23 items 1 and 2, decision 0021), written by hand until the
 * routes appear in generated/openapi-types.ts. Every route needs merchant.keys; holders of
 * merchant.rw.all pass `merchantId` (query of a GET, body of create, rotate and reveal), everyone
 * else acts on their own merchant. Times are ISO 8601 strings.
 */

/** A merchant API key as listed; its secret is never listed. */
export interface ApiKey {
  id: number;
  label: string;
  /** "pk_…" */
  publicKey: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  /** The username of who created it; null when unknown (e.g. the user was deleted). */
  createdBy: string | null;
  lastUsedAt: string | null;
  /** Set once revoked: requests signed with it are refused from then on. */
  revokedAt: string | null;
}

/** The answer of creating a key: the key and its secret, shown this once. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

export interface CreateApiKeyRequest extends MerchantChoice {
  label: string;
  scopes: ApiKeyScope[];
}

export interface ApiKeyArgs {
  keyId: number;
}

/** A webhook signing secret as listed: only its hint. */
export interface WebhookSecret {
  id: number;
  /** E.g. "whsec_…Xy3Q" (the last 4 characters). */
  hint: string;
  createdAt: string;
  /** null for the current secret; when a rotated one stops signing otherwise. */
  expiresAt: string | null;
}

export interface RevealedWebhookSecret {
  secret: string;
}

export interface RotateWebhookSecretRequest extends MerchantChoice {
  /** 0..WEBHOOK_SECRET_GRACE_HOURS_MAX; the server's default when left out. */
  graceHours?: number;
}

export interface RotatedWebhookSecret {
  /** The new current secret, shown this once. */
  secret: string;
  /** When the previous secret stops signing; null when there was none (or no grace). */
  previousExpiresAt: string | null;
}

export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  /** Why it is disabled (e.g. by the server after days of failures); null when enabled. */
  disabledReason: string | null;
  /** Since when every delivery to it failed; null when it works. */
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateWebhookEndpointRequest extends MerchantChoice {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

export interface ChangeWebhookEndpointRequest {
  url?: string;
  description?: string;
  eventTypes?: WebhookEventType[];
  enabled?: boolean;
}

export interface WebhookEndpointArgs {
  endpointId: number;
}

export type WebhookDeliveryStatus = 'PENDING' | 'SENT' | 'FAILED';

/** One delivery of an event to one destination, as the event list sums it up. */
export interface WebhookDeliverySummary {
  callbackId: number;
  /** null when the destination was not one of the endpoints (e.g. an invoice's callback URL). */
  endpointId: number | null;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastResponseCode: number | null;
}

export interface WebhookEventSummary {
  /** "evt_…" */
  id: string;
  type: string;
  invoiceId: string | null;
  createdAt: string;
  deliveries: WebhookDeliverySummary[];
}

export interface WebhookEventPage {
  items: WebhookEventSummary[];
  page: number;
  size: number;
  total: number;
}

export interface WebhookEventQuery extends MerchantChoice {
  type?: string | undefined;
  invoiceId?: string | undefined;
  /** 0-based. */
  page?: number;
  size?: number;
}

export interface WebhookDeliveryAttempt {
  attemptedAt: string;
  responseCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface WebhookDelivery extends WebhookDeliverySummary {
  attemptsLog: WebhookDeliveryAttempt[];
}

export interface WebhookEventDetails extends Omit<WebhookEventSummary, 'deliveries'> {
  /** The JSON body sent. */
  payload: Record<string, unknown>;
  deliveries: WebhookDelivery[];
}

export interface WebhookEventArgs {
  /** "evt_…" */
  eventId: string;
}

export interface SentWebhookTestEvent {
  eventId: string;
}

export interface RecoverWebhookDeliveriesArgs extends WebhookEndpointArgs {
  /** ISO 8601: what the endpoint has not received since this moment is sent again. */
  since: string;
}

export interface RecoveredWebhookDeliveries {
  /** Deliveries sent again now. */
  resent: number;
  /** Deliveries that were waiting for a later retry, made due now. */
  madeDue: number;
  /** More are left to send again: call again. */
  more: boolean;
}

export interface ResendCallbackArgs {
  callbackId: number;
  /** The event the delivery belongs to, so its details refresh. */
  eventId?: string;
}

export interface ResentCallback {
  callbackId: number;
}

/** The cache tags of this file, added to the base api's. */
export const DEVELOPER_TAG_TYPES = [
  'ApiKey',
  'WebhookSecret',
  'WebhookEndpoint',
  'WebhookEvent',
] as const;

const API_KEY_LIST = { type: 'ApiKey', id: LIST_ID } as const;
const WEBHOOK_SECRET_LIST = { type: 'WebhookSecret', id: LIST_ID } as const;
const WEBHOOK_ENDPOINT_LIST = { type: 'WebhookEndpoint', id: LIST_ID } as const;
const WEBHOOK_EVENT_LIST = { type: 'WebhookEvent', id: LIST_ID } as const;

const DEVELOPERS = 'api/v1/developers';

/** `{ merchantId }` as a query or body: only when one was chosen. */
const merchantOf = ({ merchantId }: MerchantChoice): MerchantChoice =>
  merchantId === undefined ? {} : { merchantId };

/**
 * The Developers screen (issue 23): API keys, the webhook signing secret, webhook endpoints and
 * the events sent with their deliveries. Secrets come back once, in the answers of creating a key,
 * revealing and rotating; they are never cached in a list.
 */
export const developerApi = baseApi
  .enhanceEndpoints({ addTagTypes: DEVELOPER_TAG_TYPES })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET /api/v1/developers/api-keys: newest first, revoked ones included. */
      getApiKeys: build.query<ApiKey[], OptionalArg<MerchantChoice>>({
        query: (arg) => ({ url: `${DEVELOPERS}/api-keys`, params: merchantOf(argsOf(arg)) }),
        transformResponse: dataOf<ApiKey[]>,
        providesTags: (result) => [
          API_KEY_LIST,
          ...(result ?? []).map(({ id }) => ({ type: 'ApiKey' as const, id })),
        ],
      }),
      /** POST /api/v1/developers/api-keys: the answer holds the secret, shown once. */
      createApiKey: build.mutation<CreatedApiKey, CreateApiKeyRequest>({
        query: ({ merchantId, ...body }) => ({
          url: `${DEVELOPERS}/api-keys`,
          method: 'POST',
          body: { ...merchantOf({ merchantId }), ...body },
        }),
        transformResponse: dataOf<CreatedApiKey>,
        invalidatesTags: (result) => (result ? [API_KEY_LIST] : []),
      }),
      /** POST /api/v1/developers/api-keys/{id}/revoke: refused at once from then on. */
      revokeApiKey: build.mutation<ApiKey, ApiKeyArgs>({
        query: ({ keyId }) => ({ url: `${DEVELOPERS}/api-keys/${keyId}/revoke`, method: 'POST' }),
        transformResponse: dataOf<ApiKey>,
        invalidatesTags: (result, _error, { keyId }) =>
          result ? [{ type: 'ApiKey', id: keyId }, API_KEY_LIST] : [],
      }),
      /** GET /api/v1/developers/webhook-secrets: the current one first, then rotated ones. */
      getWebhookSecrets: build.query<WebhookSecret[], OptionalArg<MerchantChoice>>({
        query: (arg) => ({
          url: `${DEVELOPERS}/webhook-secrets`,
          params: merchantOf(argsOf(arg)),
        }),
        transformResponse: dataOf<WebhookSecret[]>,
        providesTags: [WEBHOOK_SECRET_LIST],
      }),
      /** POST /api/v1/developers/webhook-secrets/reveal: the current secret; audited. */
      revealWebhookSecret: build.mutation<RevealedWebhookSecret, OptionalArg<MerchantChoice>>({
        query: (arg) => ({
          url: `${DEVELOPERS}/webhook-secrets/reveal`,
          method: 'POST',
          body: merchantOf(argsOf(arg)),
        }),
        transformResponse: dataOf<RevealedWebhookSecret>,
      }),
      /** POST /api/v1/developers/webhook-secrets/rotate: the new secret, shown once. */
      rotateWebhookSecret: build.mutation<
        RotatedWebhookSecret,
        OptionalArg<RotateWebhookSecretRequest>
      >({
        query: (arg) => {
          const { merchantId, graceHours } = argsOf(arg);
          return {
            url: `${DEVELOPERS}/webhook-secrets/rotate`,
            method: 'POST',
            body: {
              ...merchantOf({ merchantId }),
              ...(graceHours === undefined ? {} : { graceHours }),
            },
          };
        },
        transformResponse: dataOf<RotatedWebhookSecret>,
        invalidatesTags: (result) => (result ? [WEBHOOK_SECRET_LIST] : []),
      }),
      /** GET /api/v1/developers/webhook-endpoints. */
      getWebhookEndpoints: build.query<WebhookEndpoint[], OptionalArg<MerchantChoice>>({
        query: (arg) => ({
          url: `${DEVELOPERS}/webhook-endpoints`,
          params: merchantOf(argsOf(arg)),
        }),
        transformResponse: dataOf<WebhookEndpoint[]>,
        providesTags: (result) => [
          WEBHOOK_ENDPOINT_LIST,
          ...(result ?? []).map(({ id }) => ({ type: 'WebhookEndpoint' as const, id })),
        ],
      }),
      createWebhookEndpoint: build.mutation<WebhookEndpoint, CreateWebhookEndpointRequest>({
        query: ({ merchantId, ...body }) => ({
          url: `${DEVELOPERS}/webhook-endpoints`,
          method: 'POST',
          body: { ...merchantOf({ merchantId }), ...body },
        }),
        transformResponse: dataOf<WebhookEndpoint>,
        invalidatesTags: (result) => (result ? [WEBHOOK_ENDPOINT_LIST] : []),
      }),
      /** PATCH /api/v1/developers/webhook-endpoints/{id}: any of url, description, types, enabled. */
      changeWebhookEndpoint: build.mutation<
        WebhookEndpoint,
        WebhookEndpointArgs & ChangeWebhookEndpointRequest
      >({
        query: ({ endpointId, ...body }) => ({
          url: `${DEVELOPERS}/webhook-endpoints/${endpointId}`,
          method: 'PATCH',
          body,
        }),
        transformResponse: dataOf<WebhookEndpoint>,
        invalidatesTags: (result, _error, { endpointId }) =>
          result ? [{ type: 'WebhookEndpoint', id: endpointId }, WEBHOOK_ENDPOINT_LIST] : [],
      }),
      deleteWebhookEndpoint: build.mutation<{ ok: boolean }, WebhookEndpointArgs>({
        query: ({ endpointId }) => ({
          url: `${DEVELOPERS}/webhook-endpoints/${endpointId}`,
          method: 'DELETE',
        }),
        transformResponse: dataOf<{ ok: boolean }>,
        invalidatesTags: (result, _error, { endpointId }) =>
          result ? [{ type: 'WebhookEndpoint', id: endpointId }, WEBHOOK_ENDPOINT_LIST] : [],
      }),
      /** POST /api/v1/developers/webhook-endpoints/{id}/test: a webhook.test event to it. */
      sendWebhookTestEvent: build.mutation<SentWebhookTestEvent, WebhookEndpointArgs>({
        query: ({ endpointId }) => ({
          url: `${DEVELOPERS}/webhook-endpoints/${endpointId}/test`,
          method: 'POST',
        }),
        transformResponse: dataOf<SentWebhookTestEvent>,
        // The new event shows in the event list; the endpoint's failure state may change.
        invalidatesTags: (result, _error, { endpointId }) =>
          result ? [WEBHOOK_EVENT_LIST, { type: 'WebhookEndpoint', id: endpointId }] : [],
      }),
      /**
       * POST /api/v1/developers/webhook-endpoints/{id}/recover: everything the endpoint has not
       * received since a moment is sent again now.
       */
      recoverWebhookDeliveries: build.mutation<
        RecoveredWebhookDeliveries,
        RecoverWebhookDeliveriesArgs
      >({
        query: ({ endpointId, since }) => ({
          url: `${DEVELOPERS}/webhook-endpoints/${endpointId}/recover`,
          method: 'POST',
          body: { since },
        }),
        transformResponse: dataOf<RecoveredWebhookDeliveries>,
        // New deliveries show in the event list; the endpoint's failure state may change.
        invalidatesTags: (result, _error, { endpointId }) =>
          result ? [WEBHOOK_EVENT_LIST, { type: 'WebhookEndpoint', id: endpointId }] : [],
      }),
      /** GET /api/v1/developers/events: newest first, a page at a time. */
      getWebhookEvents: build.query<WebhookEventPage, OptionalArg<WebhookEventQuery>>({
        query: (arg) => ({ url: `${DEVELOPERS}/events`, params: { ...argsOf(arg) } }),
        transformResponse: dataOf<WebhookEventPage>,
        providesTags: (result) => [
          WEBHOOK_EVENT_LIST,
          ...(result?.items ?? []).map(({ id }) => ({ type: 'WebhookEvent' as const, id })),
        ],
      }),
      /** GET /api/v1/developers/events/{evt_…}: the payload and every attempt of each delivery. */
      getWebhookEvent: build.query<WebhookEventDetails, WebhookEventArgs>({
        query: ({ eventId }) => `${DEVELOPERS}/events/${encodeURIComponent(eventId)}`,
        transformResponse: dataOf<WebhookEventDetails>,
        providesTags: (_result, _error, { eventId }) => [{ type: 'WebhookEvent', id: eventId }],
      }),
      /** POST /api/v1/developers/callbacks/{id}/resend: a new delivery to the same destination. */
      resendCallback: build.mutation<ResentCallback, ResendCallbackArgs>({
        query: ({ callbackId }) => ({
          url: `${DEVELOPERS}/callbacks/${callbackId}/resend`,
          method: 'POST',
        }),
        transformResponse: dataOf<ResentCallback>,
        invalidatesTags: (result, _error, { eventId }) =>
          result
            ? [
                WEBHOOK_EVENT_LIST,
                ...(eventId ? [{ type: 'WebhookEvent' as const, id: eventId }] : []),
              ]
            : [],
      }),
    }),
  });

export const {
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useGetWebhookSecretsQuery,
  useRevealWebhookSecretMutation,
  useRotateWebhookSecretMutation,
  useGetWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useChangeWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useSendWebhookTestEventMutation,
  useRecoverWebhookDeliveriesMutation,
  useGetWebhookEventsQuery,
  useGetWebhookEventQuery,
  useResendCallbackMutation,
} = developerApi;
