import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from '@paygate/domain';

/**
 * The JSON of the event log (issue 23 item 2), the same in the back office's Developers API and
 * the merchant API's GET /events: an event with each of its deliveries.
 */

const date = { type: 'string', format: 'date-time' } as const;

export const webhookDeliverySchema = {
  type: 'object',
  required: [
    'callbackId',
    'endpointId',
    'url',
    'status',
    'attempts',
    'lastResponseCode',
    'isManual',
    'createdAt',
  ],
  properties: {
    callbackId: { type: 'integer' },
    /** Null: the invoice's own callbackUrl. */
    endpointId: { type: ['integer', 'null'] },
    url: { type: 'string' },
    status: { type: 'string', enum: ['PENDING', 'SENT', 'FAILED'] },
    attempts: { type: 'integer' },
    lastResponseCode: { type: ['integer', 'null'] },
    isManual: { type: 'boolean' },
    createdAt: date,
  },
} as const;

export const webhookEventSchema = {
  type: 'object',
  required: ['id', 'type', 'invoiceId', 'createdAt', 'payload', 'deliveries'],
  properties: {
    id: { type: 'string', description: 'evt_…; the webhook-id header of its deliveries.' },
    type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] },
    invoiceId: { type: ['string', 'null'] },
    createdAt: date,
    payload: { type: 'object', additionalProperties: true, description: 'The JSON body sent.' },
    deliveries: { type: 'array', items: webhookDeliverySchema },
  },
} as const;
