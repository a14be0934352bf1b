import {
  API_KEY_LABEL_MAX_LENGTH,
  API_KEY_SCOPES,
  type ApiKeyScope,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RECOVERY_DAYS,
  WEBHOOK_SECRET_GRACE_HOURS_MAX,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_URL_MAX_LENGTH,
} from '@paygate/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { errorResponseSchema } from '../../http/error-handler.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { dataEnvelope, okEnvelope, pageEnvelope } from '../../http/response-envelope.ts';
import { addSharedSchemas, sharedSchema } from '../../http/shared-schemas.ts';
import { merchantIdQueryProperty, requirePerson } from '../auth/auth-entry.ts';
import {
  MAX_RECOVERED_DELIVERIES,
  webhookDeliverySchema,
  webhookEventSchema,
} from '../callbacks/callbacks-entry.ts';
import { createApiKey, merchantApiKeys, revokeApiKey } from './api-key-service.ts';
import type { DeveloperActor } from './developer-actor.ts';
import {
  developerEventDetails,
  developerEventPage,
  resendCallback,
} from './developer-event-service.ts';
import {
  changeWebhookEndpoint,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  merchantWebhookEndpoints,
  recoverWebhookDeliveries,
  sendWebhookTestEvent,
} from './webhook-endpoint-service.ts';
import {
  merchantWebhookSecrets,
  revealWebhookSecret,
  rotateWebhookSecret,
} from './webhook-secret-service.ts';
import type { WebhookUrlRule } from './webhook-url-rule.ts';

/**
 * The Developers screen's API (issue 23 items 1 and 2, decision 0021), all under
 * /api/v1/developers with merchant.keys: API keys, the webhook signing secret, webhook endpoints
 * and the event log. Merchant staff act on their own merchant; holders of merchant.rw.all name
 * one (merchantId). Other merchants' records answer 404.
 */

const PREFIX = '/api/v1/developers';
const TAGS = ['developers'];
const DEVELOPERS = { access: { permissions: ['merchant.keys'] } } as const;
/** A security action: the session must have authenticated recently (modules/auth/recent-authentication.ts). */
const DEVELOPERS_SECURELY = { ...DEVELOPERS, recentAuthentication: true } as const;

const date = { type: 'string', format: 'date-time' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;

const apiKeySchema = {
  type: 'object',
  required: [
    'id',
    'label',
    'publicKey',
    'scopes',
    'createdAt',
    'createdBy',
    'lastUsedAt',
    'revokedAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    label: { type: 'string' },
    publicKey: { type: 'string', description: 'Sent as X-Api-Key.' },
    scopes: { type: 'array', items: { type: 'string', enum: [...API_KEY_SCOPES] } },
    createdAt: date,
    /** Username of who made it; null for keys made with the merchant. */
    createdBy: { type: ['string', 'null'] },
    lastUsedAt: nullableDate,
    revokedAt: nullableDate,
  },
} as const;

/** An API key (never its secret), named #/components/schemas/ApiKey. */
const apiKeyComponent = sharedSchema('ApiKey', apiKeySchema);

const createdApiKeySchema = {
  ...apiKeySchema,
  required: [...apiKeySchema.required, 'secret'],
  properties: {
    ...apiKeySchema.properties,
    secret: { type: 'string', description: 'Shown once, in this answer only (sk_…).' },
  },
} as const;

const webhookSecretSchema = {
  type: 'object',
  required: ['id', 'hint', 'createdAt', 'expiresAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    hint: { type: 'string', description: 'whsec_… and the last four characters.' },
    createdAt: date,
    /** Null: the current secret. Otherwise a rotated one, signing until then. */
    expiresAt: nullableDate,
  },
} as const;

const endpointSchema = {
  type: 'object',
  required: [
    'id',
    'url',
    'description',
    'eventTypes',
    'enabled',
    'disabledReason',
    'failingSince',
    'createdAt',
    'updatedAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    description: { type: 'string' },
    eventTypes: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } },
    enabled: { type: 'boolean' },
    /** Why the platform disabled it; null when enabled or disabled by a person. */
    disabledReason: { type: ['string', 'null'] },
    /** Since when every attempt has failed; null while deliveries succeed. */
    failingSince: nullableDate,
    createdAt: date,
    updatedAt: date,
  },
} as const;

/** A webhook endpoint, named #/components/schemas/WebhookEndpoint. */
const webhookEndpointComponent = sharedSchema('WebhookEndpoint', endpointSchema);

const attemptSchema = {
  type: 'object',
  required: ['attemptedAt', 'responseCode', 'durationMs', 'responseExcerpt', 'error'],
  properties: {
    attemptedAt: date,
    responseCode: { type: ['integer', 'null'] },
    durationMs: { type: 'integer' },
    responseExcerpt: { type: ['string', 'null'] },
    error: { type: ['string', 'null'] },
  },
} as const;

const eventDetailsSchema = {
  ...webhookEventSchema,
  properties: {
    ...webhookEventSchema.properties,
    deliveries: {
      type: 'array',
      items: {
        ...webhookDeliverySchema,
        required: [...webhookDeliverySchema.required, 'attemptsLog'],
        properties: {
          ...webhookDeliverySchema.properties,
          attemptsLog: { type: 'array', items: attemptSchema },
        },
      },
    },
  },
} as const;

const merchantQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...merchantIdQueryProperty },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: recordIdSchema },
} as const;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * For POSTs whose body is all optional (reveal, rotate): no body at all counts as `{}`, as the
 * handlers expect, instead of failing the schema with "body must be object".
 */
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

const actorOf = (request: FastifyRequest): DeveloperActor => ({
  person: requirePerson(request.person),
  sourceIp: request.ip,
});

export const developerRoutes = async (
  app: FastifyInstance,
  {
    db,
    webhookUrlRule,
  }: {
    db: Database;
    /** Whether endpoint URLs may be http:// (WEBHOOK_ALLOW_HTTP). */
    webhookUrlRule: WebhookUrlRule;
  },
) => {
  addSharedSchemas(app, [apiKeyComponent, webhookEndpointComponent]);
  // --- API keys ----------------------------------------------------------------------------------

  app.get<{ Querystring: { merchantId?: number } }>(
    `${PREFIX}/api-keys`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'listApiKeys',
        summary: 'The merchant’s API keys, newest first, revoked ones too (never a secret)',
        querystring: merchantQuery,
        response: { 200: dataEnvelope({ type: 'array', items: apiKeyComponent.ref }), ...errors },
      },
    },
    async (request) => ({
      data: await merchantApiKeys(db, actorOf(request), request.query.merchantId),
    }),
  );

  app.post<{ Body: { merchantId?: number; label: string; scopes: ApiKeyScope[] } }>(
    `${PREFIX}/api-keys`,
    {
      config: DEVELOPERS_SECURELY,
      schema: {
        tags: TAGS,
        operationId: 'createApiKey',
        summary: 'Create an API key; its secret is in this answer only',
        body: {
          type: 'object',
          required: ['label', 'scopes'],
          additionalProperties: false,
          properties: {
            ...merchantIdQueryProperty,
            label: { type: 'string', maxLength: API_KEY_LABEL_MAX_LENGTH * 4 },
            scopes: {
              type: 'array',
              maxItems: API_KEY_SCOPES.length,
              uniqueItems: true,
              items: { type: 'string', enum: [...API_KEY_SCOPES] },
            },
          },
        },
        response: { 201: dataEnvelope(createdApiKeySchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createApiKey(db, actorOf(request), request.body) }),
  );

  app.post<{ Params: { id: number } }>(
    `${PREFIX}/api-keys/:id/revoke`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key: its next request is refused',
        params: idParams,
        response: { 200: dataEnvelope(apiKeyComponent.ref), ...errors },
      },
    },
    async (request) => ({ data: await revokeApiKey(db, actorOf(request), request.params.id) }),
  );

  // --- Webhook signing secret --------------------------------------------------------------------

  app.get<{ Querystring: { merchantId?: number } }>(
    `${PREFIX}/webhook-secrets`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'listWebhookSecrets',
        summary: 'The webhook secrets that sign callbacks now: the current one first (hints only)',
        querystring: merchantQuery,
        response: { 200: dataEnvelope({ type: 'array', items: webhookSecretSchema }), ...errors },
      },
    },
    async (request) => ({
      data: await merchantWebhookSecrets(db, actorOf(request), request.query.merchantId),
    }),
  );

  const secretAnswer = dataEnvelope({
    type: 'object',
    required: ['secret'],
    properties: { secret: { type: 'string' } },
  });

  app.post<{ Body: { merchantId?: number } }>(
    `${PREFIX}/webhook-secrets/reveal`,
    {
      config: DEVELOPERS_SECURELY,
      preValidation: noBodyIsEmpty,
      schema: {
        tags: TAGS,
        operationId: 'revealWebhookSecret',
        summary: 'Reveal the current webhook secret (recorded in the audit log)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { ...merchantIdQueryProperty },
        },
        response: { 200: secretAnswer, ...errors },
      },
    },
    async (request) => ({
      data: await revealWebhookSecret(db, actorOf(request), request.body?.merchantId),
    }),
  );

  app.post<{ Body: { merchantId?: number; graceHours?: number } }>(
    `${PREFIX}/webhook-secrets/rotate`,
    {
      config: DEVELOPERS_SECURELY,
      preValidation: noBodyIsEmpty,
      schema: {
        tags: TAGS,
        operationId: 'rotateWebhookSecret',
        summary:
          'Make a new webhook secret; the previous one keeps signing for graceHours (default 24)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...merchantIdQueryProperty,
            graceHours: { type: 'integer', minimum: 0, maximum: WEBHOOK_SECRET_GRACE_HOURS_MAX },
          },
        },
        response: {
          200: dataEnvelope({
            type: 'object',
            required: ['secret', 'previousExpiresAt'],
            properties: { secret: { type: 'string' }, previousExpiresAt: nullableDate },
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await rotateWebhookSecret(db, actorOf(request), request.body ?? {}),
    }),
  );

  // --- Webhook endpoints -------------------------------------------------------------------------

  const endpointFields = {
    url: {
      type: 'string',
      maxLength: WEBHOOK_URL_MAX_LENGTH * 2,
      description:
        'Absolute https:// address without a user name or password; http:// is taken only ' +
        'where the server allows it (WEBHOOK_ALLOW_HTTP, off in production).',
    },
    description: { type: 'string', maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH * 2 },
    eventTypes: {
      type: 'array',
      maxItems: WEBHOOK_EVENT_TYPES.length,
      uniqueItems: true,
      items: { type: 'string', maxLength: 64 },
    },
  } as const;

  app.get<{ Querystring: { merchantId?: number } }>(
    `${PREFIX}/webhook-endpoints`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'listWebhookEndpoints',
        summary: 'The merchant’s webhook endpoints',
        querystring: merchantQuery,
        response: {
          200: dataEnvelope({ type: 'array', items: webhookEndpointComponent.ref }),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await merchantWebhookEndpoints(db, actorOf(request), request.query.merchantId),
    }),
  );

  app.post<{
    Body: { merchantId?: number; url: string; description?: string; eventTypes: string[] };
  }>(
    `${PREFIX}/webhook-endpoints`,
    {
      config: DEVELOPERS_SECURELY,
      schema: {
        tags: TAGS,
        operationId: 'createWebhookEndpoint',
        summary: 'Add a webhook endpoint',
        body: {
          type: 'object',
          required: ['url', 'eventTypes'],
          additionalProperties: false,
          properties: { ...merchantIdQueryProperty, ...endpointFields },
        },
        response: { 201: dataEnvelope(webhookEndpointComponent.ref), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await createWebhookEndpoint(db, actorOf(request), request.body, webhookUrlRule),
      }),
  );

  app.patch<{
    Params: { id: number };
    Body: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean };
  }>(
    `${PREFIX}/webhook-endpoints/:id`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'updateWebhookEndpoint',
        summary: 'Change a webhook endpoint; enabling it again clears its run of failures',
        description:
          'A new URL or event types, or enabling it, needs a recent sign-in (403 `reauthentication_required`); disabling it or changing its description does not.',
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { ...endpointFields, enabled: { type: 'boolean' } },
        },
        response: { 200: dataEnvelope(webhookEndpointComponent.ref), ...errors },
      },
    },
    async (request) => ({
      data: await changeWebhookEndpoint(
        db,
        actorOf(request),
        request.params.id,
        request.body,
        webhookUrlRule,
      ),
    }),
  );

  app.delete<{ Params: { id: number } }>(
    `${PREFIX}/webhook-endpoints/:id`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint; its pending deliveries are given up',
        params: idParams,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await deleteWebhookEndpoint(db, actorOf(request), request.params.id);
      return { data: { ok: true } };
    },
  );

  app.post<{ Params: { id: number } }>(
    `${PREFIX}/webhook-endpoints/:id/test`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'sendTestWebhook',
        summary: `Send a ${WEBHOOK_TEST_EVENT_TYPE} event to the endpoint (also while disabled)`,
        description:
          'A new test event, delivered like any other. While five test events to the endpoint ' +
          'wait for delivery, none is added: the waiting ones are made due now, and the ' +
          'newest one’s eventId is answered.',
        params: idParams,
        response: {
          202: dataEnvelope({
            type: 'object',
            required: ['eventId'],
            properties: { eventId: { type: 'string' } },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ data: await sendWebhookTestEvent(db, actorOf(request), request.params.id) }),
  );

  app.post<{ Params: { id: number }; Body: { since: string } }>(
    `${PREFIX}/webhook-endpoints/:id/recover`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'recoverWebhookDeliveries',
        summary: 'Send again everything the endpoint has not received since a moment',
        description:
          'For an endpoint that works again (its server was down, or it was disabled): every ' +
          'delivery to it made since `since` that was given up (retries ran out, or it failed ' +
          'when the endpoint was disabled) and was not resent is sent again now, the same body ' +
          `and webhook-id, oldest first, at most ${MAX_RECOVERED_DELIVERIES} a call (\`more\`: ` +
          'call again for the next ones). Deliveries waiting for a later retry are made due ' +
          `now. \`since\` is within the last ${WEBHOOK_RECOVERY_DAYS} days; the endpoint must ` +
          'be enabled (409).',
        params: idParams,
        body: {
          type: 'object',
          required: ['since'],
          additionalProperties: false,
          properties: { since: { ...date, maxLength: 40 } },
        },
        response: {
          202: dataEnvelope({
            type: 'object',
            required: ['resent', 'madeDue', 'more'],
            properties: {
              resent: { type: 'integer' },
              madeDue: { type: 'integer' },
              more: { type: 'boolean' },
            },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await recoverWebhookDeliveries(
          db,
          actorOf(request),
          request.params.id,
          new Date(request.body.since),
        ),
      }),
  );

  // --- Event log ---------------------------------------------------------------------------------

  app.get<{
    Querystring: {
      merchantId?: number;
      type?: string;
      invoiceId?: string;
      page: number;
      size: number;
    };
  }>(
    `${PREFIX}/events`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'listDeveloperEvents',
        summary: 'The merchant’s events, newest first, with each delivery',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...merchantIdQueryProperty,
            type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] },
            invoiceId: { type: 'string', format: 'uuid' },
            page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
            size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
        response: { 200: pageEnvelope(webhookEventSchema), ...errors },
      },
    },
    async (request) => ({
      data: await developerEventPage(db, actorOf(request), request.query),
    }),
  );

  app.get<{ Params: { eventId: string } }>(
    `${PREFIX}/events/:eventId`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'getDeveloperEvent',
        summary: 'One event with every delivery and each attempt',
        params: {
          type: 'object',
          required: ['eventId'],
          additionalProperties: false,
          properties: { eventId: { type: 'string', maxLength: 40, pattern: '^evt_[1-9][0-9]*$' } },
        },
        response: { 200: dataEnvelope(eventDetailsSchema), ...errors },
      },
    },
    async (request) => ({
      data: await developerEventDetails(db, actorOf(request), request.params.eventId),
    }),
  );

  app.post<{ Params: { id: number } }>(
    `${PREFIX}/callbacks/:id/resend`,
    {
      config: DEVELOPERS,
      schema: {
        tags: TAGS,
        operationId: 'resendCallback',
        summary: 'Deliver an event again to the same destination (same body and webhook-id)',
        description:
          'Queues a new delivery, due now, and answers its callbackId. A delivery has at most ' +
          'one resend waiting: while one is (not yet sent, or waiting for a retry), it is made ' +
          'due now and its callbackId is answered instead.',
        params: idParams,
        response: {
          202: dataEnvelope({
            type: 'object',
            required: ['callbackId'],
            properties: { callbackId: { type: 'integer' } },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await resendCallback(db, actorOf(request), request.params.id) }),
  );
};
