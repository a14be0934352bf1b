import { randomBytes } from 'node:crypto';
import { API_KEY_SECRET_PREFIX, newSigningSecret } from '../../http/request-signing.ts';

/**
 * An API key pair (issue 23, decision 0021). The public key names the key on every request; the
 * secret (`sk_…`, src/http/request-signing.ts) signs the requests and is shown once, when the
 * key is made. Webhook signing secrets are separate (modules/developers).
 */
export interface MerchantKeys {
  clientPublicKey: string;
  signingSecret: string;
}

export const newMerchantKeys = (): MerchantKeys => ({
  clientPublicKey: `pk_${randomBytes(16).toString('hex')}`,
  signingSecret: newSigningSecret(API_KEY_SECRET_PREFIX),
});
