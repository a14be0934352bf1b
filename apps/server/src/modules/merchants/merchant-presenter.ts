import type { MerchantRecord } from './merchant-repository.ts';

/** The JSON of a merchant: its schema and presenter, shared by every merchant route. */

export const merchantSchema = {
  type: 'object',
  required: ['id', 'name', 'clientPublicKey', 'terminals'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    clientPublicKey: { type: 'string' },
    terminals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
} as const;

/** The create answer: the only time the signing secret ever leaves the server. */
export const createdMerchantSchema = {
  ...merchantSchema,
  required: [...merchantSchema.required, 'signingSecret'],
  properties: {
    ...merchantSchema.properties,
    signingSecret: {
      type: 'string',
      description:
        'Shown once, in this response only: the merchant signs API requests and verifies ' +
        'callbacks with it (docs/merchant-api.md). It cannot be read again.',
    },
  },
} as const;

/** A merchant with its public key and terminals (id and name). */
export const presentMerchant = (
  merchant: MerchantRecord,
  terminals: Array<{ id: number; name: string }>,
) => ({
  id: merchant.id,
  name: merchant.name,
  clientPublicKey: merchant.clientPublicKey,
  terminals,
});
