import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookEventType,
} from '@paygate/domain';

/**
 * The OpenAPI 3.1 `webhooks` section (issue 23 item 2): what a merchant's endpoint receives for
 * each event type. Bodies are the Standard Webhooks envelope `{ type, timestamp, data }`; every
 * request carries webhook-id (the event id, evt_…), webhook-timestamp and webhook-signature.
 */

const invoiceData = {
  type: 'object',
  required: [
    'invoiceId',
    'merchantInvoiceId',
    'flowType',
    'status',
    'amount',
    'fee',
    'currency',
    'terminalId',
    'isTest',
    'createdAt',
    'statusDate',
  ],
  properties: {
    invoiceId: { type: 'string', format: 'uuid' },
    merchantInvoiceId: { type: 'string' },
    flowType: { type: 'string', enum: ['DEPOSIT', 'WITHDRAWAL'] },
    status: {
      type: 'string',
      enum: ['NEW', 'IN_PROGRESS', 'PAYED', 'DONE', 'DECLINED', 'CANCELED'],
    },
    amount: { type: 'integer', description: 'Minor units (e.g. tiyin, kopecks).' },
    fee: { type: 'integer', description: 'Minor units.' },
    currency: { type: 'string', description: 'ISO 4217 code, e.g. UZS.' },
    terminalId: { type: 'integer' },
    isTest: { type: 'boolean', description: 'Sent by a test terminal: no money moved.' },
    createdAt: { type: 'string', format: 'date-time' },
    statusDate: { type: 'string', format: 'date-time' },
    previousStatus: {
      type: 'string',
      description: 'invoice.status_changed and the outcome types: the status before.',
    },
    previousAmount: { type: 'integer', description: 'invoice.amount_changed: the amount before.' },
  },
} as const;

const SUMMARIES: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE, string> = {
  'invoice.created': 'An invoice was created',
  'invoice.status_changed': 'An invoice changed status (every change)',
  'invoice.done': 'An invoice is DONE: the money moved',
  'invoice.declined': 'An invoice was DECLINED',
  'invoice.canceled': 'An invoice was CANCELED (expired or cancelled)',
  'invoice.amount_changed': 'Support corrected an invoice’s amount',
  'webhook.test': 'A test event from the Developers screen',
};

const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id (evt_…), the same on every retry and resend: deduplicate by it.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when this attempt was signed; refuse old ones (e.g. > 5 minutes).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{body}>`, ' +
      'one per webhook secret signing now (two during a rotation). Verify with any Standard ' +
      'Webhooks library and the whsec_ secret from the Developers screen.',
    schema: { type: 'string' },
  },
];

const envelope = (type: string) => ({
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: { type: 'string', const: type },
    timestamp: { type: 'string', format: 'date-time' },
    data:
      type === WEBHOOK_TEST_EVENT_TYPE
        ? {
            type: 'object',
            required: ['message', 'endpointId'],
            properties: { message: { type: 'string' }, endpointId: { type: 'integer' } },
          }
        : invoiceData,
  },
});

/** invoice.status_changed → webhookInvoiceStatusChanged. */
const webhookOperationId = (type: string) =>
  `webhook${type
    .split(/[._]/)
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('')}`;

const DOCUMENTED_TYPES: Array<WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE> = [
  ...WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
];

/** The `webhooks` member of an OpenAPI 3.1 document, as @fastify/swagger takes it. */
type OpenApiWebhooks = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>['webhooks'];

// A plain JSON document: its literal strings ('header') widen, so it is typed at the end.
export const WEBHOOKS_OPENAPI = Object.fromEntries(
  DOCUMENTED_TYPES.map((type) => [
    type,
    {
      post: {
        operationId: webhookOperationId(type),
        // A request this server sends: the receiver checks the signature headers above.
        security: [],
        summary: SUMMARIES[type],
        tags: ['webhooks'],
        parameters: signatureHeaders,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: envelope(type) } },
        },
        responses: {
          '200': {
            description:
              'Any 2xx within 10 s acknowledges the event. Anything else (or a redirect) is ' +
              'retried after 1 min, 5 min, 10 min, 1 h, 6 h, 6 h and 10 h.',
          },
        },
      },
    },
  ]),
) as OpenApiWebhooks;
