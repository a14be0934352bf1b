import { sharedSchema } from '../../http/shared-schemas.ts';
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

/** A merchant, named #/components/schemas/Merchant. */
export const merchantComponent = sharedSchema('Merchant', merchantSchema);

/** The create answer: the only time the first API key's secret ever leaves the server. */
export const createdMerchantSchema = {
  ...merchantSchema,
  required: [...merchantSchema.required, 'signingSecret', 'webhookSecret'],
  properties: {
    ...merchantSchema.properties,
    signingSecret: {
      type: 'string',
      description:
        'Shown once, in this response only: the secret (sk_…) of the merchant’s first API key, ' +
        'whose public key is clientPublicKey; it signs API requests (docs/merchant-api.md). It ' +
        'cannot be read again; the Developers screen makes more keys.',
    },
    webhookSecret: {
      type: 'string',
      description:
        'The merchant’s webhook signing secret (whsec_…): callbacks carry its Standard Webhooks ' +
        'signature. The Developers screen reveals and rotates it.',
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
