import type { Database } from '../../db/database.ts';
import { newSigningSecret, WEBHOOK_SECRET_PREFIX } from '../../http/request-signing.ts';
import type { MerchantKeys } from '../merchant-api/merchant-api-entry.ts';
import { insertApiKey } from './api-key-repository.ts';
import { insertWebhookSecret } from './webhook-secret-repository.ts';

/** The label of the key a merchant is created with. */
export const FIRST_API_KEY_LABEL = 'Default key';

/**
 * A new merchant's credentials, in the transaction that creates it: its first API key (both
 * scopes) from `keys`, and its first webhook signing secret. Answers the webhook secret.
 */
export const issueFirstCredentials = async (
  tx: Database,
  merchantId: number,
  keys: MerchantKeys,
  {
    webhookSecret = newSigningSecret(WEBHOOK_SECRET_PREFIX),
    createdBy = null,
  }: {
    webhookSecret?: string;
    createdBy?: number | null;
  } = {},
): Promise<{ webhookSecret: string }> => {
  await insertApiKey(tx, {
    merchantId,
    label: FIRST_API_KEY_LABEL,
    publicKey: keys.clientPublicKey,
    secret: keys.signingSecret,
    scopes: ['invoices:read', 'invoices:write'],
    createdBy,
  });
  await insertWebhookSecret(tx, { merchantId, secret: webhookSecret, createdBy });
  return { webhookSecret };
};
